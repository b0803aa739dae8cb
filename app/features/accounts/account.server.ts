/**
 * Account settings (/account and /account/data): change password, change e-mail (see
 * email-change.server.ts), sessions, the data export and
 * the deletion request. Every action is written to the audit log.
 */
import { listConsentsOfUser } from "~/platform/consents.server";
import { recordAudit } from "~/platform/audit-log.server";
import { revokeUserTokens } from "~/features/accounts/account-tokens.server";
import {
  collectUserData,
  countApplications,
  deleteHeldEmails,
  deleteUnsubmittedDrafts,
  listUnsubmittedApplicationIds,
} from "~/features/accounts/account-data-queries.server";
import { deleteDraftApplication } from "~/features/applications/index.server";
import { deleteUserSessions, hashSessionId, listUserSessions } from "~/features/accounts/session/sessions.server";
import { deleteUserRow, getUserById, updateUser, type UserRecord } from "~/features/accounts/users.server";
import { site } from "~/content/site";
import { transaction } from "~/platform/db/db.server";
import { logError } from "~/platform/observability/log.server";
import { hashPassword, verifyPassword } from "~/features/accounts/password/password.server";
import {
  applicantApplication,
  applicantDocument,
  applicantDocumentRequest,
  applicantMarketplace,
  applicantTimelineEntry,
  documentEventRef,
} from "~/features/marketplace/index.server";
import { getDocumentStore } from "~/features/documents/index.server";
import { kickOutbox } from "~/features/mail/index.server";
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

/**
 * Sets a new password, ends every other session, every reset link and any change of e-mail waiting
 * for its link (whoever knew the old password may have asked for it), and tells the owner.
 */
export async function changePassword(user: UserRecord, newPassword: string, keepSessionId: string | undefined, ip?: string) {
  const passwordHash = await hashPassword(newPassword);
  await transaction(async (tx) => {
    await updateUser(user.id, { passwordHash }, tx);
    await revokeUserTokens(tx, user.id, ["reset-password", "change-email"]);
    await queuePasswordChangedEmail(tx, user);
  });
  await deleteUserSessions(user.id, keepSessionId);
  kickOutbox();
  await recordAudit({ actorUserId: user.id, action: "account.password_changed", targetType: "user", targetId: user.id, ip });
}

export { requestEmailChange, type EmailChangeRequest } from "./email-change.server";

/** Ends every other session, and any change of e-mail waiting for its link (it may not be the owner's). */
export async function signOutOtherSessions(userId: number, keepSessionId: string | undefined, ip?: string) {
  await transaction((tx) => revokeUserTokens(tx, userId, ["change-email"]));
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
    device: typeof r.data.device === "string" ? r.data.device : "Browser not recognised",
    signedInAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.idHash === current,
  }));
}

/**
 * Everything held about the user, as the JSON document the export downloads. Each application is
 * what the applicant may see of it (services/applicant-visible, shared with the dashboard and the
 * offers pages): never an admin's status note, an offer's withdrawal reason, internal notes, or who
 * reviewed, asked or is assigned.
 */
export async function exportUserData(userId: number, ip?: string) {
  const data = await collectUserData(userId);
  if (!data) return null;
  await recordAudit({ actorUserId: userId, action: "account.data_exported", targetType: "user", targetId: userId, ip });
  const of = <T extends { applicationId: number }>(rows: T[], id: number) => rows.filter((r) => r.applicationId === id);
  const fileNames = new Map(data.documents.map((d) => [d.id, d.fileName]));
  const references = new Map(data.applications.map((a) => [a.id, a.reference]));
  const consents = await listConsentsOfUser(userId);
  const now = new Date();
  return {
    exportedAt: now.toISOString(),
    service: site.name,
    profile: data.user,
    applications: data.applications.map((a) => ({
      ...applicantApplication(a),
      documents: of(data.documents, a.id).map((d) => {
        const { applicationId: _a, ...doc } = applicantDocument(d);
        return doc;
      }),
      documentRequests: of(data.documentRequests, a.id).map((r) => {
        const { applicationId: _a, ...request } = applicantDocumentRequest(r);
        return request;
      }),
      events: of(data.events, a.id).map((e) =>
        applicantTimelineEntry({ ...e, fileName: fileNames.get(documentEventRef(e.note)?.documentId ?? 0) ?? null }),
      ),
      ...applicantMarketplace(
        {
          offers: of(data.offers, a.id),
          decisions: of(data.decisions, a.id),
          acceptance: data.acceptances.find((x) => x.applicationId === a.id) ?? null,
        },
        now,
      ),
    })),
    drafts: data.drafts.map((d) => {
      const { passwordHash: _p, submitKey: _k, ...values } = d.data as Record<string, unknown>;
      return { ...d, data: values };
    }),
    emails: data.emails,
    /** Every consent given (electronic records, credit authorisation, SMS, sharing with lenders): the exact words, their version and hash, when and from where. */
    consents: consents.map(({ applicationId, ...c }) => ({
      ...c,
      application: applicationId ? (references.get(applicationId) ?? null) : null,
    })),
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
