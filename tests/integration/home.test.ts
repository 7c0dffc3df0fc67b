import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { discussions, profiles, user } from "../../db/schema";
import { loader as healthz } from "~/routes/healthz";
import { db } from "~/server/db";
import { listLatestInCategory, listMostActiveInCategory, listRecentDiscussions, listSubforumHighlights } from "~/server/discussions";
import { createMemberAccount } from "~/server/accounts";

const base = new Date("2026-11-01T10:00:00Z").getTime();
let authorId: string;

beforeAll(async () => {
  authorId = await createMemberAccount(db, {
    email: "autorin@example.com",
    password: { hash: "x" },
    firstName: "Lena",
    lastName: "Hoffmann",
    approvalStatus: "approved",
    role: "member",
    emailVerified: true,
  });
  const rows = Array.from({ length: 15 }, (_, i) => ({
    slug: `seo-${i}`,
    title: `SEO-Thema ${i}`,
    content: "<p>Text</p>",
    category: i < 10 ? "seo" : "sea",
    authorId,
    repliesCount: i % 3 === 0 ? 0 : i,
    createdAt: new Date(base + i * 3_600_000),
    updatedAt: new Date(base + i * 3_600_000),
  }));
  await db.insert(discussions).values(rows);
});

describe("home queries", () => {
  it("lists the 12 newest discussions of all categories with their author", async () => {
    const recent = await listRecentDiscussions();
    expect(recent).toHaveLength(12);
    expect(recent.map((d) => d.slug)).toEqual(Array.from({ length: 12 }, (_, i) => `seo-${14 - i}`));
    expect(recent[0]?.author).toMatchObject({ id: authorId, firstName: "Lena", lastName: "Hoffmann" });
  });

  it("lists the newest 3 of a category", async () => {
    const latest = await listLatestInCategory("seo", 3);
    expect(latest.map((d) => d.slug)).toEqual(["seo-9", "seo-8", "seo-7"]);
  });

  it("lists the most replied 3 of a category and leaves out discussions without replies", async () => {
    const active = await listMostActiveInCategory("seo", 3);
    expect(active.map((d) => d.repliesCount)).toEqual([8, 7, 5]);
    const all = await listMostActiveInCategory("seo", 50);
    expect(all.every((d) => d.repliesCount > 0)).toBe(true);
  });

  it("returns empty lists for a subforum without discussions", async () => {
    const highlights = await listSubforumHighlights();
    const ki = highlights.find((h) => h.category === "ki-suche");
    expect(ki).toEqual({ category: "ki-suche", latest: [], mostActive: [] });
  });

  it("keeps discussions whose author was deleted, without an author", async () => {
    const goneId = await createMemberAccount(db, {
      email: "weg@example.com",
      password: { hash: "x" },
      firstName: "Weg",
      lastName: "Person",
      approvalStatus: "approved",
      role: "member",
      emailVerified: true,
    });
    await db.insert(discussions).values({
      slug: `verwaist-${randomUUID()}`,
      title: "Verwaist",
      content: "<p>x</p>",
      category: "tools",
      authorId: goneId,
      createdAt: new Date(base + 100 * 3_600_000),
    });
    await db.delete(user).where(eq(user.id, goneId));
    expect(await db.select().from(profiles).where(eq(profiles.id, goneId))).toEqual([]);
    const [newest] = await listRecentDiscussions(1);
    expect(newest).toMatchObject({ title: "Verwaist", author: null });
  });
});

describe("health check", () => {
  it("answers 200 with the database kind", async () => {
    const response = await healthz();
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; database: string };
    expect(body.status).toBe("ok");
    expect(["pglite", "postgres"]).toContain(body.database);
  });
});
