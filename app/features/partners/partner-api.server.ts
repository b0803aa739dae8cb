/**
 * What partner API keys can do:
 *   - a referral partner starts an application for a business owner (POST /api/loan-applications
 *     with a key): a draft attributed to the partner, in the owner's account (found by e-mail, or
 *     made without a usable password). In the same transaction the owner is e-mailed: a new account
 *     gets a single-use link to choose a password, an existing one a notice with a sign-in link.
 *     The owner reviews the draft in the wizard, gives the consents and submits it; a partner
 *     cannot submit for the owner ('submitted' is refused with 422);
 *   - a referral partner reads the status of its own referrals (status, offers count, funding),
 *     and of nothing else;
 *   - a lender partner's keys act for its lender like the lender workspace's users
 *     (app/features/lenders/lender-api.server.ts).
 * Answers hold no personal details and no documents.
 */
import { randomBytes } from "node:crypto";
import { recordAudit } from "~/platform/audit-log.server";
import { insertReferredApplication } from "~/features/applications/index.server";
import { transaction } from "~/platform/db/db.server";
import { getApplicationForPartner } from "~/features/partners/partners.server";
import { getUserByEmail, insertUser, queueReferralEmail, toPublicUser } from "~/features/accounts/index.server";
import { APPLICATION_DEFAULTS, mergeApplicationValues } from "~/features/applications";
import { type ApplicationFieldValues } from "~/features/applications";
import type { PartnerReferral, PartnerReferralBody } from "~/features/partners/partner.schema";
import { kickOutbox } from "~/features/mail/index.server";
import { MSG, PARTNER_MSG } from "~/content/messages";
import { hashPassword } from "~/features/accounts/index.server";
import type { PartnerCaller } from "./partner-keys.server";

export type PartnerOutcome<T> =
  | { ok: true; status: 200 | 201; value: T }
  | { ok: false; status: 400; errors: Record<string, string[]> }
  | { ok: false; status: 403 | 404 | 422; message: string };

const FIELD_KEYS = Object.keys(APPLICATION_DEFAULTS) as Array<keyof ApplicationFieldValues>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

type ReferralFacts = NonNullable<Awaited<ReturnType<typeof getApplicationForPartner>>>;

function toReferral(row: ReferralFacts) {
  return {
    applicationId: row.reference,
    status: row.status,
    amount: Number(row.amount),
    purpose: row.purpose,
    offersCount: row.offersCount,
    funding: row.fundedCents != null && row.fundedOn ? { amountCents: row.fundedCents, fundedOn: row.fundedOn } : null,
    submittedAt: iso(row.submittedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } satisfies PartnerReferral;
}

/** A referral: a draft application for the business owner, attributed to the partner; the owner is e-mailed. */
export async function createReferral(
  partner: PartnerCaller,
  body: PartnerReferralBody,
  ip: string,
): Promise<PartnerOutcome<PartnerReferral>> {
  // Submitting is the owner's act (the review step's consents): a partner only starts the draft.
  if (body.status === "submitted") return { ok: false, status: 422, message: PARTNER_MSG.referralSubmitRefused };
  const given: Partial<ApplicationFieldValues> = {};
  for (const key of FIELD_KEYS) if (body[key] !== undefined) (given as Record<string, unknown>)[key] = body[key];
  const merged = mergeApplicationValues(APPLICATION_DEFAULTS, given, false);
  if (!merged.ok) return { ok: false, status: 400, errors: merged.errors };

  const existing = await getUserByEmail(body.applicant.email);
  if (existing && (existing.role !== "user" || existing.disabledAt)) {
    return { ok: false, status: 422, message: PARTNER_MSG.applicantEmailUnusable };
  }
  // A new applicant gets an account nobody can sign in to until they choose a password from the e-mailed link.
  const unusableHash = existing ? null : await hashPassword(randomBytes(32).toString("base64url"));

  const row = await transaction(async (tx) => {
    let user = existing ? toPublicUser(existing) : null;
    if (!user) {
      const id = await insertUser(
        {
          email: body.applicant.email,
          passwordHash: unusableHash!,
          firstName: body.applicant.firstName,
          lastName: body.applicant.lastName,
          phone: "",
          dateOfBirth: null,
        },
        tx,
      );
      user = {
        id,
        email: body.applicant.email.trim().toLowerCase(),
        firstName: body.applicant.firstName,
        lastName: body.applicant.lastName,
        phone: "",
        dateOfBirth: null,
        role: "user",
      };
    }
    const created = await insertReferredApplication(tx, { userId: user.id, partnerId: partner.partnerId, given, values: merged.values });
    await queueReferralEmail(tx, { user, newAccount: !existing, partnerName: partner.partnerName, reference: created.reference });
    return created;
  });
  kickOutbox();
  await recordAudit({
    action: "partner.referral",
    targetType: "application",
    targetId: row.id,
    ip,
    details: `partner ${partner.partnerId} key ${partner.keyId}${existing ? "" : " new applicant account"}`,
  });
  const fresh = await getApplicationForPartner(row.reference);
  if (!fresh) throw new Error("referral missing after commit");
  return { ok: true, status: 201, value: toReferral(fresh) };
}

/** A referral's status, for the partner that sent it only (another partner's: 403; unknown: 404). */
export async function getReferral(partner: PartnerCaller, reference: string): Promise<PartnerOutcome<PartnerReferral>> {
  const row = await getApplicationForPartner(reference);
  if (!row) return { ok: false, status: 404, message: MSG.statusNotFound };
  if (row.partnerId !== partner.partnerId) return { ok: false, status: 403, message: PARTNER_MSG.referralNotYours };
  return { ok: true, status: 200, value: toReferral(row) };
}
