export { type AuditLogEntry, listAuditLog, recordAudit } from "./audit.server";
export { setCommentHidden, setDiscussionHidden, setLocked, setPinned } from "./moderation.server";
