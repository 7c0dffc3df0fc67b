export * as guardian from "./permissions.server";
export { requestMagicLink, requestPasswordReset, resendVerification, resetPassword, signIn, signOut, signUp } from "./accounts.server";
export { auth, authHeaders, isPasswordResetTokenValid, SESSION_REFRESH_SECONDS, SESSION_SECONDS, signingSecret } from "./auth.server";
export {
  checkPermission,
  notFoundUnless,
  requireApprovedUser,
  requirePageParam,
  requirePermission,
  requireUser,
  signInPathBackTo,
} from "./guards.server";
export { createMemberAccount, ensureAdmin, hashMemberPassword } from "./member-accounts.server";
export { passwordHashing } from "./password.server";
export {
  holdReasons,
  type HoldReason,
  NEW_MEMBER_LIMITS,
  newMemberTexts,
  postingAuthor,
  type PostingMember,
  postingMember,
} from "./new-members.server";
export {
  awaitsApproval,
  can,
  canCommentOn,
  canDeleteAccount,
  canEditComment,
  canBookmark,
  canDecideReview,
  canEditDiscussion,
  canEditProfile,
  canEditPublicProfile,
  canExportAccountData,
  canMarkHelpful,
  canMarkSolution,
  canRead,
  canReport,
  canReadStatement,
  canObject,
  canDecideObjection,
  canRestrict,
  mayWrite,
  canSeeHidden,
  lastAdminTexts,
  type Permission,
  permissions,
  removesLastAdmin,
  reportsMayHide,
} from "./permissions.server";
export {
  authRateRules,
  checkRateLimits,
  hitRateLimit,
  draftSavesPerMember,
  helpfulMarksPerMember,
  imageUploadsPerMember,
  mentionSuggestionsPerMember,
  newMemberRateRules,
  purgeRateLimits,
  type RateRule,
  reportRateRules,
  signInDelayMs,
  signInSlowdown,
} from "./rate-limit.server";
export { endSessions, findViewer, getViewer, type Viewer } from "./session.server";
export { accountEvents } from "./events.server";
export {
  issueChallenge,
  issueFormStamp,
  MIN_FILL_MS,
  PROOF_OF_WORK,
  readFormStamp,
  screenSignUp,
  signUpGuardTexts,
  type SignUpGuardFields,
} from "./sign-up-guard.server";
