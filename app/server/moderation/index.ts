export { type AuditLogEntry, listAuditLog, recordAudit } from "./audit.server";
export { changeStatus, type StatusChange } from "./moderation.server";
