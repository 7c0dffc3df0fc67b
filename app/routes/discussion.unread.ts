import { redirect } from "react-router";
import { paths } from "~/lib/paths";
import { commentHref, firstUnreadComment, getDiscussionBySlug } from "~/server/discussions";
import { getViewer, type Viewer } from "~/server/accounts";
import type { Route } from "./+types/discussion.unread";
import { isHidden } from "~/server/platform";

/** Personal and short-lived: never stored by a cache, never indexed, its target not followed from here. */
const headers = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * A member's list links a discussion with unread comments here: the answer
 * is a redirect to the first unread comment (its page and anchor), found when
 * the link is followed, so a list needs no query per discussion. Guests and
 * everyone without unread comments land on the discussion itself; a missing
 * or hidden discussion answers there too, as the discussion page decides.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const target = await firstUnreadHref(await getViewer(request), params.slug);
  return redirect(target ?? paths.discussion(params.slug), { headers });
}

async function firstUnreadHref(viewer: Viewer | null, slug: string): Promise<string | null> {
  if (!viewer) return null;
  const discussion = await getDiscussionBySlug(slug);
  if (!discussion || isHidden(discussion)) return null;
  const commentId = await firstUnreadComment(viewer, discussion.id);
  return commentId ? commentHref(discussion, commentId) : null;
}
