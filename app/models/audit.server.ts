/** Append-only security audit log. Values are cut and stripped of CR/LF; never PII. */
import { getDb, schema } from "~/utils/db.server";

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
    console.error("[audit] could not write an audit entry");
  }
}
