/**
 * The e-mail outbox: rows written in the same transaction as the change that causes them.
 *
 * Hand-written on purpose: the point of a transactional outbox is that the row commits or rolls
 * back with the change, on the same MySQL connection and transaction, through our guarded pool.
 * Queue libraries for Node (BullMQ, bee-queue, pg-boss, graphile-worker) keep their jobs in Redis
 * or PostgreSQL, so enqueueing there could not be part of a MySQL transaction; what is left (a
 * table, a lease, retries: outbox-queue.server.ts) is a few statements.
 */
import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import { schema, type DbOrTx } from "~/platform/db/db.server";
import { currentRequestId } from "~/platform/http/request-scope.server";

export type OutgoingEmail = {
  to: string;
  subject: string;
  /** The plain-text part and the HTML part, rendered from the same content (app/features/mail). */
  text: string;
  html: string;
  kind: string;
  /**
   * The account the e-mail is written for (null: no account). Required, so every sender decides:
   * the data export lists a user's e-mails by it, and an address alone does not say whose mail it
   * was, since an address can move from one account to another.
   */
  userId: number | null;
  /**
   * The loan application a notice of action taken is about (adverse action, incompleteness): the
   * dashboard shows the notices sent for an application, with the time each was sent, from here.
   */
  applicationId?: number | null;
  /** Files sent with it (the signed offer summary PDF), kept in the row until it is sent. */
  attachments?: ReadonlyArray<EmailAttachment>;
};

export type EmailAttachment = { filename: string; contentType: string; content: Uint8Array };

/** The stored form of a row's attachments (JSON, base64) and back. */
export const encodeAttachments = (files: ReadonlyArray<EmailAttachment> | undefined): string | null =>
  files?.length
    ? JSON.stringify(
        files.map((f) => ({ filename: f.filename, contentType: f.contentType, base64: Buffer.from(f.content).toString("base64") })),
      )
    : null;
export function decodeAttachments(stored: string | null): EmailAttachment[] {
  if (!stored) return [];
  return (JSON.parse(stored) as Array<{ filename: string; contentType: string; base64: string }>).map((f) => ({
    filename: f.filename,
    contentType: f.contentType,
    content: Buffer.from(f.base64, "base64"),
  }));
}

/** Queues the e-mail; `held`: it waits until the addressee verifies their address (nothing is sent yet). */
export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail): Promise<{ held: boolean }> {
  const holdUserId = await holdFor(db, email);
  await db.insert(schema.outbox).values({
    toEmail: email.to,
    subject: email.subject.slice(0, 255),
    bodyText: email.text,
    bodyHtml: email.html,
    attachments: encodeAttachments(email.attachments),
    kind: email.kind,
    holdUserId,
    userId: email.userId,
    applicationId: email.applicationId ?? null,
    requestId: currentRequestId() ?? null,
  });
  return { held: holdUserId != null };
}

// ---------------------------------------------------------------------------------------------
// Holding e-mails until the address is verified. Account e-mails (verification, reset,
// notices), legally required notices (adverse action, incompleteness, the signed disclosure) and an
// applicant's first submission confirmation go at once; everything else addressed to an account
// whose e-mail is not verified yet (status changes, offers, later confirmations) waits in the
// outbox and is released, to the verified address, by releaseHeldEmails.

/**
 * Notices the law requires us to deliver (Regulation B, 12 CFR 1002.9: a notice of action taken
 * within 30 days, a notice of incompleteness; the signed disclosure of an accepted offer). They are
 * never held for an unverified address: holding them has no time limit, the law has one.
 */
export const LEGAL_NOTICE_EMAIL_KINDS: ReadonlySet<string> = new Set([
  "adverse_action",
  "incompleteness_notice",
  "lender_adverse_action",
  "status_rejected",
  "stage_lender_declined",
  "offer_accepted",
]);

/** Account e-mails: how an address gets verified or how the owner hears of a change to the account. */
export const ACCOUNT_EMAIL_KINDS: ReadonlySet<string> = new Set([
  "email_verification",
  "email_change_verification",
  "email_change_notice",
  "email_changed_notice",
  "email_change_undone",
  "password_reset",
  "password_changed",
  // A lender user's invitation is how its address gets proved.
  "lender_invite",
  // A referred applicant's claim link is how the new account's address gets proved.
  "referral_claim",
]);

/** Kinds never held: account e-mails and the legally required notices. */
export const NEVER_HELD_EMAIL_KINDS: ReadonlySet<string> = new Set([...ACCOUNT_EMAIL_KINDS, ...LEGAL_NOTICE_EMAIL_KINDS]);
const FIRST_CONFIRMATION_KIND = "application_submitted";

async function holdFor(db: DbOrTx, email: OutgoingEmail): Promise<number | null> {
  if (NEVER_HELD_EMAIL_KINDS.has(email.kind)) return null;
  const u = schema.users;
  const [user] = await db
    .select({ id: u.id, verifiedAt: u.emailVerifiedAt, role: u.role })
    .from(u)
    .where(eq(u.email, email.to.trim().toLowerCase()))
    .limit(1);
  // Admins' addresses are set by the operator (db:seed), so what is sent to them is never held
  // (a second-factor lockout alert, an accepted offer, ...).
  if (!user || user.verifiedAt || user.role === "admin") return null;
  if (email.kind === FIRST_CONFIRMATION_KIND) {
    // The confirmation of the account's first submitted application goes at once.
    const a = schema.loanApplications;
    const submitted = await db
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.userId, user.id), ne(a.status, "draft")))
      .limit(2);
    if (submitted.length <= 1) return null;
  }
  return user.id;
}

/** Kinds that tell where an application stands: only the newest held one of an application still applies. */
const isProgressKind = (kind: string) => kind.startsWith("status_") || kind.startsWith("stage_");

/**
 * Drops the held e-mails of `userId` that no longer apply, so verification does not deliver them
 * stale: a document request whose application has no open request any more (fulfilled meanwhile),
 * and every status or stage e-mail of an application but the newest (superseded). Legal notices
 * are never held, so never dropped here. Returns how many were dropped.
 */
export async function dropStaleHeldEmails(db: DbOrTx, userId: number) {
  const o = schema.outbox;
  const held = await db
    .select({ id: o.id, kind: o.kind, applicationId: o.applicationId })
    .from(o)
    .where(and(eq(o.holdUserId, userId), isNull(o.sentAt)))
    .orderBy(asc(o.id));
  const drop = new Set<number>();
  const requestApps = [
    ...new Set(held.filter((h) => h.kind === "document_request" && h.applicationId != null).map((h) => h.applicationId!)),
  ];
  if (requestApps.length) {
    const r = schema.documentRequests;
    const open = await db
      .select({ applicationId: r.applicationId })
      .from(r)
      .where(and(inArray(r.applicationId, requestApps), eq(r.status, "open")));
    const stillOpen = new Set(open.map((x) => x.applicationId));
    for (const h of held) if (h.kind === "document_request" && h.applicationId != null && !stillOpen.has(h.applicationId)) drop.add(h.id);
  }
  const newest = new Map<number, number>();
  for (const h of held) if (isProgressKind(h.kind) && h.applicationId != null) newest.set(h.applicationId, h.id);
  for (const h of held) if (isProgressKind(h.kind) && h.applicationId != null && newest.get(h.applicationId) !== h.id) drop.add(h.id);
  if (!drop.size) return 0;
  await db.delete(o).where(and(eq(o.holdUserId, userId), inArray(o.id, [...drop])));
  return drop.size;
}

/**
 * Sends every e-mail held for `userId` to `verifiedEmail`, now, after dropping those that no longer
 * apply (dropStaleHeldEmails). Returns how many were released.
 */
export async function releaseHeldEmails(db: DbOrTx, userId: number, verifiedEmail: string) {
  await dropStaleHeldEmails(db, userId);
  const o = schema.outbox;
  const [res] = await db
    .update(o)
    .set({ toEmail: verifiedEmail, holdUserId: null, nextAttemptAt: new Date() })
    .where(eq(o.holdUserId, userId));
  return res.affectedRows;
}

/** The notices of action taken sent (or being sent) about an application, oldest first, with when each was sent. */
export async function listApplicationNotices(db: DbOrTx, applicationIds: readonly number[]) {
  if (applicationIds.length === 0) return [];
  const o = schema.outbox;
  return db
    .select({
      id: o.id,
      applicationId: o.applicationId,
      kind: o.kind,
      subject: o.subject,
      bodyText: o.bodyText,
      createdAt: o.createdAt,
      sentAt: o.sentAt,
    })
    .from(o)
    .where(and(inArray(o.applicationId, [...applicationIds]), inArray(o.kind, [...LEGAL_NOTICE_EMAIL_KINDS])))
    .orderBy(asc(o.id));
}
