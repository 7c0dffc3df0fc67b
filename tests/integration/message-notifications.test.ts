/**
 * What a new message tells (decision 0062): the other participants' bells, one row per conversation that counts up;
 * read with the thread; a mail only if still unread after the delay, bundled, with no word of the message and a
 * one-click unsubscribe of the kind; nobody who blocked the writer or left the conversation.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, notificationMailLog, notifications, notificationSettings, profiles } from "../../db/schema";
import type { Viewer } from "~/server/accounts";
import { db } from "~/server/db";
import { leaveConversation, setBlock } from "~/server/messages";
import {
  listNotifications,
  mailAllDueNotifications,
  markMessageNotificationsRead,
  readUnsubscribeToken,
  unreadCount,
  unsubscribe,
} from "~/server/notifications";
import { makeViewer } from "../support/members";
import { conversationOf, messageIn } from "../support/messages";

let aylin: Viewer;
let markus: Viewer;

beforeAll(async () => {
  [aylin, markus] = await Promise.all([
    makeViewer({ firstName: "Aylin", lastName: "Demir", established: true }),
    makeViewer({ firstName: "Markus", lastName: "Weber", established: true }),
  ]);
});

const messageRows = (member: Viewer, conversationId: string) =>
  db
    .select({ count: notifications.count, readAt: notifications.readAt, mailedAt: notifications.mailedAt })
    .from(notifications)
    .where(and(eq(notifications.recipientId, member.id), eq(notifications.conversationId, conversationId)));

async function mailsTo(member: Viewer) {
  const [row] = await db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, member.id));
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, row!.email), eq(mailOutbox.kind, "notification")));
}

/** As if the conversation's unread notifications had come `minutes` ago. */
const age = (conversationId: string, minutes: number) =>
  db
    .update(notifications)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(notifications.conversationId, conversationId));

describe("a new message", () => {
  it("raises the recipient's bell once per conversation, counting up, and is read with the thread", async () => {
    const before = await unreadCount(markus.id);
    const id = await conversationOf(aylin, [markus], { content: "Geheimwort1 Hallo" });
    await messageIn(id, aylin, "Noch etwas");
    expect(await unreadCount(markus.id)).toBe(before + 1);
    expect(await messageRows(markus, id)).toEqual([expect.objectContaining({ count: 2, readAt: null })]);
    expect(await messageRows(aylin, id)).toEqual([]);
    const listed = (await listNotifications(markus.id, 1)).notifications.find(
      (row) => row.kind === "message" && row.href === `/messages/${id}`,
    )!;
    expect(listed).toMatchObject({ count: 2, actorName: "Aylin Demir" });
    await markMessageNotificationsRead(markus.id, id);
    expect(await unreadCount(markus.id)).toBe(before);
  });

  it("is mailed only if still unread after the delay, bundled, without its words, with a one-click unsubscribe", async () => {
    const id = await conversationOf(aylin, [markus], { content: "Geheimwort2 nur für Markus", subject: "Angebot" });
    await messageIn(id, aylin, "Geheimwort3 noch mehr");
    await mailAllDueNotifications();
    expect(await messageRows(markus, id)).toEqual([expect.objectContaining({ mailedAt: null })]);
    await age(id, 20);
    await mailAllDueNotifications();
    const mails = (await mailsTo(markus)).filter((mail) => mail.text.includes(`/messages/${id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject, mails[0]!.subject).toContain("2 neue Nachrichten in „Angebot“, zuletzt von Aylin Demir");
    for (const word of ["Geheimwort2", "Geheimwort3"]) {
      expect(mails[0]!.text).not.toContain(word);
      expect(mails[0]!.html).not.toContain(word);
    }
    const unsubscribeUrl = /<([^>]+)>/.exec(mails[0]!.headers!["List-Unsubscribe"]!)![1]!;
    const token = new URL(unsubscribeUrl).searchParams.get("token")!;
    expect(readUnsubscribeToken(token)).toEqual({ memberId: markus.id, kinds: ["message"] });
    expect(await unsubscribe(token)).toMatchObject({ ok: true });
    const [setting] = await db
      .select({ email: notificationSettings.email })
      .from(notificationSettings)
      .where(and(eq(notificationSettings.memberId, markus.id), eq(notificationSettings.kind, "message")));
    expect(setting?.email).toBe(false);
    await db
      .delete(notificationSettings)
      .where(and(eq(notificationSettings.memberId, markus.id), eq(notificationSettings.kind, "message")));
    await db.delete(notificationMailLog).where(eq(notificationMailLog.memberId, markus.id));
  });

  it("read within the delay, is never mailed", async () => {
    const id = await conversationOf(aylin, [markus], { content: "Schnell gelesen" });
    await markMessageNotificationsRead(markus.id, id);
    await age(id, 20);
    await mailAllDueNotifications();
    expect((await mailsTo(markus)).filter((mail) => mail.text.includes(`/messages/${id}`))).toEqual([]);
    expect((await messageRows(markus, id))[0]!.mailedAt).not.toBeNull();
  });

  it("tells nobody who blocked its writer, and nobody who left", async () => {
    const third = await makeViewer({ firstName: "Dritte" });
    const fourth = await makeViewer({ firstName: "Vierte" });
    // A group of four: in a conversation of two, a block refuses the message itself.
    const id = await conversationOf(aylin, [third, fourth, markus]);
    await markMessageNotificationsRead(third.id, id);
    await markMessageNotificationsRead(fourth.id, id);
    expect(await setBlock(third, { memberId: aylin.id, blocked: true })).toMatchObject({ ok: true });
    expect(await leaveConversation(fourth, { conversationId: id })).toMatchObject({ ok: true });
    await messageIn(id, aylin, "Hört mich jemand?");
    expect((await messageRows(third, id)).filter((row) => row.readAt === null)).toEqual([]);
    expect((await messageRows(fourth, id)).filter((row) => row.readAt === null)).toEqual([]);
  });

  it("is no longer shown to a member who left after it came", async () => {
    const leaver = await makeViewer({ firstName: "Geht" });
    const id = await conversationOf(aylin, [leaver, markus]);
    const before = await unreadCount(leaver.id);
    expect(before).toBeGreaterThan(0);
    expect(await leaveConversation(leaver, { conversationId: id })).toMatchObject({ ok: true });
    expect(await unreadCount(leaver.id)).toBe(before - 1);
    expect((await listNotifications(leaver.id, 1)).notifications.filter((row) => row.kind === "message")).toEqual([]);
  });
});
