import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

process.env.STORAGE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "forum-post-images-"));

const { postImages, discussions, comments } = await import("../../db/schema");
const { db } = await import("~/server/db");
const { createComment, createDiscussion, listCommentPage, updateComment, updateDiscussion } = await import("~/server/discussions");
const images = await import("~/server/images");
const { moderateComment, moderateDiscussion } = await import("~/server/moderation");
const { makeViewer } = await import("../support/members");
const { imageTexts, IMAGE_MAX_BYTES } = await import("~/lib/post-images");
const { as, asFile, asGuest, imageTag, uploadedBy } = await import("../support/images");

const storageDir = process.env.STORAGE_DIR;

/** A photo as a phone writes it: 3,000 × 2,000, with EXIF (camera, copyright) and a GPS position. */
const photoWithGps = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#1d4ed8" } })
    .withExif({
      IFD0: { Make: "Testkamera", Model: "T-1", Copyright: "Jemand" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 12/1", GPSLongitudeRef: "E", GPSLongitude: "13/1 24/1 36/1" },
    })
    .jpeg()
    .toBuffer();

const storedFile = (id: string, width: number) => path.join(storageDir, "post-images", id, `${width}.webp`);

/** An upload of the photo above (or these bytes), 2,000 × 1,333 once stored. */
const upload = async (viewer: Awaited<ReturnType<typeof makeViewer>>, bytes?: Buffer, name?: string) =>
  uploadedBy(viewer, { bytes: bytes ?? (await photoWithGps()), name });

describe("uploading an image for a post", () => {
  it("stores WebP in the srcset's widths, at most 2,000 px, without EXIF or GPS", async () => {
    const input = await photoWithGps();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString("latin1")).toContain("Testkamera");
    const member = await makeViewer();
    const image = await upload(member, input);
    expect(image).toMatchObject({ width: 2000, height: 1333, sizes: expect.any(String) });
    expect(image.srcset.split(", ").map((entry) => entry.split(" ")[1])).toEqual(["480w", "960w", "2000w"]);
    for (const width of [480, 960, 2000]) {
      const stored = await sharp(fs.readFileSync(storedFile(image.id, width))).metadata();
      expect(stored).toMatchObject({ format: "webp", width });
      expect(stored.exif).toBeUndefined();
      expect(stored.icc).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
    }
    // Not in any post yet: the uploader sees it, a guest does not.
    expect(await images.readPostImage(as(member), image.id, 960)).toMatchObject({ cacheControl: "private, no-cache" });
    expect(await images.readPostImage(asGuest, image.id, 960)).toBeNull();
    expect(await images.readPostImage(as(member), image.id, 700)).toBeNull();
  });

  it("refuses a file over 10 MB and a PDF named like a photo, in German, and stores nothing", async () => {
    const member = await makeViewer();
    const [{ count: before } = { count: -1 }] = await db.select({ count: sql<number>`count(*)::int` }).from(postImages);
    const large = Buffer.alloc(IMAGE_MAX_BYTES + 2 * 1024 * 1024, 1);
    expect(await images.uploadPostImage(member, { file: asFile(large, "gross.png") })).toMatchObject({
      ok: false,
      reason: "too-large",
      message: imageTexts.tooLarge,
    });
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");
    expect(await images.uploadPostImage(member, { file: asFile(pdf, "screenshot.png") })).toMatchObject({
      ok: false,
      reason: "unsupported",
      message: imageTexts.notAnImage,
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"></svg>');
    expect(await images.uploadPostImage(member, { file: asFile(svg, "bild.png") })).toMatchObject({ ok: false, reason: "unsupported" });
    const [{ count: after } = { count: -2 }] = await db.select({ count: sql<number>`count(*)::int` }).from(postImages);
    expect(after).toBe(before);
  });

  it("is for members who may write: a guest is asked to sign in, a pending member refused", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(await images.uploadPostImage(null, { file: asFile(png) })).toMatchObject({ ok: false, reason: "unauthenticated" });
    const pending = await makeViewer({ approvalStatus: "pending" });
    expect(await images.uploadPostImage(pending, { file: asFile(png) })).toMatchObject({
      ok: false,
      reason: "forbidden",
      message: imageTexts.forbidden,
    });
  });
});

describe("images in a comment (decision 0040)", () => {
  async function topic() {
    const asker = await makeViewer();
    const created = await createDiscussion(asker, {
      title: `Frage mit Bildantwort ${Math.random()}`,
      category: "seo",
      content: "<p>Wie sieht das bei euch aus?</p>",
      contentFormat: "html",
      assignedTo: undefined,
    });
    if (!created.ok) throw new Error(created.message);
    return (await db.select({ id: discussions.id }).from(discussions).where(eq(discussions.slug, created.value.slug)))[0]!.id;
  }

  it("needs an alt text, and is stored sized, lazy and with its srcset in the comment that shows it", async () => {
    const discussionId = await topic();
    const member = await makeViewer();
    const image = await upload(member, undefined, "IMG_3001.jpg");
    const write = (alt: string) => createComment(member, { discussionId, content: imageTag(image, alt), contentFormat: "html" });
    expect(await write("")).toMatchObject({ ok: false, reason: "invalid", message: imageTexts.altMissing });
    expect(await write("IMG_3001")).toMatchObject({ ok: false, message: imageTexts.altIsFileName });
    const created = await write("GA4: Sitzungen nach Kanal im Oktober");
    if (!created.ok) throw new Error(created.message);
    const [row] = await db.select().from(comments).where(eq(comments.id, created.value.id));
    expect(row!.contentFormat).toBe("html");
    expect(row!.content).toContain(
      `srcset="/images/${image.id}/480.webp 480w, /images/${image.id}/960.webp 960w, /images/${image.id}/2000.webp 2000w"`,
    );
    expect(row!.content).toMatch(/width="2000" height="1333" alt="GA4: Sitzungen nach Kanal im Oktober" loading="lazy" decoding="async"/);
    const [stored] = await db.select().from(postImages).where(eq(postImages.id, image.id));
    expect(stored).toMatchObject({ commentId: created.value.id, discussionId: null });
    // The page shows it as stored: sanitised again, lazy, sized.
    const [shown] = (await listCommentPage(discussionId, 1, { includeHidden: false })).comments;
    expect(shown!.content).toContain(`<img src="/images/${image.id}/`);
    expect(shown!.content).toContain('loading="lazy"');
    // A comment shows only its writer's own uploads: another member cannot put this one into theirs.
    const other = await makeViewer();
    const taken = await createComment(other, { discussionId, content: imageTag(image, "Fremdes Bild"), contentFormat: "html" });
    if (!taken.ok) throw new Error(taken.message);
    expect((await db.select().from(comments).where(eq(comments.id, taken.value.id)))[0]!.content).not.toContain("<img");
  });

  it("is served to guests while the comment is visible, to staff alone once it is hidden", async () => {
    const discussionId = await topic();
    const member = await makeViewer();
    const moderator = await makeViewer({ role: "moderator" });
    const image = await upload(member);
    const created = await createComment(member, { discussionId, content: imageTag(image, "Ein Liniendiagramm"), contentFormat: "html" });
    if (!created.ok) throw new Error(created.message);
    expect(await images.readPostImage(asGuest, image.id, 480)).toMatchObject({ cacheControl: "public, no-cache" });
    const hidden = await moderateComment(moderator, { discussionId, commentId: created.value.id, action: "hide-comment", reason: "Test" });
    expect(hidden.ok).toBe(true);
    expect(await images.readPostImage(asGuest, image.id, 480)).toBeNull();
    expect(await images.readPostImage(as(member), image.id, 480)).toBeNull();
    expect(await images.readPostImage(as(moderator), image.id, 480)).toMatchObject({ cacheControl: "private, no-cache" });
  });

  it("an edit that takes the image out leaves it unused, for the cleanup", async () => {
    const discussionId = await topic();
    const member = await makeViewer();
    const image = await upload(member);
    const created = await createComment(member, { discussionId, content: imageTag(image, "Ein Kreisdiagramm"), contentFormat: "html" });
    if (!created.ok) throw new Error(created.message);
    // Its clock as if it had been written long ago: the edit starts it anew.
    await db
      .update(postImages)
      .set({ unusedSince: new Date(Date.now() - 48 * 3_600_000) })
      .where(eq(postImages.id, image.id));
    const edited = await updateComment(member, {
      discussionId,
      commentId: created.value.id,
      content: "<p>Doch ohne Bild</p>",
      contentFormat: "html",
    });
    expect(edited.ok).toBe(true);
    const [stored] = await db.select().from(postImages).where(eq(postImages.id, image.id));
    expect(stored).toMatchObject({ commentId: null, discussionId: null });
    expect(stored!.unusedSince.getTime()).toBeGreaterThan(Date.now() - 3_600_000);
  });
});

describe("images in a discussion", () => {
  it("needs an alt text that describes the image, not the file's name", async () => {
    const member = await makeViewer();
    const image = await upload(member, undefined, "IMG_2041.jpg");
    const write = (alt: string) =>
      createDiscussion(member, {
        title: `Bild ${alt}`,
        category: "seo",
        content: imageTag(image, alt),
        contentFormat: "html",
        assignedTo: undefined,
      });
    expect(await write("")).toMatchObject({ ok: false, reason: "invalid", message: imageTexts.altMissing });
    expect(await write("IMG_2041")).toMatchObject({ ok: false, message: imageTexts.altIsFileName });
    expect(await write("screenshot.png")).toMatchObject({ ok: false, message: imageTexts.altIsFileName });
    const created = await write("Search Console: Klicks steigen im März");
    if (!created.ok) throw new Error(created.message);
    const [row] = await db.select().from(discussions).where(eq(discussions.slug, created.value.slug));
    expect(row!.content).toContain(
      `srcset="/images/${image.id}/480.webp 480w, /images/${image.id}/960.webp 960w, /images/${image.id}/2000.webp 2000w"`,
    );
    expect(row!.content).toMatch(/width="2000" height="1333" alt="Search Console: Klicks steigen im März" loading="lazy" decoding="async"/);
    expect(row!.content).toContain(`<a href="/images/${image.id}/2000.webp" data-image="">`);
    const [stored] = await db.select().from(postImages).where(eq(postImages.id, image.id));
    expect(stored!.discussionId).toBe(row!.id);
  });

  it("shows only the writer's own unused uploads; another member's image is dropped", async () => {
    const owner = await makeViewer();
    const other = await makeViewer();
    const image = await upload(owner);
    const created = await createDiscussion(other, {
      title: "Fremdes Bild",
      category: "seo",
      content: imageTag(image, "Ein fremdes Diagramm"),
      contentFormat: "html",
      assignedTo: undefined,
    });
    if (!created.ok) throw new Error(created.message);
    const [row] = await db.select().from(discussions).where(eq(discussions.slug, created.value.slug));
    expect(row!.content).toBe("<p>Vorher</p><p>Nachher</p>");
    // Used once: a second post of the owner cannot take it from the first.
    const first = await createDiscussion(owner, {
      title: "Erster",
      category: "seo",
      content: imageTag(image, "Diagramm A"),
      contentFormat: "html",
      assignedTo: undefined,
    });
    const second = await createDiscussion(owner, {
      title: "Zweiter",
      category: "seo",
      content: imageTag(image, "Diagramm A"),
      contentFormat: "html",
      assignedTo: undefined,
    });
    if (!first.ok || !second.ok) throw new Error("not written");
    const [secondRow] = await db.select().from(discussions).where(eq(discussions.slug, second.value.slug));
    expect(secondRow!.content).not.toContain("<img");
  });

  it("is served to guests while the discussion is visible, to staff alone once it is hidden", async () => {
    const member = await makeViewer();
    const moderator = await makeViewer({ role: "moderator" });
    const image = await upload(member);
    const created = await createDiscussion(member, {
      title: "Sichtbar",
      category: "seo",
      content: imageTag(image, "Ein Balkendiagramm"),
      contentFormat: "html",
      assignedTo: undefined,
    });
    if (!created.ok) throw new Error(created.message);
    const [row] = await db.select({ id: discussions.id }).from(discussions).where(eq(discussions.slug, created.value.slug));
    const served = await images.readPostImage(asGuest, image.id, 480);
    expect(served).toMatchObject({ cacheControl: "public, no-cache", etag: `"${image.id}-480"` });
    expect((await sharp(served!.body!).metadata()).width).toBe(480);
    expect(await images.readPostImage({ viewer: async () => null, ifNoneMatch: `"${image.id}-480"` }, image.id, 480)).toMatchObject({
      body: null,
    });

    await moderateDiscussion(moderator, { discussionId: row!.id, action: "hide-discussion", reason: "Test" });
    expect(await images.readPostImage(asGuest, image.id, 480)).toBeNull();
    expect(await images.readPostImage(as(member), image.id, 480)).toBeNull();
    expect(await images.readPostImage(as(moderator), image.id, 480)).toMatchObject({ cacheControl: "private, no-cache" });
    // Revalidation asks again: a guest's cached copy is not confirmed either.
    expect(await images.readPostImage({ viewer: async () => null, ifNoneMatch: `"${image.id}-480"` }, image.id, 480)).toBeNull();
  });

  it("an edit that removes an image starts its clock; the cleanup removes unused uploads after a day, files included", async () => {
    const member = await makeViewer();
    const kept = await upload(member);
    const removedByEdit = await upload(member);
    const neverUsed = await upload(member);
    const fresh = await upload(member);
    const created = await createDiscussion(member, {
      title: "Zwei Bilder",
      category: "seo",
      content: imageTag(kept, "Bild eins") + imageTag(removedByEdit, "Bild zwei"),
      contentFormat: "html",
      assignedTo: undefined,
    });
    if (!created.ok) throw new Error(created.message);
    const [row] = await db.select({ id: discussions.id }).from(discussions).where(eq(discussions.slug, created.value.slug));
    const edited = await updateDiscussion(member, {
      discussionId: row!.id,
      title: "Ein Bild",
      category: "seo",
      content: imageTag(kept, "Bild eins"),
      contentFormat: "html",
    });
    expect(edited.ok).toBe(true);
    const dayAgo = sql`now() - interval '25 hours'`;
    await db
      .update(postImages)
      .set({ unusedSince: dayAgo })
      .where(sql`${postImages.id} in (${kept.id}, ${neverUsed.id})`);

    const removed = await images.removeUnusedImages();
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = new Set((await db.select({ id: postImages.id }).from(postImages)).map((image) => image.id));
    expect(left.has(neverUsed.id)).toBe(false);
    expect(fs.existsSync(path.dirname(storedFile(neverUsed.id, 480)))).toBe(false);
    // In a post (although uploaded long ago), left by an edit a moment ago, uploaded a moment ago: kept.
    for (const image of [kept, removedByEdit, fresh]) {
      expect(left.has(image.id)).toBe(true);
      expect(fs.existsSync(storedFile(image.id, 960))).toBe(true);
    }
    // A day after the edit, the image it removed goes too.
    await db.update(postImages).set({ unusedSince: dayAgo }).where(eq(postImages.id, removedByEdit.id));
    await images.removeUnusedImages();
    expect(fs.existsSync(storedFile(removedByEdit.id, 960))).toBe(false);
    expect(fs.existsSync(storedFile(kept.id, 960))).toBe(true);
  });

  it("runs as a job of the one runner", async () => {
    const { runDueJobs, ensureSchedules } = await import("~/server/jobs");
    await ensureSchedules();
    const member = await makeViewer();
    const image = await upload(member);
    await db
      .update(postImages)
      .set({ unusedSince: sql`now() - interval '2 days'` })
      .where(eq(postImages.id, image.id));
    await db.execute(sql`update jobs set run_at = now() where kind = 'remove-unused-images'`);
    expect(await runDueJobs({ kinds: ["remove-unused-images"] })).toBe(1);
    expect(await db.select().from(postImages).where(eq(postImages.id, image.id))).toEqual([]);
  });
});
