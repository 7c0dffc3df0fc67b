import { redirect } from "react-router";
import { getDiscussionBySlug } from "~/server/discussions";
import { discussionShareImage } from "~/server/seo";
import { GUEST_MAX_AGE_SECONDS, isHidden, logger } from "~/server/platform";
import { shareImage } from "~/lib/seo";
import { paths } from "~/lib/paths";
import { texts } from "~/lib/texts";
import type { Route } from "./+types/discussion.share-image";

/**
 * The image a link to the discussion shows when shared (og:image); a hidden discussion has none, for anyone.
 * The page names it with `?v=` and the page's last change: an address with another change leads to the
 * current one, so made-up versions draw nothing and fill no cache.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const discussion = await getDiscussionBySlug(params.slug);
  if (!discussion || isHidden(discussion)) {
    return new Response(texts.discussionNotFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const version = new URL(request.url).searchParams.get("v");
  const current = String(discussion.changedAt.getTime());
  if (version !== null && version !== current) return redirect(`${paths.discussionShareImage(discussion.slug)}?v=${current}`);
  try {
    const png = await discussionShareImage(discussion);
    return new Response(new Uint8Array(png), {
      // As long as the page itself: once hidden, the image is gone from caches as soon as the page.
      headers: {
        "Content-Type": "image/png",
        "Content-Length": String(png.length),
        "Cache-Control": `public, max-age=${GUEST_MAX_AGE_SECONDS}`,
      },
    });
  } catch (error) {
    logger.error({ err: error, discussion: discussion.id }, "share image could not be drawn");
    return redirect(shareImage.path);
  }
}
