/**
 * Direct messages (decision 0062): who may start, read, write, add and leave; the order of messages sent at once;
 * the edit window; consent (blocks, "only known members", a new member and strangers). Through the services, on a
 * database of its own; with DATABASE_URL on PostgreSQL.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { conversationParticipants, messages } from "../../db/schema";
import type { Viewer } from "~/server/accounts";
import { db } from "~/server/db";
import {
  addParticipant,
  conversationThread,
  editMessage,
  exportConversations,
  leaveConversation,
  listConversations,
  markConversationRead,
  sendMessage,
  setBlock,
  setMessagePreferences,
  startConversation,
  unreadConversationsOf,
} from "~/server/messages";
import { readValue } from "~/server/db";
import { makeViewer } from "../support/members";
import { conversationOf, messageIn } from "../support/messages";

let aylin: Viewer;
let markus: Viewer;
let third: Viewer;
let outsider: Viewer;
let moderator: Viewer;

beforeAll(async () => {
  [aylin, markus, third, outsider, moderator] = await Promise.all([
    makeViewer({ firstName: "Aylin", lastName: "Demir", established: true }),
    makeViewer({ firstName: "Markus", lastName: "Weber", established: true }),
    makeViewer({ firstName: "Dritte", lastName: "Person" }),
    makeViewer({ firstName: "Aussen", lastName: "Stehend", established: true }),
    makeViewer({ role: "moderator", firstName: "Mod" }),
  ]);
});

const unread = (member: Viewer) => readValue(unreadConversationsOf(member.id));

describe("a conversation", () => {
  it("is started with a first message, listed for both, unread for the recipient only", async () => {
    const id = await conversationOf(aylin, [markus], { content: "Hallo Markus, haben Sie kurz Zeit?" });
    const forMarkus = await listConversations(markus.id, 1);
    const item = forMarkus.conversations.find((conversation) => conversation.id === id)!;
    expect(item).toMatchObject({ unread: 1, others: [{ id: aylin.id, name: "Aylin Demir" }] });
    expect(item.last).toMatchObject({ author: "Aylin Demir", own: false, excerpt: "Hallo Markus, haben Sie kurz Zeit?" });
    expect((await listConversations(aylin.id, 1)).conversations.find((conversation) => conversation.id === id)?.unread).toBe(0);
    expect(await unread(markus)).toBeGreaterThanOrEqual(1);

    const thread = (await conversationThread(markus.id, id, 1))!;
    expect(thread.messages.map((message) => message.html)).toEqual(["<p>Hallo Markus, haben Sie kurz Zeit?</p>"]);
    await markConversationRead(markus.id, id, thread.messageCount);
    expect((await listConversations(markus.id, 1)).conversations.find((conversation) => conversation.id === id)?.unread).toBe(0);
  });

  it("exists for its participants only: anyone else, staff included, reads and writes nothing", async () => {
    const id = await conversationOf(aylin, [markus]);
    expect(await conversationThread(outsider.id, id, 1)).toBeNull();
    expect(await conversationThread(moderator.id, id, 1)).toBeNull();
    for (const stranger of [outsider, moderator]) {
      expect(await sendMessage(stranger, { conversationId: id, content: "Ich auch", contentFormat: "text" })).toMatchObject({
        ok: false,
        reason: "not-found",
      });
      expect(await addParticipant(stranger, { conversationId: id, memberId: stranger.id })).toMatchObject({
        ok: false,
        reason: "not-found",
      });
      expect(await leaveConversation(stranger, { conversationId: id })).toMatchObject({ ok: false, reason: "not-found" });
    }
    expect((await listConversations(outsider.id, 1)).conversations.map((conversation) => conversation.id)).not.toContain(id);
  });

  it("stores fifty messages sent at once each once, numbered in the order they were stored", async () => {
    const id = await conversationOf(aylin, [markus]);
    const sent = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        sendMessage(index % 2 === 0 ? aylin : markus, { conversationId: id, content: `Nachricht ${index}`, contentFormat: "text" }),
      ),
    );
    expect(sent.every((outcome) => outcome.ok)).toBe(true);
    const rows = await db
      .select({ number: messages.number, content: messages.content, createdAt: messages.createdAt })
      .from(messages)
      .where(eq(messages.conversationId, id))
      .orderBy(asc(messages.number));
    expect(rows.map((row) => row.number)).toEqual(Array.from({ length: 51 }, (_, index) => index + 1));
    const texts = rows.slice(1).map((row) => row.content);
    expect(new Set(texts).size).toBe(50);
    for (let index = 0; index < 50; index++) expect(texts).toContain(`<p>Nachricht ${index}</p>`);
    // The numbers follow the stored order: no later number was stored before an earlier one.
    for (let index = 1; index < rows.length; index++)
      expect(rows[index]!.createdAt.getTime()).toBeGreaterThanOrEqual(rows[index - 1]!.createdAt.getTime());
    const thread = (await conversationThread(aylin.id, id, 1))!;
    expect(thread.messageCount).toBe(51);
    expect(thread.messages.at(-1)!.number).toBe(51);
    expect(thread.totalPages).toBe(2);
    // The DSGVO export of each participant holds them all, once each, in the same order.
    for (const member of [aylin, markus]) {
      const exported = (await exportConversations(member.id)).find((conversation) => conversation.id === id)!;
      expect(exported.messages.map((message) => `<p>${message.text}</p>`)).toEqual(rows.map((row) => row.content));
    }
  });

  it("keeps mentions of participants only, and no image that is not the writer's own upload", async () => {
    const id = await conversationOf(aylin, [markus]);
    const html = `<p><a href="/profile/${markus.id}" data-mention="${markus.id}">@Markus</a> und <a href="/profile/${outsider.id}" data-mention="${outsider.id}">@Aussen</a></p><p><img src="/images/00000000-0000-0000-0000-000000000000/400.webp" alt="x"></p>`;
    const sent = await sendMessage(aylin, { conversationId: id, content: html, contentFormat: "html" });
    expect(sent.ok).toBe(true);
    const thread = (await conversationThread(markus.id, id, 1))!;
    const last = thread.messages.at(-1)!.html;
    expect(last).toContain(`data-mention="${markus.id}"`);
    expect(last).not.toContain(`data-mention="${outsider.id}"`);
    expect(last).toContain("@Aussen");
    expect(last).not.toContain("<img");
  });

  it("lets its author correct a message within the window, marked as edited; not later, not someone else's", async () => {
    const id = await conversationOf(aylin, [markus]);
    const messageId = await messageIn(id, aylin, "Tippfehlr");
    expect(await editMessage(aylin, { conversationId: id, messageId, content: "Tippfehler", contentFormat: "text" })).toMatchObject({
      ok: true,
    });
    const edited = (await conversationThread(markus.id, id, 1))!.messages.find((message) => message.id === messageId)!;
    expect(edited).toMatchObject({ html: "<p>Tippfehler</p>", edited: true });
    expect(await editMessage(markus, { conversationId: id, messageId, content: "Fremd", contentFormat: "text" })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
    await db
      .update(messages)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(messages.id, messageId));
    expect(await editMessage(aylin, { conversationId: id, messageId, content: "Zu spät", contentFormat: "text" })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
  });

  it("takes a third member, who reads it all; a member who leaves no longer does", async () => {
    const id = await conversationOf(aylin, [markus], { content: "Vor dem Hinzufügen" });
    expect(await addParticipant(markus, { conversationId: id, memberId: third.id })).toMatchObject({ ok: true });
    expect(await addParticipant(aylin, { conversationId: id, memberId: third.id })).toMatchObject({ ok: false, reason: "invalid" });
    const thread = (await conversationThread(third.id, id, 1))!;
    expect(thread.messages.map((message) => message.html)).toEqual(["<p>Vor dem Hinzufügen</p>"]);
    expect(thread.others.map((member) => member.id).sort()).toEqual([aylin.id, markus.id].sort());
    expect(await leaveConversation(third, { conversationId: id })).toMatchObject({ ok: true });
    expect(await conversationThread(third.id, id, 1)).toBeNull();
    expect(await sendMessage(third, { conversationId: id, content: "Zurück?", contentFormat: "text" })).toMatchObject({
      reason: "not-found",
    });
    const [row] = await db
      .select({ leftAt: conversationParticipants.leftAt })
      .from(conversationParticipants)
      .where(and(eq(conversationParticipants.conversationId, id), eq(conversationParticipants.memberId, third.id)));
    expect(row?.leftAt).not.toBeNull();
  });

  it("is for ten members at most", async () => {
    const many = await Promise.all(Array.from({ length: 9 }, () => makeViewer()));
    expect(
      await startConversation(aylin, { recipientIds: many.map((member) => member.id), content: "Alle", contentFormat: "text" }),
    ).toMatchObject({
      ok: true,
    });
    const more = [...many, await makeViewer()];
    expect(
      await startConversation(aylin, { recipientIds: more.map((member) => member.id), content: "Zu viele", contentFormat: "text" }),
    ).toMatchObject({ ok: false, reason: "invalid" });
  });
});

describe("consent", () => {
  it("a blocked member cannot start a conversation with the blocker, nor write in their conversation, and reads only the neutral text", async () => {
    const blocked = await makeViewer({ firstName: "Lästig", established: true });
    const before = await conversationOf(blocked, [markus]);
    expect(await setBlock(markus, { memberId: blocked.id, blocked: true })).toMatchObject({ ok: true });
    const refused = await startConversation(blocked, { recipientIds: [markus.id], content: "Hallo?", contentFormat: "text" });
    expect(refused).toMatchObject({ ok: false, reason: "forbidden", message: "Markus Weber kann keine Nachrichten empfangen." });
    expect(await sendMessage(blocked, { conversationId: before, content: "Noch da?", contentFormat: "text" })).toMatchObject({
      ok: false,
      message: "Markus Weber kann keine Nachrichten empfangen.",
    });
    expect(await setBlock(markus, { memberId: blocked.id, blocked: false })).toMatchObject({ ok: true });
    expect(await startConversation(blocked, { recipientIds: [markus.id], content: "Hallo!", contentFormat: "text" })).toMatchObject({
      ok: true,
    });
  });

  it("a member who takes messages from known members only gets them from those alone", async () => {
    const careful = await makeViewer({ firstName: "Vorsichtig", established: true });
    const known = await makeViewer({ firstName: "Bekannt", established: true });
    await conversationOf(known, [careful]);
    expect(await setMessagePreferences(careful, { knownMembersOnly: true })).toMatchObject({ ok: true });
    expect(await startConversation(outsider, { recipientIds: [careful.id], content: "Hallo", contentFormat: "text" })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
    expect(await startConversation(known, { recipientIds: [careful.id], content: "Wieder ich", contentFormat: "text" })).toMatchObject({
      ok: true,
    });
  });

  it("a member without a published post writes only to members they know, and pending members receive nothing", async () => {
    const fresh = await makeViewer({ firstName: "Frisch" });
    expect(await startConversation(fresh, { recipientIds: [markus.id], content: "Hallo", contentFormat: "text" })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
    // Written to first, they may answer and start another conversation with that member.
    await conversationOf(aylin, [fresh]);
    expect(await startConversation(fresh, { recipientIds: [aylin.id], content: "Danke!", contentFormat: "text" })).toMatchObject({
      ok: true,
    });
    const pending = await makeViewer({ approvalStatus: "pending" });
    expect(await startConversation(aylin, { recipientIds: [pending.id], content: "Hallo", contentFormat: "text" })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
    expect(await startConversation(pending, { recipientIds: [aylin.id], content: "Hallo", contentFormat: "text" })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
  });

  it("a new member starts only a few conversations a day", async () => {
    const eager = await makeViewer({ firstName: "Eifrig" });
    const friends = await Promise.all(Array.from({ length: 6 }, () => makeViewer({ established: true })));
    for (const friend of friends) await conversationOf(friend, [eager]);
    const outcomes = [];
    for (const friend of friends)
      outcomes.push(await startConversation(eager, { recipientIds: [friend.id], content: "Hallo", contentFormat: "text" }));
    expect(outcomes.slice(0, 5).every((outcome) => outcome.ok)).toBe(true);
    expect(outcomes[5]).toMatchObject({ ok: false, reason: "too-many-requests" });
  });

  it("a silenced member reads on but writes nothing", async () => {
    const id = await conversationOf(aylin, [markus]);
    const silenced: Viewer = { ...markus, silenced: { until: null, reason: "Test" } };
    expect(await conversationThread(silenced.id, id, 1)).not.toBeNull();
    expect(await sendMessage(silenced, { conversationId: id, content: "Psst", contentFormat: "text" })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
  });
});
