/**
 * The JSON API's application writes (POST /api/loan-applications, PATCH /api/loan-applications/db/:id),
 * composed from the wizard's write functions and the admin's status service: the field rules are
 * the wizard steps' schemas (via ~/schemas/api.schema), the row writes are applications.server.ts's,
 * an admin's status change is application-status.server.ts's changeStatus.
 *
 * Authorization lives here: a client-sent userId must be the caller's own; only the owner or an
 * admin may touch an application (anyone else gets the same 404 as a missing one); a non-admin may
 * only submit; a submitted application's fields no longer change.
 */
import { applicationFieldValues, getApplicationRow, lockApplication, toApiApplication } from "~/models/applications.server";
import { recordColleagueChange } from "./back-office.server";
import { insertApplication, markApplicationSubmitted, updateDraftApplication } from "~/models/applications.server";
import { recordApplicationEvent } from "~/models/application-events.server";
import { updateDraft } from "~/models/application-drafts.server";
import { enqueueEmail } from "~/models/outbox.server";
import { getUserById, type PublicUser } from "~/models/users.server";
import {
  APPLICATION_DEFAULTS,
  mergeApplicationValues,
  type ApiApplication,
  type ApiCreateApplicationBody,
  type ApiUpdateApplicationBody,
  type ApplicationFieldValues,
} from "~/schemas/api.schema";
import { ApplicationNotFoundError, changeStatus, RejectionReasonRequiredError } from "~/services/application-status.server";
import { kickOutbox } from "~/services/mail.server";
import { confirmationEmail } from "~/services/submit.server";
import { marketplaceEmailLines, matchOnSubmit } from "~/services/marketplace.server";
import { transaction, type Tx } from "~/models/db.server";
import { MSG } from "~/utils/messages";

type Row = NonNullable<Awaited<ReturnType<typeof getApplicationRow>>>;

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

/** The spec's submission side effects: the 'submitted' event and the confirmation e-mail. */
async function recordSubmission(tx: Tx, row: Row, actorUserId: number) {
  await recordApplicationEvent(tx, { applicationId: row.id, actorUserId, type: "submitted", fromStatus: "draft", toStatus: "submitted" });
  const applicant = await getUserById(row.userId, tx);
  if (!applicant) throw new Error("applicant missing");
  // The marketplace: decisions and offers commit with the submission (issue 12).
  const market = await matchOnSubmit(tx, row.id);
  const mail = confirmationEmail({ firstName: applicant.firstName, reference: row.applicationId, amount: Number(row.amount), purpose: row.purpose, marketplace: marketplaceEmailLines(row.applicationId, market) });
  await enqueueEmail(tx, { to: applicant.email, subject: mail.subject, text: mail.text, kind: "application_submitted" });
}

/** POST /api/loan-applications: a new application of the caller, a draft unless status is 'submitted'. */
export async function createApiApplication(user: PublicUser, body: ApiCreateApplicationBody): Promise<ApiWriteOutcome> {
  if (body.userId !== undefined && body.userId !== user.id) return { ok: false, status: 403, message: MSG.apiUserIdMismatch };
  const final = body.status === "submitted";
  const merged = mergeApplicationValues(APPLICATION_DEFAULTS, givenFields(body), final);
  if (!merged.ok) return { ok: false, status: 400, errors: merged.errors };
  const now = new Date();
  const row = await transaction(async (tx) => {
    const { row: created } = await insertApplication(tx, {
      userId: user.id,
      // API applications have no wizard draft; the column is nullable (see the report to the lead).
      draftId: null as unknown as number,
      values: merged.values,
      status: final ? "submitted" : "draft",
      submittedAt: final ? now : null,
      consentMarketing: false,
      consentedAt: final ? now : null,
    });
    await recordApplicationEvent(tx, { applicationId: created.id, actorUserId: user.id, type: "created", toStatus: created.status });
    if (final) await recordSubmission(tx, created, user.id);
    return created;
  });
  if (final) kickOutbox();
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
      const now = new Date();
      await markApplicationSubmitted(tx, row.id, { values: merged.values, submittedAt: now, consentMarketing: row.consentMarketing });
      await recordSubmission(tx, row, user.id);
      // An application the wizard created: its draft is done too, so the wizard will not resubmit it.
      if (row.draftId) await updateDraft(row.draftId, { submittedAt: now, loanApplicationId: row.id }, tx);
    } else if (hasFields) {
      await updateDraftApplication(tx, row.id, merged.values);
    }
    const fresh = await getApplicationRow(row.id, tx);
    return { kind: "done", outcome: { ok: true, status: 200, application: toApiApplication(fresh ?? row) }, submitted: final };
  });

  if (step.kind === "done") {
    if (step.submitted) kickOutbox();
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
    // Back office (issue 17): a change to an application assigned to a colleague is recorded.
    if (change.changed) await recordColleagueChange(admin.id, id, `status ${change.from} -> ${change.to}`, { ip: meta.ip ?? null });
  } catch (e) {
    if (e instanceof RejectionReasonRequiredError) return { ok: false, status: 400, errors: { note: [e.message] } };
    if (e instanceof ApplicationNotFoundError) return notFound();
    throw e;
  }
  kickOutbox();
  const row = await getApplicationRow(id);
  return row ? { ok: true, status: 200, application: toApiApplication(row) } : notFound();
}
