/* eslint-disable write-path/one-write-path -- a beacon, not a form: its answers carry no body for a page to show, only 204, 404 or 405. */
import { isbot } from "isbot";
import { isHidden } from "~/server/platform";
import { requestErrorTexts } from "~/server/http";
import { getDiscussionBySlug, incrementViews, visitorKey } from "~/server/discussions";
import { getViewer } from "~/server/accounts";
import type { Route } from "./+types/discussion.view";

/** Only the page's script posts here; without a loader a GET got React Router's English "Unexpected Server Error". */
function methodNotAllowed() {
  return new Response(requestErrorTexts.methodNotAllowed, {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function loader() {
  return methodNotAllowed();
}

/**
 * Counts one view per visitor and window. Crawlers and the author's own visits
 * are not counted. A hidden discussion answers exactly like a missing one, so
 * the counter does not tell a stranger that it exists.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const discussion = await getDiscussionBySlug(params.slug);
  if (!discussion || isHidden(discussion)) return new Response(null, { status: 404 });
  const userAgent = request.headers.get("user-agent") ?? "";
  const viewer = await getViewer(request);
  if (userAgent && !isbot(userAgent) && viewer?.id !== discussion.authorId) {
    const visitor = viewer ? visitorKey({ memberId: viewer.id }) : visitorKey({ ip: context.clientIp ?? "unknown" });
    await incrementViews(discussion.id, visitor);
  }
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
