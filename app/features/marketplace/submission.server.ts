/**
 * THE submission: every way an application becomes 'submitted' (the wizard's review
 * step, POST /api/loan-applications with status 'submitted', PATCH /api/loan-applications/db/:id)
 * comes here, in the caller's transaction, so the side effects cannot diverge:
 *   - the row is marked (or created) 'submitted' with submittedAt and the consent time, and the
 *     consent to share with partner lenders when given (time, text version, SHA-256 of the text),
 *   - the 'created' event (a new row) and the 'submitted' event,
 *   - the marketplace: decisions and offers commit with the submission,
 *   - the confirmation e-mail to the applicant (with the marketplace's lines),
 *   - the wizard draft behind the application is marked submitted, so it is not submitted twice.
 * The caller calls `afterSubmissionCommitted()` once its transaction has committed.
 */
import { recordConsents } from "~/platform/consents.server";
import type { ConsentText } from "~/content/consents";
import { LENDER_SHARE_CONSENT, type LenderShareConsentText } from "~/content/lender-share-consent";
import { readerTimeZone } from "~/features/mail";
import { renderMail } from "~/features/mail/index.server";
import { actionNoticeMail, confirmationMail } from "~/features/mail/index.server";
import {
  insertApplication,
  lenderShareConsentGiven,
  markApplicationSubmitted,
  type ApplicationRow,
  type ApplicationValues,
} from "~/features/applications/index.server";
import { recordApplicationEvent } from "~/features/applications/index.server";
import { updateDraft, type DraftRow } from "~/features/applications/index.server";
import { enqueueEmail } from "~/platform/outbox/outbox.server";
import { getUserById, getUserLanguage, type PublicUser } from "~/features/accounts/index.server";
import type { Tx } from "~/platform/db/db.server";
import { kickOutbox } from "~/features/mail/index.server";
import { matchOnSubmit } from "~/features/marketplace/marketplace.server";

export type SubmissionInput = {
  /** The application's owner. */
  userId: number;
  /** Who submits (the owner, or an admin through the API). */
  actorUserId: number;
  values: ApplicationValues;
  consentMarketing: boolean;
  /**
   * The applicant agreed to share the application and its documents with the matched partner
   * lenders (the review step's sentence next to Submit, or the API's shareWithLenders). Without it
   * the application is matched and offered as usual but no lender sees it.
   */
  shareWithLenders: boolean;
  /** The lender-share sentence the applicant was shown (a Spanish page's: consents-es.server.ts); English by default (the API). */
  lenderShareText?: LenderShareConsentText;
  /** The row to submit (status 'draft'), or null to create a submitted row. */
  draftRow: ApplicationRow | null;
  /** The wizard draft behind the application, if any, and what else the caller stores in it. */
  wizardDraft?: { id: number; update?: Partial<Pick<DraftRow, "userId" | "data">> } | null;
  /** The applicant when the caller already has it (else read by userId). */
  applicant?: Pick<PublicUser, "email" | "firstName"> | null;
  /** The client address the consents were given from (recorded with them), when known. */
  ip?: string | null;
  /** Other consents given with the submission (the review step's credit authorisation, SMS), recorded with the application. */
  consents?: ConsentText[];
  /** The phone number an SMS consent names. */
  phone?: string | null;
  /** The referral partner sending it: set on the new row before matching, so its webhooks see the first move. */
  partnerId?: number | null;
  now?: Date;
};

/** Submits an application in `tx` with all of the submission's side effects; returns its row. */
export async function submitApplication(tx: Tx, input: SubmissionInput): Promise<ApplicationRow> {
  const now = input.now ?? new Date();
  const lenderShareText = input.lenderShareText ?? LENDER_SHARE_CONSENT;
  const lenderShareConsent = input.shareWithLenders ? lenderShareConsentGiven(now, lenderShareText) : null;
  let row: ApplicationRow;
  if (input.draftRow) {
    if (input.draftRow.status !== "draft") throw new Error("only a draft application can be submitted");
    row = input.draftRow;
    await markApplicationSubmitted(tx, row.id, {
      values: input.values,
      submittedAt: now,
      consentMarketing: input.consentMarketing,
      lenderShareConsent,
    });
  } else {
    row = (
      await insertApplication(tx, {
        userId: input.userId,
        // API applications have no wizard draft.
        draftId: input.wizardDraft?.id ?? null,
        values: input.values,
        status: "submitted",
        submittedAt: now,
        consentMarketing: input.consentMarketing,
        consentedAt: now,
        lenderShareConsent,
        partnerId: input.partnerId ?? null,
      })
    ).row;
    await recordApplicationEvent(tx, { applicationId: row.id, actorUserId: input.actorUserId, type: "created", toStatus: "submitted" });
  }
  // Every consent of the submission in the one consent table (the lender-share columns stay as well).
  await recordConsents(
    tx,
    [
      ...(input.consents ?? []).map((c) => ({ ...c, phone: c.kind === "sms-marketing" ? (input.phone ?? null) : null })),
      ...(lenderShareConsent ? [{ kind: "lender-share" as const, ...lenderShareText }] : []),
    ].map((c) => ({ ...c, userId: input.userId, applicationId: row.id, ip: input.ip ?? null, at: now })),
  );
  await recordApplicationEvent(tx, {
    applicationId: row.id,
    actorUserId: input.actorUserId,
    type: "submitted",
    fromStatus: "draft",
    toStatus: "submitted",
  });
  const applicant = input.applicant ?? (await getUserById(input.userId, tx));
  if (!applicant) throw new Error("applicant missing");
  // The applicant's language (an account made by this submission has the page's: resolveApplicant).
  const lang = await getUserLanguage(input.userId, tx);
  const market = await matchOnSubmit(tx, row.id);
  const mail = confirmationMail({
    firstName: applicant.firstName,
    reference: row.reference,
    amount: input.values.amount,
    purpose: input.values.purpose,
    submittedAt: now,
    timeZone: readerTimeZone(applicant),
    market,
    lang,
  });
  await enqueueEmail(tx, { ...renderMail(mail), to: applicant.email, userId: input.userId, kind: "application_submitted" });
  // The lenders' notices of action taken (or of incompleteness): legally required, so never held.
  const notice = actionNoticeMail({ firstName: applicant.firstName, reference: row.reference, market, sentAt: now, lang });
  if (notice)
    await enqueueEmail(tx, {
      ...renderMail(notice.content),
      to: applicant.email,
      userId: input.userId,
      kind: notice.kind,
      applicationId: row.id,
    });
  const draftId = input.wizardDraft?.id ?? row.draftId;
  if (draftId) await updateDraft(draftId, { submittedAt: now, loanApplicationId: row.id, ...input.wizardDraft?.update }, tx);
  return row;
}

/** After the submitting transaction committed: the outbox worker sends the confirmation now. */
export function afterSubmissionCommitted() {
  kickOutbox();
}
