import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, or } from "drizzle-orm";
import sharp from "sharp";
import {
  bookmarks,
  categoryWatches,
  comments,
  discussions,
  discussionWatches,
  mailOutbox,
  notificationMailLog,
  notifications,
  profiles,
  user,
  userRoles,
} from "../../../db/schema";
import { profileExperienceOptions, profileExpertiseOptions, AVATAR_MAX_BYTES, type UpdateProfileInput } from "~/lib/schemas/profile";
import { db, defineService, type Service } from "~/server/db";
import { deleteFileByUrl, deleteFolder, done, fail, logger, ok, putFile } from "~/server/platform";
import {
  canDeleteAccount,
  canEditProfile,
  canEditPublicProfile,
  endSessions,
  lastAdminTexts,
  removesLastAdmin,
  type Viewer,
} from "~/server/accounts";
import { changedNow, exportReadPositions } from "~/server/discussions";
import { getNotificationSettings, listPushDevices, watchedTags } from "~/server/notifications";

const allowedExpertise = new Set<string>([...profileExpertiseOptions.map(([value]) => value), "ki-suche", "tools", "general"]);
const allowedExperience = new Set<string>([...profileExperienceOptions.map(([value]) => value), "einsteiger", "fortgeschrittener"]);

/** The owner edits the profile; the account's name follows it. */
export const updateOwnProfile = defineService<Viewer, UpdateProfileInput & { profileId: string }, { id: string }>({
  policy: (viewer, { profileId }) => canEditPublicProfile(viewer, profileId),
  load: async (tx, { profileId }) =>
    (await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for("update"))[0] ?? null,
  async change(tx, { input: { profileId, ...input } }) {
    if (!allowedExpertise.has(input.expertise) || !allowedExperience.has(input.experience)) {
      return fail("invalid", "Bitte wählen Sie Expertise und Erfahrung aus der Liste.");
    }
    await tx
      .update(profiles)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(profiles.id, profileId));
    await tx
      .update(user)
      .set({ name: `${input.firstName} ${input.lastName}`, updatedAt: new Date() })
      .where(eq(user.id, profileId));
    return done;
  },
});

export const avatarTexts = {
  notSignedIn: "Sie müssen angemeldet sein, um ein Avatar hochzuladen",
  tooLarge: "Die Datei ist zu groß. Maximal 5MB erlaubt.",
  notAnImage: "Nur Bilddateien sind erlaubt.",
} as const;

export interface AvatarUpload {
  profileId: string;
  file: { size: number; bytes: () => Promise<ArrayBuffer> };
}

/**
 * Checks the bytes (not the declared type), re-encodes to a square 256 px
 * WebP without metadata, stores it under avatars/{userId}/{timestamp}-{random}.webp
 * and deletes the previous file.
 */
const replaceAvatar = defineService<Viewer, AvatarUpload, { avatarUrl: string | null }, { url: string }, { url: string }>({
  policy: (viewer, { profileId }) => canEditPublicProfile(viewer, profileId),
  // Before the transaction: re-encoding and storing must not hold the row lock.
  async prepare(_viewer, { profileId, file }) {
    if (file.size > AVATAR_MAX_BYTES) return fail("too-large", avatarTexts.tooLarge);
    const input = Buffer.from(await file.bytes());
    if (input.length === 0) return fail("unsupported", avatarTexts.notAnImage);
    if (input.length > AVATAR_MAX_BYTES) return fail("too-large", avatarTexts.tooLarge);

    let webp: Buffer;
    try {
      const metadata = await sharp(input, { limitInputPixels: 40_000_000 }).metadata();
      if (!metadata.format || !metadata.width) return fail("unsupported", avatarTexts.notAnImage);
      webp = await sharp(input, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(256, 256, { fit: "cover" })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      return fail("unsupported", avatarTexts.notAnImage);
    }
    // The random part keeps two uploads in the same millisecond apart (files are never overwritten).
    return ok({ url: await putFile(`avatars/${profileId}/${Date.now()}-${randomBytes(6).toString("hex")}.webp`, webp, "image/webp") });
  },
  // The profile is gone, or the write failed: the new file would belong to nobody.
  abandon: ({ url }) => deleteFileByUrl(url),
  // Read and replace under the row lock: of parallel uploads each one removes exactly the file it replaced.
  load: async (tx, { profileId }) =>
    (await tx.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, profileId)).for("update"))[0] ?? null,
  async change(tx, { input: { profileId }, prepared: { url } }) {
    await tx.update(profiles).set({ avatarUrl: url, updatedAt: new Date() }).where(eq(profiles.id, profileId));
    return ok({ url });
  },
  async after({ loaded: previous, value: { url } }) {
    if (previous.avatarUrl && previous.avatarUrl !== url) {
      await deleteFileByUrl(previous.avatarUrl).catch((error: unknown) => logger.warn({ err: error }, "old avatar could not be deleted"));
    }
  },
});

/** A guest is told to sign in (the avatar form's text), where other writes answer "forbidden". */
export const setAvatar: Service<Viewer, AvatarUpload, { url: string }> = async (viewer, upload) =>
  viewer ? replaceAvatar(viewer, upload) : fail("unauthenticated", avatarTexts.notSignedIn);

export const removeAvatar = defineService<Viewer, { profileId: string }, { avatarUrl: string | null }>({
  policy: (viewer, { profileId }) => canEditProfile(viewer, profileId),
  // Under the row lock, as in setAvatar: an upload running at the same time never loses its file's cleanup.
  load: async (tx, { profileId }) =>
    (await tx.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, profileId)).for("update"))[0] ?? null,
  async change(tx, { input: { profileId } }) {
    await tx.update(profiles).set({ avatarUrl: null, updatedAt: new Date() }).where(eq(profiles.id, profileId));
    return done;
  },
  after: ({ loaded: removed }) => deleteFileByUrl(removed.avatarUrl),
});

/** DSGVO Art. 15/20: everything stored about the member, as JSON. Passwords and tokens are not data "about" them and stay out. */
export async function exportMemberData(viewer: Viewer) {
  const [account] = await db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, viewer.id));
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, viewer.id));
  const roles = await db
    .select({ role: userRoles.role, since: userRoles.createdAt })
    .from(userRoles)
    .where(eq(userRoles.userId, viewer.id));
  const ownDiscussions = await db
    .select({
      id: discussions.id,
      slug: discussions.slug,
      title: discussions.title,
      content: discussions.content,
      category: discussions.category,
      createdAt: discussions.createdAt,
      updatedAt: discussions.updatedAt,
    })
    .from(discussions)
    .where(eq(discussions.authorId, viewer.id));
  const ownComments = await db
    .select({
      id: comments.id,
      discussionId: comments.discussionId,
      parentId: comments.parentId,
      content: comments.content,
      contentFormat: comments.contentFormat,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
    })
    .from(comments)
    .where(eq(comments.authorId, viewer.id));
  const readPositions = await exportReadPositions(viewer.id);
  // Notifications name the member as recipient; who caused them is another member's data and stays out.
  const ownNotifications = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      count: notifications.count,
      discussionId: notifications.discussionId,
      commentId: notifications.commentId,
      detail: notifications.detail,
      createdAt: notifications.createdAt,
      updatedAt: notifications.updatedAt,
      readAt: notifications.readAt,
      mailedAt: notifications.mailedAt,
    })
    .from(notifications)
    .where(eq(notifications.recipientId, viewer.id))
    .orderBy(desc(notifications.updatedAt));
  const watchedDiscussions = await db
    .select({ discussionId: discussionWatches.discussionId, level: discussionWatches.level, since: discussionWatches.createdAt })
    .from(discussionWatches)
    .where(eq(discussionWatches.memberId, viewer.id));
  const watchedCategories = await db
    .select({ category: categoryWatches.category, level: categoryWatches.level, since: categoryWatches.createdAt })
    .from(categoryWatches)
    .where(eq(categoryWatches.memberId, viewer.id));
  const notificationMails = await db
    .select({ topic: notificationMailLog.topic, sentAt: notificationMailLog.sentAt })
    .from(notificationMailLog)
    .where(eq(notificationMailLog.memberId, viewer.id));
  // Bookmarks with their note and reminder; a post hidden since stays in: the bookmark is the member's own.
  const ownBookmarks = await db
    .select({
      discussionId: bookmarks.discussionId,
      slug: discussions.slug,
      title: discussions.title,
      commentId: bookmarks.commentId,
      note: bookmarks.note,
      remindAt: bookmarks.remindAt,
      remindedAt: bookmarks.remindedAt,
      createdAt: bookmarks.createdAt,
      updatedAt: bookmarks.updatedAt,
    })
    .from(bookmarks)
    .innerJoin(discussions, eq(discussions.id, bookmarks.discussionId))
    .where(eq(bookmarks.memberId, viewer.id))
    .orderBy(desc(bookmarks.createdAt));
  const settings = await getNotificationSettings(viewer.id);
  return {
    exportedAt: new Date().toISOString(),
    account,
    profile,
    roles,
    discussions: ownDiscussions,
    comments: ownComments,
    notifications: ownNotifications,
    watches: { discussions: watchedDiscussions, categories: watchedCategories, tags: await watchedTags(viewer.id) },
    notificationSettings: settings.kinds,
    // The devices with push on: their label and since when (the endpoint is the push service's address, not the member's data).
    pushDevices: (await listPushDevices(viewer.id)).map(({ label, createdAt }) => ({ label, createdAt })),
    // The last notification mail per discussion ('member': about the account), which the hourly limit reads.
    notificationMails,
    readPositions,
    bookmarks: ownBookmarks,
  };
}

/**
 * DSGVO Art. 17: deletes the account and personal data (auth user, profile,
 * role, sessions, avatar files, queued mails). Posts stay, without author,
 * and are shown as 'Gelöschter Benutzer'.
 */
export const deleteOwnAccount = defineService<Viewer, { profileId: string }, { admins: string[] }>({
  policy: (viewer, { profileId }) => canDeleteAccount(viewer, profileId),
  // Locked as in changeRole: the last two administrators leaving at the same moment cannot both pass.
  load: async (tx) => ({
    admins: (await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin")).for("update")).map(
      (row) => row.userId,
    ),
  }),
  authorize: (viewer, { admins }) => !removesLastAdmin(viewer.id, admins) || fail("conflict", lastAdminTexts.deletion),
  async change(tx, { actor: viewer }) {
    // Their posts stay and now show "Gelöschter Benutzer": the pages they wrote on have changed (decision 0027).
    await tx
      .update(discussions)
      .set({ changedAt: changedNow })
      .where(
        or(
          eq(discussions.authorId, viewer.id),
          inArray(discussions.id, tx.select({ id: comments.discussionId }).from(comments).where(eq(comments.authorId, viewer.id))),
        ),
      );
    await tx
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.to, viewer.email), inArray(mailOutbox.status, ["pending", "dev", "failed", "sent"])));
    // Said before the account goes (its sessions would go with it, unannounced): its open live streams end too.
    await endSessions(tx, viewer.id, "deleted");
    await tx.delete(user).where(eq(user.id, viewer.id));
    return done;
  },
  // The files once the account is surely gone: a rolled-back deletion keeps its avatar.
  async after({ actor: viewer }) {
    await deleteFolder(`avatars/${viewer.id}`);
    logger.info({ member: viewer.id }, "account deleted by its owner");
  },
});
