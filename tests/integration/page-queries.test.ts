/**
 * The pages on a generated forum: every query a page's loaders send is
 * captured, counted and explained. A page must send the same number of
 * queries however much data there is (no N+1), and no query may read the
 * discussions or comments table from start to end (every list by index).
 */
import { startSiteSettingsListener } from "~/server/settings";
import { startSynonymsListener } from "~/server/search";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, discussions } from "../../db/schema";
import { generateBenchData, RARE_TERM, vacuumAnalyze } from "../../db/seed/bench-data";
import { loader as archiveLoader } from "~/routes/archive";
import { loader as archiveMonthLoader } from "~/routes/archive.month";
import { loader as discussionLoader } from "~/routes/discussion";
import { loader as discussionUnreadLoader } from "~/routes/discussion.unread";
import { loader as homeLoader } from "~/routes/home";
import { loader as layoutLoader } from "~/routes/layout";
import { loader as membersLoader } from "~/routes/members";
import { loader as notificationsLoader } from "~/routes/notifications";
import { loader as bellPanelLoader } from "~/routes/notifications.latest";
import { loader as profileLoader } from "~/routes/profile";
import { loader as searchLoader } from "~/routes/search";
import { loader as subforumLoader } from "~/routes/subforum";
import { createMemberAccount, signIn } from "~/server/accounts";
import { db, onQuery, queryRows } from "~/server/db";
import { sharedReads } from "~/server/platform";
import { listArchiveMonths, SUBFORUM_PAGE_SIZE } from "~/server/discussions";

// `npm test` uses a small forum; the same checks run on the benchmark's size with
// PAGE_QUERIES_DISCUSSIONS=100000 PAGE_QUERIES_COMMENTS=1000000 npx vitest run tests/integration/page-queries.test.ts
const DISCUSSIONS = Number(process.env.PAGE_QUERIES_DISCUSSIONS ?? 6_000);
const COMMENTS = Number(process.env.PAGE_QUERIES_COMMENTS ?? 40_000);

interface Page {
  name: string;
  path: string;
  params: Record<string, string>;
  loader: (args: never) => unknown;
  /** Pages a guest is sent away from (to sign in): counted and explained for the member only. */
  memberOnly?: boolean;
}

let pages: Page[];
let memberCookie: string;
let hotSlug: string;
/** The discussions whose pages are rendered: more data must not change their state. */
let shownSlugs: string[];
let memberId: string;

let stopSiteSettings: () => Promise<void>;
let stopSynonyms: () => Promise<void>;

beforeAll(async () => {
  // Every app server keeps the operator settings from its start (decision 0049) and the search's synonym groups
  // (decision 0052): no page reads them.
  stopSiteSettings = await startSiteSettingsListener(() => undefined);
  stopSynonyms = await startSynonymsListener(() => undefined);
  await generateBenchData(db, { discussions: DISCUSSIONS, comments: COMMENTS, members: Math.max(200, DISCUSSIONS / 50) });
  const password = "abfrage-passwort";
  memberId = await createMemberAccount(db, {
    email: "abfragen@example.com",
    password: { clear: password },
    firstName: "Abfrage",
    lastName: "Test",
    approvalStatus: "approved",
    role: "member",
    emailVerified: true,
  });
  // The member has read every discussion once, at its start: each listed one carries an unread marker.
  await db.execute(
    sql`insert into read_positions (profile_id, discussion_id, last_read_at) select ${memberId}, id, created_at from ${discussions}`,
  );
  // The bell and the notification list read a table that holds every member's notifications, read and unread.
  await tellMembers(sql`select id from profiles`, 40);
  await tellMembers(sql`select ${memberId}::text as id`, 80);
  await vacuumAnalyze(db);
  const signedIn = await signIn(
    new Request("http://localhost:3000/auth", { method: "POST" }),
    "127.0.0.1",
    "abfragen@example.com",
    password,
  );
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.reason}`);
  memberCookie = signedIn.value.setCookie.map((cookie) => cookie.split(";")[0]).join("; ");

  const [hot] = await queryRows<{ slug: string }>(sql`select slug from ${discussions} order by replies_count desc limit 1`);
  const [small] = await queryRows<{ slug: string }>(sql`select slug from ${discussions} order by abs(replies_count - 10) limit 1`);
  const [seo] = await queryRows<{ n: number }>(sql`select count(*)::int as n from ${discussions} where category = 'seo'`);
  const lastPage = Math.ceil(seo!.n / SUBFORUM_PAGE_SIZE);
  // The generated forum solves one discussion in three: the "Offen" and "Gelöst" filters have pages of their own.
  const [solved] = await queryRows<{ n: number }>(
    sql`select count(*)::int as n from ${discussions} where category = 'seo' and solution_comment_id is not null`,
  );
  const solvedPages = Math.ceil(solved!.n / SUBFORUM_PAGE_SIZE);
  const openPages = Math.ceil((seo!.n - solved!.n) / SUBFORUM_PAGE_SIZE);
  if (solvedPages < 2 || openPages < 3) throw new Error("the generated forum has too few solved or open discussions");
  hotSlug = hot!.slug;
  shownSlugs = [hot!.slug, small!.slug];
  // A month of the archive in the middle of the forum's years, on its last page (the most it skips).
  const months = await listArchiveMonths();
  const archived = months[Math.floor(months.length / 2)]!;
  pages = [
    { name: "home", path: "/", params: {}, loader: homeLoader },
    { name: "subforum, first page", path: "/subforum/seo", params: { segment: "seo" }, loader: subforumLoader },
    {
      name: "subforum, middle page",
      path: `/subforum/seo?page=${Math.ceil(lastPage / 2)}`,
      params: { segment: "seo" },
      loader: subforumLoader,
    },
    { name: "subforum, last page", path: `/subforum/seo?page=${lastPage}`, params: { segment: "seo" }, loader: subforumLoader },
    { name: "category page", path: "/category/tools?page=2", params: { segment: "tools" }, loader: subforumLoader },
    { name: "subforum, solved", path: "/subforum/seo?status=solved", params: { segment: "seo" }, loader: subforumLoader },
    {
      name: "subforum, solved, last page",
      path: `/subforum/seo?status=solved&page=${solvedPages}`,
      params: { segment: "seo" },
      loader: subforumLoader,
    },
    {
      name: "subforum, open, middle page",
      path: `/subforum/seo?status=open&page=${Math.ceil(openPages / 2)}`,
      params: { segment: "seo" },
      loader: subforumLoader,
    },
    // Before the discussion pages, which mark what they show as read: each round finds unread comments to jump to.
    { name: "first unread comment", path: `/discussion/${hot!.slug}/unread`, params: { slug: hot!.slug }, loader: discussionUnreadLoader },
    { name: "discussion, few comments", path: `/discussion/${small!.slug}`, params: { slug: small!.slug }, loader: discussionLoader },
    { name: "discussion, most comments", path: `/discussion/${hot!.slug}`, params: { slug: hot!.slug }, loader: discussionLoader },
    {
      name: "discussion, second comment page",
      path: `/discussion/${hot!.slug}?page=2`,
      params: { slug: hot!.slug },
      loader: discussionLoader,
    },
    { name: "archive", path: "/archive", params: {}, loader: archiveLoader },
    {
      name: "archive, a month's last page",
      path: `/archive/${archived.month}${archived.pages > 1 ? `?page=${archived.pages}` : ""}`,
      params: { month: archived.month },
      loader: archiveMonthLoader,
    },
    { name: "search, rare term", path: `/search?q=${RARE_TERM}`, params: {}, loader: searchLoader },
    { name: "search, category and month", path: "/search?category=seo&dateRange=month", params: {}, loader: searchLoader },
    { name: "search, solved", path: "/search?status=solved", params: {}, loader: searchLoader },
    // Where home's "Alle offenen Fragen" leads.
    { name: "search, open, newest", path: "/search?sortBy=newest&status=open", params: {}, loader: searchLoader },
    { name: "members", path: "/members", params: {}, loader: membersLoader },
    { name: "members, page 2", path: "/members?page=2", params: {}, loader: membersLoader },
    { name: "members, filtered page 2", path: "/members?q=a&page=2", params: {}, loader: membersLoader },
    { name: "profile", path: "/profile/bench-7", params: { id: "bench-7" }, loader: profileLoader },
    { name: "notifications", path: "/notifications", params: {}, loader: notificationsLoader, memberOnly: true },
    { name: "notifications, page 2", path: "/notifications?page=2", params: {}, loader: notificationsLoader, memberOnly: true },
    // The bell's panel (a resource route: counted here with the layout's loader, which it does not run).
    { name: "bell panel", path: "/notifications/latest", params: {}, loader: bellPanelLoader, memberOnly: true },
  ];
}, 1_200_000);

/** Reply notifications (with their comment as item) for each member `members` selects, one per discussion of the newest `perMember`; every third read. */
async function tellMembers(members: ReturnType<typeof sql>, perMember: number) {
  await db.execute(sql`
    with told as (
      insert into notifications (recipient_id, kind, group_key, count, discussion_id, comment_id, actor_id, read_at, updated_at)
      select m.id, 'reply-to-discussion', 'abfrage:' || d.id, 1, d.id, c.id, c.author_id,
        case when d.n % 3 = 0 then now() end, now() - d.n * interval '1 minute'
      from (${members}) m
      cross join lateral (select id, row_number() over (order by created_at desc) as n from ${discussions} where replies_count > 0 order by created_at desc limit ${perMember}) d
      cross join lateral (select id, author_id from ${comments} where discussion_id = d.id order by created_at limit 1) c
      on conflict do nothing
      returning id, discussion_id, comment_id)
    insert into notification_items (notification_id, discussion_id, comment_id) select id, discussion_id, comment_id from told`);
}

interface CapturedQuery {
  sql: string;
  params: unknown[];
}

function viewersOf(page: Page): (string | null)[] {
  return page.memberOnly ? [memberCookie] : [null, memberCookie];
}

/** The write a reading member's discussion page sends when it moves their read position: a state, not a read. */
const movesReadPosition = (query: CapturedQuery) => /\binsert into "read_positions"/.test(query.sql);
/** Reading a discussion page reads the notifications that lead to it: one statement, only where it found some. */
const readsNotificationsHere = (query: CapturedQuery) => /^update "notifications"/.test(query.sql.trim());

/**
 * A request's small reads of its reader (the bell, unread markers, a discussion page's own part) go out as the
 * columns of one statement, gathered over its loaders in one turn of the event loop (readValuesTogether, decision
 * 0042). Where a loader still waits for the database (nothing kept), its reads may go in a statement of their own
 * or not, as the replies arrive: counted as reads, one per column, the numbers do not depend on that timing.
 */
const valueColumns = (query: CapturedQuery) => (/^select \(/.test(query.sql) ? query.sql.match(/\) as "v\d+"/g)?.length : undefined);
const readsOf = (queries: CapturedQuery[]) => queries.reduce((reads, query) => reads + (valueColumns(query) ?? 1), 0);

/** The layout's and the page's loaders, as one request runs them; returns every statement they sent. */
async function render(page: Page, cookie: string | null): Promise<CapturedQuery[]> {
  const request = new Request(`http://localhost:3000${page.path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const captured: CapturedQuery[] = [];
  const stop = onQuery((query, params) => captured.push({ sql: query, params }));
  try {
    const args = { request, params: page.params, context: { cspNonce: "", clientIp: "127.0.0.1" } } as never;
    await Promise.all([layoutLoader(args), page.loader(args)]);
  } finally {
    stop();
  }
  return captured;
}

afterAll(async () => {
  await stopSiteSettings();
  await stopSynonyms();
});

describe("queries per page", () => {
  it("stay the same when the data grows (no query per row)", async () => {
    const before = new Map<string, number>();
    for (const page of pages) {
      for (const cookie of viewersOf(page))
        before.set(
          `${page.name} ${cookie ? "member" : "guest"}`,
          readsOf((await render(page, cookie)).filter((query) => !movesReadPosition(query) && !readsNotificationsHere(query))),
        );
    }

    // More of everything that the pages list: discussions in the subforum, threads and replies by other authors.
    const [hot] = await queryRows<{ id: string }>(sql`select id from ${discussions} where slug = ${hotSlug}`);
    const threads = await db
      .insert(comments)
      .values(
        Array.from({ length: 40 }, (_, i) => ({ discussionId: hot!.id, authorId: `bench-${i + 100}`, content: `Noch ein Beitrag ${i}` })),
      )
      .returning({ id: comments.id });
    await db
      .insert(comments)
      .values(
        threads.map((thread, i) => ({ discussionId: hot!.id, parentId: thread.id, authorId: `bench-${i + 150}`, content: "Antwort" })),
      );
    await db.insert(discussions).values(
      Array.from({ length: 60 }, (_, i) => ({
        slug: `mehr-${i}`,
        title: `Mehr ${RARE_TERM} ${i}`,
        content: "<p>Mehr</p>",
        category: "seo",
        authorId: `bench-${i + 20}`,
      })),
    );
    await db
      .insert(discussions)
      .values({ slug: "vom-mitglied", title: "Vom Mitglied", content: "<p>x</p>", category: "seo", authorId: memberId });
    // More solved ones: the newest 30 answered open ones get their first answer as the solution (not those whose
    // pages are rendered, which would then quote their solution: another state, not more data).
    await db.execute(sql`
      update ${discussions} d set solution_comment_id = (select c.id from ${comments} c where c.discussion_id = d.id order by c.created_at limit 1)
      where d.id in (
        select id from ${discussions}
        where category = 'seo' and solution_comment_id is null and replies_count > 0 and slug not in (${sql.join(
          shownSlugs.map((slug) => sql`${slug}`),
          sql`, `,
        )})
        order by created_at desc limit 30
      )`);
    // And more for the bell and the list.
    await tellMembers(sql`select ${memberId}::text as id`, 200);

    for (const page of pages) {
      for (const cookie of viewersOf(page)) {
        const key = `${page.name} ${cookie ? "member" : "guest"}`;
        // A discussion page read again writes no read position unless there is something new to it (decision 0042),
        // and marks notifications read only where some lead to it (the 200 told now).
        const queries = (await render(page, cookie)).filter((query) => !movesReadPosition(query) && !readsNotificationsHere(query));
        const count = readsOf(queries);
        // The one exception, and not a query per row: a search counts its hits only once they fill a page (decision
        // 0034), so a search whose hits grew past 50 with the 60 added discussions has its one count query more.
        const counted = page.name.startsWith("search") && count === before.get(key)! + 1 ? 1 : 0;
        expect({ page: key, queries: count }).toEqual({ page: key, queries: before.get(key)! + counted });
        // A budget too, so a constant but wasteful page is noticed: statements sent. A member's page costs two more:
        // the session, and the reader's own part (the bell, the lists' unread markers).
        expect(queries.length, key).toBeLessThanOrEqual(cookie ? 14 : 12);
      }
    }
  });
});

describe("a discussion page's queries (decision record 0042)", () => {
  const discussionPages = () => pages.filter((page) => page.loader === discussionLoader);

  it("read from the database when nothing is kept: the guest's part, and for a member the session and eleven reads of their own", async () => {
    for (const page of discussionPages()) {
      const [row] = await queryRows<{ solved: boolean }>(
        sql`select ${discussions.solutionCommentId} is not null as solved from ${discussions} where ${discussions.slug} = ${page.params.slug}`,
      );
      // The discussion (and its quoted solution), the thread count, the page of comments, and the related discussions
      // (the similar ones, then the ones spread over the category: decision record 0054).
      const guest = (await render(page, null)).length;
      expect({ page: page.name, guest }).toEqual({ page: page.name, guest: (row!.solved ? 4 : 3) + 2 });
      await render(page, memberCookie);
      const member = await render(page, memberCookie);
      // The session, then the bell, the sidebar's unread conversations (decision 0062) and the member's marks, reports,
      // bookmarks, watch level, the view counter, draft, what is new to them, whether reading moves their position and
      // the notifications it reads: in one or two statements, as the reads arrive.
      const ownReads = member.flatMap((query) => valueColumns(query) ?? []);
      expect({ page: page.name, others: member.length - ownReads.length, reads: ownReads.reduce((sum, n) => sum + n, 0) }).toEqual({
        page: page.name,
        others: guest + 1,
        reads: 11,
      });
    }
  });

  it("with the shared part kept, as the app server keeps it: a member's page sends 2 statements, a guest's none", async () => {
    sharedReads.start();
    try {
      const lists = pages.filter((page) =>
        ["home", "subforum, first page", "category page", "archive", "archive, a month's last page"].includes(page.name),
      );
      for (const page of [...lists, ...discussionPages()]) {
        await render(page, memberCookie);
        const member = await render(page, memberCookie);
        // The session; then in one statement the bell and the member's own part: on a list the unread markers (and a
        // category's watch level), on a discussion their marks, reports, bookmarks, watch level, draft and read position.
        expect({ page: page.name, member: member.length }).toEqual({ page: page.name, member: 2 });
        expect(member.filter(movesReadPosition)).toEqual([]);
        expect({ page: page.name, guest: (await render(page, null)).length }).toEqual({ page: page.name, guest: 0 });
      }
    } finally {
      sharedReads.stop();
    }
  });
});

describe("unread markers", () => {
  it("cost a member's list one query for all its discussions, and a guest none", async () => {
    const lists = pages.filter((page) =>
      ["home", "subforum, first page", "category page", "subforum, solved", "search, rare term", "search, solved"].includes(page.name),
    );
    for (const page of lists) {
      const readsPositions = (queries: CapturedQuery[]) => queries.filter((query) => /\bread_positions\b/.test(query.sql)).length;
      expect({
        page: page.name,
        guest: readsPositions(await render(page, null)),
        member: readsPositions(await render(page, memberCookie)),
      }).toEqual({ page: page.name, guest: 0, member: 1 });
    }
  });
});

describe("query plans", () => {
  /** Relations read by a sequential scan anywhere in the plan tree. */
  function sequentialScans(plan: Record<string, unknown>): string[] {
    const own = plan["Node Type"] === "Seq Scan" ? [String(plan["Relation Name"])] : [];
    const children = (plan["Plans"] as Array<Record<string, unknown>> | undefined) ?? [];
    return [...own, ...children.flatMap(sequentialScans)];
  }

  it("read discussions, comments, read positions and notifications by index on every page", async () => {
    const client = (
      db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> } }
    ).$client;
    const problems: string[] = [];
    let explained = 0;
    let notificationReads = 0;
    for (const page of pages) {
      for (const cookie of viewersOf(page)) {
        for (const query of await render(page, cookie)) {
          // Marking a discussion read is the one write of a page; its look-ups are planned like the reads.
          if (!/^\s*(select|with|insert into "read_positions")\b/i.test(query.sql)) continue;
          const { rows } = await client.query(`explain (format json) ${query.sql}`, query.params);
          const raw = rows[0]!["QUERY PLAN"];
          const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: Record<string, unknown> }>;
          explained += 1;
          if (/\bnotifications\b/.test(query.sql)) notificationReads += 1;
          const scanned = sequentialScans(plan[0]!.Plan).filter((relation) =>
            ["discussions", "comments", "read_positions", "notifications", "notification_items"].includes(relation),
          );
          if (scanned.length > 0) problems.push(`${page.name}: sequential scan on ${scanned.join(", ")} in ${query.sql.slice(0, 160)}`);
        }
      }
    }
    expect(explained).toBeGreaterThan(pages.length * 2);
    // The bell on every member's page, the list and its count on the notification pages.
    expect(notificationReads).toBeGreaterThanOrEqual(pages.length);
    expect(problems).toEqual([]);
  });
});
