/**
 * The lender catalogue: the fictional seed lenders (on an empty database and by `npm run db:seed`)
 * and the admin's lender and product forms, every change audit-logged.
 */
import { FICTIONAL_NOTE, SEED_LENDERS } from "~/content/lender-seed";
import { recordAudit } from "~/platform/audit-log.server";
import {
  countLenders,
  findLenderIdByName,
  getLender,
  insertLender,
  insertProduct,
  updateLender,
  updateLenderStatus,
  updateProduct,
  type RateTierRow,
} from "~/features/marketplace/lenders.server";
import type { LenderFormInput } from "~/features/marketplace/offers.schema";
import { transaction } from "~/platform/db/db.server";
import { MARKET_MSG } from "~/content/messages";
import { productProblems, sampleOffers } from "~/features/marketplace/domain/catalogue-rules";
import { formatBps, formatCents } from "~/ui/format";
import { listOutstandingOffersOfLender, lockOffer } from "~/features/marketplace/offers.server";
import { lockApplication } from "~/features/applications/index.server";
import { getUserById } from "~/features/accounts/index.server";
import { readerLanguage } from "~/features/mail";
import { enqueueEmail } from "~/platform/outbox/outbox.server";
import { kickOutbox } from "~/features/mail/index.server";
import { withdrawOutstandingOffer } from "~/features/marketplace/offer-acceptance.server";
import { renderMail } from "~/features/mail/index.server";
import { offerWithdrawnMail } from "~/features/mail/index.server";
import { log } from "~/platform/observability/log.server";
import { invalidatePublicPages } from "~/platform/http/render-cache/generation.server";

// ---------------------------------------------------------------------------------------------
// Seed
// ---------------------------------------------------------------------------------------------

/** Inserts the seed lenders missing by name (all of them on an empty table). */
export async function seedLenders(): Promise<number> {
  let created = 0;
  for (const l of SEED_LENDERS) {
    try {
      await transaction(async (tx) => {
        if (await findLenderIdByName(l.name, tx)) return;
        const lenderId = await insertLender(tx, { name: l.name, nmlsId: l.nmlsId, website: l.website, note: FICTIONAL_NOTE });
        for (const p of l.products) await insertProduct(tx, { ...p, lenderId });
        created++;
      });
      invalidatePublicPages();
    } catch (e) {
      // Another server seeding at the same moment inserted it first (unique name): fine.
      if (!/Duplicate entry|ER_DUP_ENTRY/.test(String((e as Error).message) + String((e as { cause?: Error }).cause?.message ?? "")))
        throw e;
    }
  }
  return created;
}

/** First start of a database without lenders: the fictional catalogue, so offers exist at once. */
export async function ensureLendersOnEmptyDatabase() {
  if ((await countLenders()) > 0) return 0;
  const n = await seedLenders();
  if (n) log.warn(`[seed] Created ${n} fictional partner lenders (see /admin/lenders).`);
  return n;
}

// ---------------------------------------------------------------------------------------------
// The lender catalogue (admin), every change audit-logged
// ---------------------------------------------------------------------------------------------

const isDuplicate = (e: unknown) =>
  /Duplicate entry|ER_DUP_ENTRY/.test(String((e as Error).message) + String((e as { cause?: Error }).cause?.message ?? ""));

function productValues(v: LenderFormInput, keepTiers: RateTierRow[] = []) {
  const scoreTiers = keepTiers.filter((t) => t.minCreditScore != null);
  return {
    name: v.productName,
    states: [...new Set(v.states)],
    purposes: [...new Set(v.purposes)],
    minAmountCents: v.minAmount,
    maxAmountCents: v.maxAmount,
    termsMonths: [...new Set(v.termsMonths)].sort((a, b) => a - b),
    defaultTermMonths: v.defaultTermMonths,
    rateTiers: [
      { minIncomeToAmountBps: 0, noteRateBps: v.noteRate },
      { minIncomeToAmountBps: v.bestIncomeMultiple, noteRateBps: v.bestNoteRate },
      ...scoreTiers,
    ],
    originationFeeBps: v.originationFee,
    minAnnualIncomeCents: v.minAnnualIncome,
    prepayment: v.prepayment,
    collateral: v.collateral,
    avoidableFees: v.avoidableFees,
    fundingDays: v.fundingDays,
  };
}

/** The sample offers a form's values would price (shown in the form, before saving). */
export function previewSample(v: LenderFormInput): SampleOfferView[] {
  return toSampleViews(sampleOffers(productValues(v)));
}

/** The sample offers of a stored product. */
export function storedSample(p: Parameters<typeof sampleOffers>[0]): SampleOfferView[] {
  return toSampleViews(sampleOffers(p));
}

export type SampleOfferView = { label: string; rows: Array<[string, string]> };

function toSampleViews(samples: ReturnType<typeof sampleOffers>): SampleOfferView[] {
  return samples.map((s) => ({
    label: s.label,
    rows: [
      ["Loan amount", formatCents(s.figures.amountCents)],
      ["Term", `${s.figures.termMonths} months`],
      ["Interest rate", formatBps(s.figures.noteRateBps)],
      ["Funding provided", formatCents(s.figures.fundingCents)],
      ["Monthly payment", formatCents(s.figures.paymentCents)],
      ["Estimated APR", formatBps(s.figures.estimatedAprBps)],
      ["Estimated total payment amount", formatCents(s.figures.totalPaymentsCents)],
    ],
  }));
}

export type LenderSaveOutcome = { ok: true; id: number } | { ok: false; message: string };

export async function createLenderWithProduct(adminId: number, v: LenderFormInput, ip: string | null): Promise<LenderSaveOutcome> {
  const problems = productProblems(productValues(v));
  if (problems.length) return { ok: false, message: problems.join(" ") };
  try {
    const id = await transaction(async (tx) => {
      const lenderId = await insertLender(tx, { name: v.name, nmlsId: v.nmlsId, website: v.website });
      await insertProduct(tx, {
        ...productValues(v),
        lenderId,
        minCreditScore: null,
        minYearsInBusiness: null,
        maxPaymentToIncomeBps: 2500,
      });
      return lenderId;
    });
    // The public pages' claims come from the active catalogue (marketplace/public-claims.server.ts).
    invalidatePublicPages();
    await recordAudit({ actorUserId: adminId, action: "lender.created", targetType: "lender", targetId: id, ip });
    return { ok: true, id };
  } catch (e) {
    if (isDuplicate(e)) return { ok: false, message: MARKET_MSG.lenderNameTaken };
    throw e;
  }
}

export async function updateLenderWithProduct(
  adminId: number,
  lenderId: number,
  v: LenderFormInput,
  ip: string | null,
): Promise<LenderSaveOutcome> {
  const current = await getLender(lenderId);
  if (!current) return { ok: false, message: MARKET_MSG.productNotFound };
  const problems = productProblems(productValues(v));
  if (problems.length) return { ok: false, message: problems.join(" ") };
  try {
    await transaction(async (tx) => {
      await updateLender(tx, lenderId, { name: v.name, nmlsId: v.nmlsId, website: v.website });
      const first = current.products[0];
      if (first) await updateProduct(tx, first.id, productValues(v, first.rateTiers));
      else
        await insertProduct(tx, {
          ...productValues(v),
          lenderId,
          minCreditScore: null,
          minYearsInBusiness: null,
          maxPaymentToIncomeBps: 2500,
        });
    });
  } catch (e) {
    if (isDuplicate(e)) return { ok: false, message: MARKET_MSG.lenderNameTaken };
    throw e;
  }
  invalidatePublicPages();
  await recordAudit({ actorUserId: adminId, action: "lender.updated", targetType: "lender", targetId: lenderId, ip });
  return { ok: true, id: lenderId };
}

export type LenderStatusOutcome = { ok: true; withdrawn: number } | { ok: false; status: 404 | 409; message: string };

export const CATALOGUE_MSG = {
  cannotActivate: (problems: string[]) => `This lender cannot be resumed until its product is fixed: ${problems.join(" ")}`,
} as const;

/**
 * Pauses or resumes a lender. Resuming is refused while a product could not be saved as it is
 * (blank or zero rate, ...). Pausing with `withdrawOffers` also withdraws its outstanding offers
 * (made, not accepted) and e-mails each applicant; an application left without any open offer moves
 * to "no lender match".
 */
export async function setLenderStatus(
  adminId: number,
  lenderId: number,
  status: "active" | "paused",
  ip: string | null,
  opts: { withdrawOffers?: boolean } = {},
): Promise<LenderStatusOutcome> {
  const current = await getLender(lenderId);
  if (!current) return { ok: false, status: 404, message: MARKET_MSG.productNotFound };
  if (status === "active") {
    const problems = current.products.filter((p) => p.active).flatMap((p) => productProblems(p));
    if (problems.length) return { ok: false, status: 409, message: CATALOGUE_MSG.cannotActivate([...new Set(problems)]) };
  }
  if (current.status !== status) {
    await updateLenderStatus(lenderId, status);
    invalidatePublicPages();
    await recordAudit({
      actorUserId: adminId,
      action: status === "paused" ? "lender.paused" : "lender.resumed",
      targetType: "lender",
      targetId: lenderId,
      ip,
    });
  }
  let withdrawn = 0;
  if (status === "paused" && opts.withdrawOffers) withdrawn = await withdrawOffersOfPausedLender(adminId, lenderId, current.name, ip);
  return { ok: true, withdrawn };
}

/** The number of a lender's outstanding offers (for the pause form's question). */
export async function countOutstandingOffers(lenderId: number) {
  return (await listOutstandingOffersOfLender(lenderId)).length;
}

async function withdrawOffersOfPausedLender(adminId: number, lenderId: number, lenderName: string, ip: string | null) {
  let n = 0;
  const reason = `${lenderName} paused its lending on our platform`;
  for (const pre of await listOutstandingOffersOfLender(lenderId)) {
    // One transaction per application, in the acceptance's lock order (application, then offer):
    // an offer accepted meanwhile is no longer "offered" and is left alone.
    const done = await transaction(async (tx) => {
      const app = await lockApplication(tx, pre.applicationId);
      const offer = await lockOffer(tx, pre.id);
      if (!app || !offer || offer.status !== "offered") return false;
      const left = await withdrawOutstandingOffer(tx, app, offer, { actorUserId: adminId, actor: "admin", reason });
      const user = await getUserById(app.userId, tx);
      if (user) {
        const mail = offerWithdrawnMail({
          firstName: user.firstName,
          reference: app.reference,
          lenderName: offer.lenderName,
          reason,
          stillOpen: left,
          lang: readerLanguage(user),
        });
        await enqueueEmail(tx, { ...renderMail(mail), to: user.email, userId: user.id, kind: "offer_withdrawn" });
      }
      return true;
    });
    if (done) n++;
  }
  if (n) {
    kickOutbox();
    await recordAudit({
      actorUserId: adminId,
      action: "lender.offers_withdrawn",
      targetType: "lender",
      targetId: lenderId,
      ip,
      details: `${n} offers`,
    });
  }
  return n;
}
