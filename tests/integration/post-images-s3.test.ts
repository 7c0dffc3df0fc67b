import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";

// A real S3-compatible server (s3rver checks every request's SigV4 signature against its own keys), not the
// hand-written fake of tests/support: the bucket's answers are an S3 implementation's, not ours.
const bucket = "forum-uploads";
const s3 = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory: fs.mkdtempSync(path.join(os.tmpdir(), "forum-s3rver-")),
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await s3.run();
Object.assign(process.env, {
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_BUCKET: bucket,
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  S3_PUBLIC_URL: `https://cdn.example.com/${bucket}`,
});

const { postImages, discussions } = await import("../../db/schema");
const { db } = await import("~/server/db");
const { createDiscussion } = await import("~/server/discussions");
const images = await import("~/server/images");
const { moderateDiscussion } = await import("~/server/moderation");
const { makeViewer } = await import("../support/members");

afterAll(() => s3.close());

/** What the bucket holds under a prefix, asked over plain HTTP as any S3 client would (signed by s3rver's keys). */
async function objectsUnder(prefix: string): Promise<string[]> {
  const { AwsClient } = await import("aws4fetch");
  const client = new AwsClient({ accessKeyId: "S3RVER", secretAccessKey: "S3RVER", region: "us-east-1", service: "s3" });
  const response = await client.fetch(`http://127.0.0.1:${port}/${bucket}?list-type=2&prefix=${encodeURIComponent(prefix)}`);
  expect(response.status).toBe(200);
  return [...(await response.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!);
}

const photo = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#0f766e" } })
    .withExif({ IFD0: { Make: "Testkamera" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 8/1 0/1" } })
    .jpeg()
    .toBuffer();

describe("post images in an S3-compatible bucket (s3rver)", () => {
  it("stores every width without metadata, serves them by the post's visibility, and the cleanup empties the bucket", async () => {
    const member = await makeViewer();
    const moderator = await makeViewer({ role: "moderator" });
    const bytes = await photo();
    const uploaded = await images.uploadPostImage(member, {
      file: {
        size: bytes.length,
        name: "praxis.jpg",
        bytes: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
      },
    });
    if (!uploaded.ok) throw new Error(`${uploaded.reason}: ${uploaded.message}`);
    const { id } = uploaded.value;
    expect((await objectsUnder(`post-images/${id}/`)).sort()).toEqual(
      [480, 960, 1600].map((width) => `post-images/${id}/${width}.webp`).sort(),
    );

    const created = await createDiscussion(member, {
      title: "Bild im Bucket",
      category: "seo",
      content: `<p>Hier:</p><img src="${uploaded.value.src}" alt="Ein Screenshot aus dem Bucket">`,
      contentFormat: "html",
      assignedTo: undefined,
    });
    if (!created.ok) throw new Error(created.message);
    const guest = { viewer: async () => null, ifNoneMatch: null };
    const served = await images.readPostImage(guest, id, 960);
    expect(served?.cacheControl).toBe("public, no-cache");
    const metadata = await sharp(served!.body!).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 960, height: 720 });
    expect(metadata.exif).toBeUndefined();

    const [row] = await db.select({ id: discussions.id }).from(discussions).where(eq(discussions.slug, created.value.slug));
    await moderateDiscussion(moderator, { discussionId: row!.id, action: "hide-discussion", reason: "Test" });
    expect(await images.readPostImage(guest, id, 960)).toBeNull();
    expect(await images.readPostImage({ viewer: async () => moderator, ifNoneMatch: null }, id, 960)).not.toBeNull();

    // Out of its post a day ago: the cleanup removes row and objects.
    await db
      .update(postImages)
      .set({ discussionId: null, unusedSince: sql`now() - interval '25 hours'` })
      .where(eq(postImages.id, id));
    expect(await images.removeUnusedImages()).toBe(1);
    expect(await objectsUnder(`post-images/${id}/`)).toEqual([]);
  });
});
