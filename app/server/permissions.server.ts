import type { Viewer } from "./session.server";

/**
 * The guardian: the one place that answers "may this viewer do this?".
 * Loaders and actions ask it; the UI asks it too, but only to hide buttons.
 */
export function isAdmin(viewer: Viewer | null): boolean {
  return viewer?.role === "admin";
}

export function isStaff(viewer: Viewer | null): boolean {
  return viewer?.role === "admin" || viewer?.role === "moderator";
}

/** Approved members may write; administrators may always (spec: "comment without the approval flag"). */
export function isApproved(viewer: Viewer | null): boolean {
  return viewer !== null && (viewer.approvalStatus === "approved" || viewer.role === "admin");
}

export const permissions = {
  openAdminPanel: (viewer: Viewer | null) => isAdmin(viewer),
  approveMembers: (viewer: Viewer | null) => isAdmin(viewer),
  createDiscussion: (viewer: Viewer | null) => isApproved(viewer),
  comment: (viewer: Viewer | null) => isApproved(viewer),
} as const;

export type Permission = keyof typeof permissions;

/** Only the author edits a discussion or comment (moderators come with the moderation tools). */
export function canEditDiscussion(viewer: Viewer | null, discussion: { authorId: string | null }): boolean {
  return viewer !== null && isApproved(viewer) && discussion.authorId !== null && discussion.authorId === viewer.id;
}

export function canEditComment(viewer: Viewer | null, comment: { authorId: string | null }): boolean {
  return viewer !== null && isApproved(viewer) && comment.authorId !== null && comment.authorId === viewer.id;
}

export function can(viewer: Viewer | null, permission: Permission): boolean {
  return permissions[permission](viewer);
}
