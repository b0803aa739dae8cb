/**
 * The JSON API's application writes (POST /api/loan-applications, PATCH /api/loan-applications/db/:id),
 * composed from the wizard's write functions and the admin's status service: the field rules are
 * the wizard steps' schemas (via ~/features/applications/api.schema), the row writes are applications.server.ts's,
 * an admin's status change is application-status.server.ts's changeStatus.
 *
 * Authorization lives here: a client-sent userId must be the caller's own; only the owner or an
 * admin may touch an application (anyone else gets the same 404 as a missing one); a non-admin may
 * only submit; a submitted application's fields no longer change.
 */
import { applicationFieldValues, getApplicationRow, lockApplication, toApiApplication } from "~/features/applications/applications.server";
import { recordColleagueChange } from "~/features/back-office/index.server";
import { insertApplication, updateDraftApplication } from "~/features/applications/applications.server";
import { recordApplicationEvent } from "~/features/applications/application-events.server";
import type { PublicUser } from "~/features/accounts/index.server";
import {
  APPLICATION_DEFAULTS,
  mergeApplicationValues,
  type ApiApplication,
  type ApiCreateApplicationBody,
  type ApiUpdateApplicationBody,
} from "~/features/applications/api.schema";
import type { ApplicationFieldValues } from "~/features/applications/fields";
import {
  ApplicationNotFoundError,
  changeStatus,
  RejectionReasonRequiredError,
  StatusChangeRefusedError,
} from "~/features/applications/application-status.server";
import { kickOutbox } from "~/features/mail/index.server";
import { afterSubmissionCommitted, submitApplication } from "~/features/marketplace/index.server";
import { transaction } from "~/platform/db/db.server";
import { MSG } from "~/content/messages";

export type ApiWriteOutcome =
  | { ok: true; status: 200 | 201; application: ApiApplication }
  | { ok: false; status: 400; errors: Record<string, string[]> }
  | { ok: false; status: 403 | 404 | 409; message: string };

const FIELD_KEYS = Object.keys(APPLICATION_DEFAULTS) as Array<keyof ApplicationFieldValues>;

/** The application fields the payload actually gives. */
function givenFields(body: Partial<ApplicationFieldValues>): Partial<ApplicationFieldValues> {
  const out: Partial<ApplicationFieldValues> = {};
  for (const key of FIELD_KEYS) if (body[key] !== undefined) (out as Record<string, unknown>)[key] = body[key];
  return out;
}

const notFound = (): ApiWriteOutcome => ({ ok: false, status: 404, message: MSG.statusNotFound });

/** POST /api/loan-applications: a new application of the caller, a draft unless status is 'submitted'. */
export async function createApiApplication(user: PublicUser, body: ApiCreateApplicationBody): Promise<ApiWriteOutcome> {
  if (body.userId !== undefined && body.userId !== user.id) return { ok: false, status: 403, message: MSG.apiUserIdMismatch };
  const final = body.status === "submitted";
  const merged = mergeApplicationValues(APPLICATION_DEFAULTS, givenFields(body), final);
  if (!merged.ok) return { ok: false, status: 400, errors: merged.errors };
  const row = await transaction(async (tx) => {
    if (final) {
      return submitApplication(tx, {
        userId: user.id,
        actorUserId: user.id,
        values: merged.values,
        consentMarketing: false,
        shareWithLenders: body.shareWithLenders === true,
        draftRow: null,
        applicant: user,
      });
    }
    const { row: created } = await insertApplication(tx, {
      userId: user.id,
      // API applications have no wizard draft.
      draftId: null,
      values: merged.values,
      status: "draft",
    });
    await recordApplicationEvent(tx, { applicationId: created.id, actorUserId: user.id, type: "created", toStatus: created.status });
    return created;
  });
  if (final) afterSubmissionCommitted();
  return { ok: true, status: 201, application: toApiApplication(row) };
}

type UpdateStep =
  | { kind: "done"; outcome: ApiWriteOutcome; submitted: boolean }
  | { kind: "admin-status"; to: Exclude<ApiUpdateApplicationBody["status"], "draft" | undefined> };

/**
 * PATCH /api/loan-applications/db/:id. A draft takes the given fields (and is submitted when
 * status is 'submitted': every step must then pass). A submitted application's fields are fixed;
 * an admin may still change its status (through the admin's status service: event, e-mail).
 */
export async function updateApiApplication(
  user: PublicUser,
  id: number,
  body: ApiUpdateApplicationBody,
  meta: { ip?: string | null } = {},
): Promise<ApiWriteOutcome> {
  if (body.userId !== undefined && body.userId !== user.id) return { ok: false, status: 403, message: MSG.apiUserIdMismatch };
  const isAdmin = user.role === "admin";
  const wanted = body.status;
  if (!isAdmin && wanted !== undefined && wanted !== "submitted" && wanted !== "draft") {
    return { ok: false, status: 403, message: MSG.apiStatusNotAllowed };
  }
  const given = givenFields(body);
  const hasFields = Object.keys(given).length > 0;

  const step = await transaction(async (tx): Promise<UpdateStep> => {
    const row = await lockApplication(tx, id);
    if (!row || (!isAdmin && row.userId !== user.id)) return { kind: "done", outcome: notFound(), submitted: false };
    if (row.status !== "draft") {
      const unchanged = !hasFields && (wanted === undefined || wanted === row.status);
      if (unchanged) return { kind: "done", outcome: { ok: true, status: 200, application: toApiApplication(row) }, submitted: false };
      if (hasFields || wanted === "draft" || !isAdmin || wanted === undefined) {
        return { kind: "done", outcome: { ok: false, status: 409, message: MSG.apiApplicationLocked }, submitted: false };
      }
      return { kind: "admin-status", to: wanted };
    }
    if (wanted !== undefined && wanted !== "draft" && wanted !== "submitted") {
      return { kind: "done", outcome: { ok: false, status: 409, message: MSG.apiApplicationNotSubmitted }, submitted: false };
    }
    const final = wanted === "submitted";
    const merged = mergeApplicationValues(applicationFieldValues(row), given, final);
    if (!merged.ok) return { kind: "done", outcome: { ok: false, status: 400, errors: merged.errors }, submitted: false };
    if (final) {
      // An application the wizard created: the submission marks its draft done too.
      await submitApplication(tx, {
        userId: row.userId,
        actorUserId: user.id,
        values: merged.values,
        consentMarketing: row.consentMarketing,
        shareWithLenders: body.shareWithLenders === true,
        draftRow: row,
      });
    } else if (hasFields) {
      await updateDraftApplication(tx, row.id, merged.values);
    }
    const fresh = await getApplicationRow(row.id, tx);
    return { kind: "done", outcome: { ok: true, status: 200, application: toApiApplication(fresh ?? row) }, submitted: final };
  });

  if (step.kind === "done") {
    if (step.submitted) afterSubmissionCommitted();
    return step.outcome;
  }
  return changeStatusForApi(user, id, { status: step.to, note: body.note }, meta);
}

/** PATCH /api/admin/applications/:id/status: the admin's status change, answered with the application. */
export async function changeStatusForApi(
  admin: PublicUser,
  id: number,
  input: { status: Exclude<ApiUpdateApplicationBody["status"], "draft" | undefined>; note?: string },
  meta: { ip?: string | null } = {},
): Promise<ApiWriteOutcome> {
  try {
    const change = await changeStatus(admin.id, id, input.status, input.note ?? null, { ip: meta.ip ?? null });
    // Back office: a change to an application assigned to a colleague is recorded.
    if (change.changed) await recordColleagueChange(admin.id, id, `status ${change.from} -> ${change.to}`, { ip: meta.ip ?? null });
  } catch (e) {
    if (e instanceof RejectionReasonRequiredError) return { ok: false, status: 400, errors: { note: [e.message] } };
    if (e instanceof ApplicationNotFoundError) return notFound();
    // E.g. "approved" without an accepted offer; nothing changed.
    if (e instanceof StatusChangeRefusedError) return { ok: false, status: 409, message: e.message };
    throw e;
  }
  kickOutbox();
  const row = await getApplicationRow(id);
  return row ? { ok: true, status: 200, application: toApiApplication(row) } : notFound();
}
