/**
 * The lender catalogue: the fictional seed lenders (on an empty database and by `npm run db:seed`)
 * and the admin's lender and product forms, every change audit-logged.
 */
import { FICTIONAL_NOTE, SEED_LENDERS } from "~/content/lender-seed";
import { recordAudit } from "~/models/audit-log.server";
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
} from "~/models/lenders.server";
import type { LenderFormInput } from "~/schemas/offers.schema";
import { transaction } from "~/models/db.server";
import { MARKET_MSG } from "~/utils/messages";
import { log } from "~/utils/log.server";

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
    fundingDays: v.fundingDays,
  };
}

export type LenderSaveOutcome = { ok: true; id: number } | { ok: false; message: string };

export async function createLenderWithProduct(adminId: number, v: LenderFormInput, ip: string | null): Promise<LenderSaveOutcome> {
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
  await recordAudit({ actorUserId: adminId, action: "lender.updated", targetType: "lender", targetId: lenderId, ip });
  return { ok: true, id: lenderId };
}

export async function setLenderStatus(adminId: number, lenderId: number, status: "active" | "paused", ip: string | null) {
  const current = await getLender(lenderId);
  if (!current) return false;
  if (current.status !== status) {
    await updateLenderStatus(lenderId, status);
    await recordAudit({
      actorUserId: adminId,
      action: status === "paused" ? "lender.paused" : "lender.resumed",
      targetType: "lender",
      targetId: lenderId,
      ip,
    });
  }
  return true;
}
