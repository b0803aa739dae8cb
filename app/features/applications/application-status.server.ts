/**
 * An admin changes an application's status. One transaction: lock the row, write the new status
 * and updatedAt, record the audit-trail event (who, from, to, note) and queue the e-mail to the
 * applicant. A rejection must carry its reason, which the e-mail (an adverse-action notice) states.
 */
import { STATUS_MAIL_KIND, statusMail } from "~/features/mail/index.server";
import { renderMail } from "~/features/mail/index.server";
import { readerLanguage } from "~/features/mail";
import { recordApplicationEvent } from "~/features/applications/application-events.server";
import { recordAudit } from "~/platform/audit-log.server";
import { enqueueEmail } from "~/platform/outbox/outbox.server";
import type { AdminStatus } from "~/features/back-office";
import { REJECTION_REASON_REQUIRED } from "~/features/back-office";
import { effectiveStage, lockApplication, setApplicationStatus } from "~/features/applications/applications.server";
import { getAcceptance, listOffers } from "~/features/marketplace/index.server";
import { planAdminStatus } from "~/features/applications/domain/loan-lifecycle";
import { applyMove, LifecycleRefusedError } from "~/features/marketplace/index.server";
import { transaction } from "~/platform/db/db.server";
import { getUserById } from "~/features/accounts/index.server";

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
      const mail = statusMail(to, {
        reference: app.reference,
        firstName: applicant.firstName,
        amount: Number(app.amount),
        purpose: app.purpose,
        note: reason ?? undefined,
        lenderName,
        lang: readerLanguage(applicant),
      });
      await enqueueEmail(tx, {
        ...renderMail(mail),
        kind: STATUS_MAIL_KIND[to],
        to: applicant.email,
        userId: applicant.id,
        applicationId: app.id,
      });
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
