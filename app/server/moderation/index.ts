export { type AuditLogEntry, listAuditLog, recordAudit } from "./audit.server";
export { moderationEvents } from "./events.server";
export { type MessageReportInput, reportMessage } from "./message-reports.server";
export { moderateComment, moderateDiscussion, type CommentModeration, type DiscussionModeration } from "./moderation.server";
export {
  AUTO_HIDDEN_REASON,
  hidePost,
  holdForReview,
  queueNotice,
  restorePost,
  type PostRef,
  type ReportInput,
  reportedBy,
  reportedHere,
  reportPost,
  reportTexts,
  reportWeight,
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
export {
  countOpenReviewItems,
  openReviewItemsCount,
  listReviewQueue,
  type MemberRestriction,
  restrictionOf,
  REVIEW_PAGE_SIZE,
  type ReviewQueueItem,
  type ReviewQueuePage,
  type ReviewNotice,
  type ReviewReport,
} from "./review-queue.server";
