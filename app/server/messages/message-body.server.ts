import { plainTextToHtml, type ContentFormat } from "~/lib/rich-text";
import { MESSAGE_MAX_LENGTH, messageTexts } from "~/lib/messages";
import { htmlToText, mentionedIn, richTextForStorage, tokensForTypedNames } from "~/server/discussions";
import type { Transaction } from "~/server/db";
import { env, fail, ok, type Outcome } from "~/server/platform";
import { screenPost } from "~/server/watchlist";

/** An image of a post in sanitised HTML, with the link to its large version: a message shows none (decision 0062). */
const POST_IMAGE = /(?:<a [^>]*data-image[^>]*>)?<img [^>]*>(?:<\/a>)?/g;

/**
 * A message's stored body: rich text as a comment's (decision 0040: the editor's HTML, or the textarea's plain text
 * as paragraphs, with a typed full name as a mention), sanitised and highlighted; mentions only of the
 * conversation's participants (anyone else's becomes text: a mention must not tell an outsider of the conversation);
 * images left out, for an image is served by the visibility of a public post; the watch list's blocked words and
 * link domains refuse it, as they refuse a post. Words a reader can read: some, and not more than MESSAGE_MAX_LENGTH.
 */
export async function messageBody(
  tx: Transaction,
  input: { content: string; contentFormat: ContentFormat },
  participantIds: readonly string[],
): Promise<Outcome<{ html: string; mentionedIds: string[] }>> {
  const written =
    input.contentFormat === "html"
      ? input.content
      : plainTextToHtml(await tokensForTypedNames(input.content, tx), { origin: env.PUBLIC_URL });
  const html = richTextForStorage(written, new Set(participantIds)).replace(POST_IMAGE, "");
  const screened = await screenPost({ html }, tx);
  if (!screened.ok) return screened;
  const stored = screened.value.html ?? html;
  const words = htmlToText(stored).trim();
  if (words === "") return fail("invalid", messageTexts.missing, { content: [messageTexts.missing] });
  if (words.length > MESSAGE_MAX_LENGTH) return fail("invalid", messageTexts.tooLong, { content: [messageTexts.tooLong] });
  return ok({ html: stored, mentionedIds: mentionedIn(stored) });
}
