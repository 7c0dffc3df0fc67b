import sharp from "sharp";
import type { Viewer } from "../../app/server/accounts";
import { uploadPostImage, type UploadedImage } from "../../app/server/images";

/**
 * Images for integration tests (decisions 0033, 0062): uploaded through the service the editor's upload calls, put
 * into a post's or a message's HTML as the editor sends it, and asked for as the image route asks.
 */

/** A file as the upload route hands it to the service. */
export const asFile = (bytes: Buffer, name = "foto.jpg") => ({
  size: bytes.length,
  name,
  bytes: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
});

/** A small chart-like PNG, 600 × 400 (stored in the widths 480 and 600): quick to encode. */
export const smallChart = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: "#16a34a" } })
    .png()
    .toBuffer();

/** The member's upload, not in any post yet; the test fails with the service's reason when it is refused. */
export async function uploadedBy(viewer: Viewer, file: { bytes?: Buffer; name?: string } = {}): Promise<UploadedImage> {
  const outcome = await uploadPostImage(viewer, { file: asFile(file.bytes ?? (await smallChart()), file.name) });
  if (!outcome.ok) throw new Error(`${outcome.reason}: ${outcome.message}`);
  return outcome.value;
}

/** The image between two paragraphs, as the editor writes it (the server rebuilds the tag from its record). */
export const imageTag = (image: { src: string }, alt: string) => `<p>Vorher</p><img src="${image.src}" alt="${alt}"><p>Nachher</p>`;

/** The image route's request for readPostImage: a guest, or this member, without a cached copy. */
export const asGuest = { viewer: async () => null, ifNoneMatch: null };
export const as = (viewer: Viewer) => ({ viewer: async () => viewer, ifNoneMatch: null });
