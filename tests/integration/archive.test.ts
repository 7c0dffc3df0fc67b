import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { discussions } from "../../db/schema";
import { loader as archiveLoader } from "~/routes/archive";
import { loader as archiveMonthLoader } from "~/routes/archive.month";
import type { Viewer } from "~/server/accounts";
import { db } from "~/server/db";
import { ARCHIVE_PAGE_SIZE, listArchiveMonths, listArchivePage } from "~/server/discussions";
import { moderateDiscussion } from "~/server/moderation";
import { makeViewer } from "../support/members";

/**
 * The archive (decision 0058): Berlin months with their visible discussions, counted and paged, oldest first on
 * a month's pages; hidden, held and deleted discussions nowhere.
 */

let author: Viewer;
let moderator: Viewer;

/** Stored at exactly this moment (UTC), as a slug that names it. */
function at(slug: string, iso: string, extra: Partial<typeof discussions.$inferInsert> = {}) {
  return {
    slug,
    title: `Archivtest ${slug}`,
    content: "<p>Text</p>",
    category: "seo",
    authorId: author.id,
    createdAt: new Date(iso),
    updatedAt: new Date(iso),
    ...extra,
  };
}

/** The busy month: two full pages and five on the third, a minute apart, in March 2025 (Berlin winter time). */
const BUSY = 2 * ARCHIVE_PAGE_SIZE + 5;
const busyStart = Date.parse("2025-03-01T00:00:00Z");

beforeAll(async () => {
  [author, moderator] = await Promise.all([makeViewer({ firstName: "Archivarin" }), makeViewer({ role: "moderator" })]);
  await db.insert(discussions).values([
    // Summer time (UTC+2) began on 29 March 2026: 21:59:59 UTC on the 31st is still March in Berlin, 22:00 is April.
    at("maerz-letzte-sekunde", "2026-03-31T21:59:59Z"),
    at("april-erste-sekunde", "2026-03-31T22:00:00Z", { category: "tools" }),
    // Winter time (UTC+1) again from 25 October 2026: 22:59:59 UTC on the 31st is October, 23:00 November.
    at("oktober-letzte-sekunde", "2026-10-31T22:59:59Z"),
    at("november-erste-sekunde", "2026-10-31T23:00:00Z"),
    // New Year's Eve in UTC is already New Year in Berlin.
    at("silvester-in-utc", "2026-12-31T23:30:00Z"),
    // Hidden by the moderation, and held for review (stored hidden): neither shows, nor counts, nor makes a month.
    at("zurueckgehalten", "2026-06-15T10:00:00Z", { hiddenAt: new Date(), heldAt: new Date() }),
    at("auch-juni-ausgeblendet", "2026-06-16T10:00:00Z", { hiddenAt: new Date(), hiddenBy: moderator.id, hiddenReason: "Spam" }),
    at("geloescht", "2026-08-01T10:00:00Z"),
    ...Array.from({ length: BUSY }, (_, i) => at(`maerz-2025-${i}`, new Date(busyStart + i * 60_000).toISOString())),
  ]);
  await db.delete(discussions).where(eq(discussions.slug, "geloescht"));
});

describe("the archive's months", () => {
  it("lists every month with visible discussions, newest first, with its count and pages, by Berlin's calendar", async () => {
    expect(await listArchiveMonths()).toEqual([
      { month: "2027-01", count: 1, pages: 1 },
      { month: "2026-11", count: 1, pages: 1 },
      { month: "2026-10", count: 1, pages: 1 },
      { month: "2026-04", count: 1, pages: 1 },
      { month: "2026-03", count: 1, pages: 1 },
      { month: "2025-03", count: BUSY, pages: 3 },
    ]);
  });

  it("follows the moderation: a hidden discussion leaves its month, a restored one comes back", async () => {
    const [row] = await db.select({ id: discussions.id }).from(discussions).where(eq(discussions.slug, "november-erste-sekunde"));
    expect((await moderateDiscussion(moderator, { discussionId: row!.id, action: "hide-discussion", reason: "Test" })).ok).toBe(true);
    expect((await listArchiveMonths()).map((month) => month.month)).not.toContain("2026-11");
    expect(await listArchivePage("2026-11", 1)).toBeNull();
    expect((await moderateDiscussion(moderator, { discussionId: row!.id, action: "restore-discussion" })).ok).toBe(true);
    expect(await listArchiveMonths()).toContainEqual({ month: "2026-11", count: 1, pages: 1 });
  });
});

describe("a month's pages", () => {
  it("holds the month's discussions from its first to its last Berlin second, and only those", async () => {
    const march = await listArchivePage("2026-03", 1);
    expect(march?.discussions.map((d) => d.slug)).toEqual(["maerz-letzte-sekunde"]);
    const april = await listArchivePage("2026-04", 1);
    expect(april).toMatchObject({ month: "2026-04", totalCount: 1, totalPages: 1, currentPage: 1 });
    expect(april?.discussions).toEqual([
      {
        slug: "april-erste-sekunde",
        title: "Archivtest april-erste-sekunde",
        category: "tools",
        createdAt: new Date("2026-03-31T22:00:00Z"),
      },
    ]);
    expect((await listArchivePage("2026-10", 1))?.discussions.map((d) => d.slug)).toEqual(["oktober-letzte-sekunde"]);
    expect((await listArchivePage("2027-01", 1))?.discussions.map((d) => d.slug)).toEqual(["silvester-in-utc"]);
    expect(await listArchivePage("2026-12", 1)).toBeNull();
  });

  it("pages a busy month oldest first, the same size each, and has no page past the end", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => listArchivePage("2025-03", page)));
    expect(pages.map((page) => page?.discussions.length)).toEqual([ARCHIVE_PAGE_SIZE, ARCHIVE_PAGE_SIZE, 5]);
    expect(pages.map((page) => [page?.totalCount, page?.totalPages, page?.currentPage])).toEqual([
      [BUSY, 3, 1],
      [BUSY, 3, 2],
      [BUSY, 3, 3],
    ]);
    const slugs = pages.flatMap((page) => page!.discussions.map((d) => d.slug));
    expect(slugs).toEqual(Array.from({ length: BUSY }, (_, i) => `maerz-2025-${i}`));
    expect(await listArchivePage("2025-03", 4)).toBeNull();
  });

  it("leaves out what is hidden, held or deleted: a month of only those has no page", async () => {
    expect(await listArchivePage("2026-06", 1)).toBeNull();
    expect(await listArchivePage("2026-08", 1)).toBeNull();
  });
});

describe("the archive's routes", () => {
  const args = (path: string, params: Record<string, string> = {}) =>
    ({
      request: new Request(`http://localhost:3000${path}`),
      params,
      context: { cspNonce: "", clientIp: "127.0.0.1", structuredData: [] },
    }) as never;

  /** The status a loader answers with, whether it returns or throws a response. */
  async function statusOf(run: () => Promise<unknown>): Promise<number> {
    try {
      await run();
      return 200;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.status;
      const status = (thrown as { init?: { status?: number } }).init?.status;
      if (typeof status === "number") return status;
      throw thrown;
    }
  }

  it("/archive lists the months with the sum of their discussions", async () => {
    const { months, total } = await archiveLoader(args("/archive"));
    expect(months[0]?.month).toBe("2027-01");
    expect(total).toBe(BUSY + 5);
  });

  it("a month's page answers 404 for a malformed month, a month without discussions and a page past the end", async () => {
    const month = (path: string, value: string) => statusOf(() => archiveMonthLoader(args(path, { month: value })));
    expect(await month("/archive/2025-03?page=3", "2025-03")).toBe(200);
    for (const [path, value] of [
      ["/archive/2025-03?page=4", "2025-03"],
      ["/archive/2026-12", "2026-12"],
      ["/archive/2026-06", "2026-06"],
      ["/archive/2025-3", "2025-3"],
      ["/archive/2025-13", "2025-13"],
      ["/archive/maerz", "maerz"],
      ["/archive/2025-03?page=0", "2025-03"],
    ] as const)
      expect(await month(path, value), path).toBe(404);
    // Page 1 has one address: the month's own.
    expect(await month("/archive/2025-03?page=1", "2025-03")).toBe(301);
  });
});
