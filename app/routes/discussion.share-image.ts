import { getDiscussionBySlug } from "~/server/discussions";
import { discussionShareImage } from "~/server/seo";
import { texts } from "~/lib/texts";
import type { Route } from "./+types/discussion.share-image";

/** The image a link to the discussion shows when shared (og:image); a hidden discussion has none, for anyone. */
export async function loader({ params }: Route.LoaderArgs) {
  const discussion = await getDiscussionBySlug(params.slug);
  if (!discussion || discussion.hiddenAt !== null) {
    return new Response(texts.discussionNotFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const png = await discussionShareImage(discussion);
  return new Response(new Uint8Array(png), {
    headers: { "Content-Type": "image/png", "Content-Length": String(png.length), "Cache-Control": "public, max-age=86400" },
  });
}
