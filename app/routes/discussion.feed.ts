import { discussionCommentsFeed, feedResponse } from "~/server/seo";
import { getDiscussionBySlug } from "~/server/discussions";
import { texts } from "~/lib/texts";
import type { Route } from "./+types/discussion.feed";
import { isHidden } from "~/server/platform";

/** A discussion's comments as RSS, linked from its page; a hidden discussion has none, for anyone. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const discussion = await getDiscussionBySlug(params.slug);
  if (!discussion || isHidden(discussion)) {
    // A resource route: a thrown data(null) would go out as the JSON body "null".
    return new Response(texts.discussionNotFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return feedResponse(request, await discussionCommentsFeed(discussion), discussion.changedAt);
}
