import { checkPermission, checkRateLimits, getViewer, tagSuggestionsPerMember } from "~/server/accounts";
import { suggestTags } from "~/server/tags";
import type { Route } from "./+types/tags.suggestions";

/** For the member who types, and nothing for a search engine. */
const HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * The tag field's suggestions (decision 0053): existing tags for what is typed, for members who may write a
 * discussion (a guest gets 401, a member awaiting approval 403), at most eight.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const json = (body: unknown, status = 200) => Response.json(body, { status, headers: HEADERS });
  const allowed = checkPermission(await getViewer(request), "createDiscussion", {
    unauthenticated: "Bitte melden Sie sich an.",
    forbidden: "Sie können noch keine Diskussionen verschlagworten.",
  });
  if (!allowed.ok) return json({ message: allowed.message }, allowed.reason === "unauthenticated" ? 401 : 403);
  const limit = await checkRateLimits([[tagSuggestionsPerMember, allowed.value.id]]);
  if (!limit.allowed) return json({ message: "Zu viele Anfragen. Bitte warten Sie einen Moment." }, 429);
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim();
  if (query.length < 1 || query.length > 40) return json({ message: "Bitte geben Sie 1 bis 40 Zeichen ein." }, 400);
  return json({ tags: await suggestTags(query) });
}
