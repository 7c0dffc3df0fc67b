import { GUEST_MAX_AGE_SECONDS } from "~/server/platform";
import { llmsTxt } from "~/server/seo";

/**
 * Cached through the guest page cache (decision 0012), not a cache of its own:
 * it is a list like the home page, so every discussion or comment change
 * (NOTIFY discussion:<slug>) and every profile change ('*') already drops it,
 * on every app server at once. An in-process cache would need that same
 * invalidation wired again, or show a hidden discussion until it expired.
 */
export async function loader() {
  return new Response(await llmsTxt(), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": `public, max-age=${GUEST_MAX_AGE_SECONDS}` },
  });
}
