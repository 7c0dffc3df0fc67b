import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeS3 } from "../support/fake-s3";

// The S3 backend is chosen from the environment at import time.
const s3 = await startFakeS3();
Object.assign(process.env, {
  S3_ENDPOINT: s3.endpoint,
  S3_BUCKET: "forum-uploads",
  S3_REGION: "eu-central-1",
  S3_ACCESS_KEY_ID: "TESTKEY",
  S3_SECRET_ACCESS_KEY: "testsecret",
  S3_PUBLIC_URL: "https://cdn.example.com/forum-uploads",
});

const profile = await import("~/server/members");
const { fileExistsForUrl } = await import("~/server/platform");
const { makeViewer } = await import("../support/members");

afterAll(() => s3.close());

const png = async () => {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ea580c" } })
    .png()
    .toBuffer();
  return { size: bytes.length, bytes: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer };
};

describe("avatars in an S3-compatible bucket", () => {
  it("uploads signed, replaces, removes and deletes a deleted member's folder", async () => {
    const me = await makeViewer();
    const first = await profile.setAvatar(me, { profileId: me.id, file: await png() });
    if (!first.ok) throw new Error(first.reason);
    expect(first.value.url).toMatch(new RegExp(`^https://cdn\\.example\\.com/forum-uploads/avatars/${me.id}/\\d+-[0-9a-f]{12}\\.webp$`));
    const stored = s3.objects.get(`forum-uploads/${first.value.url.replace("https://cdn.example.com/forum-uploads/", "")}`);
    expect(stored).toMatchObject({ contentType: "image/webp", cacheControl: "public, max-age=31536000, immutable" });
    expect(s3.authorizations.at(-1)).toMatch(/^AWS4-HMAC-SHA256 Credential=TESTKEY\/\d{8}\/eu-central-1\/s3\/aws4_request/);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await profile.setAvatar(me, { profileId: me.id, file: await png() });
    if (!second.ok) throw new Error(second.reason);
    expect(await fileExistsForUrl(first.value.url)).toBe(false);
    expect(await fileExistsForUrl(second.value.url)).toBe(true);

    await profile.removeAvatar(me, { profileId: me.id });
    expect(await fileExistsForUrl(second.value.url)).toBe(false);

    const third = await profile.setAvatar(me, { profileId: me.id, file: await png() });
    if (!third.ok) throw new Error(third.reason);
    await profile.deleteOwnAccount(me, { profileId: me.id });
    expect([...s3.objects.keys()].filter((key) => key.includes(me.id))).toEqual([]);
  });
});
