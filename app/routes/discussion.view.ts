import { isbot } from "isbot";
import { getDiscussionBySlug, incrementViews } from "~/server/discussions.server";
import { getViewer } from "~/server/session.server";
import type { Route } from "./+types/discussion.view";

/** Counts one view. Crawlers and the author's own visits are not counted. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const discussion = await getDiscussionBySlug(params.slug);
  if (!discussion) return new Response(null, { status: 404 });
  const userAgent = request.headers.get("user-agent") ?? "";
  const viewer = await getViewer(request);
  if (userAgent && !isbot(userAgent) && viewer?.id !== discussion.authorId) await incrementViews(discussion.id);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
