/**
 * The wizard's submit, on the server, in ONE transaction: lock the draft, register the applicant
 * (role 'user') unless signed in, and submit the application through the submission service
 * (submission.server.ts: the status, the events, the marketplace and the confirmation e-mail).
 * Idempotent: the draft row lock plus the UNIQUE draft_id make a repeated or concurrent submit
 * of the same draft answer with the first one's reference.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { getApplicationByDraftId, getApplicationRowById, valuesFromDraft } from "~/features/applications/applications.server";
import { getDraftById, lockDraft, updateDraft, type DraftRow } from "~/features/applications/wizard/application-drafts.server";
import { getUserById } from "~/features/accounts/index.server";
import { draftOwner, draftValues, firstInvalidStep } from "~/features/applications/wizard/wizard.schema";
import {
  admitDraftAccount,
  ApplicantExistsError,
  applicantExistsAnswer,
  DraftNotReadyError,
  resolveApplicant,
  signInKeepingDraft,
  withoutPasswordHash,
  type WizardContext,
} from "~/features/applications/wizard/draft.server";
import { afterAccountCreated } from "~/features/accounts/index.server";
import { afterSubmissionCommitted, creditAuthorizationFor, submitApplication } from "~/features/marketplace/index.server";
import { type ConsentText } from "~/content/consents";
import { lenderShareConsentFor, smsConsentTextFor } from "~/content/consents-es.server";
import { formatPhone } from "~/ui/format";
import { transaction } from "~/platform/db/db.server";
import type { Refusal } from "~/features/accounts/index.server";
import { logError } from "~/platform/observability/log.server";
import { isDatabaseUnavailable } from "~/platform/db/db-errors.server";

/** How long after a submission a repeated submit without a live session may still find it. */
const RESUBMIT_WINDOW_MS = 30 * 60_000;

export type SubmitOutcome =
  | { ok: true; reference: string; amount: number; alreadySubmitted: boolean; headers: Headers }
  | { ok: false; reason: "failed" }
  /** Refused by the account-creation service: "already exists" (409, or 429 past the enumeration
   *  limit) or the sign-up throttle (429); the answer's status, message and headers. */
  | { ok: false; reason: "userExists" | "throttled"; refusal: Refusal }
  | { ok: false; reason: "incomplete"; step: number };

/** The review form's hidden key: the draft id and a random secret kept in the draft. */
export async function ensureSubmitKey(draft: DraftRow): Promise<string> {
  let key = draft.data.submitKey;
  if (!key) {
    key = randomBytes(16).toString("base64url");
    await updateDraft(draft.id, { data: { ...draft.data, submitKey: key } });
  }
  return `${draft.id}.${key}`;
}

function keyMatches(draft: DraftRow, secret: string) {
  const expected = draft.data.submitKey;
  if (!expected) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A repeated submit whose session is gone: the review form's key finds the submitted draft. */
async function findByKey(submitKey: string | undefined): Promise<DraftRow | null> {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{10,100})$/.exec(submitKey ?? "");
  if (!m) return null;
  const draft = await getDraftById(Number(m[1]));
  if (!draft || !draft.submittedAt || !draft.userId || !keyMatches(draft, m[2]!)) return null;
  if (Date.now() - draft.submittedAt.getTime() > RESUBMIT_WINDOW_MS) return null;
  return draft;
}

async function alreadySubmitted(ctx: WizardContext, draft: DraftRow, proven: boolean): Promise<SubmitOutcome> {
  const app = draft.loanApplicationId ? await getApplicationRowById(draft.loanApplicationId) : await getApplicationByDraftId(draft.id);
  if (!app) return { ok: false, reason: "failed" };
  const headers = new Headers();
  // The first submit signed the applicant in with a new session id; a duplicate sent with the old
  // cookie (double click without JavaScript) proved it held this draft, so it gets that session too.
  if (proven && draft.userId && ctx.user?.id !== draft.userId) {
    const owner = await getUserById(draft.userId);
    if (owner) headers.append("set-cookie", await signInKeepingDraft(ctx.session, owner, draft.id, ctx.userAgent));
  }
  return { ok: true, reference: app.reference, amount: Number(app.amount), alreadySubmitted: true, headers };
}

/** The context with the draft as it is now. */
async function refreshed(ctx: WizardContext): Promise<WizardContext> {
  return { ...ctx, draft: ctx.draft ? await getDraftById(ctx.draft.id) : null };
}

export async function submitDraft(
  ctx: WizardContext,
  input: { consentMarketing: boolean; smsConsent?: boolean; submitKey?: string; ip: string; language?: "en" | "es" },
  again = false,
): Promise<SubmitOutcome> {
  if (!ctx.draft) {
    const byKey = await findByKey(input.submitKey);
    return byKey ? alreadySubmitted(ctx, byKey, true) : { ok: false, reason: "incomplete", step: 1 };
  }
  if (ctx.draft.submittedAt) return alreadySubmitted(ctx, ctx.draft, true);
  // Registering the applicant is a sign-up: the account-creation service's throttle first.
  const refusal = await admitDraftAccount(ctx, input.ip);
  if (refusal) return { ok: false, reason: "throttled", refusal };
  const draftId = ctx.draft.id;
  try {
    const result = await transaction(async (tx) => {
      const draft = await lockDraft(tx, draftId);
      if (!draft) return { kind: "incomplete" as const, step: 1 };
      if (draft.submittedAt) return { kind: "already" as const, draft };
      const invalid = firstInvalidStep(draft.data, Boolean(ctx.user));
      const values = draftValues(draft.data);
      if (invalid < 5 || !values) return { kind: "incomplete" as const, step: Math.min(invalid, 4) };
      const { userId, registered } = await resolveApplicant(tx, draft, ctx.user, ctx.language);
      const appValues = valuesFromDraft(values);
      const existing = draft.loanApplicationId
        ? await getApplicationRowById(draft.loanApplicationId, tx)
        : await getApplicationByDraftId(draft.id, tx);
      const wizardDraft = { id: draft.id, update: { userId, data: withoutPasswordHash(draft.data) } };
      let app = existing;
      // The review step's consents, in the words it showed (the lenders serving the state and purpose now).
      const phone = (ctx.user ?? registered)?.phone ?? draftOwner(draft.data)?.phone ?? "";
      // In the review page's language: a Spanish consent is recorded as its own text (consents-es.server.ts).
      const language = input.language ?? "en";
      const consents: ConsentText[] = [await creditAuthorizationFor(appValues.state, appValues.purpose, tx, language)];
      if (input.smsConsent && phone) consents.push(smsConsentTextFor(language, formatPhone(phone)));
      if (!existing || existing.status === "draft") {
        app = await submitApplication(tx, {
          userId,
          actorUserId: userId,
          values: appValues,
          consentMarketing: input.consentMarketing,
          consents,
          phone: phone || null,
          ip: input.ip,
          // Submitting the review form is agreeing to the sentence shown next to its button.
          shareWithLenders: true,
          lenderShareText: lenderShareConsentFor(language),
          draftRow: existing,
          wizardDraft,
          applicant: ctx.user ?? registered,
        });
      } else {
        // Submitted meanwhile (through the API): the draft is done too.
        await updateDraft(draft.id, { submittedAt: new Date(), loanApplicationId: existing.id, ...wizardDraft.update }, tx);
      }
      if (!app) throw new Error("application row missing");
      if (registered) await afterAccountCreated(registered, tx); // sends the e-mail verification link
      return { kind: "done" as const, reference: app.reference, amount: appValues.amount, registered, draftId: draft.id };
    });
    if (result.kind === "incomplete") return { ok: false, reason: "incomplete", step: result.step };
    if (result.kind === "already") return alreadySubmitted(ctx, result.draft, true);
    afterSubmissionCommitted();
    const headers = new Headers();
    if (result.registered)
      headers.append("set-cookie", await signInKeepingDraft(ctx.session, result.registered, result.draftId, ctx.userAgent));
    return { ok: true, reference: result.reference, amount: result.amount, alreadySubmitted: false, headers };
  } catch (e) {
    if (e instanceof ApplicantExistsError) {
      const refusal = await applicantExistsAnswer(input.ip);
      return { ok: false, reason: refusal.status === 409 ? "userExists" : "throttled", refusal };
    }
    // The address changed (another tab) after the throttle admitted the one it had: ask again.
    if (e instanceof DraftNotReadyError && e.reason === "not-admitted" && !again) return submitDraft(await refreshed(ctx), input, true);
    // The database went away (a fail-over, a node leaving its cluster): the transaction was rolled
    // back with its connection; the app answers 503 with Retry-After (entry.server), not "failed".
    if (isDatabaseUnavailable(e)) throw e;
    logError("submit", e);
    return { ok: false, reason: "failed" };
  }
}
