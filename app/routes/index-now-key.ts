import { indexNowKey } from "~/server/seo";
import type { Route } from "./+types/index-now-key";

/** /{key}.txt: proves to IndexNow that whoever submits for this host holds the site. Any other name is not found. */
export async function loader({ params }: Route.LoaderArgs) {
  const key = await indexNowKey();
  if (params.key !== key)
    return new Response("Nicht gefunden\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(key, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
