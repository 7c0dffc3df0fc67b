/**
 * A reported direct message (decision 0062): only a participant reports it; the review queue shows staff that
 * message and at most two on each side, never the rest of the conversation; a moderator hides it for its
 * participants, or hides it and suspends its author; the audit log names the author, never the words.
 */
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, profiles } from "../../db/schema";
import type { Viewer } from "~/server/accounts";
import { db } from "~/server/db";
import { conversationThread } from "~/server/messages";
import { decideReview, listReviewQueue, reportMessage } from "~/server/moderation";
import { makeViewer } from "../support/members";
import { conversationOf, messageIn } from "../support/messages";

let aylin: Viewer;
let markus: Viewer;
let outsider: Viewer;
let moderator: Viewer;

beforeAll(async () => {
  [aylin, markus, outsider, moderator] = await Promise.all([
    makeViewer({ firstName: "Aylin", lastName: "Demir", established: true }),
    makeViewer({ firstName: "Markus", lastName: "Weber", established: true }),
    makeViewer({ firstName: "Aussen", established: true }),
    makeViewer({ role: "moderator", firstName: "Moderatorin" }),
  ]);
});

/** A conversation of eight messages, Wort1 … Wort8, alternating; the ids in order. */
async function eightMessages(): Promise<{ id: string; messageIds: string[] }> {
  const id = await conversationOf(aylin, [markus], { content: "Wort1 Anfang" });
  const thread = (await conversationThread(aylin.id, id, 1))!;
  const messageIds = [thread.messages[0]!.id];
  for (let number = 2; number <= 8; number++) messageIds.push(await messageIn(id, number % 2 === 0 ? markus : aylin, `Wort${number} Text`));
  return { id, messageIds };
}

async function queueItemOf(messageId: string) {
  const queue = await listReviewQueue(1);
  return queue.items.find((item) => item.message?.lines.some((line) => line.reported && line.id === messageId)) ?? null;
}

describe("a reported message", () => {
  it("is reported by a participant, and shown to staff with its neighbours only", async () => {
    const { messageIds } = await eightMessages();
    // Message 5 is Aylin's; Markus reports it.
    expect(await reportMessage(markus, { messageId: messageIds[4]!, reason: "offensive", note: "Unfreundlich" })).toMatchObject({
      ok: true,
      value: { already: false },
    });
    expect(await reportMessage(markus, { messageId: messageIds[4]!, reason: "offensive" })).toMatchObject({
      ok: true,
      value: { already: true },
    });
    const item = (await queueItemOf(messageIds[4]!))!;
    expect(item).toMatchObject({ kind: "message", post: null, author: { id: aylin.id } });
    expect(item.reports).toEqual([
      expect.objectContaining({ reason: "offensive", note: "Unfreundlich", reporter: expect.objectContaining({ id: markus.id }) }),
    ]);
    expect(item.message!.lines.map((line) => line.text)).toEqual(["Wort3 Text", "Wort4 Text", "Wort5 Text", "Wort6 Text", "Wort7 Text"]);
    const shown = JSON.stringify(item);
    for (const word of ["Wort1", "Wort2", "Wort8"]) expect(shown).not.toContain(word);
  });

  it("cannot be reported by anyone outside the conversation, nor by its author", async () => {
    const { messageIds } = await eightMessages();
    expect(await reportMessage(outsider, { messageId: messageIds[1]!, reason: "spam" })).toMatchObject({ ok: false, reason: "not-found" });
    expect(await reportMessage(moderator, { messageId: messageIds[1]!, reason: "spam" })).toMatchObject({ ok: false, reason: "not-found" });
    expect(await reportMessage(markus, { messageId: messageIds[1]!, reason: "spam" })).toMatchObject({ ok: false, reason: "forbidden" });
  });

  it("hidden by a moderator, shows its participants that it was, and the audit log names no words", async () => {
    const { id, messageIds } = await eightMessages();
    await reportMessage(markus, { messageId: messageIds[2]!, reason: "spam" });
    const item = (await queueItemOf(messageIds[2]!))!;
    expect(await decideReview(moderator, { itemId: item.id, decision: "hide" })).toMatchObject({ ok: true });
    const thread = (await conversationThread(markus.id, id, 1))!;
    expect(thread.messages[2]).toMatchObject({ hidden: true, html: "" });
    const [entry] = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(entry).toMatchObject({ action: "review-hide", targetType: "message", targetLabel: "Nachricht von Aylin Demir" });
    expect(JSON.stringify(entry)).not.toContain("Wort3");
    expect(await queueItemOf(messageIds[2]!)).toBeNull();
  });

  it("hidden with its author suspended", async () => {
    const rude = await makeViewer({ firstName: "Grob", established: true });
    const id = await conversationOf(rude, [markus], { content: "Eine Beleidigung" });
    const [first] = (await conversationThread(markus.id, id, 1))!.messages;
    await reportMessage(markus, { messageId: first!.id, reason: "offensive" });
    const item = (await queueItemOf(first!.id))!;
    expect(item.author?.id).toBe(rude.id);
    expect(await decideReview(moderator, { itemId: item.id, decision: "suspend" })).toMatchObject({ ok: true });
    const [row] = await db.select({ suspendedAt: profiles.suspendedAt }).from(profiles).where(eq(profiles.id, rude.id));
    expect(row?.suspendedAt).not.toBeNull();
    expect((await conversationThread(markus.id, id, 1))!.messages[0]).toMatchObject({ hidden: true });
  });
});
