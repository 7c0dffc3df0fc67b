import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { discussions, events, profiles } from "../../db/schema";
import { createComment, createDiscussion, getDiscussionBySlug, incrementViews, updateDiscussion, visitorKey } from "~/server/discussions";
import { db, listenToDatabase } from "~/server/db";
import { moderateComment, moderateDiscussion } from "~/server/moderation";
import { PAGE_CACHE_CHANNEL, PageCache, type CachedPage } from "~/server/http";
import { updateNotificationSettings } from "~/server/notifications";
import { updateOwnProfile } from "~/server/members";
import { stampVisit, type Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";

// What the database announces on "page_cache" (migration 0010), on PGlite and on PostgreSQL (`npm run test:db`).

const received: string[] = [];
let stop: () => Promise<void>;
let author: Viewer;
let moderator: Viewer;

beforeAll(async () => {
  stop = await listenToDatabase(
    PAGE_CACHE_CHANNEL,
    (message) => received.push(message),
    () => undefined,
  );
  author = await makeViewer({ firstName: "Autorin" });
  moderator = await makeViewer({ role: "moderator" });
});
afterAll(async () => stop());
// What the setup (or an earlier test) announced must not reach the next test.
beforeEach(async () => {
  await messages();
});

/**
 * Everything announced since the last call, taken off the list. PostgreSQL delivers on the listening
 * connection a moment after the commit, in commit order: once a marker sent now has arrived, every
 * earlier message has too. Emptying the list by hand instead would race with a message still on its way.
 */
let markers = 0;
async function messages(): Promise<string[]> {
  const marker = `marker:${++markers}`;
  await db.execute(sql`select pg_notify(${PAGE_CACHE_CHANNEL}, ${marker})`);
  await vi.waitFor(
    () => {
      if (!received.includes(marker)) throw new Error(`${marker} not yet delivered`);
    },
    { timeout: 5_000, interval: 5 },
  );
  const taken = received.splice(0, received.indexOf(marker) + 1);
  return [...new Set(taken.filter((message) => !message.startsWith("marker:")))].sort();
}

async function newDiscussion(title: string) {
  const outcome = await createDiscussion(author, {
    title,
    category: "seo",
    content: "<p>Inhalt</p>",
    contentFormat: "html",
    assignedTo: undefined,
  });
  if (!outcome.ok) throw new Error(outcome.reason);
  return (await getDiscussionBySlug(outcome.value.slug))!;
}

describe("the database announces changes a guest would see", () => {
  it("a new discussion, a comment, its hiding and an edit name the discussion", async () => {
    const discussion = await newDiscussion("Cache-Ankündigung");
    expect(await messages()).toEqual([`discussion:${discussion.slug}`]);

    const comment = await createComment(author, { discussionId: discussion.id, content: "Ein Kommentar" });
    if (!comment.ok) throw new Error(comment.reason);
    expect(await messages()).toEqual([`discussion:${discussion.slug}`]);

    await moderateComment(moderator, {
      discussionId: discussion.id,
      commentId: comment.value.id,
      action: "hide-comment",
      reason: "Spam",
    });
    expect(await messages()).toEqual([`discussion:${discussion.slug}`]);

    await moderateDiscussion(moderator, { discussionId: discussion.id, action: "pin" });
    expect(await messages()).toEqual([`discussion:${discussion.slug}`]);

    await updateDiscussion(author, {
      discussionId: discussion.id,
      title: "Cache-Ankündigung, neu",
      category: "seo",
      content: "<p>Inhalt</p>",
      contentFormat: "html",
    });
    expect(await messages()).toEqual([`discussion:${discussion.slug}`]);
  });

  it("a discussion hidden or shown again changes every page: other discussions' related lists may link it (0054)", async () => {
    const discussion = await newDiscussion("Bald versteckt");
    await messages();
    await moderateDiscussion(moderator, { discussionId: discussion.id, action: "hide-discussion", reason: "Spam" });
    expect(await messages()).toEqual(["*"]);
    await moderateDiscussion(moderator, { discussionId: discussion.id, action: "restore-discussion" });
    expect(await messages()).toEqual(["*"]);
    await db.delete(discussions).where(eq(discussions.id, discussion.id));
    expect(await messages()).toEqual(["*"]);
  });

  it("a view only counts: the cached pages stay", async () => {
    const discussion = await newDiscussion("Nur gezählt");
    // Creating it announced the discussion; that is not what this test asks about.
    await messages();
    await incrementViews(discussion.id, visitorKey({ memberId: author.id }));
    expect((await db.select({ views: discussions.viewsCount }).from(discussions).where(eq(discussions.id, discussion.id)))[0]?.views).toBe(
      1,
    );
    expect(await messages()).toEqual([]);
  });

  it("a member's mail settings change no page; their name changes every page", async () => {
    await updateNotificationSettings(author, { profileId: author.id, newsletter: false, notifyReplies: false, digestPeriod: "daily" });
    expect(await messages()).toEqual([]);
    // Nor does the hourly stamp of a visit, or the digest job's bookkeeping (decision 0059).
    await db
      .update(profiles)
      .set({ lastVisitedAt: sql`now() - interval '2 hours'`, digestSentAt: sql`now()`, digestCheckedAt: sql`now()` })
      .where(eq(profiles.id, author.id));
    expect(await stampVisit(author.id)).toBe(true);
    expect(await messages()).toEqual([]);

    await updateOwnProfile(author, {
      profileId: author.id,
      firstName: "Umbenannt",
      lastName: "Mitglied",
      company: "",
      expertise: "seo",
      experience: "experte",
      bio: "",
    });
    expect(await messages()).toEqual(["*"]);
  });

  it("an approval, a new member and an event change every page", async () => {
    const newcomer = await makeViewer({ approvalStatus: "pending" });
    expect(await messages()).toEqual(["*"]);
    await db.update(profiles).set({ approvalStatus: "approved" }).where(eq(profiles.id, newcomer.id));
    expect(await messages()).toEqual(["*"]);
    await db.insert(events).values({ title: "SEO-Stammtisch", startsAt: new Date(), location: "Köln" });
    expect(await messages()).toEqual(["*"]);
  });

  it("nothing is announced for a write that is rolled back", async () => {
    await db
      .transaction(async (tx) => {
        await tx.update(discussions).set({ isPinned: true });
        throw new Error("zurück");
      })
      .catch(() => undefined);
    expect(await messages()).toEqual([]);
  });
});

describe("a cache listening to the database", () => {
  it("keeps other discussions' pages and drops the changed one's and the lists", async () => {
    const cache = new PageCache({ maxBytes: 1024 * 1024, maxAgeMs: 60_000 });
    // Any message it does not know empties the whole cache: the test's markers are kept from it. On PostgreSQL this
    // listener has a connection of its own, so a marker that reached the file's listener says nothing about this
    // one (test:stress once saw the comment's message arrive here after it): wait for a marker on this connection.
    const seenByCache: string[] = [];
    const unlisten = await listenToDatabase(
      PAGE_CACHE_CHANNEL,
      (message) => (message.startsWith("marker:") ? seenByCache.push(message) : cache.invalidate(message)),
      () => cache.clear(),
    );
    const cacheCaughtUp = async () => {
      const marker = `marker:${++markers}`;
      await db.execute(sql`select pg_notify(${PAGE_CACHE_CHANNEL}, ${marker})`);
      await vi.waitFor(
        () => {
          if (!seenByCache.includes(marker)) throw new Error(`${marker} not yet delivered to the cache`);
        },
        { timeout: 5_000, interval: 5 },
      );
    };
    try {
      const changed = await newDiscussion("Wird kommentiert");
      const untouched = await newDiscussion("Bleibt im Cache");
      await cacheCaughtUp();
      const page = (slug: string | null): CachedPage => ({
        status: 200,
        headers: {},
        etag: null,
        bodies: { br: Buffer.from("x"), gzip: Buffer.from("x"), identity: Buffer.from("x") },
        discussion: slug,
        route: slug ? "routes/discussion" : "routes/home",
      });
      await cache.fill("home", async () => page(null));
      await cache.fill("changed", async () => page(changed.slug));
      await cache.fill("untouched", async () => page(untouched.slug));

      await createComment(author, { discussionId: changed.id, content: "Neu" });
      await cacheCaughtUp();
      expect(cache.get("home")).toBeUndefined();
      expect(cache.get("changed")).toBeUndefined();
      expect(cache.get("untouched")).toBeDefined();
    } finally {
      await unlisten();
    }
  });
});
