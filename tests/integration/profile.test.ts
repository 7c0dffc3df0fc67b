import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { startSmtpCapture } from "../support/smtp-capture";

const smtp = await startSmtpCapture();
process.env.SMTP_URL = smtp.url;
process.env.STORAGE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "forum-storage-"));

const { discussions, profiles, user } = await import("../../db/schema");
const { db } = await import("~/server/db");
const { createComment } = await import("~/server/discussions");
const { getDiscussionBySlug } = await import("~/server/discussions");
const { createDiscussion } = await import("~/server/discussions");
const { saveBookmark, setBookmark } = await import("~/server/bookmarks");
const profile = await import("~/server/members");
const { fileExistsForUrl } = await import("~/server/platform");
const { makeViewer, signedInMember } = await import("../support/members");
const { liftRestriction, restrictMember } = await import("~/server/moderation");
const { findViewer } = await import("~/server/accounts");
const { action: profileAction } = await import("~/routes/profile");
const { mailAllDueNotifications, updateNotificationSettings } = await import("~/server/notifications");
const { runDueJobs } = await import("~/server/jobs");
const deliverDueMails = () => runDueJobs({ kinds: ["mail"] });

afterAll(() => smtp.close());

const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#ea580c" } })
    .png()
    .toBuffer();
const file = (bytes: Buffer) => ({
  size: bytes.length,
  bytes: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
});

describe("profile editing", () => {
  it("updates the own profile and refuses other people's", async () => {
    const me = await makeViewer();
    const other = await makeViewer();
    const input = { firstName: "Neu", lastName: "Name", company: "Firma", expertise: "analytics", experience: "experte", bio: "Hallo" };
    expect(await profile.updateOwnProfile(other, { profileId: me.id, ...input })).toEqual({ ok: false, reason: "forbidden" });
    expect(await profile.updateOwnProfile(null, { profileId: me.id, ...input })).toEqual({ ok: false, reason: "forbidden" });
    expect(await profile.updateOwnProfile(me, { profileId: me.id, ...input, expertise: "hacking" })).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    expect(await profile.updateOwnProfile(me, { profileId: me.id, ...input })).toEqual({ ok: true, value: null });
    const [row] = await db.select().from(profiles).where(eq(profiles.id, me.id));
    expect(row).toMatchObject(input);
  });
});

describe("a silenced member's profile", () => {
  type ActionArgs = Parameters<typeof profileAction>[0];
  const SPAM = { company: "Günstig-Links GmbH https://spam.example", bio: "Jetzt kaufen: https://spam.example/angebot" };

  /** A form of the profile page, posted as the browser sends it; the answer's status and data. */
  async function post(member: { id: string; cookie: string }, form: FormData) {
    const request = new Request(`http://localhost:3000/profile/${member.id}`, {
      method: "POST",
      headers: { Cookie: member.cookie },
      body: form,
    });
    const result = (await profileAction({ request, params: { id: member.id }, context: {} } as unknown as ActionArgs)) as unknown;
    if (result instanceof Response) return { status: result.status, body: null };
    const wrapped = result as { init?: { status?: number }; data?: unknown };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  }
  const formOf = (fields: Record<string, string | Blob>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return form;
  };
  const profileForm = (fields: Partial<Record<string, string>>) =>
    formOf({ intent: "update-profile", firstName: "Stella", lastName: "Still", expertise: "seo", experience: "experte", ...fields });

  it("changes no public text (names, company, bio and their links) nor the avatar, and is told why in German", async () => {
    const member = await signedInMember({ firstName: "Stella", lastName: "Still" });
    const moderator = await makeViewer({ role: "moderator" });
    const me = { id: member.viewer.id, cookie: member.cookie };
    expect((await post(me, profileForm({ company: "Agentur", bio: "Vorher" }))).status).toBe(302);
    const restricted = await restrictMember(moderator, { memberId: me.id, kind: "silence", until: null, reason: "Werbung" });
    expect(restricted.ok).toBe(true);
    const silencedText = "Ihr Konto ist von der Moderation stummgeschaltet: Sie können lesen, aber nichts schreiben. Grund: Werbung";

    for (const fields of [SPAM, { firstName: "https://spam.example" }, { lastName: "kauft-bei-spam.example" }]) {
      const refused = await post(me, profileForm(fields));
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).toContain(silencedText);
    }
    const [row] = await db.select().from(profiles).where(eq(profiles.id, me.id));
    expect(row).toMatchObject({ firstName: "Stella", lastName: "Still", company: "Agentur", bio: "Vorher", avatarUrl: null });

    const avatar = await post(
      me,
      formOf({ intent: "upload-avatar", avatar: new File([new Uint8Array(await png())], "bild.png", { type: "image/png" }) }),
    );
    expect(avatar.status).toBe(403);
    expect(JSON.stringify(avatar.body)).toContain(silencedText);
    expect((await db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, me.id)))[0]!.avatarUrl).toBeNull();
    // The guardian answers the services too, whoever calls them.
    const viewer = (await findViewer(me.id))!;
    expect(
      await profile.updateOwnProfile(viewer, {
        profileId: me.id,
        firstName: "Stella",
        lastName: "Still",
        expertise: "seo",
        experience: "experte",
        ...SPAM,
      }),
    ).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await profile.setAvatar(viewer, { profileId: me.id, file: file(await png()) })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });

    // What is theirs alone stays theirs: the notification settings.
    expect((await post(me, formOf({ intent: "update-notifications" }))).status).toBe(302);
    // Once an administrator lifts the silence, the profile is theirs to write again.
    expect((await liftRestriction(await makeViewer({ role: "admin" }), { memberId: me.id })).ok).toBe(true);
    expect((await post(me, profileForm({ bio: "Nachher" }))).status).toBe(302);
  });
});

describe("avatars", () => {
  it("re-encodes an image to a 256 px WebP, replaces and removes the file", async () => {
    const me = await makeViewer();
    const first = await profile.setAvatar(me, { profileId: me.id, file: file(await png()) });
    if (!first.ok) throw new Error(first.reason);
    expect(first.value.url).toMatch(new RegExp(`^/storage/avatars/${me.id}/\\d+-[0-9a-f]{12}\\.webp$`));
    const stored = path.join(process.env.STORAGE_DIR!, first.value.url.replace("/storage/", ""));
    const meta = await sharp(fs.readFileSync(stored)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();

    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await profile.setAvatar(me, { profileId: me.id, file: file(await png()) });
    if (!second.ok) throw new Error(second.reason);
    expect(await fileExistsForUrl(first.value.url)).toBe(false);
    expect(await fileExistsForUrl(second.value.url)).toBe(true);

    await profile.removeAvatar(me, { profileId: me.id });
    expect(await fileExistsForUrl(second.value.url)).toBe(false);
    const [row] = await db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, me.id));
    expect(row?.avatarUrl).toBeNull();
  });

  it("refuses other people's avatars, oversized files and non-images whatever their name", async () => {
    const me = await makeViewer();
    const other = await makeViewer();
    expect(await profile.setAvatar(null, { profileId: me.id, file: file(await png()) })).toMatchObject({
      ok: false,
      reason: "unauthenticated",
    });
    expect(await profile.setAvatar(other, { profileId: me.id, file: file(await png()) })).toEqual({ ok: false, reason: "forbidden" });
    expect(await profile.setAvatar(me, { profileId: me.id, file: file(Buffer.alloc(6 * 1024 * 1024)) })).toMatchObject({
      ok: false,
      reason: "too-large",
    });
    expect(
      await profile.setAvatar(me, { profileId: me.id, file: file(Buffer.from("Das ist kein Bild, nur Text mit .png-Endung")) }),
    ).toMatchObject({
      ok: false,
      reason: "unsupported",
    });
    expect(await profile.removeAvatar(other, { profileId: me.id })).toEqual({ ok: false, reason: "forbidden" });
  });

  it("removes the stored file when the profile is gone before the change", async () => {
    const me = await makeViewer();
    // The account deleted while the image was re-encoded: the viewer of the request still allows the upload.
    await db.delete(user).where(eq(user.id, me.id));
    expect(await profile.setAvatar(me, { profileId: me.id, file: file(await png()) })).toEqual({ ok: false, reason: "not-found" });
    const folder = path.join(process.env.STORAGE_DIR!, "avatars", me.id);
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
  });
});

describe("reply notifications", () => {
  async function mailsTo(email: string) {
    // What the workers do after the commit: the comment only recorded notifications.
    await mailAllDueNotifications();
    while ((await deliverDueMails()) > 0);
    return smtp.mails.filter((mail) => mail.to.includes(email) && mail.kind === "notification");
  }

  it("mail the discussion author about an answer, never the writer, at most once an hour per discussion, and not when switched off", async () => {
    const author = await makeViewer({ firstName: "Autorin" });
    const replier = await makeViewer({ firstName: "Antwortender" });
    const created = await createDiscussion(author, {
      title: `Benachrichtigung ${Date.now()}`,
      category: "seo",
      content: "",
      contentFormat: "text",
      assignedTo: undefined,
    });
    if (!created.ok) throw new Error("create failed");
    const discussion = (await getDiscussionBySlug(created.value.slug))!;

    await createComment(author, { discussionId: discussion.id, content: "Eigener Kommentar" });
    expect(await mailsTo(author.email)).toHaveLength(0);

    const comment = await createComment(replier, { discussionId: discussion.id, content: "Gute Frage!" });
    if (!comment.ok) throw new Error("comment failed");
    const mails = await mailsTo(author.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(discussion.title);
    expect(mails[0]?.text).toContain(`#comment-${comment.value.id}`);

    // A reply to the replier's comment: the replier hears about it.
    await createComment(author, { discussionId: discussion.id, content: "Danke!", parentId: comment.value.id });
    expect(await mailsTo(replier.email)).toHaveLength(1);

    // Within the hour nothing more about this discussion; the settings are honoured on the next mail.
    const second = await createDiscussion(author, {
      title: `Zweite ${Date.now()}`,
      category: "seo",
      content: "",
      contentFormat: "text",
      assignedTo: undefined,
    });
    if (!second.ok) throw new Error("create failed");
    const other = (await getDiscussionBySlug(second.value.slug))!;
    await updateNotificationSettings(author, { profileId: author.id, newsletter: true, notifyReplies: false });
    await createComment(replier, { discussionId: other.id, content: "Noch was" });
    expect(await mailsTo(author.email)).toHaveLength(1);

    await updateNotificationSettings(author, { profileId: author.id, newsletter: false, notifyReplies: true });
    await createComment(replier, { discussionId: other.id, content: "Und noch was" });
    expect(await mailsTo(author.email)).toHaveLength(1);

    await updateNotificationSettings(author, { profileId: author.id, newsletter: true, notifyReplies: true });
    await db.execute(sql`update notifications set mailed_at = now() where recipient_id = ${author.id}`);
    await createComment(replier, { discussionId: other.id, content: "Jetzt wieder" });
    expect(await mailsTo(author.email)).toHaveLength(2);
  });
});

describe("DSGVO", () => {
  it("exports only the member's own data and deletes the account while posts stay", async () => {
    const me = await makeViewer({ firstName: "Exportierend" });
    const other = await makeViewer();
    const mine = await createDiscussion(me, {
      title: `Meine ${Date.now()}`,
      category: "seo",
      content: "",
      contentFormat: "text",
      assignedTo: undefined,
    });
    const theirs = await createDiscussion(other, {
      title: `Fremd ${Date.now()}`,
      category: "seo",
      content: "",
      contentFormat: "text",
      assignedTo: undefined,
    });
    if (!mine.ok || !theirs.ok) throw new Error("create failed");
    const theirDiscussion = (await getDiscussionBySlug(theirs.value.slug))!;
    const myComment = await createComment(me, { discussionId: theirDiscussion.id, content: "Mein Kommentar" });
    if (!myComment.ok) throw new Error("comment failed");
    // Bookmarks: the member's own, with note and reminder; someone else's on the same post stay out.
    const remindAt = new Date(Date.now() + 3 * 86_400_000);
    expect(
      await saveBookmark(me, { discussionId: theirDiscussion.id, commentId: null, note: "Für das Reporting", remindAt }),
    ).toMatchObject({ ok: true });
    expect(await setBookmark(me, { discussionId: theirDiscussion.id, commentId: myComment.value.id, bookmarked: true })).toMatchObject({
      ok: true,
    });
    expect(
      await saveBookmark(other, { discussionId: theirDiscussion.id, commentId: null, note: "Fremde Notiz", remindAt: null }),
    ).toMatchObject({ ok: true });

    const data = await profile.exportMemberData(me);
    expect(data.bookmarks).toHaveLength(2);
    expect(data.bookmarks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          discussionId: theirDiscussion.id,
          slug: theirs.value.slug,
          commentId: null,
          note: "Für das Reporting",
          remindAt,
          remindedAt: null,
        }),
        expect.objectContaining({ discussionId: theirDiscussion.id, commentId: myComment.value.id, note: null, remindAt: null }),
      ]),
    );
    expect(JSON.stringify(data)).not.toContain("Fremde Notiz");
    expect(data.account).toMatchObject({ id: me.id, email: me.email });
    expect(data.profile?.firstName).toBe("Exportierend");
    expect(data.discussions.map((d) => d.slug)).toEqual([mine.value.slug]);
    expect(data.comments.map((c) => [c.content, c.contentFormat])).toEqual([["<p>Mein Kommentar</p>", "html"]]);
    expect(JSON.stringify(data)).not.toContain(other.email);
    expect(JSON.stringify(data)).not.toMatch(/password/i);

    expect(await profile.deleteOwnAccount(other, { profileId: me.id })).toEqual({ ok: false, reason: "forbidden" });
    await profile.deleteOwnAccount(me, { profileId: me.id });
    expect(await db.select().from(user).where(eq(user.id, me.id))).toEqual([]);
    const kept = await getDiscussionBySlug(mine.value.slug);
    expect(kept).toMatchObject({ author: null, authorId: null });
    expect(await db.select().from(discussions).where(eq(discussions.slug, mine.value.slug))).toHaveLength(1);
  });
});
