import { paths } from "~/lib/paths";
import { env, GUEST_MAX_AGE_SECONDS } from "~/server/platform";
import { discussionMarkdown } from "~/server/discussions";
import { texts } from "~/lib/texts";
import type { Route } from "./+types/discussion-markdown";

/**
 * /discussion/<slug>.md, and the discussion's own URL asked for with
 * Accept: text/markdown (server/pages.ts sends those here). Guests get it
 * from the page cache, emptied with the discussion's page.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const markdown = await discussionMarkdown(params.slug);
  if (markdown === null) {
    return new Response(`${texts.discussionNotFound}\n`, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(markdown, {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      Link: `<${env.PUBLIC_URL}${paths.discussion(params.slug)}>; rel="canonical"`,
      "Cache-Control": `public, max-age=${GUEST_MAX_AGE_SECONDS}`,
    },
  });
}
