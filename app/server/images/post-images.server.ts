import { and, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import sharp from "sharp";
import { postImages, profiles } from "../../../db/schema";
import {
  altTextProblem,
  fileStem,
  defaultWidth,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIDE,
  IMAGE_SIZES,
  IMAGE_URL,
  imageSrcset,
  imageTexts,
  imageUrl,
  IMAGES_PER_POST,
  storedWidths,
} from "~/lib/post-images";
import { can, hitRateLimit, imageUploadsPerMember, type Viewer } from "~/server/accounts";
import { db, defineService, type Database, type Transaction } from "~/server/db";
import { defineSchedule } from "~/server/jobs";
import { deleteFolder, fail, logger, ok, type Outcome, putFile } from "~/server/platform";

/** Everything a member has stored in post images together. */
export const IMAGE_QUOTA_BYTES = 200 * 1024 * 1024;
/** Decoding a larger picture takes more memory than one upload should get. */
const MAX_INPUT_PIXELS = 60_000_000;
/** An upload no post uses is removed after this. */
export const UNUSED_IMAGE_HOURS = 24;
const WEBP_QUALITY = 80;

const folderOf = (id: string) => `post-images/${id}`;
/** Where one width of an image is stored (the local folder or the bucket), never shown to anyone. */
export const keyOf = (id: string, width: number) => `${folderOf(id)}/${width}.webp`;

/** The image formats we take, by their first bytes: a renamed PDF or an SVG is none of them, whatever its name says. */
function sniffImage(bytes: Buffer): "jpeg" | "png" | "gif" | "webp" | "avif" | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString("latin1");
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp" && /^(avif|avis)$/.test(ascii(8, 12))) return "avif";
  return null;
}

export interface ImageUpload {
  file: { size: number; name: string; bytes: () => Promise<ArrayBuffer> };
}

export interface UploadedImage {
  id: string;
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
}

interface Encoded {
  id: string;
  width: number;
  height: number;
  widths: number[];
  bytes: number;
  sourceName: string;
}

/**
 * Re-encodes an image as WebP in the srcset's widths, without its metadata
 * (EXIF, GPS, camera, ICC: sharp writes none unless asked), turned upright by
 * its EXIF orientation first.
 */
async function encode(input: Buffer): Promise<Outcome<{ widths: number[]; height: number; files: Map<number, Buffer> }>> {
  let largest: { data: Buffer; info: sharp.OutputInfo };
  try {
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    if (!metadata.width || !metadata.height) return fail("unsupported", imageTexts.notAnImage);
    if (metadata.width * metadata.height > MAX_INPUT_PIXELS) return fail("too-large", imageTexts.tooManyPixels);
    largest = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
  } catch {
    return fail("unsupported", imageTexts.notAnImage);
  }
  const widths = storedWidths(largest.info.width);
  const files = new Map<number, Buffer>([[largest.info.width, largest.data]]);
  for (const width of widths.slice(0, -1)) {
    files.set(width, await sharp(largest.data).resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer());
  }
  return ok({ widths, height: largest.info.height, files });
}

/**
 * An image for a post, before the post is written (the editor inserts it at
 * once): checked by its bytes, re-encoded, stored, and counted against the
 * member's quota. It belongs to no post yet; a write that names it takes it
 * in (resolvePostImages), and the cleanup removes it after a day otherwise.
 */
const storeImage = defineService<Viewer, ImageUpload, object, UploadedImage, Encoded>({
  policy: (viewer) => can(viewer, "uploadImages"),
  // The slow part before the transaction: decoding and storing must not hold the member's row lock.
  async prepare(viewer, { file }) {
    if (file.size > IMAGE_MAX_BYTES) return fail("too-large", imageTexts.tooLarge);
    const rate = await hitRateLimit(imageUploadsPerMember, viewer.id);
    if (!rate.allowed) return { ...fail("too-many-requests", imageTexts.rateLimited), retryAfter: rate.retryAfter };
    const input = Buffer.from(await file.bytes());
    if (input.length > IMAGE_MAX_BYTES) return fail("too-large", imageTexts.tooLarge);
    if (sniffImage(input) === null) return fail("unsupported", imageTexts.notAnImage);
    const encoded = await encode(input);
    if (!encoded.ok) return encoded;
    const id = crypto.randomUUID();
    const { widths, height, files } = encoded.value;
    try {
      for (const [width, data] of files) await putFile(keyOf(id, width), data, "image/webp");
    } catch (error) {
      await deleteFolder(folderOf(id)).catch(() => undefined);
      throw error;
    }
    const bytes = [...files.values()].reduce((sum, data) => sum + data.length, 0);
    return ok({ id, width: widths[widths.length - 1]!, height, widths, bytes, sourceName: fileStem(file.name).slice(0, 200) });
  },
  abandon: ({ id }) => deleteFolder(folderOf(id)),
  // Nothing to read before the change, which locks the member's row itself (the actor is not the input's).
  load: async () => ({}),
  async change(tx, { actor, prepared }) {
    // The member's row is the lock: parallel uploads are counted one after another, so none slips past the quota.
    const [member] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, actor.id)).for("update");
    if (!member) return fail("forbidden", imageTexts.forbidden);
    const [stored] = await tx
      .select({ bytes: sql<number>`coalesce(sum(${postImages.bytes}), 0)`.mapWith(Number) })
      .from(postImages)
      .where(eq(postImages.ownerId, actor.id));
    if ((stored?.bytes ?? 0) + prepared.bytes > IMAGE_QUOTA_BYTES) return fail("too-large", imageTexts.quota);
    await tx.insert(postImages).values({
      id: prepared.id,
      ownerId: actor.id,
      width: prepared.width,
      height: prepared.height,
      widths: prepared.widths,
      bytes: prepared.bytes,
      sourceName: prepared.sourceName,
    });
    return ok(uploadedImage(prepared));
  },
});

function uploadedImage(image: { id: string; width: number; height: number; widths: number[] }): UploadedImage {
  return {
    id: image.id,
    src: imageUrl(image.id, defaultWidth(image.widths)),
    srcset: imageSrcset(image.id, image.widths),
    sizes: IMAGE_SIZES,
    width: image.width,
    height: image.height,
  };
}

/** A guest is told to sign in; a member who may not write, that they may not upload. */
export const uploadPostImage = async (viewer: Viewer | null, upload: ImageUpload): Promise<Outcome<UploadedImage>> => {
  if (!viewer) return fail("unauthenticated", imageTexts.notSignedIn);
  const outcome = await storeImage(viewer, upload);
  return !outcome.ok && outcome.reason === "forbidden" && outcome.message === undefined ? fail("forbidden", imageTexts.forbidden) : outcome;
};

/**
 * Demo content: a picture stored like an upload and already in its post (a
 * discussion, a comment or a direct message), without the member's quota or rate (nobody
 * uploads it). Returns the HTML the post shows it with.
 */
export async function storePostImage(
  executor: Database | Transaction,
  input: { ownerId: string | null; post: PostRef; bytes: Buffer; name: string; alt: string },
): Promise<string> {
  const encoded = await encode(input.bytes);
  if (!encoded.ok) throw new Error(`demo image "${input.name}" could not be encoded: ${encoded.message}`);
  const id = crypto.randomUUID();
  const { widths, height, files } = encoded.value;
  for (const [width, data] of files) await putFile(keyOf(id, width), data, "image/webp");
  const image = { id, width: widths[widths.length - 1]!, height, widths };
  await executor.insert(postImages).values({
    ...image,
    ownerId: input.ownerId,
    ...placedIn(input.post),
    bytes: [...files.values()].reduce((sum, data) => sum + data.length, 0),
    sourceName: fileStem(input.name),
  });
  return imageHtml(image, input.alt);
}

// ---------------------------------------------------------------------------
// Images in a post's HTML on a write.
// ---------------------------------------------------------------------------

/** An image in sanitized HTML (sanitizeRichText's canonical order and quoting), with its link to the large version. */
const IMAGE_IN_HTML = /(?:<a href="[^"]*" data-image(?:="")?>)?<img ([^>]*?)\s*\/?>(?:<\/a>)?/g;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;

function attributesOf(text: string): Map<string, string> {
  return new Map([...text.matchAll(ATTRIBUTE)].map((match) => [match[1]!, match[2]!]));
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The ids of the images a sanitized HTML shows, in order, each once. */
export function imageIdsIn(html: string): string[] {
  const ids = [...html.matchAll(IMAGE_IN_HTML)].map((match) => IMAGE_URL.exec(attributesOf(match[1]!).get("src") ?? "")?.[1]);
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}

/** An image as every post stores it: sized (no layout shift), lazy, with its srcset and a link to the largest version. */
export function imageHtml(image: { id: string; width: number; height: number; widths: number[] }, alt: string): string {
  const { src, srcset, sizes, width, height } = uploadedImage(image);
  return (
    `<a href="${imageUrl(image.id, image.width)}" data-image="">` +
    `<img src="${src}" srcset="${srcset}" sizes="${sizes}" width="${width}" height="${height}" alt="${escapeAttribute(alt)}" loading="lazy" decoding="async" />` +
    `</a>`
  );
}

/**
 * Each image of a sanitized HTML as its description in a paragraph of its own ("[Bild: …]"), for a reading as plain
 * text that shows neither the picture nor its address: the moderation's window on a reported message, a
 * conversation's excerpt, the data export's text.
 */
export function imagesAsText(html: string): string {
  return html.replace(
    IMAGE_IN_HTML,
    (_whole, attributes: string) => `<p>[${imageTexts.inText}: ${attributesOf(attributes).get("alt") ?? ""}]</p>`,
  );
}

/** Where an image shows: a discussion, a comment, or a direct message (decision 0062), one of them at most. */
export type PostRef = { discussionId: string } | { commentId: string } | { messageId: string };

/** The row's columns for this post: its own set, the others cleared. */
function placedIn(post: PostRef): { discussionId: string | null; commentId: string | null; messageId: string | null } {
  return {
    discussionId: "discussionId" in post ? post.discussionId : null,
    commentId: "commentId" in post ? post.commentId : null,
    messageId: "messageId" in post ? post.messageId : null,
  };
}

/** The images this post shows. */
function ofPost(post: PostRef): SQL {
  if ("discussionId" in post) return eq(postImages.discussionId, post.discussionId);
  return "commentId" in post ? eq(postImages.commentId, post.commentId) : eq(postImages.messageId, post.messageId);
}

/** In no post and no message: its uploader's to put into one, the cleanup's after UNUSED_IMAGE_HOURS. */
const inNoPost = (): SQL => and(isNull(postImages.discussionId), isNull(postImages.commentId), isNull(postImages.messageId))!;

/**
 * Rewrites the images of a post's (or a direct message's) sanitized HTML from their stored records,
 * and says which ones it keeps. A post may show the writer's own uploads that
 * no post or message uses yet, and the images this post already shows (staff editing a
 * member's post keep the member's); any other image is dropped. Each kept
 * image needs an alt text that describes it. The rows are locked, so two
 * posts written at once cannot both take one upload.
 */
export async function resolvePostImages(
  tx: Transaction,
  html: string,
  writer: { actorId: string; post?: PostRef },
): Promise<Outcome<{ html: string; imageIds: string[] }>> {
  const ids = imageIdsIn(html);
  if (ids.length === 0) return ok({ html: html.replace(IMAGE_IN_HTML, ""), imageIds: [] });
  const ofThisPost = writer.post ? ofPost(writer.post) : sql`false`;
  const rows = await tx
    .select({
      id: postImages.id,
      width: postImages.width,
      height: postImages.height,
      widths: postImages.widths,
      sourceName: postImages.sourceName,
    })
    .from(postImages)
    .where(and(inArray(postImages.id, ids), or(and(eq(postImages.ownerId, writer.actorId), inNoPost()), ofThisPost)))
    .orderBy(postImages.id)
    .for("update");
  const usable = new Map(rows.map((row) => [row.id, row]));
  if (usable.size > IMAGES_PER_POST) return fail("invalid", imageTexts.tooManyImages);
  let problem: string | null = null;
  const kept = new Set<string>();
  const rewritten = html.replace(IMAGE_IN_HTML, (_whole, attributes: string) => {
    const found = attributesOf(attributes);
    const id = IMAGE_URL.exec(found.get("src") ?? "")?.[1];
    const row = id ? usable.get(id) : undefined;
    // Someone else's upload, one another post shows, or one that is gone: not this post's to show.
    if (!row || kept.has(row.id)) return "";
    const alt = decodeAttribute(found.get("alt") ?? "").trim();
    problem ??= altTextProblem(alt, row.sourceName);
    kept.add(row.id);
    return imageHtml(row, alt);
  });
  if (problem) return fail("invalid", problem);
  return ok({ html: rewritten, imageIds: [...kept] });
}

/**
 * After the post's row is written: the kept images belong to it, and the ones
 * it no longer shows are unused from now on (the cleanup's clock starts).
 */
export async function attachPostImages(tx: Transaction, post: PostRef, imageIds: string[]): Promise<void> {
  const leaving = imageIds.length > 0 ? and(ofPost(post), sql`${postImages.id} not in ${imageIds}`) : ofPost(post);
  await tx
    .update(postImages)
    .set({ discussionId: null, commentId: null, messageId: null, unusedSince: sql`now()` })
    .where(leaving);
  if (imageIds.length === 0) return;
  await tx.update(postImages).set(placedIn(post)).where(inArray(postImages.id, imageIds));
}

// ---------------------------------------------------------------------------
// Cleanup.
// ---------------------------------------------------------------------------

/**
 * Removes uploads that no post or message has used for UNUSED_IMAGE_HOURS: the rows in
 * one statement (an image a write takes in at this moment is locked by it, and
 * either stays or is gone before the write reads it), then their files.
 */
export async function removeUnusedImages(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_IMAGE_HOURS * 3_600_000);
  const removed = await db
    .delete(postImages)
    .where(and(inNoPost(), lte(postImages.unusedSince, before)))
    .returning({ id: postImages.id });
  for (const { id } of removed) {
    await deleteFolder(folderOf(id)).catch((error: unknown) => logger.warn({ err: error, imageId: id }, "unused image files not removed"));
  }
  return removed.length;
}

defineSchedule("remove-unused-images", { everySeconds: 3_600, run: async () => void (await removeUnusedImages()) });
