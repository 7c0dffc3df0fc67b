import { IMAGE_MAX_BYTES, IMAGE_UPLOAD_PATH, imageTexts } from "~/lib/post-images";

export interface UploadedImage {
  id: string;
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
}

export type UploadResult = { ok: true; image: UploadedImage } | { ok: false; message: string };

/** Sends one image to the upload route; the server's German message comes back as it is. */
export async function uploadImage(file: File): Promise<UploadResult> {
  // Saves the member the wait for an answer the server would give anyway.
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, message: imageTexts.tooLarge };
  const body = new FormData();
  body.append("image", file);
  let response: Response;
  try {
    response = await fetch(IMAGE_UPLOAD_PATH, { method: "POST", body, credentials: "same-origin" });
  } catch {
    return { ok: false, message: imageTexts.uploadFailed };
  }
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const answer = (await response.json().catch(() => ({}))) as { image?: UploadedImage; message?: string };
    if (response.ok && answer.image) return { ok: true, image: answer.image };
    return { ok: false, message: answer.message ?? imageTexts.uploadFailed };
  }
  // The pipeline's own refusals (too large for any form, too many requests) are German plain text.
  const text = (await response.text().catch(() => "")).trim();
  return { ok: false, message: !response.ok && text && text.length < 300 ? text : imageTexts.uploadFailed };
}

/** The first of pasted or dropped files, whatever it claims to be: the server judges it by its bytes and says why not. */
export function firstFileOf(files: FileList | null | undefined): File | null {
  return files?.[0] ?? null;
}
