/**
 * A member whose sessions all end (suspended, turned away, password reset, account deleted) keeps no open live
 * stream: the write's NOTIFY reaches the listener of every app server (here: the listening connection, apart from
 * the writer's on a PostgreSQL server), which ends the member's streams. Others' streams, and a silenced member's,
 * stay open.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { findViewer, requestPasswordReset, resetPassword, type Viewer } from "~/server/accounts";
import { decideApproval } from "~/server/admin";
import { deleteOwnAccount } from "~/server/members";
import { restrictMember } from "~/server/moderation";
import { type NotificationLive, startNotificationLive } from "~/server/notifications";
import { verification } from "../../db/schema";
import { makeViewer } from "../support/members";

let live: NotificationLive;
let stop: () => Promise<void>;
let moderator: Viewer;
let admin: Viewer;
let bystander: Viewer;

beforeAll(async () => {
  ({ live, stop } = await startNotificationLive());
  moderator = await makeViewer({ role: "moderator" });
  admin = await makeViewer({ role: "admin" });
  bystander = await makeViewer();
});

afterAll(async () => {
  await stop();
});

/** An open stream of the member, as server/live-stream.ts registers one: it counts until it is ended. */
function openStream(member: Viewer) {
  const stream = { ended: false, counts: [] as number[] };
  live.subscribe(
    member.id,
    (count) => stream.counts.push(count),
    () => (stream.ended = true),
  );
  return stream;
}

/** Another member's stream is still open at the end: proves the end was the member's, not everyone's. */
async function expectEndedAlone(stream: { ended: boolean }, other: { ended: boolean }) {
  await expect.poll(() => stream.ended, { timeout: 5_000, interval: 25 }).toBe(true);
  expect(other.ended).toBe(false);
}

describe("a member's live streams end with their sessions", () => {
  it("when a moderator suspends them, on both of their streams; a silenced member's stays open", async () => {
    const member = await makeViewer();
    const silenced = await makeViewer();
    const first = openStream(member);
    const second = openStream(member);
    const quiet = openStream(silenced);
    const other = openStream(bystander);
    expect((await restrictMember(moderator, { memberId: silenced.id, kind: "silence", until: null, reason: "Ton" })).ok).toBe(true);
    expect((await restrictMember(moderator, { memberId: member.id, kind: "suspend", until: null, reason: "Spam" })).ok).toBe(true);
    await expectEndedAlone(first, other);
    await expect.poll(() => second.ended, { timeout: 5_000, interval: 25 }).toBe(true);
    expect(quiet.ended).toBe(false);
  });

  it("when an administrator turns a waiting member away", async () => {
    const waiting = await makeViewer({ approvalStatus: "pending" });
    const stream = openStream(waiting);
    const other = openStream(bystander);
    expect((await decideApproval(admin, { intent: "reject", userId: waiting.id })).ok).toBe(true);
    await expectEndedAlone(stream, other);
  });

  it("when they reset their password", async () => {
    const member = await makeViewer();
    const stream = openStream(member);
    const other = openStream(bystander);
    await requestPasswordReset(member.email);
    const [row] = await db
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(and(eq(verification.value, member.id), like(verification.identifier, "reset-password:%")));
    const token = row!.identifier.slice("reset-password:".length);
    expect(await resetPassword(token, "ein-neues-passwort")).toMatchObject({ ok: true });
    await expectEndedAlone(stream, other);
  });

  it("when they delete their account", async () => {
    const member = await makeViewer();
    const stream = openStream(member);
    const other = openStream(bystander);
    expect((await deleteOwnAccount((await findViewer(member.id))!, { profileId: member.id })).ok).toBe(true);
    await expectEndedAlone(stream, other);
  });
});
