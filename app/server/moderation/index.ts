export { type AuditLogEntry, listAuditLog, recordAudit } from "./audit.server";
export { moderateComment, moderateDiscussion, type CommentModeration, type DiscussionModeration } from "./moderation.server";
