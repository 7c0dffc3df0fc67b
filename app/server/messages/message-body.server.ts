import { plainTextToHtml, type ContentFormat } from "~/lib/rich-text";
import { MESSAGE_MAX_LENGTH, messageTexts } from "~/lib/messages";
import { htmlToText, mentionedIn, richTextForStorage, tokensForTypedNames } from "~/server/discussions";
import type { Transaction } from "~/server/db";
import { resolvePostImages } from "~/server/images";
import { env, fail, ok, type Outcome } from "~/server/platform";
import { screenPost } from "~/server/watchlist";

/**
 * A message's stored body: rich text as a comment's (decision 0040: the editor's HTML, or the textarea's plain text
 * as paragraphs, with a typed full name as a mention), sanitised and highlighted; mentions only of the
 * conversation's participants (anyone else's becomes text: a mention must not tell an outsider of the conversation);
 * images as a comment's (decision 0033: the writer's own unused uploads and, on an edit, the message's own, each
 * described; served to the conversation's participants only); the watch list's blocked words and link domains refuse
 * it, as they refuse a post. Words a reader can read (some, unless it shows an image), and not more than
 * MESSAGE_MAX_LENGTH. The caller attaches `imageIds` to the message once its row is written (attachPostImages).
 */
export async function messageBody(
  tx: Transaction,
  input: { content: string; contentFormat: ContentFormat },
  writer: { actorId: string; messageId?: string },
  participantIds: readonly string[],
): Promise<Outcome<{ html: string; mentionedIds: string[]; imageIds: string[] }>> {
  const written =
    input.contentFormat === "html"
      ? input.content
      : plainTextToHtml(await tokensForTypedNames(input.content, tx), { origin: env.PUBLIC_URL });
  const images = await resolvePostImages(tx, richTextForStorage(written, new Set(participantIds)), {
    actorId: writer.actorId,
    ...(writer.messageId ? { post: { messageId: writer.messageId } } : {}),
  });
  if (!images.ok) return images;
  const { html, imageIds } = images.value;
  const screened = await screenPost({ html }, tx);
  if (!screened.ok) return screened;
  const stored = screened.value.html ?? html;
  const words = htmlToText(stored).trim();
  if (words === "" && imageIds.length === 0) return fail("invalid", messageTexts.missing, { content: [messageTexts.missing] });
  if (words.length > MESSAGE_MAX_LENGTH) return fail("invalid", messageTexts.tooLong, { content: [messageTexts.tooLong] });
  return ok({ html: stored, mentionedIds: mentionedIn(stored), imageIds });
}
