import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserKeys, decryptPushMessage, startPushReceiver, verifyVapid, type BrowserKeys } from "../support/push-receiver";

// The receiver runs on this machine; the forum accepts such endpoints only when told (a real one is public https).
process.env.PUSH_ALLOW_LOCAL_ENDPOINTS = "true";

const { jobs, notifications, pushKeys, pushSubscriptions } = await import("../../db/schema");
const { db } = await import("~/server/db");
const { runDueJobs } = await import("~/server/jobs");
const { env } = await import("~/server/platform");
const { moderateComment, restrictMember } = await import("~/server/moderation");
const { deleteOwnAccount } = await import("~/server/members");
const {
  addPushDevice,
  listPushDevices,
  PUSH_JOB,
  queueAllDuePushes,
  removePushDevice,
  updateNotificationSettings,
  vapidKeys,
  watchDiscussion,
} = await import("~/server/notifications");
const { makeViewer } = await import("../support/members");
const { commentOn, discussionBy } = await import("../support/content");
const { conversationOf } = await import("../support/messages");
type Viewer = Awaited<ReturnType<typeof makeViewer>>;

const receiver = await startPushReceiver();
afterAll(() => receiver.close());

let replier: Viewer;
let moderator: Viewer;
beforeAll(async () => {
  replier = await makeViewer({ firstName: "Rita", lastName: "Antwort" });
  moderator = await makeViewer({ firstName: "Moritz", role: "moderator" });
});

/** A member whose browser subscribed: the keys made here, as a browser would make them, the endpoint at the receiver. */
async function subscribed(firstName: string): Promise<{ member: Viewer; keys: BrowserKeys; endpoint: string; id: string }> {
  const member = await makeViewer({ firstName });
  const keys = browserKeys();
  const endpoint = receiver.endpoint();
  const added = await addPushDevice(member, {
    profileId: member.id,
    endpoint,
    p256dh: keys.p256dh,
    auth: keys.auth,
    label: "Chrome auf Linux",
  });
  if (!added.ok) throw new Error(`subscription refused: ${added.reason}`);
  return { member, keys, endpoint, id: added.value.id };
}

/** What the schedule and the runner do in the app: queue what is due, then run the push jobs. */
async function pushDue(): Promise<number> {
  await queueAllDuePushes();
  return runDueJobs({ kinds: [PUSH_JOB] });
}

const pendingPushJobs = async () => (await db.select().from(jobs).where(eq(jobs.kind, PUSH_JOB))).filter((job) => job.status === "pending");

describe("web push delivery", () => {
  it("delivers a reply to the member's device, encrypted for its keys, with a German title and the link", async () => {
    const { member, keys, endpoint, id } = await subscribed("Paula");
    const discussion = await discussionBy(member, { title: "Canonical-Tags bei Filterseiten" });
    const comment = await commentOn(discussion.id, replier);
    expect(await pushDue()).toBe(1);
    const push = await receiver.next(endpoint);
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push.headers.ttl)).toBe(86_400);
    const vapid = verifyVapid(push.headers.authorization, receiver.origin);
    expect(vapid.publicKey).toBe((await vapidKeys()).publicKey);
    expect(vapid.sub).toMatch(/^(mailto:|https:)/);
    const message = JSON.parse(decryptPushMessage(push.body, keys)) as Record<string, string>;
    expect(message).toMatchObject({
      title: "Neue Antwort auf Ihre Diskussion",
      body: "Rita Antwort hat auf Ihre Diskussion „Canonical-Tags bei Filterseiten“ geantwortet",
      url: `${env.PUBLIC_URL}/discussion/${discussion.slug}#comment-${comment}`,
    });
    expect(message.icon).toMatch(/^http.*\.png$/);
    const [device] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    expect(device?.lastSuccessAt).not.toBeNull();

    // A second reply counts the unread group up, and the device hears of it again, under the same tag.
    await commentOn(discussion.id, replier);
    expect(await pushDue()).toBe(1);
    const again = JSON.parse(decryptPushMessage((await receiver.next(endpoint)).body, keys)) as Record<string, string>;
    expect(again).toMatchObject({ body: "2 neue Antworten in „Canonical-Tags bei Filterseiten“", tag: message.tag });
    // Nothing more is due.
    expect(await pushDue()).toBe(0);
  });

  it("removes a subscription whose push service answers 410, and retries other failures later", async () => {
    const { member, endpoint, id } = await subscribed("Gerda");
    const discussion = await discussionBy(member);
    receiver.answer(endpoint, 500);
    await commentOn(discussion.id, replier);
    expect(await pushDue()).toBe(0);
    await receiver.next(endpoint);
    const [retry] = await pendingPushJobs();
    expect(retry).toMatchObject({ attempts: 1, lastError: "push service answered 500" });
    expect(retry!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))).toHaveLength(1);

    receiver.answer(endpoint, 410);
    await db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, retry!.id));
    expect(await pushDue()).toBe(1);
    await receiver.next(endpoint);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))).toHaveLength(0);
    expect(await pendingPushJobs()).toHaveLength(0);
  });

  it("sends nothing to a suspended member, for a kind switched off, or for a post hidden before it went out", async () => {
    const suspended = await subscribed("Siegfried");
    const quiet = await subscribed("Quirin");
    const hiddenFor = await subscribed("Hanna");
    const watcher = await subscribed("Walter");
    const control = await subscribed("Konrad");
    const d1 = await discussionBy(suspended.member);
    const d2 = await discussionBy(quiet.member);
    const d3 = await discussionBy(hiddenFor.member);
    expect((await restrictMember(moderator, { memberId: suspended.member.id, kind: "suspend", until: null, reason: "Spam" })).ok).toBe(
      true,
    );
    expect(
      (await updateNotificationSettings(quiet.member, { profileId: quiet.member.id, newsletter: true, "push_reply-to-discussion": false }))
        .ok,
    ).toBe(true);
    // Watching is on, its push is not until the member turns it on.
    expect((await watchDiscussion(watcher.member, { discussionId: d2.id, level: "watching" })).ok).toBe(true);
    await commentOn(d1.id, replier);
    await commentOn(d2.id, replier);
    const hidden = await commentOn(d3.id, replier, { content: "Kauft billige Links bei uns" });
    await commentOn((await discussionBy(control.member)).id, replier);
    await queueAllDuePushes();
    expect((await moderateComment(moderator, { discussionId: d3.id, commentId: hidden, action: "hide-comment", reason: "Spam" })).ok).toBe(
      true,
    );
    await runDueJobs({ kinds: [PUSH_JOB] });
    // The same batch reached a member without any of those reasons.
    await receiver.next(control.endpoint);
    const sentTo = new Set(receiver.received.map((push) => push.path));
    for (const device of [suspended, quiet, hiddenFor, watcher]) expect(sentTo.has(new URL(device.endpoint).pathname)).toBe(false);
  });

  it("pushes a kind the member wants on their device only, neither in the bell nor by mail", async () => {
    const { member, keys, endpoint } = await subscribed("Nora");
    const discussion = await discussionBy(member, { title: "Nur aufs Telefon" });
    const settings = { profileId: member.id, newsletter: false, "inPage_reply-to-discussion": false, "push_reply-to-discussion": true };
    expect((await updateNotificationSettings(member, settings)).ok).toBe(true);
    await commentOn(discussion.id, replier);
    const [row] = await db.select().from(notifications).where(eq(notifications.recipientId, member.id));
    expect(row).toMatchObject({ kind: "reply-to-discussion", shown: false });
    expect(await pushDue()).toBe(1);
    const message = JSON.parse(decryptPushMessage((await receiver.next(endpoint)).body, keys)) as Record<string, string>;
    expect(message.body).toContain("„Nur aufs Telefon“");
  });
});

describe("a direct message (decision 0062)", () => {
  it("goes to the recipient's device by default, naming who wrote and the subject, never a word of it", async () => {
    const { member, keys, endpoint } = await subscribed("Empfaengerin");
    const writer = await makeViewer({ firstName: "Aylin", lastName: "Schreibt", established: true });
    const id = await conversationOf(writer, [member], { subject: "Angebot", content: "Pushgeheimwort im Text" });
    expect(await pushDue()).toBe(1);
    const message = JSON.parse(decryptPushMessage((await receiver.next(endpoint)).body, keys)) as Record<string, string>;
    expect(message).toMatchObject({
      title: "Neue persönliche Nachricht",
      body: "Neue Nachricht von Aylin Schreibt in „Angebot“",
      url: `${env.PUBLIC_URL}/messages/${id}`,
    });
    expect(JSON.stringify(message)).not.toContain("Pushgeheimwort");
  });
});

describe("the push worker on several app servers", () => {
  it("queues each notification and device once when two servers look at the same moment", async () => {
    const devices = await Promise.all(["Anton", "Berta", "Cäsar", "Dora", "Emil", "Frieda"].map((name) => subscribed(`${name}Parallel`)));
    for (const { member } of devices) await commentOn((await discussionBy(member)).id, replier);
    const before = (await db.select().from(jobs).where(eq(jobs.kind, PUSH_JOB))).length;
    const [first, second] = await Promise.all([queueAllDuePushes(), queueAllDuePushes()]);
    expect(first + second).toBe(devices.length);
    expect((await db.select().from(jobs).where(eq(jobs.kind, PUSH_JOB))).length - before).toBe(devices.length);
    expect(await runDueJobs({ kinds: [PUSH_JOB], limit: 50 })).toBe(devices.length);
  });
});

describe("a member's push devices", () => {
  it("are listed for the member and removed by them alone; the same browser again is one device", async () => {
    const { member, keys, endpoint, id } = await subscribed("Dora");
    const again = await addPushDevice(member, {
      profileId: member.id,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      label: "Firefox auf Linux",
    });
    expect(again).toEqual({ ok: true, value: { id } });
    expect(await listPushDevices(member.id)).toEqual([{ id, label: "Firefox auf Linux", createdAt: expect.any(Date), endpoint }]);
    expect(await removePushDevice(replier, { profileId: member.id, id })).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await removePushDevice(replier, { profileId: replier.id, id })).toMatchObject({ ok: false, reason: "not-found" });
    expect((await removePushDevice(member, { profileId: member.id, id })).ok).toBe(true);
    expect(await listPushDevices(member.id)).toEqual([]);
  });

  it("are accepted only for public https push services or the allowed local receiver, and at most ten", async () => {
    const member = await makeViewer({ firstName: "Emil" });
    const keys = browserKeys();
    const add = (endpoint: string) =>
      addPushDevice(member, { profileId: member.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, label: "Chrome" });
    const refused = { ok: false, reason: "invalid", message: "Dieser Push-Dienst wird nicht unterstützt." };
    for (const endpoint of ["https://10.0.0.7/push/x", "https://intranet/push", "https://drucker.local/x", "http://push.example.org/x"])
      expect(await add(endpoint), endpoint).toMatchObject(refused);
    // The receiver on this machine only while the setting allows it, as here: never on a real server.
    env.PUSH_ALLOW_LOCAL_ENDPOINTS = false;
    try {
      expect(await add(receiver.endpoint())).toMatchObject(refused);
    } finally {
      env.PUSH_ALLOW_LOCAL_ENDPOINTS = true;
    }
    for (let device = 0; device < 10; device++) expect((await add(`https://push.example.org/${device}`)).ok).toBe(true);
    expect(await add("https://push.example.org/eleven")).toMatchObject({ ok: false, message: expect.stringContaining("10 Geräten") });
    // Someone else's profile: nobody adds a device for another member.
    expect(
      await addPushDevice(replier, {
        profileId: member.id,
        endpoint: receiver.endpoint(),
        p256dh: keys.p256dh,
        auth: keys.auth,
        label: "x",
      }),
    ).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
  });

  it("go with the member's account", async () => {
    const { member, id } = await subscribed("Lotte");
    expect((await deleteOwnAccount(member, { profileId: member.id })).ok).toBe(true);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))).toHaveLength(0);
  });
});

describe("the VAPID keys", () => {
  it("are made once and kept in the database, so every app server signs with the same pair", async () => {
    const keys = await vapidKeys();
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await db.select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey }).from(pushKeys)).toEqual([
      { publicKey: keys.publicKey, privateKey: keys.privateKey },
    ]);
  });
});
