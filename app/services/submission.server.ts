/**
 * THE submission (issue 15): every way an application becomes 'submitted' (the wizard's review
 * step, POST /api/loan-applications with status 'submitted', PATCH /api/loan-applications/db/:id)
 * comes here, in the caller's transaction, so the side effects cannot diverge:
 *   - the row is marked (or created) 'submitted' with submittedAt and the consent time,
 *   - the 'created' event (a new row) and the 'submitted' event,
 *   - the marketplace: decisions and offers commit with the submission (issue 12),
 *   - the confirmation e-mail to the applicant (with the marketplace's lines),
 *   - the wizard draft behind the application is marked submitted, so it is not submitted twice.
 * The caller calls `afterSubmissionCommitted()` once its transaction has committed.
 */
import { formatUsd } from "~/utils/format";
import { insertApplication, markApplicationSubmitted, type ApplicationRow, type ApplicationValues } from "~/models/applications.server";
import { recordApplicationEvent } from "~/models/application-events.server";
import { updateDraft, type DraftRow } from "~/models/application-drafts.server";
import { enqueueEmail } from "~/models/outbox.server";
import { getUserById, type PublicUser } from "~/models/users.server";
import type { Tx } from "~/models/db.server";
import { purposeLabel } from "~/content/loan-options";
import { site } from "~/content/site";
import { kickOutbox } from "~/services/mail.server";
import { marketplaceEmailLines } from "~/services/offer-disclosure.server";
import { matchOnSubmit } from "~/services/marketplace.server";

export type SubmissionInput = {
  /** The application's owner. */
  userId: number;
  /** Who submits (the owner, or an admin through the API). */
  actorUserId: number;
  values: ApplicationValues;
  consentMarketing: boolean;
  /** The row to submit (status 'draft'), or null to create a submitted row. */
  draftRow: ApplicationRow | null;
  /** The wizard draft behind the application, if any, and what else the caller stores in it. */
  wizardDraft?: { id: number; update?: Partial<Pick<DraftRow, "userId" | "data">> } | null;
  /** The applicant when the caller already has it (else read by userId). */
  applicant?: Pick<PublicUser, "email" | "firstName"> | null;
  /** The referral partner sending it: set on the new row before matching, so its webhooks see the first move. */
  partnerId?: number | null;
  now?: Date;
};

/** Submits an application in `tx` with all of the submission's side effects; returns its row. */
export async function submitApplication(tx: Tx, input: SubmissionInput): Promise<ApplicationRow> {
  const now = input.now ?? new Date();
  let row: ApplicationRow;
  if (input.draftRow) {
    if (input.draftRow.status !== "draft") throw new Error("only a draft application can be submitted");
    row = input.draftRow;
    await markApplicationSubmitted(tx, row.id, { values: input.values, submittedAt: now, consentMarketing: input.consentMarketing });
  } else {
    row = (
      await insertApplication(tx, {
        userId: input.userId,
        // API applications have no wizard draft; the column is nullable.
        draftId: (input.wizardDraft?.id ?? null) as unknown as number,
        values: input.values,
        status: "submitted",
        submittedAt: now,
        consentMarketing: input.consentMarketing,
        consentedAt: now,
        partnerId: input.partnerId ?? null,
      })
    ).row;
    await recordApplicationEvent(tx, { applicationId: row.id, actorUserId: input.actorUserId, type: "created", toStatus: "submitted" });
  }
  await recordApplicationEvent(tx, {
    applicationId: row.id,
    actorUserId: input.actorUserId,
    type: "submitted",
    fromStatus: "draft",
    toStatus: "submitted",
  });
  const applicant = input.applicant ?? (await getUserById(input.userId, tx));
  if (!applicant) throw new Error("applicant missing");
  const market = await matchOnSubmit(tx, row.id);
  const mail = confirmationEmail({
    firstName: applicant.firstName,
    reference: row.reference,
    amount: input.values.amount,
    purpose: input.values.purpose,
    marketplace: marketplaceEmailLines(row.reference, market),
    matched: market.offers > 0,
  });
  await enqueueEmail(tx, {
    to: applicant.email,
    userId: input.userId,
    subject: mail.subject,
    text: mail.text,
    kind: "application_submitted",
  });
  const draftId = input.wizardDraft?.id ?? row.draftId;
  if (draftId) await updateDraft(draftId, { submittedAt: now, loanApplicationId: row.id, ...input.wizardDraft?.update }, tx);
  return row;
}

/** After the submitting transaction committed: the outbox worker sends the confirmation now. */
export function afterSubmissionCommitted() {
  kickOutbox();
}

export function confirmationEmail(input: {
  firstName: string;
  reference: string;
  amount: number;
  purpose: string;
  marketplace?: string[];
  /** Issue 27: false when no lender matched: no review or funding timeline is promised. */
  matched?: boolean;
}) {
  const ahead =
    input.matched === false
      ? []
      : [
          "What happens next:",
          "1. Compare the offers and accept the one you want (nothing is final until you sign one).",
          "2. The lender verifies your details and documents; it may ask you for more (1-3 days).",
          "3. Funding: same day to 1 business day after the lender's verification.",
          "",
          "We will send updates by e-mail.",
        ];
  const lines = [
    `Hello ${input.firstName},`,
    "",
    `Thank you for applying with ${site.name}. We have received your business loan application.`,
    "",
    `Application reference: ${input.reference}`,
    `Requested amount: ${formatUsd(input.amount)}`,
    `Purpose: ${purposeLabel(input.purpose)}`,
    "",
    ...(input.marketplace ?? []),
    ...ahead,
    `You can check your status at any time on our Application Status page with your reference ${input.reference}.`,
    "",
    `Questions? Call ${site.supportPhone} (${site.hours}) or write to ${site.supportEmail}.`,
    "",
    `The ${site.name} team`,
  ];
  return { subject: `Application Submitted - ${input.reference}`, text: lines.join("\n") };
}
