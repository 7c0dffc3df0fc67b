/**
 * Watching a tag (decision 0056): like a category's "Beobachten", a new visible discussion with the tag tells its
 * watchers, each member once however many of its tags and its category they watch, never its author, never while it is
 * held or hidden; approved after review, it tells them then. A merge hands the watchers to the tag it keeps, a delete
 * takes the watches with it.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { discussions, notifications, reviewItems, tags, tagWatches } from "../../db/schema";
import type { Viewer } from "~/server/accounts";
import { createDiscussion } from "~/server/discussions";
import { decideReview, moderateDiscussion } from "~/server/moderation";
import { deleteOwnAccount, exportMemberData } from "~/server/members";
import { listNotifications, tagWatchLevelOf, updateNotificationSettings, watchCategory, watchTag } from "~/server/notifications";
import { deleteTag, mergeTag } from "~/server/tags";
import { db, readValue } from "~/server/db";
import { notificationText } from "~/lib/notifications";
import { action as tagAction, loader as tagLoader } from "~/routes/tag";
import { makeViewer, signedInMember } from "../support/members";
import { discussionBy } from "../support/content";

const THREE_LINKS = "https://eins.example/a https://zwei.example/b https://drei.example/c";

let staff: Viewer;
let author: Viewer;
let watcher: Viewer;
const tagIds = new Map<string, string>();

/** The tag's id by its slug (the fixtures' tags are made in beforeAll). */
const tagId = (slug: string) => tagIds.get(slug)!;

async function watch(member: Viewer, slug: string, level: "watching" | "normal" = "watching") {
  expect((await watchTag(member, { tagId: tagId(slug), level })).ok).toBe(true);
}

/** The member's notification rows about new discussions (by a watched tag or category). */
async function watchedRows(member: Viewer) {
  return db
    .select({ kind: notifications.kind, groupKey: notifications.groupKey, count: notifications.count, detail: notifications.detail })
    .from(notifications)
    .where(and(eq(notifications.recipientId, member.id), eq(notifications.kind, "watched-tag")))
    .union(
      db
        .select({ kind: notifications.kind, groupKey: notifications.groupKey, count: notifications.count, detail: notifications.detail })
        .from(notifications)
        .where(and(eq(notifications.recipientId, member.id), eq(notifications.kind, "watched-category"))),
    );
}

/** The lines of the member's list that speak of this discussion, as the list and the mails word them. */
async function linesAbout(member: Viewer, title: string): Promise<string[]> {
  const { notifications: shown } = await listNotifications(member.id, 1);
  return shown.filter((row) => row.discussionTitle === title).map((row) => notificationText(row));
}

beforeAll(async () => {
  staff = await makeViewer({ role: "moderator", firstName: "Kuratorin" });
  author = await makeViewer({ firstName: "Autorin" });
  watcher = await makeViewer({ firstName: "Beobachterin" });
  // Staff create the tags; members choose them.
  await discussionBy(staff, { tags: ["GA4", "Core Web Vitals", "Local SEO", "Consent Mode", "Alt", "Neu", "Weg"] });
  for (const row of await db.select({ id: tags.id, slug: tags.slug }).from(tags)) tagIds.set(row.slug, row.id);
});

describe("the watch", () => {
  it("is stored per member and tag, read back as a level, and 'normal' removes it", async () => {
    const member = await makeViewer({ firstName: "Wechselnd" });
    expect(await readValue(tagWatchLevelOf(member.id, tagId("ga4")))).toBe("normal");
    await watch(member, "ga4");
    await watch(member, "ga4");
    expect(await readValue(tagWatchLevelOf(member.id, tagId("ga4")))).toBe("watching");
    await watch(member, "ga4", "normal");
    expect(await readValue(tagWatchLevelOf(member.id, tagId("ga4")))).toBe("normal");
    expect(await db.select().from(tagWatches).where(eq(tagWatches.memberId, member.id))).toEqual([]);
  });

  it("is refused to a member not yet approved, and for a tag that does not exist", async () => {
    const pending = await makeViewer({ approvalStatus: "pending" });
    expect(await watchTag(pending, { tagId: tagId("ga4"), level: "watching" })).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await watchTag(watcher, { tagId: crypto.randomUUID(), level: "watching" })).toMatchObject({ ok: false, reason: "not-found" });
  });

  it("is the tag page's form: a member's POST watches and answers with a redirect to the page; a guest's is refused", async () => {
    const { viewer, cookie } = await signedInMember({ firstName: "Formular" });
    /** The answer's status: a redirect's Response, or a refusal's data with its init. */
    const status = (answer: unknown) =>
      answer instanceof Response ? answer.status : (answer as { init?: { status?: number } }).init?.status;
    const post = (level: string, headers: Record<string, string>) =>
      tagAction({
        request: new Request("http://localhost:3000/tags/local-seo", {
          method: "POST",
          body: new URLSearchParams({ intent: "watch", level }),
          headers,
        }),
        params: { slug: "local-seo" },
        context: { cspNonce: "", clientIp: "127.0.0.1" },
      } as never);
    const saved = (await post("watching", { Cookie: cookie })) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/tags/local-seo");
    expect(await readValue(tagWatchLevelOf(viewer.id, tagId("local-seo")))).toBe("watching");
    // A tag has no muted level.
    expect(status(await post("muted", { Cookie: cookie }))).toBe(400);
    expect(status(await post("watching", {}))).toBe(403);
    const page = (await tagLoader({
      request: new Request("http://localhost:3000/tags/local-seo", { headers: { Cookie: cookie } }),
      params: { slug: "local-seo" },
      context: { cspNonce: "", clientIp: "127.0.0.1" },
    } as never)) as { watch: string | null };
    expect(page.watch).toBe("watching");
    const guestPage = (await tagLoader({
      request: new Request("http://localhost:3000/tags/local-seo"),
      params: { slug: "local-seo" },
      context: { cspNonce: "", clientIp: "127.0.0.1" },
    } as never)) as { watch: string | null };
    expect(guestPage.watch).toBeNull();
  });
});

describe("a new discussion with a watched tag", () => {
  it("tells each watcher once, by the tag, even watching two of its tags and its category; never its author", async () => {
    await watch(watcher, "ga4");
    await watch(watcher, "core-web-vitals");
    expect((await watchCategory(watcher, { category: "sea", level: "watching" })).ok).toBe(true);
    // The author watches the tag too: their own discussion tells them nothing.
    await watch(author, "ga4");
    const title = `GA4 und LCP ${crypto.randomUUID()}`;
    await discussionBy(author, { title, category: "sea", tags: ["GA4", "Core Web Vitals"] });
    const rows = await watchedRows(watcher);
    // The first of its watched tags by name.
    expect(rows).toEqual([
      { kind: "watched-tag", groupKey: `watched-tag:${tagId("core-web-vitals")}`, count: 1, detail: "Core Web Vitals" },
    ]);
    expect(await linesAbout(watcher, title)).toEqual([`Neue Diskussion mit dem Schlagwort Core Web Vitals: „${title}“`]);
    expect(await watchedRows(author)).toEqual([]);
  });

  it("groups later ones of the same tag while unread, and tells by the category where no watched tag is on it", async () => {
    const reader = await makeViewer({ firstName: "Leserin" });
    await watch(reader, "consent-mode");
    expect((await watchCategory(reader, { category: "tools", level: "watching" })).ok).toBe(true);
    await discussionBy(author, { category: "tools", tags: ["Consent Mode"] });
    await discussionBy(author, { category: "seo", tags: ["Consent Mode", "GA4"] });
    await discussionBy(author, { category: "tools" });
    const rows = await watchedRows(reader);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { kind: "watched-tag", groupKey: `watched-tag:${tagId("consent-mode")}`, count: 2, detail: "Consent Mode" },
        { kind: "watched-category", groupKey: "watched-category:tools", count: 1, detail: null },
      ]),
    );
    const { notifications: shown } = await listNotifications(reader.id, 1);
    expect(shown.map((row) => notificationText(row))).toContain("2 neue Diskussionen mit dem Schlagwort Consent Mode");
  });

  it("respects the member's settings and a muted category, as a category's watch does", async () => {
    const quiet = await makeViewer({ firstName: "Leise" });
    await watch(quiet, "local-seo");
    expect((await updateNotificationSettings(quiet, { profileId: quiet.id, newsletter: false, "inPage_watched-tag": false })).ok).toBe(
      true,
    );
    const muting = await makeViewer({ firstName: "Stumm" });
    await watch(muting, "local-seo");
    expect((await watchCategory(muting, { category: "events", level: "muted" })).ok).toBe(true);
    await discussionBy(author, { category: "events", tags: ["Local SEO"] });
    expect(await watchedRows(quiet)).toEqual([]);
    expect(await watchedRows(muting)).toEqual([]);
    // Outside the muted category the tag tells the second one.
    await discussionBy(author, { category: "seo", tags: ["Local SEO"] });
    expect(await watchedRows(muting)).toHaveLength(1);
  });

  it("tells nobody while it is held for review, and tells them once it is approved", async () => {
    const follower = await makeViewer({ firstName: "Folgende" });
    await watch(follower, "ga4");
    const newcomer = await makeViewer({ firstName: "Neuling" });
    const title = `Zurückgehalten ${crypto.randomUUID()}`;
    const created = await createDiscussion(newcomer, {
      title,
      category: "seo",
      content: `<p>Meine Links: ${THREE_LINKS}</p>`,
      contentFormat: "html",
      assignedTo: undefined,
      tags: ["GA4"],
    });
    if (!created.ok) throw new Error(created.reason);
    expect(created.value.held).toBe(true);
    expect(await watchedRows(follower)).toEqual([]);
    const [item] = await db
      .select({ id: reviewItems.id })
      .from(reviewItems)
      .innerJoin(discussions, eq(discussions.id, reviewItems.discussionId))
      .where(eq(discussions.slug, created.value.slug));
    expect(await decideReview(staff, { itemId: item!.id, decision: "approve" })).toMatchObject({ ok: true });
    expect(await linesAbout(follower, title)).toEqual([`Neue Diskussion mit dem Schlagwort GA4: „${title}“`]);
  });

  it("hidden later, it leaves the watcher's list", async () => {
    const follower = await makeViewer({ firstName: "Verfolgende" });
    await watch(follower, "core-web-vitals");
    const title = `Bald ausgeblendet ${crypto.randomUUID()}`;
    const discussion = await discussionBy(author, { title, tags: ["Core Web Vitals"] });
    expect(await linesAbout(follower, title)).toHaveLength(1);
    expect((await moderateDiscussion(staff, { discussionId: discussion.id, action: "hide-discussion", reason: "Spam" })).ok).toBe(true);
    expect(await linesAbout(follower, title)).toEqual([]);
  });
});

describe("curation", () => {
  it("a merge makes the old tag's watchers watch the tag it keeps, once for those who watched both", async () => {
    const onlyOld = await makeViewer({ firstName: "Alt" });
    const both = await makeViewer({ firstName: "Beide" });
    await watch(onlyOld, "alt");
    await watch(both, "alt");
    await watch(both, "neu");
    expect((await mergeTag(staff, { tagId: tagId("alt"), intoId: tagId("neu") })).ok).toBe(true);
    expect(await readValue(tagWatchLevelOf(onlyOld.id, tagId("neu")))).toBe("watching");
    expect(await db.select().from(tagWatches).where(eq(tagWatches.memberId, both.id))).toHaveLength(1);
    await discussionBy(author, { tags: ["Neu"] });
    expect(await watchedRows(onlyOld)).toEqual([expect.objectContaining({ kind: "watched-tag", detail: "Neu" })]);
  });

  it("a delete takes the tag's watches with it", async () => {
    const member = await makeViewer({ firstName: "Verlassen" });
    await watch(member, "weg");
    expect((await deleteTag(staff, { tagId: tagId("weg") })).ok).toBe(true);
    expect(
      await db
        .select()
        .from(tagWatches)
        .where(eq(tagWatches.tagId, tagId("weg"))),
    ).toEqual([]);
  });
});

describe("data protection", () => {
  it("exports the watched tags with the other watches, and deletes them with the account", async () => {
    const member = await makeViewer({ firstName: "Exportiert" });
    await watch(member, "ga4");
    const exported = await exportMemberData(member);
    expect(exported.watches.tags).toEqual([{ slug: "ga4", name: "GA4", since: expect.any(Date) }]);
    expect((await deleteOwnAccount(member, { profileId: member.id })).ok).toBe(true);
    expect(await db.select().from(tagWatches).where(eq(tagWatches.memberId, member.id))).toEqual([]);
  });
});
