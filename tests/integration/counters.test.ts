/**
 * The counters' repair (app/server/answers/counters.server.ts): after the writes it finds nothing to set (its rules
 * are the writes' rules), each counter set wrong by hand is set back to what its rows say, and the schedule does it.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, discussionCounts, discussions, jobs, profiles, tags } from "../../db/schema";
import { markSolution, repairCounters, REPAIR_COUNTERS_JOB, setHelpful, type Repairs } from "~/server/answers";
import { moderateComment, moderateDiscussion } from "~/server/moderation";
import { ensureSchedules, runDueJobs } from "~/server/jobs";
import { db } from "~/server/db";
import { metrics } from "~/server/platform";
import type { Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";
import { commentOn, discussionBy } from "../support/content";

let asker: Viewer;
let expert: Viewer;
let reader: Viewer;
let moderator: Viewer;
let questionId: string;
let answerId: string;
let hiddenAnswerId: string;
let hiddenQuestionId: string;

const none: Repairs = {
  "comments.helpful_count": 0,
  "discussions.helpful_count": 0,
  "discussions.replies_count": 0,
  "profiles.helpful_received": 0,
  "profiles.solutions_count": 0,
  "discussion_counts.visible_count": 0,
  "tags.discussion_count": 0,
};

function expectOk(outcome: { ok: boolean }) {
  expect(outcome).toMatchObject({ ok: true });
}

/** Every counter the repair keeps, as the pages read them. */
async function counters() {
  const [answer] = await db.select({ helpful: comments.helpfulCount }).from(comments).where(eq(comments.id, answerId));
  const [question] = await db
    .select({ helpful: discussions.helpfulCount, replies: discussions.repliesCount })
    .from(discussions)
    .where(eq(discussions.id, questionId));
  const [reputation] = await db
    .select({ helpful: profiles.helpfulReceived, solutions: profiles.solutionsCount })
    .from(profiles)
    .where(eq(profiles.id, expert.id));
  const [askerReputation] = await db.select({ helpful: profiles.helpfulReceived }).from(profiles).where(eq(profiles.id, asker.id));
  const categories = await db.select().from(discussionCounts).orderBy(discussionCounts.category);
  const [tag] = await db.select({ count: tags.discussionCount }).from(tags).where(eq(tags.slug, "ga4"));
  return { answer, question, reputation, askerReputation, categories, tag };
}

beforeAll(async () => {
  asker = await makeViewer({ firstName: "Fragende" });
  expert = await makeViewer({ firstName: "Expertin" });
  reader = await makeViewer({ firstName: "Leser" });
  moderator = await makeViewer({ role: "moderator" });
  // A tag that staff created, which the questions below carry (decision 0053).
  await discussionBy(moderator, { category: "general", tags: ["GA4"] });

  // A question with two answers: one marked twice and chosen as the solution, one marked and then hidden.
  const question = await discussionBy(asker, { category: "sea", tags: ["GA4"] });
  questionId = question.id;
  answerId = await commentOn(questionId, expert);
  hiddenAnswerId = await commentOn(questionId, expert, { content: "Noch eine Antwort" });
  await commentOn(questionId, reader, { content: "Danke" });
  for (const member of [asker, reader]) expectOk(await setHelpful(member, { discussionId: questionId, commentId: answerId, marked: true }));
  expectOk(await setHelpful(reader, { discussionId: questionId, commentId: hiddenAnswerId, marked: true }));
  expectOk(await setHelpful(expert, { discussionId: questionId, commentId: null, marked: true }));
  expectOk(await markSolution(asker, { discussionId: questionId, commentId: answerId }));
  expectOk(
    await moderateComment(moderator, { discussionId: questionId, commentId: hiddenAnswerId, action: "hide-comment", reason: "Werbung" }),
  );

  // A hidden question: its marked answer and its solution count for nobody until it is restored.
  const hidden = await discussionBy(asker, { category: "sea", tags: ["GA4"] });
  hiddenQuestionId = hidden.id;
  const solved = await commentOn(hiddenQuestionId, expert);
  expectOk(await setHelpful(reader, { discussionId: hiddenQuestionId, commentId: solved, marked: true }));
  expectOk(await markSolution(asker, { discussionId: hiddenQuestionId, commentId: solved }));
  expectOk(await moderateDiscussion(moderator, { discussionId: hiddenQuestionId, action: "hide-discussion", reason: "Doppelt" }));
});

describe("the counters' repair", () => {
  it("finds nothing to set after the writes: its rules are theirs", async () => {
    const kept = await counters();
    expect(kept.answer!.helpful).toBe(2);
    expect(kept.question).toEqual({ helpful: 1, replies: 2 });
    // The visible answer's 2 marks and its solution; the hidden answer's mark and the hidden question's count for nothing.
    expect(kept.reputation).toEqual({ helpful: 2, solutions: 1 });
    // The expert's mark on the question.
    expect(kept.askerReputation!.helpful).toBe(1);
    // The staff's discussion and the visible question; the hidden one is not counted.
    expect(kept.tag!.count).toBe(2);
    expect(await repairCounters()).toEqual(none);
    expect(await counters()).toEqual(kept);
  });

  it("sets each counter that was changed by hand back to what its rows say, logs it in the metric, and then finds nothing", async () => {
    const kept = await counters();
    const repairs = () => metrics.counterRepairs.get().then(({ values }) => values.reduce((sum, { value }) => sum + value, 0));
    const before = await repairs();
    await db.update(comments).set({ helpfulCount: 7 }).where(eq(comments.id, answerId));
    await db.update(discussions).set({ helpfulCount: 9, repliesCount: 0 }).where(eq(discussions.id, questionId));
    await db.update(profiles).set({ helpfulReceived: 100, solutionsCount: 5 }).where(eq(profiles.id, expert.id));
    await db.update(profiles).set({ helpfulReceived: 3 }).where(eq(profiles.id, asker.id));
    await db
      .update(discussionCounts)
      .set({ visibleCount: sql`${discussionCounts.visibleCount} + 10` })
      .where(eq(discussionCounts.category, "sea"));
    await db.update(tags).set({ discussionCount: 12 }).where(eq(tags.slug, "ga4"));

    expect(await repairCounters()).toEqual({
      "comments.helpful_count": 1,
      "discussions.helpful_count": 1,
      "discussions.replies_count": 1,
      "profiles.helpful_received": 2,
      "profiles.solutions_count": 1,
      "discussion_counts.visible_count": 1,
      "tags.discussion_count": 1,
    });
    expect(await counters()).toEqual(kept);
    expect((await repairs()) - before).toBe(8);
    expect(await repairCounters()).toEqual(none);
  });

  it("counts what a restored post earns again once the repair ran, as the restoring write does", async () => {
    expectOk(await moderateDiscussion(moderator, { discussionId: hiddenQuestionId, action: "restore-discussion" }));
    const restored = await counters();
    expect(restored.reputation).toEqual({ helpful: 3, solutions: 2 });
    expect(await repairCounters()).toEqual(none);
  });

  it("runs on its schedule: a due run sets the counters anew", async () => {
    const kept = await counters();
    await db.update(discussions).set({ repliesCount: 42 }).where(eq(discussions.id, questionId));
    await ensureSchedules();
    await db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.kind, REPAIR_COUNTERS_JOB));
    expect(await runDueJobs({ kinds: [REPAIR_COUNTERS_JOB] })).toBe(1);
    expect(await counters()).toEqual(kept);
    const [schedule] = await db
      .select({ later: sql<boolean>`${jobs.runAt} > now() + interval '11 hours'` })
      .from(jobs)
      .where(eq(jobs.kind, REPAIR_COUNTERS_JOB));
    expect(schedule!.later).toBe(true);
  });
});
