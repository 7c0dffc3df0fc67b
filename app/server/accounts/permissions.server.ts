import type { Role } from "../../../db/schema";
import type { Viewer } from "./session.server";
import { isHeld, isHidden, isHiddenByReports, isParticipating } from "~/server/platform";
import { MAX_CONVERSATION_MEMBERS, MESSAGE_EDIT_MINUTES } from "~/lib/messages";

/**
 * The guardian: the one place that answers "may this viewer do this?".
 * Loaders and actions ask it; the UI asks it too, but only to hide buttons.
 */
export function isAdmin(viewer: Viewer | null): boolean {
  return viewer?.role === "admin";
}

/** Approved members may write; administrators may always (spec: "comment without the approval flag"). */
export function isApproved(viewer: Viewer | null): boolean {
  return viewer !== null && (viewer.approvalStatus === "approved" || viewer.role === "admin");
}

/**
 * Approved and not silenced by the moderation: may write, mark and report. A silenced member still
 * reads, watches and sets their private settings, but writes no public text, in posts or on the profile
 * (canEditPublicProfile).
 */
export function mayWrite(viewer: Viewer | null): boolean {
  return isApproved(viewer) && viewer!.silenced === null;
}

/**
 * Moderators and administrators keep order. A moderator whose account is not
 * (or no longer) approved has no powers, whatever the role row says. Asked of
 * a post's author too, who is no viewer here: their role and approval are enough.
 */
export function isStaff(member: Pick<Viewer, "role" | "approvalStatus"> | null): boolean {
  return member?.role === "admin" || (member?.role === "moderator" && member.approvalStatus === "approved");
}

/**
 * Staff powers need a second factor (decision 0050): an account that can hide anything or let anyone in must not
 * fall to a password alone. Without one, an administrator or moderator is a member until they set it up; the guards
 * send them to the enrolment page (awaitsSecondFactor).
 */
function withSecondFactor(rule: (viewer: Viewer | null) => boolean) {
  return (viewer: Viewer | null) => rule(viewer) && viewer!.secondFactor;
}
const administrator = withSecondFactor(isAdmin);
const staffMember = withSecondFactor(isStaff);

export const permissions = {
  openAdminPanel: administrator,
  approveMembers: administrator,
  createUsers: administrator,
  changeRoles: administrator,
  seedSamples: administrator,
  viewAuditLog: administrator,
  /** Watched words and domains, and the e-mail domains refused at sign-up (/admin/watch-list). */
  manageWatchList: administrator,
  /** The operator's company data, the forum's name and the legal texts (/admin/settings, decision 0049). */
  editSiteSettings: administrator,
  /** The search's synonym groups of the trade (/admin/synonyms): staff know the vocabulary members search with. */
  editSynonyms: staffMember,
  /** What was searched and found nothing, last 30 days, without a person in it (/admin/synonyms). */
  viewSearchStatistics: administrator,
  /** Take a member's lost second factor away, so they set up a new one (never one's own: canResetSecondFactor). */
  resetSecondFactors: administrator,
  /** Pin, lock, hide and restore discussions and comments, edit anyone's posts. */
  moderate: staffMember,
  createDiscussion: mayWrite,
  comment: mayWrite,
  /** Images for a post (decision 0033): only who may write a post, within a quota and a rate. */
  uploadImages: mayWrite,
  /** The bell, /notifications and the live count: members let in (an approval is their first notification). */
  receiveNotifications: isApproved,
  /** Watch, follow normally or mute a discussion or category. */
  watch: isApproved,
  /** Mention members and look them up by name for it (the @ suggestions). */
  mentionMembers: isApproved,
  /** Mark posts "Hilfreich" (never one's own: canMarkHelpful). */
  markHelpful: mayWrite,
  /** Report a post to the moderation ("Melden"). */
  report: mayWrite,
  /** The review queue and its decisions (/moderation). */
  review: staffMember,
  /** Suspend or silence a member. */
  restrictMembers: staffMember,
  /** Lift a suspension or silence before its end. */
  liftRestrictions: administrator,
  /** See every member who marked a post by full name, not only the first few by first name (staff keep order with it). */
  seeWhoMarked: staffMember,
  /** Report content as illegal (DSA Art. 16, decision 0048): anyone, guests too; the e-mail address is confirmed first. */
  fileLegalNotice: () => true,
  /** The records of notices, decisions and objections, and their CSV export (/admin/transparency). */
  viewTransparencyReport: administrator,
  /** See the digest mail any member would get (/admin/digest): what is new for them, never sent. */
  previewDigests: administrator,
  /** Create a new tag while tagging: writers who are no longer new (canCreateTag), and staff. */
  createTag: mayWrite,
  /** Rename, merge, delete and describe tags (/admin/tags). */
  curateTags: staffMember,
  /** Keep posts as bookmarks with a note and a reminder (/bookmarks): private, so a silenced member keeps them too. */
  bookmark: isApproved,
  /**
   * Read one's own conversations (/messages, decision 0062): members let in. A silenced member reads on, as they
   * read the forum; staff have no other access to conversations than their own.
   */
  readMessages: isApproved,
  /** Start conversations and write in them: who may write (a silenced member's messages are writing too). */
  sendMessages: mayWrite,
} as const satisfies Record<string, (viewer: Viewer | null) => boolean>;

export type Permission = keyof typeof permissions;

export function can(viewer: Viewer | null, permission: Permission): boolean {
  return permissions[permission](viewer);
}

/**
 * Refused only for want of a second factor: the permission is the viewer's role's, but they have not set one up yet.
 * Such a staff member is sent to the enrolment page instead of the 403.
 */
export function awaitsSecondFactor(viewer: Viewer | null, permission: Permission): boolean {
  return viewer !== null && !viewer.secondFactor && !can(viewer, permission) && can({ ...viewer, secondFactor: true }, permission);
}

/**
 * Another administrator resets a member's lost factor; nobody resets their own (whoever holds an administrator's
 * password alone must not swap the factor for theirs), and only a factor that is there.
 */
export function canResetSecondFactor(viewer: Viewer | null, member: { id: string; secondFactor: boolean }): boolean {
  return can(viewer, "resetSecondFactors") && member.id !== viewer?.id && member.secondFactor;
}

/**
 * The author edits their own discussion while it is visible or waits for approval; one the moderation hid is the
 * moderation's business until it is restored (as a comment). Staff edit any.
 */
export function canEditDiscussion(
  viewer: Viewer | null,
  discussion: {
    authorId: string | null;
    hiddenAt: Date | null;
    heldAt: Date | null;
    hiddenBy?: string | null;
    hiddenReason?: string | null;
  },
): boolean {
  const stillTheirs =
    !isHidden(discussion) ||
    isHeld(discussion) ||
    (discussion.hiddenBy !== undefined &&
      discussion.hiddenReason !== undefined &&
      isHiddenByReports({ ...discussion, hiddenBy: discussion.hiddenBy, hiddenReason: discussion.hiddenReason }));
  return (isOwnPost(viewer, discussion) && stillTheirs) || can(viewer, "moderate");
}

/**
 * The author edits their own comment while it is visible; staff edit any. A
 * hidden comment is the moderation's business until it is restored.
 */
/** A comment reports hid while it waits for the moderation stays its author's to read and edit. */
export function canEditComment(
  viewer: Viewer | null,
  comment: { authorId: string | null; hiddenAt: Date | null; hiddenByReports?: boolean },
): boolean {
  return (isOwnPost(viewer, comment) && (!isHidden(comment) || comment.hiddenByReports === true)) || can(viewer, "moderate");
}

function isOwnPost(viewer: Viewer | null, post: { authorId: string | null }): boolean {
  return viewer !== null && mayWrite(viewer) && post.authorId !== null && post.authorId === viewer.id;
}

/**
 * Someone else's visible post: one's own is one's to edit, and one the moderation hid is gone. A post that reports
 * hid a moment ago while it waits for review (`underReview`) still takes reports: they join its review item.
 */
export function canReport(viewer: Viewer | null, post: { authorId: string | null; hiddenAt: Date | null; underReview?: boolean }): boolean {
  return (
    can(viewer, "report") && (!isHidden(post) || post.underReview === true) && (post.authorId === null || post.authorId !== viewer?.id)
  );
}

/**
 * A new tag needs standing (decision 0053): the member is no longer new in the sense the posting rules and the
 * weight of reports use (postingMember: at least NEW_MEMBER_LIMITS' days and published posts), or is staff.
 * A fresh account would otherwise fill the tag list with spam and near-duplicates before anyone looks.
 */
export function canCreateTag(viewer: Viewer | null, standing: { isNew: boolean; isStaff: boolean }): boolean {
  return can(viewer, "createTag") && (standing.isStaff || !standing.isNew);
}

/** A statement of reasons is its author's; staff read every one (they decide the objections). */
export function canReadStatement(viewer: Viewer | null, statement: { memberId: string | null }): boolean {
  return viewer !== null && (statement.memberId === viewer.id || can(viewer, "review"));
}

/** Only the author objects to a decision about their post, and only once. */
export function canObject(viewer: Viewer | null, statement: { memberId: string | null; objectedAt: Date | null }): boolean {
  return viewer !== null && statement.memberId === viewer.id && statement.objectedAt === null;
}

/**
 * An objection is decided by staff, but never by who made the decision it objects to (DSA Art. 20(6)); a decision
 * the forum made by itself (reports reaching the limit) any member of the team may review.
 */
export function canDecideObjection(viewer: Viewer | null, statement: { decidedBy: string | null; memberId: string | null }): boolean {
  // Nor by the member who objected: a moderator's own post, restricted by a colleague, is a third one's to review.
  return can(viewer, "review") && statement.decidedBy !== viewer!.id && statement.memberId !== viewer!.id;
}

/**
 * Reports alone never hide a staff member's post: a few members acting together could otherwise silence the
 * moderation's own notices (a pinned rules thread). Such a post waits in the queue for a colleague.
 */
export function reportsMayHide(author: Pick<Viewer, "role" | "approvalStatus"> | null): boolean {
  return !isStaff(author);
}

/**
 * Staff decide the review queue, but not an item about their own post or account: whoever was reported is no judge
 * of it, so another member of the team decides.
 */
export function canDecideReview(viewer: Viewer | null, item: { memberId: string | null }): boolean {
  return can(viewer, "review") && (item.memberId === null || item.memberId !== viewer?.id);
}

/** Staff suspend or silence members; never staff, never themselves (an administrator changes a role first). */
export function canRestrict(viewer: Viewer | null, member: { id: string; role: Role }): boolean {
  return can(viewer, "restrictMembers") && member.role === "member" && member.id !== viewer?.id;
}

/** A visible post of someone else: one's own advice is not one's to rate, and a hidden post takes no marks. */
export function canMarkHelpful(viewer: Viewer | null, post: { authorId: string | null; hiddenAt: Date | null }): boolean {
  return can(viewer, "markHelpful") && !isHidden(post) && (post.authorId === null || post.authorId !== viewer?.id);
}

/**
 * The asker chooses the answer that solved it; staff may too (a question whose author left, a wrong choice).
 * In a hidden discussion nobody does: it is the moderation's business until restored.
 */
export function canMarkSolution(viewer: Viewer | null, discussion: { authorId: string | null; hiddenAt: Date | null }): boolean {
  return !isHidden(discussion) && (isOwnPost(viewer, discussion) || can(viewer, "moderate"));
}

/** A post the member may keep as a bookmark: one they can see (a hidden one only staff see). */
export function canBookmark(viewer: Viewer | null, post: { hiddenAt: Date | null }): boolean {
  return can(viewer, "bookmark") && (!isHidden(post) || can(viewer, "moderate"));
}

/** Only the owner changes a profile (spec: "profile updates are limited to the own id"), approved or not. */
export function canEditProfile(viewer: Viewer | null, profileId: string): viewer is Viewer {
  return viewer !== null && viewer.id === profileId;
}

/**
 * What the profile shows everyone (names, company, expertise, experience, "Über mich" and the links in it, the
 * avatar) is public text the member writes, as a post is: a silenced member keeps it as it stands until the silence
 * ends. What is theirs alone (notification settings, the data export, deleting the account) stays theirs.
 */
export function canEditPublicProfile(viewer: Viewer | null, profileId: string): viewer is Viewer {
  return canEditProfile(viewer, profileId) && viewer.silenced === null;
}

/**
 * Members delete their own account (DSGVO Art. 17), also while they wait for
 * approval or were rejected; nobody deletes someone else's. Whether the last
 * administrator may leave is decided in the deleting transaction (removesLastAdmin).
 */
export function canDeleteAccount(viewer: Viewer | null, profileId: string): viewer is Viewer {
  return viewer !== null && viewer.id === profileId;
}

/** DSGVO Art. 15/20: the account's data goes to its owner only. */
export function canExportAccountData(viewer: Viewer | null, profileId: string): viewer is Viewer {
  return viewer !== null && viewer.id === profileId;
}

/** Signed in, but not (or not yet) let in by an administrator: such a member waits on /pending-approval. */
export function awaitsApproval(viewer: Viewer | null): boolean {
  return viewer !== null && !isApproved(viewer);
}

/** Hidden content exists only for staff; for everyone else it is a 404. */
export function canSeeHidden(viewer: Viewer | null): boolean {
  return can(viewer, "moderate");
}

/**
 * Whether this viewer may read the post: anything visible, hidden posts for staff, and their own for its author, who
 * sees it marked as waiting (held for review, decision 0035) or as hidden with the way to the reasons (decision 0048).
 */
export function canRead(viewer: Viewer | null, post: { authorId: string | null; hiddenAt: Date | null; heldAt: Date | null }): boolean {
  return !isHidden(post) || canSeeHidden(viewer) || (viewer !== null && post.authorId === viewer.id);
}

export const lastAdminTexts = {
  roleChange: "Der letzte Administrator kann seine Rolle nicht abgeben.",
  deletion: "Der letzte Administrator kann sein Konto nicht löschen. Ernennen Sie zuerst ein weiteres Mitglied zum Administrator.",
} as const;

/**
 * The forum must never be left without an administrator: nobody could approve
 * members or change roles any more. Callers pass the administrators they have
 * locked in their transaction, so two of them leaving at once cannot both pass.
 */
export function removesLastAdmin(memberId: string, adminIds: readonly string[]): boolean {
  return adminIds.includes(memberId) && adminIds.length <= 1;
}

/** Locked discussions take no new comments from anyone; staff unlock first. */
export function canCommentOn(viewer: Viewer | null, discussion: { lockedAt: Date | null; hiddenAt: Date | null }): boolean {
  return can(viewer, "comment") && discussion.lockedAt === null && !isHidden(discussion);
}

// Direct messages (decision 0062): a conversation exists for its participants only, staff included (a refusal is a 404).
type Participation = { leftAt: Date | null } | null;

/** Reading a conversation (and leaving it): a member who takes part in it and has not left it. */
export function canReadConversation(viewer: Viewer | null, participation: Participation): boolean {
  return can(viewer, "readMessages") && isParticipating(participation);
}

/** Writing in it: a participant who may write (not silenced). */
export function canSendMessage(viewer: Viewer | null, participation: Participation): boolean {
  return can(viewer, "sendMessages") && isParticipating(participation);
}

/** Adding a member: a participant who may write, while there is room (MAX_CONVERSATION_MEMBERS). */
export function canAddParticipant(viewer: Viewer | null, participation: Participation, participants: number): boolean {
  return canSendMessage(viewer, participation) && participants < MAX_CONVERSATION_MEMBERS;
}

/** Editing a message: its author, a participant who may write, within MESSAGE_EDIT_MINUTES, unless the moderation hid it. */
export function canEditMessage(
  viewer: Viewer | null,
  participation: Participation,
  message: { authorId: string | null; createdAt: Date; hiddenAt: Date | null },
  now = new Date(),
): boolean {
  const inTime = now.getTime() - message.createdAt.getTime() <= MESSAGE_EDIT_MINUTES * 60_000;
  return canSendMessage(viewer, participation) && message.authorId === viewer!.id && !isHidden(message) && inTime;
}

/** Reporting a message: a participant who may report, someone else's message, not one the moderation hid already. */
export function canReportMessage(
  viewer: Viewer | null,
  participation: Participation,
  message: { authorId: string | null; hiddenAt: Date | null },
) {
  return can(viewer, "report") && isParticipating(participation) && message.authorId !== viewer!.id && !isHidden(message);
}

/** A member someone wants to write to: approved, blocked either way, taking messages from known members only, known. */
export type MessageRecipient = { id: string; approved: boolean; blocked: boolean; knownMembersOnly: boolean; known: boolean };

/**
 * Whether the recipient takes messages from this writer. Never oneself. Every refusal reads the same ("kann keine
 * Nachrichten empfangen"), so a blocked member does not learn that they are blocked.
 */
export function acceptsMessagesFrom(viewer: Viewer | null, to: MessageRecipient): boolean {
  return can(viewer, "sendMessages") && to.id !== viewer!.id && to.approved && !to.blocked && (!to.knownMembersOnly || to.known);
}

/** Without a published post a member writes only to members they know: a fresh account cannot reach strangers. */
export function mayWriteToStranger(standing: { isStaff: boolean; publishedPosts: number }): boolean {
  return standing.isStaff || standing.publishedPosts > 0;
}
