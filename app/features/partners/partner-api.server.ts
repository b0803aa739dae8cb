/**
 * What partner API keys can do:
 *   - a referral partner creates an application for an applicant (POST /api/loan-applications with
 *     a key): the application carries the partner's id; the applicant's account is found by e-mail
 *     or made (no usable password until the applicant sets one through "Forgot password");
 *   - a referral partner reads the status of its own referrals, and of nothing else;
 *   - a lender partner lists the applications its lender has made offers on.
 * Answers hold no personal details and no documents.
 */
import { randomBytes } from "node:crypto";
import { recordAudit } from "~/platform/audit-log.server";
import { recordApplicationEvent } from "~/features/applications/index.server";
import { insertApplication, type ApplicationRow } from "~/features/applications/index.server";
import { transaction } from "~/platform/db/db.server";
import { getApplicationForPartner, listApplicationsOfferedBy, setApplicationPartner } from "~/features/partners/partners.server";
import { getUserByEmail, insertUser, toPublicUser } from "~/features/accounts/index.server";
import { APPLICATION_DEFAULTS, mergeApplicationValues } from "~/features/applications";
import { type ApplicationFieldValues } from "~/features/applications";
import type { PartnerReferral, PartnerReferralBody } from "~/features/partners/partner.schema";
import { afterSubmissionCommitted, submitApplication } from "~/features/marketplace/index.server";
import { MSG, PARTNER_MSG } from "~/content/messages";
import { hashPassword } from "~/features/accounts/index.server";
import type { PartnerCaller } from "./partner-keys.server";

export type PartnerOutcome<T> =
  | { ok: true; status: 200 | 201; value: T }
  | { ok: false; status: 400; errors: Record<string, string[]> }
  | { ok: false; status: 403 | 404 | 422; message: string };

const FIELD_KEYS = Object.keys(APPLICATION_DEFAULTS) as Array<keyof ApplicationFieldValues>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toReferral(row: Pick<ApplicationRow, "reference" | "status" | "amount" | "purpose" | "submittedAt" | "createdAt" | "updatedAt">) {
  return {
    applicationId: row.reference,
    status: row.status,
    amount: Number(row.amount),
    purpose: row.purpose,
    submittedAt: iso(row.submittedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } satisfies PartnerReferral;
}

/** A referral: an application for the applicant, attributed to the partner. */
export async function createReferral(
  partner: PartnerCaller,
  body: PartnerReferralBody,
  ip: string,
): Promise<PartnerOutcome<PartnerReferral>> {
  const given: Partial<ApplicationFieldValues> = {};
  for (const key of FIELD_KEYS) if (body[key] !== undefined) (given as Record<string, unknown>)[key] = body[key];
  const final = body.status === "submitted";
  const merged = mergeApplicationValues(APPLICATION_DEFAULTS, given, final);
  if (!merged.ok) return { ok: false, status: 400, errors: merged.errors };

  const existing = await getUserByEmail(body.applicant.email);
  if (existing && (existing.role !== "user" || existing.disabledAt)) {
    return { ok: false, status: 422, message: PARTNER_MSG.applicantEmailUnusable };
  }
  // A new applicant gets an account nobody can sign in to until they set a password by e-mail.
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
        email: body.applicant.email.toLowerCase(),
        firstName: body.applicant.firstName,
        lastName: body.applicant.lastName,
        phone: "",
        dateOfBirth: null,
        role: "user",
      };
    }
    let created: ApplicationRow;
    if (final) {
      created = await submitApplication(tx, {
        userId: user.id,
        actorUserId: user.id,
        values: merged.values,
        consentMarketing: false,
        // The referral partner records the applicant's consent the same way (shareWithLenders).
        shareWithLenders: body.shareWithLenders === true,
        draftRow: null,
        applicant: user,
        partnerId: partner.partnerId,
      });
    } else {
      created = (await insertApplication(tx, { userId: user.id, draftId: null, values: merged.values, status: "draft" })).row;
      await recordApplicationEvent(tx, { applicationId: created.id, actorUserId: user.id, type: "created", toStatus: created.status });
    }
    await setApplicationPartner(created.id, partner.partnerId, tx);
    return created;
  });
  if (final) afterSubmissionCommitted();
  await recordAudit({
    action: "partner.referral",
    targetType: "application",
    targetId: row.id,
    ip,
    details: `partner ${partner.partnerId} key ${partner.keyId}${existing ? "" : " new applicant account"}`,
  });
  const fresh = await getApplicationForPartner(row.reference);
  return { ok: true, status: 201, value: toReferral(fresh ?? row) };
}

/** A referral's status, for the partner that sent it only (another partner's: 403; unknown: 404). */
export async function getReferral(partner: PartnerCaller, reference: string): Promise<PartnerOutcome<PartnerReferral>> {
  const row = await getApplicationForPartner(reference);
  if (!row) return { ok: false, status: 404, message: MSG.statusNotFound };
  if (row.partnerId !== partner.partnerId) return { ok: false, status: 403, message: PARTNER_MSG.referralNotYours };
  return { ok: true, status: 200, value: toReferral(row) };
}

/** The applications the lender partner's lender has offered on, with those offers. */
export async function listLenderApplications(partner: PartnerCaller, limit: number) {
  if (partner.lenderId == null) return [];
  const rows = await listApplicationsOfferedBy(partner.lenderId, limit);
  return rows.map((a) => ({
    applicationId: a.reference,
    status: a.status,
    amount: Number(a.amount),
    purpose: a.purpose,
    state: a.state,
    submittedAt: iso(a.submittedAt),
    offers: a.offers.map((o) => ({
      id: o.id,
      status: o.status,
      productName: o.productName,
      amountCents: o.amountCents,
      termMonths: o.termMonths,
      noteRateBps: o.noteRateBps,
      estimatedAprBps: o.estimatedAprBps,
      expiresAt: o.expiresAt.toISOString(),
    })),
  }));
}
