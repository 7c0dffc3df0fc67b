export * as guardian from "./permissions.server";
export {
  requestMagicLink,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signIn,
  type SignInStep,
  signOut,
  signUp,
} from "./accounts.server";
export {
  type AppKey,
  completeSignIn,
  confirmApp,
  normalizeCode,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  pendingAppKey,
  registerPasskey,
  secondFactorState,
  type SecondFactorState,
  secondFactorTexts,
  setUpAppWithKey,
  signInWithPasskey,
  startApp,
} from "./second-factor.server";
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
  awaitsSecondFactor,
  canResetSecondFactor,
  can,
  canCommentOn,
  canDeleteAccount,
  canEditComment,
  canBookmark,
  canDecideReview,
  canCreateTag,
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
  tagSuggestionsPerMember,
  similarSuggestionsPerMember,
  newMemberRateRules,
  purgeRateLimits,
  type RateRule,
  reportRateRules,
  signInDelayMs,
  signInSlowdown,
} from "./rate-limit.server";
export { endSessions, findViewer, getViewer, suspensionOfEndedSession, type Suspension, type Viewer } from "./session.server";
export { accountEvents } from "./events.server";
export { suspendedNow } from "./restrictions.server";
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
