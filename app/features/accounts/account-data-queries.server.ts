/**
 * Reads and deletions for an applicant's own data (/account/data): everything held about one user
 * for the export, and the ids the deletion request removes.
 */
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { getDb, schema, type DbOrTx } from "~/platform/db/db.server";
import { listDocumentRequests } from "~/features/documents/index.server";

const apps = schema.loanApplications;
const docs = schema.documents;
const events = schema.applicationEvents;
const drafts = schema.applicationDrafts;

export async function collectUserData(userId: number, db: DbOrTx = getDb()) {
  const u = schema.users;
  const [user] = await db
    .select({
      id: u.id,
      email: u.email,
      emailVerifiedAt: u.emailVerifiedAt,
      firstName: u.firstName,
      lastName: u.lastName,
      phone: u.phone,
      dateOfBirth: u.dateOfBirth,
      role: u.role,
      mfaEnabledAt: u.mfaEnabledAt,
      createdAt: u.createdAt,
      updatedAt: u.updatedAt,
    })
    .from(u)
    .where(eq(u.id, userId))
    .limit(1);
  if (!user) return null;
  const applications = await db.select().from(apps).where(eq(apps.userId, userId)).orderBy(asc(apps.id));
  const ids = applications.map((a) => a.id);
  // Stored rows of everything hanging off the applications; what the applicant may see of them is
  // decided by services/applicant-visible, which the export runs each row through.
  const r = schema.documentReviews;
  const documents = ids.length
    ? await db
        .select({
          id: docs.id,
          applicationId: docs.applicationId,
          documentType: docs.documentType,
          fileName: docs.fileName,
          contentType: docs.contentType,
          fileSize: docs.fileSize,
          uploadedAt: docs.uploadedAt,
          decision: r.decision,
          reason: r.reason,
          reasonText: r.reasonText,
        })
        .from(docs)
        .leftJoin(r, eq(r.documentId, docs.id))
        .where(inArray(docs.applicationId, ids))
        .orderBy(asc(docs.id))
    : [];
  const appEvents = ids.length
    ? await db
        .select({
          id: events.id,
          applicationId: events.applicationId,
          type: events.type,
          fromStatus: events.fromStatus,
          toStatus: events.toStatus,
          note: events.note,
          at: events.createdAt,
        })
        .from(events)
        .where(inArray(events.applicationId, ids))
        .orderBy(asc(events.id))
    : [];
  const [documentRequests, offers, decisions, acceptances] = ids.length
    ? await Promise.all([
        listDocumentRequests(ids, db),
        db.select().from(schema.offers).where(inArray(schema.offers.applicationId, ids)).orderBy(asc(schema.offers.id)),
        db
          .select()
          .from(schema.lenderDecisions)
          .where(inArray(schema.lenderDecisions.applicationId, ids))
          .orderBy(asc(schema.lenderDecisions.id)),
        db.select().from(schema.offerAcceptances).where(inArray(schema.offerAcceptances.applicationId, ids)),
      ])
    : [[], [], [], []];
  const openDrafts = await db
    .select({ id: drafts.id, data: drafts.data, createdAt: drafts.createdAt, updatedAt: drafts.updatedAt, submittedAt: drafts.submittedAt })
    .from(drafts)
    .where(eq(drafts.userId, userId))
    .orderBy(asc(drafts.id));
  const a = schema.auditLog;
  const activity = await db
    .select({ at: a.at, action: a.action, outcome: a.outcome, ip: a.ip })
    .from(a)
    .where(eq(a.actorUserId, userId))
    .orderBy(desc(a.id))
    .limit(1000);
  const o = schema.outbox;
  // The e-mails queued for this account, by account and never by address: an address can have
  // belonged to someone else before (rows from before the column existed are nobody's).
  const emails = await db
    .select({ kind: o.kind, subject: o.subject, to: o.toEmail, status: o.status, createdAt: o.createdAt, sentAt: o.sentAt })
    .from(o)
    .where(eq(o.userId, userId))
    .orderBy(asc(o.id));
  return {
    user,
    applications,
    documents,
    events: appEvents,
    documentRequests,
    offers,
    decisions,
    acceptances,
    drafts: openDrafts,
    activity,
    emails,
  };
}

/** The user's applications that were never submitted (status 'draft'). */
export async function listUnsubmittedApplicationIds(userId: number, db: DbOrTx = getDb()) {
  const rows = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(eq(apps.userId, userId), eq(apps.status, "draft"), isNull(apps.submittedAt)));
  return rows.map((r) => r.id);
}

/** The user's applications left (after the unsubmitted ones were deleted: the submitted ones). */
export async function countApplications(userId: number, db: DbOrTx = getDb()) {
  const rows = await db.select({ id: apps.id }).from(apps).where(eq(apps.userId, userId));
  return rows.length;
}

/** The user's wizard drafts that were never submitted (with or without an application). */
export async function deleteUnsubmittedDrafts(userId: number, db: DbOrTx = getDb()) {
  const [res] = await db.delete(drafts).where(and(eq(drafts.userId, userId), isNull(drafts.submittedAt)));
  return res.affectedRows;
}

/** E-mails still held for a user who is deleting the account: they can never be released. */
export async function deleteHeldEmails(userId: number, db: DbOrTx = getDb()) {
  await db.delete(schema.outbox).where(eq(schema.outbox.holdUserId, userId));
}
