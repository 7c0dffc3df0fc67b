import { verifyPassword } from "better-auth/crypto";
import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { alias } from "drizzle-orm/pg-core";
import {
  account,
  bookmarks,
  comments,
  conversations,
  discussions,
  events,
  jobs,
  legalNotices,
  profiles,
  reports,
  reviewItems,
  statementsOfReasons,
  userRoles,
} from "../../db/schema";
import { heldForReview, visible } from "~/server/platform";
import { currentWatchList } from "~/server/watchlist";
import { didYouMean } from "~/server/search";
import { previewDigest } from "~/server/notifications";
import { db, queryRows } from "~/server/db";
import { listConversations } from "~/server/messages";
import { findViewer } from "~/server/accounts";
import { readPostImage } from "~/server/images";
import { listReviewQueue } from "~/server/moderation";
import { unreadCount } from "~/server/notifications";
import { DEMO_ADMIN_EMAIL, isDatabaseEmpty, seedDemoContent, type DemoSeedResult } from "~/server/demo";
import { categories } from "~/lib/categories";

const now = new Date("2026-11-21T12:00:00Z");
let result: DemoSeedResult;

beforeAll(async () => {
  expect(await isDatabaseEmpty(db)).toBe(true);
  result = await seedDemoContent(db, { adminPassword: "geheimes-admin-passwort", now });
});

describe("demo content", () => {
  it("is no longer empty afterwards", async () => {
    expect(await isDatabaseEmpty(db)).toBe(false);
  });

  it("creates about 15 members plus an approved admin whose password works", async () => {
    const [members] = await db.select({ value: count() }).from(profiles);
    expect(members?.value).toBe(result.members);
    expect(result.members).toBeGreaterThanOrEqual(14);

    const [admin] = await db
      .select({ id: profiles.id, status: profiles.approvalStatus, role: userRoles.role, hash: account.password })
      .from(profiles)
      .innerJoin(userRoles, eq(userRoles.userId, profiles.id))
      .innerJoin(account, eq(account.userId, profiles.id))
      .where(eq(profiles.email, DEMO_ADMIN_EMAIL));
    expect(admin).toMatchObject({ status: "approved", role: "admin" });
    expect(await verifyPassword({ hash: admin!.hash!, password: "geheimes-admin-passwort" })).toBe(true);
    expect(admin!.hash).not.toContain("geheimes-admin-passwort");
  });

  it("has pending members waiting for approval", async () => {
    const [pending] = await db.select({ value: count() }).from(profiles).where(eq(profiles.approvalStatus, "pending"));
    expect(pending?.value).toBeGreaterThanOrEqual(2);
  });

  it("shows answers that count: solved questions, Hilfreich marks equal to the counts, and reputation", async () => {
    const solved = await queryRows<{ title: string; asker: string; answerer: string }>(
      sql`select d.title, d.author_id as asker, c.author_id as answerer from discussions d join comments c on c.id = d.solution_comment_id`,
    );
    expect(solved.length).toBeGreaterThanOrEqual(5);
    for (const row of solved) expect(row.answerer).not.toBe(row.asker);
    const [mismatched] = await queryRows<{ value: number }>(sql`select count(*)::int as value from comments c
      where c.helpful_count <> (select count(*) from helpful_marks m where m.comment_id = c.id)`);
    expect(mismatched!.value).toBe(0);
    const [own] = await queryRows<{ value: number }>(sql`select count(*)::int as value from helpful_marks m
      join comments c on c.id = m.comment_id where c.author_id = m.member_id`);
    expect(own!.value).toBe(0);
    const [marked] = await queryRows<{ value: number }>(sql`select count(*)::int as value from helpful_marks`);
    expect(marked!.value).toBeGreaterThan(100);
    const [experts] = await queryRows<{ value: number }>(
      sql`select count(*)::int as value from profiles where helpful_received > 0 and solutions_count > 0`,
    );
    expect(experts!.value).toBeGreaterThanOrEqual(3);
  });

  it("gives every approved member a bookmark with a note and one with a reminder queued in the job runner", async () => {
    // All but the newcomer whose first comment waits in the review queue: he has only just arrived.
    const approved = (await db.$count(profiles, eq(profiles.approvalStatus, "approved"))) - 1;
    const kept = await db.select().from(bookmarks);
    expect(kept.filter((bookmark) => bookmark.note !== null)).toHaveLength(approved);
    const reminded = kept.filter((bookmark) => bookmark.remindAt !== null);
    expect(reminded).toHaveLength(approved);
    for (const bookmark of reminded) expect(bookmark.remindAt!.getTime()).toBeGreaterThan(now.getTime());
    expect(await db.$count(jobs, eq(jobs.kind, "bookmark-reminder"))).toBe(approved);
    const [own] = await queryRows<{ value: number }>(sql`select count(*)::int as value from bookmarks b
      join comments c on c.id = b.comment_id where c.author_id = b.member_id`);
    expect(own!.value).toBe(0);
  });

  it("spreads about 40 discussions over all six categories", async () => {
    const rows = await db.select({ category: discussions.category, value: count() }).from(discussions).groupBy(discussions.category);
    expect(rows.map((r) => r.category).sort()).toEqual([...categories].sort());
    const total = rows.reduce((sum, r) => sum + r.value, 0);
    expect(total).toBe(result.discussions);
    expect(total).toBeGreaterThanOrEqual(35);
  });

  it("keeps replies_count equal to the visible comments and has threaded replies", async () => {
    const c = alias(comments, "c");
    const mismatches = await queryRows<{ id: string }>(sql`
      select d.id from discussions d
      left join ${comments} ${c} on ${c.discussionId} = d.id and ${visible.comment(c)}
      group by d.id having d.replies_count <> count(${c.id})`);
    expect(mismatches).toEqual([]);
    const [replies] = await db
      .select({ value: count() })
      .from(comments)
      .where(sql`${comments.parentId} is not null`);
    expect(replies?.value).toBeGreaterThan(10);
    expect(result.comments).toBeGreaterThan(80);
  });

  it("has an open legal notice, a decided one with its statement of reasons, and the author's objection waiting", async () => {
    const notices = await db
      .select({ decision: legalNotices.decision, confirmed: legalNotices.confirmedAt })
      .from(legalNotices)
      .orderBy(legalNotices.decision);
    expect(notices.map((notice) => notice.decision)).toEqual(["removed", null]);
    expect(notices.every((notice) => notice.confirmed !== null)).toBe(true);
    const statements = await db.select().from(statementsOfReasons);
    expect(statements).toMatchObject([{ ground: "law", automated: false, objectionOutcome: null }]);
    expect(statements[0]!.objection).toBeTruthy();
    // The objection is another moderator's (or the administrator's) to decide: Lena made the decision.
    expect(statements[0]!.decidedBy).not.toBeNull();
  });

  it("has one held comment and a few open reports in the review queue", async () => {
    const items = await db
      .select({ kind: reviewItems.kind, value: count() })
      .from(reviewItems)
      .where(eq(reviewItems.status, "open"))
      .groupBy(reviewItems.kind)
      .orderBy(reviewItems.kind);
    expect(items).toEqual([
      { kind: "held", value: 1 },
      { kind: "message", value: 1 },
      { kind: "notice", value: 1 },
      { kind: "objection", value: 1 },
      { kind: "report", value: 2 },
    ]);
    const [held] = await db.select({ heldAt: comments.heldAt }).from(comments).where(heldForReview.comment());
    expect(held?.heldAt).toBeInstanceOf(Date);
    const [reported] = await db.select({ value: count() }).from(reports);
    expect(reported?.value).toBe(3);
    // The reporters are established members with a clean record: each report weighs one, no item enough to hide.
    expect((await db.select({ weight: reports.weight }).from(reports)).map((row) => row.weight)).toEqual([1, 1, 1]);
    const [hidden] = await queryRows<{ n: number }>(sql`select count(*)::int as n from ${reports}
      join ${discussions} on ${discussions.id} = ${reports.discussionId}
      left join ${comments} on ${comments.id} = ${reports.commentId}
      where coalesce(${comments.hiddenAt}, ${discussions.hiddenAt}) is not null`);
    expect(hidden?.n).toBe(0);
  });

  it("has two conversations (one a group), one unread for Aylin, one message with a chart, and a reported message with its neighbours (decision 0062)", async () => {
    const [aylin] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, "aylin.demir@example.com"));
    const list = await listConversations(aylin!.id, 1);
    expect(list.conversations).toHaveLength(1);
    expect(list.conversations[0]).toMatchObject({ unread: 1, subject: null, others: [{ name: "Markus Becker" }] });
    expect(await unreadCount(aylin!.id)).toBeGreaterThanOrEqual(1);
    const [group] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.subject, "Panel beim SEO-Stammtisch Berlin"));
    expect(group).toBeDefined();
    const item = (await listReviewQueue(1)).items.find((entry) => entry.kind === "message")!;
    expect(item.message!.lines).toHaveLength(5);
    expect(item.message!.lines.find((line) => line.reported)!.text).toContain("Sichtbarkeits-Tool");
    // Aylin's answer shows a chart, served to the two of them only.
    const [image] = await queryRows<{ id: string; content: string }>(sql`
      select i.id, m.content from post_images i join messages m on m.id = i.message_id`);
    expect(image?.content).toMatch(/<img src="\/images\/[0-9a-f-]{36}\/\d+\.webp" srcset="[^"]+" [^>]*alt="Balkendiagramm [^"]+"/);
    const served = await readPostImage({ viewer: async () => findViewer(aylin!.id), ifNoneMatch: null }, image!.id, 480);
    expect(served?.cacheControl).toBe("private, no-store");
    expect(await readPostImage({ viewer: async () => null, ifNoneMatch: null }, image!.id, 480)).toBeNull();
  });

  it("dates everything in the past, members before their first post, comments after their discussion", async () => {
    const future = await queryRows<{ n: number }>(sql`
      select (select count(*) from discussions where created_at > ${now.toISOString()}::timestamptz)
           + (select count(*) from comments where created_at > ${now.toISOString()}::timestamptz) as n`);
    expect(Number(future[0]?.n)).toBe(0);
    const early = await queryRows<{ n: number }>(sql`
      select count(*) as n from comments c join discussions d on d.id = c.discussion_id where c.created_at < d.created_at`);
    expect(Number(early[0]?.n)).toBe(0);
    const beforeJoin = await queryRows<{ n: number }>(sql`
      select count(*) as n from discussions d join profiles p on p.id = d.author_id where d.created_at < p.created_at`);
    expect(Number(beforeJoin[0]?.n)).toBe(0);
    const oldest = await queryRows<{ days: number }>(sql`
      select extract(day from ${now.toISOString()}::timestamptz - min(created_at)) as days from discussions`);
    expect(Number(oldest[0]?.days)).toBeGreaterThan(60);
  });

  it("only lets approved members write", async () => {
    const bad = await queryRows<{ n: number }>(sql`
      select count(*) as n from (
        select author_id from discussions union all select author_id from comments
      ) w join profiles p on p.id = w.author_id where p.approval_status <> 'approved'`);
    expect(Number(bad[0]?.n)).toBe(0);
  });

  it("has a member's half-written reply and a discussion edited once, with the version it replaced", async () => {
    const [draft] = await queryRows<{ email: string; slug: string; content: string }>(sql`
      select p.email, d.slug, r.content from drafts r join profiles p on p.id = r.member_id join discussions d on d.id = r.discussion_id`);
    expect(draft?.email).toBe("katrin.schaefer@example.com");
    const [revision] = await queryRows<{ number: number; before: string; after: string; edited: boolean }>(sql`
      select r.number, r.content as before, d.content as after, d.updated_at > d.created_at as edited
      from post_revisions r join discussions d on d.id = r.discussion_id`);
    expect(revision).toMatchObject({ number: 1, edited: true });
    expect(revision!.before).toContain("bei 190 ms");
    expect(revision!.after).toContain("bei 180 ms (75. Perzentil)");
  });

  it("writes its comments as rich text: one with a highlighted code block, one quoting another, one with an image", async () => {
    const all = await db.select({ id: comments.id, content: comments.content, format: comments.contentFormat }).from(comments);
    expect(new Set(all.map((comment) => comment.format))).toEqual(new Set(["html"]));
    expect(all.some((comment) => /<pre tabindex="0"><code class="language-json"><span class="hljs-/.test(comment.content))).toBe(true);
    // The quote cites the comment it answers and links to it, by the comment's own id and its discussion's address.
    const quoting = all.find((comment) => comment.content.includes("<blockquote cite="));
    const cited = /<blockquote cite="\/discussion\/([^"#?]+)#comment-([0-9a-f-]{36})"><p><a href="[^"]+"[^>]*>(\S+) schrieb:<\/a>/.exec(
      quoting?.content ?? "",
    );
    expect(cited, quoting?.content).not.toBeNull();
    const [source] = await queryRows<{ slug: string; first_name: string }>(sql`
      select d.slug, p.first_name from comments c join discussions d on d.id = c.discussion_id join profiles p on p.id = c.author_id
      where c.id = ${cited![2]}`);
    expect(source).toEqual({ slug: cited![1], first_name: cited![3] });
    const [image] = await queryRows<{ comment_id: string; content: string }>(sql`
      select i.comment_id, c.content from post_images i join comments c on c.id = i.comment_id`);
    expect(image?.content).toMatch(/<img src="\/images\/[0-9a-f-]{36}\/\d+\.webp" srcset="[^"]+" [^>]*alt="Balkendiagramm [^"]+"/);
  });

  it('knows the words of its titles for "Meinten Sie …?" without waiting for the job runner', async () => {
    const search = { category: undefined, dateRange: undefined, sortBy: "relevance", status: undefined } as const;
    expect(await didYouMean({ ...search, query: "Facettn sperren" }, now)).toBe("Facetten sperren");
    expect(await didYouMean({ ...search, query: "Autorenboxn" }, now)).toBe("Autorenboxen");
  });

  it("adds some events", async () => {
    const [row] = await db.select({ value: count() }).from(events);
    expect(row?.value).toBe(result.events);
    expect(result.events).toBeGreaterThan(0);
  });

  it("watches a few words and domains, and none of the demo posts trips them", async () => {
    const list = await currentWatchList();
    expect(list.screen({ text: "Bestes Casino, https://billige-backlinks.example" }).findings).toMatchObject({
      blockedWords: ["Casino"],
      blockedDomains: ["billige-backlinks.example"],
    });
    const posts = [
      ...(await db.select({ title: discussions.title, content: discussions.content }).from(discussions)),
      ...(await db.select({ content: comments.content }).from(comments)).map((row) => ({ title: null, content: row.content })),
    ];
    const tripped = posts.filter((post) => {
      const { findings } = list.screen(post.title === null ? { html: post.content } : { title: post.title, html: post.content });
      return findings.blockedWords.length + findings.blockedDomains.length > 0;
    });
    expect(tripped).toEqual([]);
  });

  it("has a member who watches a tag, so a new discussion with it rings his bell (decision 0056)", async () => {
    const watched = await queryRows<{ email: string; slug: string }>(
      sql`select p.email, t.slug from tag_watches w join profiles p on p.id = w.member_id join tags t on t.id = w.tag_id`,
    );
    expect(watched).toEqual([{ email: "felix.braun@example.com", slug: "ga4" }]);
  });

  it("has a member away for ten days whose digest an administrator can preview, with news in it (decision 0059)", async () => {
    const [felix] = await db
      .select({ id: profiles.id, lastVisitedAt: profiles.lastVisitedAt })
      .from(profiles)
      .where(eq(profiles.email, "felix.braun@example.com"));
    expect(now.getTime() - felix!.lastVisitedAt.getTime()).toBe(10 * 86_400_000);
    const away = await queryRows<{ email: string }>(
      sql`select email from profiles where last_visited_at < ${now.toISOString()}::timestamptz - interval '7 days' order by email`,
    );
    expect(away.map((row) => row.email)).toEqual(["felix.braun@example.com"]);
    const preview = await previewDigest(felix!.id);
    expect(preview?.blocked).toBeNull();
    // He watches SEA, where a question was solved since; the busiest threads of those days; nothing of his own.
    expect(preview?.message?.text).toContain("Neue Lösungen in Ihren Themen\n- Performance Max kannibalisiert unsere Brand-Kampagne");
    expect(preview?.message?.text).toContain("Meistdiskutiert\n- ");
    const own = await queryRows<{ title: string }>(
      sql`select d.title from discussions d join profiles p on p.id = d.author_id where p.email = 'felix.braun@example.com'`,
    );
    for (const { title } of own) expect(preview?.message?.text).not.toContain(title);
  });
});
