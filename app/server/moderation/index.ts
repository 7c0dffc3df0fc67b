export { type AuditLogEntry, listAuditLog, recordAudit } from "./audit.server";
export { moderateComment, moderateDiscussion, type CommentModeration, type DiscussionModeration } from "./moderation.server";
export {
  AUTO_HIDDEN_REASON,
  hidePost,
  type PostRef,
  type ReportInput,
  reportedBy,
  reportPost,
  reportTexts,
  withdrawReport,
} from "./reports.server";
export {
  decideReview,
  liftRestriction,
  type Restriction,
  restrictMember,
  type ReviewDecision,
  reviewDecisions,
  reviewTexts,
  suspendMember,
} from "./review.server";
