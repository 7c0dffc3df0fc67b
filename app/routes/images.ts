import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { IMAGE_MAX_BYTES, imageTexts } from "~/lib/post-images";
import { getViewer } from "~/server/accounts";
import { uploadPostImage } from "~/server/images";
import { fail } from "~/server/platform";
import { readFormData, refuse, requestErrorTexts, respond } from "~/server/http";
import type { Route } from "./+types/images";

/** The editor's script posts here; a GET has nothing to show. */
export function loader() {
  return new Response(requestErrorTexts.methodNotAllowed, {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

const uploadSchema = z.object({ image: z.instanceof(File, { error: imageTexts.missingFile }) });

/** Each answer is JSON: the stored image for the editor, or a German message with its status. */
const answer = {
  failed: null,
  fallback: { unexpected: imageTexts.uploadFailed },
  page: ({ message }: { message?: string }) => ({ message }),
};

/**
 * An image for a post (decision 0033): members who may write, a file of at
 * most 10 MB that is an image by its bytes. Cross-site posts never get here
 * (the CSRF check of server/pipeline.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  if (!viewer) return refuse(fail("unauthenticated", imageTexts.notSignedIn), answer);
  // Refused before the body is parsed: the member hears why at once (the pipeline already read it, up to 16 MB).
  if (Number(request.headers.get("content-length") ?? 0) > IMAGE_MAX_BYTES + 64 * 1024) {
    return refuse(fail("too-large", imageTexts.tooLarge), answer);
  }
  const submission = parseWithZod(await readFormData(request), { schema: uploadSchema });
  if (submission.status !== "success") return refuse(fail("invalid", imageTexts.missingFile), answer);
  const { image } = submission.value;
  return respond(uploadPostImage(viewer, { file: { size: image.size, name: image.name, bytes: () => image.arrayBuffer() } }), {
    ...answer,
    success: (uploaded) => Response.json({ image: uploaded }, { headers: { "Cache-Control": "no-store" } }),
    context: { upload: "post-image" },
  });
}
