/**
 * The audit log as pages and API routes use it: record an entry (who did what, from where, with
 * which outcome) and read an application's trail. Routes reach the audit_log table through here.
 */
export { listAuditForApplication, recordAudit, type AuditEntry, type AuditTrailEntry } from "~/models/audit-log.server";
