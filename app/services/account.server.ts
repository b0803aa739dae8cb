/**
 * Account settings (issue 13, /account and /account/data): change password, change e-mail (takes
 * effect once the new address is verified; the old one is told), sessions, the data export and
 * the deletion request. Every action is written to the audit log.
 */
import { recordAudit } from "~/models/audit-log.server";
import { revokeTokens } from "~/models/account-tokens.server";
import {
  collectUserData,
  countApplications,
  deleteHeldEmails,
  deleteUnsubmittedDrafts,
  listUnsubmittedApplicationIds,
} from "~/models/account-data-queries.server";
import { enqueueEmail } from "~/models/outbox.server";
import { deleteDraftApplication } from "~/models/applications.server";
import { deleteUserSessions, hashSessionId, listUserSessions } from "~/models/sessions.server";
import { deleteUserRow, getUserByEmail, getUserById, updateUser, type UserRecord } from "~/models/users.server";
import { site } from "~/content/site";
import { transaction } from "~/models/db.server";
import { logError } from "~/utils/log.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { getDocumentStore } from "./document-store.server";
import { issueEmailVerification } from "./email-verification.server";
import { kickOutbox } from "./mail.server";
import { queuePasswordChangedEmail } from "./password-reset.server";

/** Checks the current password (for every change on /account). */
export async function checkCurrentPassword(userId: number, password: string): Promise<UserRecord | null> {
  const user = await getUserById(userId);
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    await recordAudit({ actorUserId: userId, action: "account.reauthenticate", outcome: "failure" });
    return null;
  }
  return user;
}

/** Sets a new password, ends every other session and reset link, and tells the owner. */
export async function changePassword(user: UserRecord, newPassword: string, keepSessionId: string | undefined, ip?: string) {
  const passwordHash = await hashPassword(newPassword);
  await transaction(async (tx) => {
    await updateUser(user.id, { passwordHash }, tx);
    await revokeTokens(tx, user.id, "reset-password");
    await queuePasswordChangedEmail(tx, user);
  });
  await deleteUserSessions(user.id, keepSessionId);
  kickOutbox();
  await recordAudit({ actorUserId: user.id, action: "account.password_changed", targetType: "user", targetId: user.id, ip });
}

function emailChangeNotice(user: Pick<UserRecord, "firstName">, newEmail: string) {
  const masked = newEmail.replace(/^(.).*?(@.*)$/, "$1***$2");
  return {
    subject: `A change of e-mail address was requested for your ${site.name} account`,
    text: [
      `Hello ${user.firstName},`,
      "",
      `Someone signed in to your account asked to change its e-mail address to ${masked}.`,
      "Nothing changes until the new address is confirmed from its inbox.",
      "",
      `If this was not you, change your password at once and call us at ${site.supportPhone}.`,
      "",
      `The ${site.name} team`,
    ].join("\n"),
  };
}

export type EmailChangeOutcome = { ok: true } | { ok: false; reason: "taken" };

/** Sends a verification link to the new address and a notice to the current one. */
export async function requestEmailChange(user: UserRecord, newEmail: string, ip?: string): Promise<EmailChangeOutcome> {
  const email = newEmail.trim().toLowerCase();
  const other = await getUserByEmail(email);
  if (other && other.id !== user.id) {
    await recordAudit({ actorUserId: user.id, action: "account.email_change_requested", outcome: "failure", ip, details: "address taken" });
    return { ok: false, reason: "taken" };
  }
  await transaction(async (tx) => {
    await issueEmailVerification(tx, user, email);
    const notice = emailChangeNotice(user, email);
    await enqueueEmail(tx, { to: user.email, kind: "email_change_notice", subject: notice.subject, text: notice.text });
  });
  kickOutbox();
  await recordAudit({ actorUserId: user.id, action: "account.email_change_requested", targetType: "user", targetId: user.id, ip });
  return { ok: true };
}

export async function signOutOtherSessions(userId: number, keepSessionId: string | undefined, ip?: string) {
  await deleteUserSessions(userId, keepSessionId);
  await recordAudit({
    actorUserId: userId,
    action: "account.sessions_ended",
    targetType: "user",
    targetId: userId,
    ip,
    details: "all other sessions",
  });
}

export async function sessionsOf(userId: number, currentSessionId: string | undefined) {
  const current = currentSessionId ? hashSessionId(currentSessionId) : null;
  const rows = await listUserSessions(userId);
  return rows.map((r, i) => ({
    key: String(i),
    device: typeof r.data.device === "string" ? r.data.device : "Unknown browser",
    signedInAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.idHash === current,
  }));
}

/** Everything held about the user, as the JSON document the export downloads. */
export async function exportUserData(userId: number, ip?: string) {
  const data = await collectUserData(userId);
  if (!data) return null;
  await recordAudit({ actorUserId: userId, action: "account.data_exported", targetType: "user", targetId: userId, ip });
  return {
    exportedAt: new Date().toISOString(),
    service: site.name,
    profile: data.user,
    applications: data.applications.map((a) => ({
      id: a.id,
      reference: a.reference,
      status: a.status,
      amount: a.amount,
      purpose: a.purpose,
      annualIncome: a.annualIncome,
      livingSituation: a.livingSituation,
      monthlyPayment: a.monthlyPayment,
      streetAddress: a.streetAddress,
      city: a.city,
      state: a.state,
      zipCode: a.zipCode,
      consentMarketing: a.consentMarketing,
      consentedAt: a.consentedAt,
      submittedAt: a.submittedAt,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
      documents: data.documents.filter((d) => d.applicationId === a.id).map(({ applicationId: _a, ...d }) => d),
      events: data.events.filter((e) => e.applicationId === a.id).map(({ applicationId: _a, ...e }) => e),
    })),
    drafts: data.drafts.map((d) => {
      const { passwordHash: _p, submitKey: _k, ...values } = d.data as Record<string, unknown>;
      return { ...d, data: values };
    }),
    emails: data.emails,
    accountActivity: data.activity,
  };
}

export type DeletionOutcome = { accountDeleted: boolean; applicationsDeleted: number; draftsDeleted: number; submittedKept: number };

/**
 * The deletion request: never-submitted applications (with their documents and files, through the
 * retention purge's own delete) and unsubmitted drafts go at once. Without submitted applications
 * the account goes too (sessions, tokens and drafts cascade). With them, the account stays so the
 * applicant can follow them; they are kept for the privacy policy's retention period.
 */
export async function deleteMyData(userId: number, ip?: string): Promise<DeletionOutcome> {
  const store = getDocumentStore();
  const everything = new Date(Date.now() + 24 * 60 * 60_000); // cutoff in the future: "abandoned" now
  let applicationsDeleted = 0;
  for (const id of await listUnsubmittedApplicationIds(userId)) {
    const removed = await transaction((tx) => deleteDraftApplication(tx, id, everything));
    if (!removed) continue;
    applicationsDeleted++;
    for (const key of removed.storageKeys) {
      try {
        await store.remove(key);
      } catch (e) {
        logError("account.delete.file", e);
      }
    }
    await recordAudit({
      actorUserId: userId,
      action: "account.application_deleted",
      targetType: "application",
      targetId: id,
      ip,
      details: `deletion request; documents ${removed.documentIds.join(",") || "none"}`,
    });
  }
  const draftsDeleted = await deleteUnsubmittedDrafts(userId);
  const submittedKept = await countApplications(userId);
  let accountDeleted = false;
  if (submittedKept === 0) {
    accountDeleted = await transaction(async (tx) => {
      await deleteHeldEmails(userId, tx);
      return deleteUserRow(tx, userId);
    });
  }
  await recordAudit({
    actorUserId: userId,
    action: accountDeleted ? "account.deleted" : "account.data_deletion_requested",
    targetType: "user",
    targetId: userId,
    ip,
    details: `applications ${applicationsDeleted}, drafts ${draftsDeleted}, submitted kept ${submittedKept}`,
  });
  return { accountDeleted, applicationsDeleted, draftsDeleted, submittedKept };
}
