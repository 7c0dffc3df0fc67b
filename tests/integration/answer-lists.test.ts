/**
 * "Gelöst" in the lists: the filter "Alle / Offen / Gelöst" of the category pages and the search, its
 * counts, the solved flag every list carries, home's "Unbeantwortet", and the share image that follows a solution.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, discussions } from "../../db/schema";
import { markSolution } from "~/server/answers";
import {
  getDiscussionBySlug,
  listRecentDiscussions,
  listSubforumPage,
  listUnansweredDiscussions,
  SUBFORUM_PAGE_SIZE,
  UNANSWERED_LIMIT,
} from "~/server/discussions";
import { moderateComment, moderateDiscussion } from "~/server/moderation";
import { searchDiscussions } from "~/server/search";
import { discussionShareImage } from "~/server/seo";
import { db } from "~/server/db";
import { parseSearchFilter, searchHref } from "~/lib/search";
import { loader as homeLoader } from "~/routes/home";
import { loader as searchLoader } from "~/routes/search";
import { loader as subforumLoader, meta as subforumMeta } from "~/routes/subforum";
import type { Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";
import { commentOn, discussionBy } from "../support/content";

let asker: Viewer;
let expert: Viewer;
let moderator: Viewer;

beforeAll(async () => {
  asker = await makeViewer({ firstName: "Fragende" });
  expert = await makeViewer({ firstName: "Expertin" });
  moderator = await makeViewer({ role: "moderator" });
});

const question = (title: string, category: "seo" | "sea" | "tools" = "tools") =>
  discussionBy(asker, { title, category, content: "<p>Wie?</p>" });
const answer = (discussionId: string, content = "So geht es.") => commentOn(discussionId, expert, { content });

async function solve(discussionId: string, commentId: string | null) {
  const outcome = await markSolution(asker, { discussionId, commentId });
  if (!outcome.ok) throw new Error(outcome.reason);
}

const callSubforum = (path: string) =>
  subforumLoader({
    request: new Request(`http://localhost:3000${path}`),
    params: { segment: path.split("/")[2]!.split("?")[0]! },
    context: {},
  } as never);

/** The loader's answer as a status: 200 with data, or the status of what it threw (redirect, 404). */
async function thrown(call: Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  try {
    await call;
    return { status: 200 };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
    return { status: (error as { init?: { status?: number } }).init?.status ?? 500 };
  }
}

describe("a category page filtered by status", () => {
  // "sea": 60 discussions, every third solved (20), one of them pinned; a hidden solved one counts nowhere.
  const base = new Date("2026-02-01T00:00:00Z").getTime();
  const titles = Array.from({ length: 60 }, (_, i) => `SEA-Frage ${i}`);
  const isSolved = (i: number) => i % 3 === 0;

  beforeAll(async () => {
    const rows = await db
      .insert(discussions)
      .values(
        titles.map((title, i) => ({
          slug: `sea-frage-${i}`,
          title,
          content: "<p>?</p>",
          category: "sea",
          authorId: asker.id,
          isPinned: i === 9,
          createdAt: new Date(base + i * 60_000),
        })),
      )
      .returning({ id: discussions.id, title: discussions.title });
    const answers = await db
      .insert(comments)
      .values(rows.map((row) => ({ discussionId: row.id, authorId: expert.id, content: "Antwort" })))
      .returning({ id: comments.id, discussionId: comments.discussionId });
    await db
      .update(discussions)
      .set({ repliesCount: 1 })
      .where(
        inArray(
          discussions.id,
          rows.map((row) => row.id),
        ),
      );
    for (const [i, row] of rows.entries()) {
      if (!isSolved(i)) continue;
      const solution = answers.find((a) => a.discussionId === row.id)!;
      await db.update(discussions).set({ solutionCommentId: solution.id, solvedAt: new Date() }).where(eq(discussions.id, row.id));
    }
    const [hidden] = await db
      .insert(discussions)
      .values({ slug: "sea-versteckt", title: "Versteckt gelöst", content: "<p>x</p>", category: "sea", authorId: asker.id })
      .returning({ id: discussions.id });
    const [hiddenAnswer] = await db
      .insert(comments)
      .values({ discussionId: hidden!.id, authorId: expert.id, content: "Antwort" })
      .returning({ id: comments.id });
    await db.update(discussions).set({ solutionCommentId: hiddenAnswer!.id }).where(eq(discussions.id, hidden!.id));
    await moderateDiscussion(moderator, { discussionId: hidden!.id, action: "hide-discussion", reason: "Test" });
  });

  /** All titles in the page order: pinned first, then newest. */
  const inOrder = (keep: (i: number) => boolean) => {
    const kept = titles.map((title, i) => ({ title, i })).filter(({ i }) => keep(i));
    const pinned = kept.filter(({ i }) => i === 9);
    return [...pinned, ...kept.filter(({ i }) => i !== 9).reverse()].map(({ title }) => title);
  };

  it("counts all, open and solved: solved from its index, open as the visible ones less the solved", async () => {
    const page = await listSubforumPage("sea", 1);
    expect(page.counts).toEqual({ all: 60, open: 40, solved: 20 });
    expect(page.totalCount).toBe(60);
    expect(page.status).toBeUndefined();
    // Every listed discussion says whether it is solved.
    expect(page.discussions.filter((d) => d.solved).map((d) => d.title)).toEqual(
      inOrder(isSolved).filter((title) => page.discussions.some((d) => d.title === title)),
    );
  });

  it("lists only the solved ones, pinned first, over pages that read the back half from the end", async () => {
    const first = await listSubforumPage("sea", 1, "solved");
    expect(first).toMatchObject({ totalCount: 20, totalPages: 1, status: "solved", counts: { all: 60, open: 40, solved: 20 } });
    expect(first.discussions.map((d) => d.title)).toEqual(inOrder(isSolved));
    expect(first.discussions.every((d) => d.solved)).toBe(true);
  });

  it("lists only the open ones, 25 + 15, together the whole list in order, once", async () => {
    const first = await listSubforumPage("sea", 1, "open");
    const second = await listSubforumPage("sea", 2, "open");
    expect(first).toMatchObject({ totalCount: 40, totalPages: 2, hasNextPage: true });
    expect(first.discussions).toHaveLength(SUBFORUM_PAGE_SIZE);
    expect(second.discussions).toHaveLength(15);
    expect([...first.discussions, ...second.discussions].map((d) => d.title)).toEqual(inOrder((i) => !isSolved(i)));
    expect([...first.discussions, ...second.discussions].some((d) => d.solved)).toBe(false);
  });

  it("the loader keeps the filter in its page links, leads a bad value to the list without it, and 404s past the end", async () => {
    const solved = (await callSubforum("/subforum/sea?status=solved")) as Awaited<ReturnType<typeof listSubforumPage>>;
    expect(solved).toMatchObject({ status: "solved", totalCount: 20 });
    const open2 = (await callSubforum("/subforum/sea?status=open&page=2")) as Awaited<ReturnType<typeof listSubforumPage>>;
    expect(open2).toMatchObject({ status: "open", currentPage: 2 });

    // An unknown value is left out, as the search and the directory do; the page stays.
    expect(await thrown(callSubforum("/subforum/sea?status=erledigt"))).toEqual({ status: 302, location: "/subforum/sea" });
    expect(await thrown(callSubforum("/subforum/sea?status=&page=2"))).toEqual({ status: 302, location: "/subforum/sea?page=2" });
    expect(await thrown(callSubforum("/subforum/sea?status=all"))).toEqual({ status: 302, location: "/subforum/sea" });
    // Page 1 has no parameter, the filter stays.
    expect(await thrown(callSubforum("/subforum/sea?status=open&page=1"))).toEqual({ status: 301, location: "/subforum/sea?status=open" });
    expect((await thrown(callSubforum("/subforum/sea?status=solved&page=2"))).status).toBe(404);
  });

  it("a filtered page is canonical to itself and not indexed; the unfiltered one stays indexed", async () => {
    const metaOf = async (path: string) => {
      const data = await callSubforum(path);
      const tags = subforumMeta({
        data,
        matches: [{ id: "root", data: { publicUrl: "https://forum.example" } }],
        location: { pathname: path.split("?")[0] },
      } as never) as Array<Record<string, string>>;
      return {
        title: tags.find((tag) => "title" in tag)?.title,
        canonical: tags.find((tag) => tag.rel === "canonical")?.href,
        robots: tags.find((tag) => tag.name === "robots")?.content,
      };
    };
    expect(await metaOf("/subforum/sea")).toEqual({
      title: expect.stringMatching(/^SEA-Forum/),
      canonical: "https://forum.example/subforum/sea",
      robots: undefined,
    });
    expect(await metaOf("/subforum/sea?status=open&page=2")).toEqual({
      title: expect.stringMatching(/^SEA-Forum: offene Diskussionen – Seite 2/),
      canonical: "https://forum.example/subforum/sea?status=open&page=2",
      robots: "noindex, follow",
    });
    expect((await metaOf("/subforum/sea?status=solved")).canonical).toBe("https://forum.example/subforum/sea?status=solved");
  });
});

describe("a solution moves its discussion between the lists", () => {
  it("marking shows it solved everywhere; hiding the solution makes it open again, and unanswered", async () => {
    const discussion = await question("Wie messe ich Brand Lift?", "seo");
    expect((await listUnansweredDiscussions()).map((d) => d.id)).toContain(discussion.id);
    const commentId = await answer(discussion.id);
    // Answered: off the unanswered list, still open.
    expect((await listUnansweredDiscussions()).map((d) => d.id)).not.toContain(discussion.id);
    expect((await listSubforumPage("seo", 1, "open")).discussions.map((d) => d.id)).toContain(discussion.id);

    await solve(discussion.id, commentId);
    expect((await listRecentDiscussions()).find((d) => d.id === discussion.id)?.solved).toBe(true);
    expect((await listSubforumPage("seo", 1, "solved")).discussions.map((d) => d.id)).toEqual([discussion.id]);
    expect((await listSubforumPage("seo", 1, "open")).discussions.map((d) => d.id)).not.toContain(discussion.id);
    expect((await listSubforumPage("seo", 1)).counts.solved).toBe(1);

    // The moderation hides the only answer: no solution and no answer any more.
    await moderateComment(moderator, { discussionId: discussion.id, commentId, action: "hide-comment", reason: "Falsch" });
    expect((await listSubforumPage("seo", 1)).counts).toMatchObject({ solved: 0 });
    expect((await listRecentDiscussions()).find((d) => d.id === discussion.id)?.solved).toBe(false);
    expect((await listUnansweredDiscussions()).map((d) => d.id)).toContain(discussion.id);
  });
});

describe("home's Unbeantwortet", () => {
  it("lists the five newest visible questions without an answer and without a solution, and nothing else", async () => {
    const unanswered = [];
    for (let i = 0; i < 6; i++) unanswered.push(await question(`Noch offen ${i}`));
    const answered = await question("Schon beantwortet");
    await answer(answered.id);
    const solved = await question("Schon gelöst");
    await solve(solved.id, await answer(solved.id));
    const hidden = await question("Ausgeblendet ohne Antwort");
    await moderateDiscussion(moderator, { discussionId: hidden.id, action: "hide-discussion", reason: "Test" });

    const listed = await listUnansweredDiscussions();
    expect(listed).toHaveLength(UNANSWERED_LIMIT);
    expect(listed.map((d) => d.title)).toEqual(["Noch offen 5", "Noch offen 4", "Noch offen 3", "Noch offen 2", "Noch offen 1"]);
    expect(listed.every((d) => !d.solved && d.repliesCount === 0)).toBe(true);

    const home = await homeLoader({ request: new Request("http://localhost:3000/"), params: {}, context: {} } as never);
    expect(home.unanswered.map((d) => d.title)).toEqual(listed.map((d) => d.title));
  });
});

describe("the search filtered by status", () => {
  let solvedId: string;
  let openId: string;

  beforeAll(async () => {
    const solved = await question("Quokka-Tracking gelöst", "sea");
    await solve(solved.id, await answer(solved.id));
    const open = await question("Quokka-Tracking offen", "sea");
    await answer(open.id);
    solvedId = solved.id;
    openId = open.id;
  });

  const ids = async (params: string) =>
    (await searchDiscussions(parseSearchFilter(new URLSearchParams(params)))).hits.map((hit) => [hit.id, hit.solved]);

  it("finds all, only the open or only the solved matches, each hit saying whether it is solved", async () => {
    expect(await ids("q=Quokka&sortBy=newest")).toEqual([
      [openId, false],
      [solvedId, true],
    ]);
    expect(await ids("q=Quokka&status=solved")).toEqual([[solvedId, true]]);
    expect(await ids("q=Quokka&status=open")).toEqual([[openId, false]]);
    expect(await ids("q=Quokka&status=gelöst")).toHaveLength(2);
  });

  it("searches by status alone, and its count is the solved ones'", async () => {
    const result = await searchDiscussions(parseSearchFilter(new URLSearchParams("status=solved")));
    const [counted] = await db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from ${discussions} where hidden_at is null and solution_comment_id is not null`,
      )
      .then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows);
    expect(result.total).toBe(counted!.n);
    expect(result.hits.every((hit) => hit.solved)).toBe(true);
    expect(result.hits.map((hit) => hit.id)).toContain(solvedId);

    const loaded = await searchLoader({
      request: new Request("http://localhost:3000/search?status=solved"),
      params: {},
      context: {},
    } as never);
    expect(loaded.result?.total).toBe(counted!.n);
  });

  it("leads a URL with an unknown status to the one without it", async () => {
    const call = searchLoader({
      request: new Request("http://localhost:3000/search?q=Quokka&status=egal"),
      params: {},
      context: {},
    } as never);
    expect(await thrown(call)).toEqual({ status: 302, location: searchHref({ query: "Quokka" }) });
  });
});

describe("the share image", () => {
  it("is drawn anew when the solution changes, even where the last change's millisecond stays", async () => {
    const discussion = await question("Share-Bild mit Lösung");
    const commentId = await answer(discussion.id);
    const before = (await getDiscussionBySlug(discussion.slug))!;
    const changedAt = async () =>
      (
        (await db.execute(sql`select changed_at::text as at from ${discussions} where id = ${discussion.id}`)) as unknown as {
          rows: Array<{ at: string }>;
        }
      ).rows[0]!.at;
    const changedBefore = await changedAt();
    await solve(discussion.id, commentId);
    const after = (await getDiscussionBySlug(discussion.slug))!;
    expect(after.solved).toBe(true);
    // markSolution moves the page's last change (to the microsecond), which names the image's URL (?v=) and its key.
    expect(await changedAt()).not.toBe(changedBefore);
    expect(after.changedAt.getTime()).toBeGreaterThanOrEqual(before.changedAt.getTime());

    const open = await discussionShareImage({ ...before, solved: false });
    // The same change, solved: not the open image from the cache.
    const solved = await discussionShareImage({ ...before, solved: true });
    expect(solved.equals(open)).toBe(false);
    expect((await discussionShareImage({ ...before, solved: true })).equals(solved)).toBe(true);
  });
});
