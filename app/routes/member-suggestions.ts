import { checkPermission, checkRateLimits, getViewer, mentionSuggestionsPerMember } from "~/server/accounts";
import { suggestMembers } from "~/server/discussions";
import type { Route } from "./+types/member-suggestions";

/** Private to the member who asks, and nothing for a search engine. */
const HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * The @ suggestions (decision 0017): approved members by name, for members
 * only (a guest gets 401, a member awaiting approval 403), at most eight.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const json = (body: unknown, status = 200) => Response.json(body, { status, headers: HEADERS });
  const allowed = checkPermission(await getViewer(request), "mentionMembers", {
    unauthenticated: "Bitte melden Sie sich an.",
    forbidden: "Sie können noch niemanden erwähnen.",
  });
  if (!allowed.ok) return json({ message: allowed.message }, allowed.reason === "unauthenticated" ? 401 : 403);
  const limit = await checkRateLimits([[mentionSuggestionsPerMember, allowed.value.id]]);
  if (!limit.allowed) return json({ message: "Zu viele Anfragen. Bitte warten Sie einen Moment." }, 429);
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim();
  if (query.length < 1 || query.length > 100) return json({ message: "Bitte geben Sie 1 bis 100 Zeichen ein." }, 400);
  return json({ members: await suggestMembers(query) });
}
