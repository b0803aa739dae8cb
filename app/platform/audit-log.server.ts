/** Append-only security audit log. Values are cut and stripped of CR/LF; never PII. */
import { and, desc, eq, inArray, or } from "drizzle-orm";
import { getDb, schema } from "~/platform/db/db.server";
import { log } from "~/platform/observability/log.server";

export type AuditEntry = {
  actorUserId?: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  outcome?: "success" | "failure" | "denied";
  ip?: string | null;
  details?: string;
};

const clean = (v: string | undefined | null, max: number) => (v == null ? null : v.replace(/[\r\n]+/g, " ").slice(0, max));

export async function recordAudit(e: AuditEntry) {
  try {
    await getDb()
      .insert(schema.auditLog)
      .values({
        actorUserId: e.actorUserId ?? null,
        action: clean(e.action, 60)!,
        targetType: clean(e.targetType, 40),
        targetId: clean(e.targetId == null ? null : String(e.targetId), 40),
        outcome: e.outcome ?? "success",
        ip: clean(e.ip, 64),
        details: clean(e.details, 500),
      });
  } catch {
    log.error("[audit] could not write an audit entry");
  }
}

// ---------------------------------------------------------------------------------------------
// Reading. There is deliberately no update or delete here: the audit log is append-only for the
// app (in production the app's database user gets only INSERT and SELECT on audit_log).

export type AuditTrailEntry = {
  id: number;
  at: Date;
  action: string;
  outcome: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  details: string | null;
  actorUserId: number | null;
  actorName: string | null;
  actorRole: "user" | "admin" | "lender" | null;
};

/**
 * The audit entries about one application: those targeting the application itself
 * (target_type 'application', its database id) and those targeting its documents
 * (target_type 'document', their ids), newest first, at most `limit`.
 */
export async function listAuditForApplication(applicationId: number, documentIds: number[], limit = 200): Promise<AuditTrailEntry[]> {
  const a = schema.auditLog;
  const u = schema.users;
  const aboutApplication = and(eq(a.targetType, "application"), eq(a.targetId, String(applicationId)));
  const where = documentIds.length
    ? or(
        aboutApplication,
        and(
          eq(a.targetType, "document"),
          inArray(
            a.targetId,
            documentIds.map((id) => String(id)),
          ),
        ),
      )
    : aboutApplication;
  const rows = await getDb()
    .select({
      id: a.id,
      at: a.at,
      action: a.action,
      outcome: a.outcome,
      targetType: a.targetType,
      targetId: a.targetId,
      ip: a.ip,
      details: a.details,
      actorUserId: a.actorUserId,
      actorFirstName: u.firstName,
      actorLastName: u.lastName,
      actorRole: u.role,
    })
    .from(a)
    .leftJoin(u, eq(u.id, a.actorUserId))
    .where(where)
    .orderBy(desc(a.at), desc(a.id))
    .limit(limit);
  return rows.map(({ actorFirstName, actorLastName, ...r }) => ({
    ...r,
    actorName: actorFirstName != null ? `${actorFirstName} ${actorLastName ?? ""}`.trim() : null,
  }));
}
