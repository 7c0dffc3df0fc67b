import { checkPermission, checkRateLimits, getViewer, similarSuggestionsPerMember } from "~/server/accounts";
import { similarDiscussions } from "~/server/search";
import { SIMILAR_TITLE_MIN, SIMILAR_TITLE_MAX } from "~/lib/similar";
import type { Route } from "./+types/create-discussion.similar";

/** What one member is writing: for nobody else's cache, nothing for a search engine. */
const HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * "Wurde das schon gefragt?" while a title is written on /create-discussion: up to five visible discussions like
 * it, solved ones first. For those who may start a discussion (a guest gets 401, a member awaiting approval 403),
 * rate-limited per member like the @ suggestions.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const json = (body: unknown, status = 200) => Response.json(body, { status, headers: HEADERS });
  const allowed = checkPermission(await getViewer(request), "createDiscussion", {
    unauthenticated: "Bitte melden Sie sich an.",
    forbidden: "Sie können noch keine Diskussion starten.",
  });
  if (!allowed.ok) return json({ message: allowed.message }, allowed.reason === "unauthenticated" ? 401 : 403);
  const limit = await checkRateLimits([[similarSuggestionsPerMember, allowed.value.id]]);
  if (!limit.allowed) return json({ message: "Zu viele Anfragen. Bitte warten Sie einen Moment." }, 429);
  const title = (new URL(request.url).searchParams.get("title") ?? "").trim();
  if (title.length < SIMILAR_TITLE_MIN || title.length > SIMILAR_TITLE_MAX) {
    return json({ message: `Bitte geben Sie ${SIMILAR_TITLE_MIN} bis ${SIMILAR_TITLE_MAX} Zeichen ein.` }, 400);
  }
  return json({ discussions: await similarDiscussions({ title }, { preferSolved: true }) });
}
