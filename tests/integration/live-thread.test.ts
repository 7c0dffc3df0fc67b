/**
 * The live thread (decision record 0055) against a real database: the page-cache channel's messages reach ThreadWatchers as in
 * the app server (server/app-server.ts), which reads the discussion's visible state once per burst and pushes it to
 * the open pages only when a reader would see a change. A held comment changes nothing; a hidden comment lowers the
 * count; a hidden discussion pushes nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ThreadState } from "~/lib/live-thread";
import { setHelpful } from "~/server/answers";
import { type Viewer } from "~/server/accounts";
import { listenToDatabase } from "~/server/db";
import { createComment, createDiscussion, getDiscussionBySlug, liveThreadState } from "~/server/discussions";
import { PAGE_CACHE_CHANNEL, ThreadWatchers } from "~/server/http";
import { moderateComment, moderateDiscussion } from "~/server/moderation";
import { sharedReads } from "~/server/platform";
import { makeViewer } from "../support/members";

const THREE_LINKS = "https://eins.example/a https://zwei.example/b https://drei.example/c";

let stopListening: () => Promise<void>;
let watchers: ThreadWatchers;
const reads: { slug: string; state: ThreadState | null }[] = [];
const hiddenReads = (slug: string) => reads.filter((read) => read.slug === slug && read.state === null).length;
let asker: Viewer;
let expert: Viewer;
let newcomer: Viewer;
let moderator: Viewer;

beforeAll(async () => {
  // Every read is noted: a test waits for the read a message caused, not for a time.
  watchers = new ThreadWatchers(async (slug) => {
    const state = await liveThreadState(slug);
    reads.push({ slug, state });
    return state;
  }, 50);
  stopListening = await listenToDatabase(
    PAGE_CACHE_CHANNEL,
    (message) => {
      sharedReads.forget(message);
      watchers.changed(message);
    },
    () => {
      sharedReads.forget();
      watchers.changedAll();
    },
  );
  sharedReads.start();
  [asker, expert, newcomer, moderator] = await Promise.all([
    makeViewer({ firstName: "Frida", established: true }),
    makeViewer({ firstName: "Erik", established: true }),
    makeViewer({ firstName: "Neu" }),
    makeViewer({ role: "moderator" }),
  ]);
});

afterAll(async () => {
  sharedReads.stop();
  await stopListening();
});

async function newDiscussion(): Promise<{ slug: string; id: string }> {
  const created = await createDiscussion(asker, {
    title: `Live gelesen ${crypto.randomUUID()}`,
    category: "seo",
    content: "<p>Wer antwortet?</p>",
    contentFormat: "html",
    assignedTo: undefined,
  });
  if (!created.ok) throw new Error(created.reason);
  return { slug: created.value.slug, id: (await getDiscussionBySlug(created.value.slug))!.id };
}

async function comment(author: Viewer, discussionId: string, content: string) {
  const written = await createComment(author, { discussionId, content });
  if (!written.ok) throw new Error(written.reason);
  return written.value;
}

const next = (pushed: ThreadState[], count: number) =>
  expect.poll(() => pushed.length, { timeout: 5_000, interval: 25, message: `${count} pushes` }).toBe(count);

describe("an open discussion page, live", () => {
  it("starts with what readers see, and learns of a visible comment, a mark and a hidden comment, never of a held one", async () => {
    const discussion = await newDiscussion();
    const pushed: ThreadState[] = [];
    const { state, stop } = await watchers.watch(discussion.slug, (each) => pushed.push(each));
    expect(state).toMatchObject({ replies: 0, solved: false, helpful: 0 });

    const held = await comment(newcomer, discussion.id, `Schaut mal ${THREE_LINKS}`);
    expect(held.held).toBe(true);
    const visible = await comment(expert, discussion.id, "So geht das.");
    await next(pushed, 1);
    expect(pushed[0]).toMatchObject({ replies: 1, helpful: 0 });

    expect((await setHelpful(asker, { discussionId: discussion.id, commentId: visible.id, marked: true })).ok).toBe(true);
    await next(pushed, 2);
    expect(pushed[1]).toMatchObject({ replies: 1, helpful: 1 });

    const hidden = await moderateComment(moderator, {
      discussionId: discussion.id,
      commentId: visible.id,
      action: "hide-comment",
      reason: "Spam",
    });
    expect(hidden.ok).toBe(true);
    await next(pushed, 3);
    expect(pushed[2]).toMatchObject({ replies: 0, helpful: 0 });
    stop();
  });

  it("pushes nothing for a hidden discussion, and a new watcher of it is told there is nothing to watch", async () => {
    const discussion = await newDiscussion();
    const pushed: ThreadState[] = [];
    const first = await watchers.watch(discussion.slug, (each) => pushed.push(each));
    expect((await moderateDiscussion(moderator, { discussionId: discussion.id, action: "hide-discussion", reason: "Spam" })).ok).toBe(true);
    // Its watchers read it after the hiding's message (as nothing to show), and again after a pin on top of it.
    await expect.poll(() => hiddenReads(discussion.slug) > 0, { timeout: 5_000, interval: 25 }).toBe(true);
    const before = hiddenReads(discussion.slug);
    expect((await moderateDiscussion(moderator, { discussionId: discussion.id, action: "pin" })).ok).toBe(true);
    await expect.poll(() => hiddenReads(discussion.slug) > before, { timeout: 5_000, interval: 25 }).toBe(true);
    const second = await watchers.watch(discussion.slug, () => undefined);
    expect(second.state).toBeNull();
    expect(pushed).toEqual([]);
    first.stop();
    second.stop();
    expect(watchers.size).toEqual({ discussions: 0, watchers: 0 });
  });
});
