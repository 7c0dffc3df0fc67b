import { plainTextToHtml, type ContentFormat } from "~/lib/rich-text";
import type { Transaction } from "~/server/db";
import { env, ok, type Outcome } from "~/server/platform";
import { resolvePostImages, type PostRef } from "~/server/images";
import { resolveRichTextMentions, tokensForTypedNames } from "./mentions.server";

/**
 * The body of a post as it is stored, for a discussion and a comment alike (decisions 0032, 0040): what the
 * editor sent, or the textarea's plain text as paragraphs (a full name typed after "@" that names exactly one
 * approved member becomes their mention first; a quote of one of the site's posts, as "Zitieren" without
 * JavaScript writes it, cites that post); sanitised and highlighted (richTextForStorage); the members it
 * mentions (approved, at most ten; the rest stays text); and the images it shows (the writer's uploads and the
 * post's own, each with an alt text: decision 0033).
 */
export async function postBody(
  input: { content: string; contentFormat: ContentFormat },
  tx: Transaction,
  writer: { actorId: string; post?: PostRef },
): Promise<Outcome<{ html: string; memberIds: string[]; imageIds: string[] }>> {
  const html =
    input.contentFormat === "html"
      ? input.content
      : plainTextToHtml(await tokensForTypedNames(input.content, tx), { origin: env.PUBLIC_URL });
  const mentions = await resolveRichTextMentions(html, tx);
  const images = await resolvePostImages(tx, mentions.html, writer);
  if (!images.ok) return images;
  return ok({ html: images.value.html, memberIds: mentions.memberIds, imageIds: images.value.imageIds });
}
