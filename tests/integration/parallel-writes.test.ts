import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

// Uploads go to a folder of this file's own, so the count of files left behind is exact.
process.env.STORAGE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "forum-parallel-"));

const { discussions, profiles } = await import("../../db/schema");
const { db } = await import("~/server/db");
const { createDiscussion } = await import("~/server/discussions");
const { setAvatar } = await import("~/server/members");
const { makeViewer } = await import("../support/members");

/** Settles all and reports failures by message, so a failing run says how many failed and why. */
async function inParallel<T>(count: number, run: (index: number) => Promise<T>) {
  const results = await Promise.allSettled(Array.from({ length: count }, (_, index) => run(index)));
  const failures = results.flatMap((result) =>
    result.status === "rejected" ? [String((result.reason as Error)?.message ?? result.reason)] : [],
  );
  const values = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  return { values, failures };
}

describe("discussions with the same title at the same moment", () => {
  it("50 parallel posts get 50 readable, unique slugs", async () => {
    // Five new members, ten discussions each: within a newcomer's hourly limit (decision 0035).
    const authors = await Promise.all(Array.from({ length: 5 }, () => makeViewer()));
    const input = {
      title: "Gleicher Titel zur gleichen Zeit",
      category: "seo",
      content: "<p>Inhalt</p>",
      contentFormat: "html",
      assignedTo: undefined,
    } as const;
    const { values, failures } = await inParallel(50, (index) => createDiscussion(authors[index % authors.length]!, input));
    expect(failures).toEqual([]);
    expect(values.every((outcome) => outcome.ok)).toBe(true);

    const rows = await db
      .select({ slug: discussions.slug })
      .from(discussions)
      .where(like(discussions.slug, "gleicher-titel-zur-gleichen-zeit%"));
    const expected = [
      "gleicher-titel-zur-gleichen-zeit",
      ...Array.from({ length: 49 }, (_, i) => `gleicher-titel-zur-gleichen-zeit-${i + 2}`),
    ];
    expect(rows.map((row) => row.slug).sort()).toEqual(expected.sort());
  });
});

describe("parallel avatar uploads by one member", () => {
  it("12 uploads all succeed and leave exactly the current file", async () => {
    const me = await makeViewer();
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const file = { size: png.length, bytes: async () => png.buffer.slice(png.byteOffset, png.byteOffset + png.length) as ArrayBuffer };

    const { values, failures } = await inParallel(12, () => setAvatar(me, { profileId: me.id, file }));
    expect(failures).toEqual([]);
    expect(values.filter((outcome) => outcome.ok)).toHaveLength(12);

    const folder = path.join(process.env.STORAGE_DIR!, "avatars", me.id);
    const left = fs.readdirSync(folder);
    const [row] = await db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, me.id));
    expect(left).toHaveLength(1);
    expect(row?.avatarUrl).toBe(`/storage/avatars/${me.id}/${left[0]}`);
  });
});
