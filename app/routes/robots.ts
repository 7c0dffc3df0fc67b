import { env } from "~/server/platform";
import { robotsTxt } from "~/server/seo";

export function loader() {
  return new Response(robotsTxt({ publicUrl: env.PUBLIC_URL, aiTraining: env.AI_TRAINING }), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
