import { redirect } from "react-router";
import { getDiscussionBySlug } from "~/server/discussions";
import { discussionShareImage } from "~/server/seo";
import { GUEST_MAX_AGE_SECONDS, isHidden, logger, notModified } from "~/server/platform";
import { shareImage } from "~/lib/seo";
import { shareImageVersion } from "~/lib/share-image";
import { paths } from "~/lib/paths";
import { texts } from "~/lib/texts";
import type { Route } from "./+types/discussion.share-image";

/**
 * The image a link to the discussion shows when shared (og:image); a hidden discussion has none, for anyone.
 * The page names it with `?v=` and the page's last change (shareImageVersion): an address with another change leads
 * to the current one, so made-up versions draw nothing and fill no cache.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const discussion = await getDiscussionBySlug(params.slug);
  if (!discussion || isHidden(discussion)) {
    return new Response(texts.discussionNotFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const version = new URL(request.url).searchParams.get("v");
  const current = shareImageVersion(discussion.changedAt, discussion.solved);
  if (version !== null && version !== current) return redirect(`${paths.discussionShareImage(discussion.slug)}?v=${current}`);
  // The address with its version shows one image for good: caches keep it a year, and a copy they ask about again is
  // confirmed without drawing. Without a version, the image is the page's current one, kept as long as the page.
  const headers = {
    "Cache-Control": version === null ? `public, max-age=${GUEST_MAX_AGE_SECONDS}` : "public, max-age=31536000, immutable",
    ETag: `"${discussion.id}-${current}"`,
  };
  if (notModified(request.headers, headers.ETag, null)) return new Response(null, { status: 304, headers });
  try {
    const png = await discussionShareImage(discussion);
    return new Response(new Uint8Array(png), {
      headers: { ...headers, "Content-Type": "image/png", "Content-Length": String(png.length) },
    });
  } catch (error) {
    logger.error({ err: error, discussion: discussion.id }, "share image could not be drawn");
    return redirect(shareImage.path);
  }
}
