/**
 * Admin list views (issue 11, finding 9): lists show many applicants' addresses and income, so each
 * page view is audited. The search text can be a name or e-mail: only whether there was one is kept.
 */
import { recordAudit } from "~/models/audit-log.server";

export type AdminListView = {
  view: "applications" | "documents";
  via: "page" | "api";
  page?: number;
  status?: string | null;
  searched?: boolean;
};

export async function recordAdminListView(adminId: number, ip: string | null, v: AdminListView) {
  const parts = [`via=${v.via}`, `page=${v.page ?? 1}`, v.status ? `status=${v.status}` : null, v.searched ? "search=yes" : null].filter(
    Boolean,
  );
  await recordAudit({
    actorUserId: adminId,
    action: `admin.list_${v.view}`,
    targetType: "list",
    targetId: v.view,
    ip,
    details: parts.join(" "),
  });
}
