/**
 * An admin changes an application's status. One transaction: lock the row, write the new status
 * and updatedAt, record the audit-trail event (who, from, to, note) and queue the e-mail to the
 * applicant. A rejection must carry its reason, which the e-mail (an adverse-action notice) states.
 */
import { purposeLabel } from "~/content/loan-options";
import { formatUsd } from "~/ui/format";
import { site } from "~/content/site";
import { recordApplicationEvent } from "~/features/applications/application-events.server";
import { recordAudit } from "~/platform/audit-log.server";
import { enqueueEmail, type OutgoingEmail } from "~/platform/outbox/outbox.server";
import type { AdminStatus } from "~/features/back-office";
import { REJECTION_REASON_REQUIRED } from "~/features/back-office";
import { effectiveStage, lockApplication, setApplicationStatus } from "~/features/applications/applications.server";
import { getAcceptance, listOffers } from "~/features/marketplace/index.server";
import { planAdminStatus } from "~/features/applications/domain/loan-lifecycle";
import { applyMove, LifecycleRefusedError } from "~/features/marketplace/index.server";
import { transaction } from "~/platform/db/db.server";
import { getUserById } from "~/features/accounts/index.server";
import { ECOA_NOTICE } from "~/content/messages";

export class ApplicationNotFoundError extends Error {
  constructor() {
    super("Application not found");
  }
}
export class RejectionReasonRequiredError extends Error {
  constructor() {
    super(REJECTION_REASON_REQUIRED);
  }
}

/** The lifecycle refuses this status at the application's stage (nothing changed). */
export class StatusChangeRefusedError extends Error {}

export type StatusChange = {
  applicationId: number;
  reference: string;
  from: string;
  to: AdminStatus;
  changed: boolean;
};

type EmailContext = { reference: string; firstName: string; amount: number; purpose: string; note?: string; lenderName?: string };

const signature = () => ["", `${site.name}`, `Phone: ${site.supportPhone} (${site.hours})`, `E-mail: ${site.supportEmail}`].join("\n");

/** The e-mail the applicant gets for each status an admin can set. */
export function statusEmail(to: AdminStatus, c: EmailContext): Omit<OutgoingEmail, "to" | "userId"> {
  const hello = `Hello ${c.firstName},`;
  const what = `your application ${c.reference} for ${formatUsd(c.amount)} (${purposeLabel(c.purpose)})`;
  switch (to) {
    case "approved":
      return {
        kind: "status_approved",
        subject: `Congratulations! Your application ${c.reference} is approved`,
        text: [
          hello,
          "",
          `Congratulations! ${capitalize(what)} has been approved with the offer you accepted${c.lenderName ? ` from ${c.lenderName}` : ""}.`,
          "Next, the lender verifies your details and documents; funding usually arrives the same day to 1 business day after its verification. We will e-mail you at each step.",
          signature(),
        ].join("\n"),
      };
    case "under-review":
      return {
        kind: "status_under_review",
        subject: `Your application ${c.reference} is under review`,
        text: [
          hello,
          "",
          `Our team is now reviewing ${what}.`,
          "We may contact you to request additional documentation; documentation requests usually take 1-3 days, and a final decision 2-5 business days.",
          signature(),
        ].join("\n"),
      };
    case "rejected":
      return {
        kind: "status_rejected",
        subject: `Decision on your application ${c.reference}`,
        text: [
          hello,
          "",
          `Thank you for applying. After careful review, we are unable to approve ${what}.`,
          "",
          "Statement of action taken: credit denied.",
          `Principal reason(s) for our decision: ${c.note ?? ""}`,
          "",
          "You can typically reapply after 60-90 days. If you have questions about this decision, contact us at the details below.",
          "",
          ECOA_NOTICE,
          signature(),
        ].join("\n"),
      };
    case "submitted":
      return {
        kind: "status_submitted",
        subject: `We received your application ${c.reference}`,
        text: [
          hello,
          "",
          `We have received ${what}. Initial review takes 24-48 hours; we will contact you with any questions.`,
          signature(),
        ].join("\n"),
      };
  }
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Sets `to` on the application (any admin status the loan's stage allows, see planAdminStatus in
 * app/features/applications/domain/loan-lifecycle.ts; never on a draft).
 * Setting the status it already has changes nothing and sends nothing.
 * Throws ApplicationNotFoundError (also for drafts), RejectionReasonRequiredError or StatusChangeRefusedError.
 */
export async function changeStatus(
  adminId: number,
  applicationId: number,
  to: AdminStatus,
  note?: string | null,
  meta: { ip?: string | null } = {},
): Promise<StatusChange> {
  const reason = note?.trim() || null;
  if (to === "rejected" && !reason) throw new RejectionReasonRequiredError();
  const result = await transaction(async (tx) => {
    const app = await lockApplication(tx, applicationId);
    if (!app || app.status === "draft") throw new ApplicationNotFoundError();
    if (app.status === to) {
      return { applicationId: app.id, reference: app.reference, from: app.status, to, changed: false };
    }
    // The status must fit the loan's stage ("approved" only with an accepted offer; an
    // accepted application moves back only through a reasoned cancellation).
    const stage = effectiveStage(app);
    const acceptance = await getAcceptance(app.id, tx);
    const offers = await listOffers(app.id, tx);
    const plan = planAdminStatus(stage, to, {
      hasAcceptedOffer: Boolean(acceptance),
      liveOffers: offers.filter((o) => o.status === "offered" && o.expiresAt.getTime() > Date.now()).length,
    });
    if (plan.kind === "refuse") throw new StatusChangeRefusedError(plan.message);
    if (plan.kind === "move") {
      try {
        await applyMove(tx, app, plan.move, {
          actor: "admin",
          actorUserId: adminId,
          hasAcceptedOffer: Boolean(acceptance),
          reason,
          requestedStatus: to,
        });
      } catch (e) {
        if (e instanceof LifecycleRefusedError) throw new StatusChangeRefusedError(e.message);
        throw e;
      }
    }
    await setApplicationStatus(tx, app.id, to);
    const lenderName = acceptance ? offers.find((o) => o.id === acceptance.offerId)?.lenderName : undefined;
    await recordApplicationEvent(tx, {
      applicationId: app.id,
      actorUserId: adminId,
      type: "status_changed",
      fromStatus: app.status,
      toStatus: to,
      note: reason,
    });
    const applicant = await getUserById(app.userId, tx);
    if (applicant) {
      const mail = statusEmail(to, {
        reference: app.reference,
        firstName: applicant.firstName,
        amount: Number(app.amount),
        purpose: app.purpose,
        note: reason ?? undefined,
        lenderName,
      });
      await enqueueEmail(tx, { ...mail, to: applicant.email, userId: applicant.id });
    }
    return { applicationId: app.id, reference: app.reference, from: app.status, to, changed: true };
  });
  if (result.changed) {
    await recordAudit({
      actorUserId: adminId,
      action: "application.status_changed",
      targetType: "application",
      targetId: result.applicationId,
      ip: meta.ip ?? null,
      details: `${result.from} -> ${result.to}`,
    });
  }
  return result;
}
