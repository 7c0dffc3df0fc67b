/* eslint-disable write-path/one-write-path -- a file, not a form: its answers are 200, 304 or 404, with no page to show a refusal on. */
import { getViewer } from "~/server/accounts";
import { readPostImage } from "~/server/images";
import { requestErrorTexts } from "~/server/http";
import type { Route } from "./+types/images.file";

const notFound = () =>
  new Response(requestErrorTexts.notFound, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * One width of a post image, for whoever may see its post (decision 0033).
 * Revalidated on every use (ETag, 304): once the moderation hides the post,
 * no cache hands the image to a guest again. A direct message's image is for its conversation's participants
 * and kept by no cache (decision 0062).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const width = /^([1-9][0-9]{0,3})\.webp$/.exec(params.file)?.[1];
  if (!width || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(params.id)) return notFound();
  const image = await readPostImage(
    { viewer: () => getViewer(request), ifNoneMatch: request.headers.get("if-none-match") },
    params.id,
    Number(width),
  );
  if (image === null) return notFound();
  const caching = { ETag: image.etag, "Cache-Control": image.cacheControl };
  if (image.body === null) return new Response(null, { status: 304, headers: caching });
  return new Response(new Uint8Array(image.body), {
    headers: { ...caching, "Content-Type": "image/webp", "Content-Length": String(image.body.length) },
  });
}
