/**
 * The application status lookup (docs/product.md: /application-status and GET /api/loan-applications/status/:id).
 * Order matters: a blank ID is refused before anything else (no lookup, no throttle hit); every
 * other attempt counts against the client's throttle, so references cannot be enumerated; a
 * failure of the lookup itself (database down) is answered with the product's "try again later".
 */
import { getApplicationStatus, type ApplicationStatusView } from "~/features/applications/applications.server";
import { throttle } from "~/platform/security/throttle.server";
import { lifecycleViewById, type LifecycleView } from "~/features/marketplace/index.server";
import type { DbOrTx } from "~/platform/db/db.server";
import { logError } from "~/platform/observability/log.server";
import { MSG } from "~/content/messages";

export type StatusLookupOutcome =
  | { kind: "found"; status: 200; application: Omit<ApplicationStatusView, "id"> & { lifecycle: LifecycleView | null } }
  | { kind: "required"; status: 400; message: string }
  | { kind: "not-found"; status: 404; message: string }
  | { kind: "throttled"; status: 429; message: string; headers: Record<string, string> }
  | { kind: "unavailable"; status: 503; message: string };

/**
 * Looks up `rawId` for the client at `clientIp`. `db` is where the application is read from
 * (the app's pool unless a caller passes another connection).
 */
export async function lookupApplicationStatus(
  rawId: string | null | undefined,
  clientIp: string,
  db?: DbOrTx,
): Promise<StatusLookupOutcome> {
  const id = (rawId ?? "").trim();
  if (!id) return { kind: "required", status: 400, message: MSG.statusIdRequired };
  try {
    const limited = await throttle("statusLookup", [`ip:${clientIp}`]);
    if (limited) return { kind: "throttled", status: 429, message: limited.message, headers: limited.headers };
    const application = await getApplicationStatus(id, db);
    if (!application) return { kind: "not-found", status: 404, message: MSG.statusNotFound };
    const { id: applicationId, ...shown } = application;
    // The stage and its timeline, in the same words as the dashboard and the e-mails.
    const lifecycle = await lifecycleViewById(applicationId);
    return { kind: "found", status: 200, application: { ...shown, lifecycle } };
  } catch (error) {
    logError("status-lookup", error);
    return { kind: "unavailable", status: 503, message: MSG.statusUnavailable };
  }
}
