/**
 * Marketplace workflows: seeding the fictional lenders, matching on submission (in the submit
 * transaction), the disclosure of an offer and its hash, accepting an offer (final, idempotent,
 * race-safe), and the admin's withdraw / manual offer. Figures come only from the pure modules
 * `offer-matching` and `offer-money`, and once stored are never recomputed.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { FICTIONAL_NOTE, SEED_LENDERS } from "~/content/lender-seed";
import { purposeLabel } from "~/content/loan-options";
import { site } from "~/content/site";
import { recordApplicationEvent } from "~/models/application-event.server";
import { recordAudit } from "~/models/audit.server";
import {
  countLenders,
  getAcceptance,
  getApplicationSummary,
  getLender,
  getOfferById,
  getProductWithLender,
  getSubmittedApplicationByReference,
  hasDecisions,
  insertAcceptance,
  insertDecisions,
  insertLender,
  insertOffer,
  insertProduct,
  listActiveProductTerms,
  listDecisions,
  listOffers,
  lockAcceptance,
  lockApplicationRow,
  lockOffer,
  setOfferStatus,
  toTerms,
  updateLender,
  updateProduct,
  withdrawOtherOffers,
  type AcceptanceRow,
  type OfferRow,
} from "~/models/marketplace.server";
import { enqueueEmail } from "~/models/outbox.server";
import { kickOutbox } from "~/services/mail.server";
import type { RateTierRow } from "../../db/schema";
import type { LenderFormInput } from "~/schemas/offers";
import { getDb as getDbForCatalogue, schema, transaction, type Tx } from "~/models/db.server";
import { MARKET_MSG } from "~/utils/messages";
import { priceLoan, toCents } from "~/utils/offer-money";
import { OFFER_VALIDITY_DAYS, REASON_TEXT, matchApplication, offersPath, principalReasons, type ReasonCode } from "~/utils/offer-matching";
import { formatBps, formatCents, formatUsd } from "~/utils/format";

// ---------------------------------------------------------------------------------------------
// Seed
// ---------------------------------------------------------------------------------------------

/** Inserts the seed lenders missing by name (all of them on an empty table). */
export async function seedLenders(): Promise<number> {
  let created = 0;
  for (const l of SEED_LENDERS) {
    try {
      await transaction(async (tx) => {
        const [exists] = await tx.select({ id: schema.lenders.id }).from(schema.lenders).where(eq(schema.lenders.name, l.name)).limit(1);
        if (exists) return;
        const lenderId = await insertLender(tx, { name: l.name, nmlsId: l.nmlsId, website: l.website, note: FICTIONAL_NOTE });
        for (const p of l.products) await insertProduct(tx, { ...p, lenderId });
        created++;
      });
    } catch (e) {
      // Another server seeding at the same moment inserted it first (unique name): fine.
      if (!/Duplicate entry|ER_DUP_ENTRY/.test(String((e as Error).message) + String((e as { cause?: Error }).cause?.message ?? ""))) throw e;
    }
  }
  return created;
}

/** First start of a database without lenders: the fictional catalogue, so offers exist at once. */
export async function ensureLendersOnEmptyDatabase() {
  if ((await countLenders()) > 0) return 0;
  const n = await seedLenders();
  if (n) console.warn(`[seed] Created ${n} fictional partner lenders (see /admin/lenders).`);
  return n;
}

// ---------------------------------------------------------------------------------------------
// Matching on submission
// ---------------------------------------------------------------------------------------------

export type MatchSummary = { offers: number; reasons: ReasonCode[] };

/**
 * Runs matching for a just-submitted application inside the submit transaction, so decisions and
 * offers commit with the submission or not at all. Runs once: a second call finds the decisions.
 */
export async function matchOnSubmit(tx: Tx, applicationId: number, now = new Date()): Promise<MatchSummary> {
  if (await hasDecisions(tx, applicationId)) return { offers: 0, reasons: [] };
  const app = await getApplicationSummary(applicationId, tx);
  if (!app) throw new Error("application missing");
  const products = await listActiveProductTerms(tx);
  const decisions = matchApplication(
    products,
    { amountCents: toCents(app.amount), state: app.state, purpose: app.purpose, annualIncomeCents: toCents(app.annualIncome) },
    now,
  );
  await insertDecisions(tx, applicationId, decisions);
  let offers = 0;
  for (const d of decisions) {
    if (!d.offer) continue;
    const nmlsId = products.find((p) => p.productId === d.productId)?.nmlsId ?? "";
    await insertOffer(tx, applicationId, { ...d.offer, nmlsId });
    offers++;
  }
  return { offers, reasons: offers ? [] : principalReasons(decisions) };
}


/** The marketplace part of the confirmation e-mail: the offers, or the adverse-action notice. */
export function marketplaceEmailLines(reference: string, m: MatchSummary): string[] {
  if (m.offers > 0) {
    return [
      `Good news: ${m.offers} partner lender offer${m.offers === 1 ? "" : "s"} ${m.offers === 1 ? "is" : "are"} ready for you to compare.`,
      `Sign in and open ${offersPath(reference)} to compare them side by side with their cost disclosures. Offers are valid for ${OFFER_VALIDITY_DAYS} days.`,
      "",
    ];
  }
  return [...adverseActionLines(m.reasons), ""];
}

/** ECOA / Regulation B style notice when no partner lender could make an offer. */
export function adverseActionLines(reasons: readonly ReasonCode[]): string[] {
  return [
    "NOTICE OF ACTION TAKEN",
    "None of our partner lenders was able to make you an offer for this application.",
    "Principal reason(s):",
    ...reasons.map((r) => `- ${REASON_TEXT[r]}`),
    "You may reapply with different details (for example another amount or purpose). You have the right to a statement of specific reasons within 60 days: contact us to ask for it.",
    MARKET_MSG.ecoaNotice,
  ];
}

// ---------------------------------------------------------------------------------------------
// Disclosure
// ---------------------------------------------------------------------------------------------

export type DisclosureRow = { label: string; value: string; explanation: string };

/** The standard disclosure table (SB 1235 / CFDL layout) of a stored offer. */
export function disclosureRows(o: OfferRow): DisclosureRow[] {
  const same = o.finalPaymentCents === o.paymentCents;
  return [
    { label: "Funding provided", value: formatCents(o.fundingCents), explanation: `This is how much money you will receive: the ${formatCents(o.amountCents)} loan minus the ${formatCents(o.feeCents)} origination fee withheld at funding.` },
    { label: "Estimated annual percentage rate (APR)", value: formatBps(o.estimatedAprBps), explanation: `This is the yearly cost of the financing including the fee, expressed as a rate on the funding provided. The note rate is ${formatBps(o.noteRateBps)}; the fee makes the APR higher.` },
    { label: "Finance charge", value: formatCents(o.financeChargeCents), explanation: "This is the dollar cost of the financing: all interest plus the origination fee." },
    { label: "Estimated total payment amount", value: formatCents(o.totalPaymentsCents), explanation: "This is the total of every payment you will make if you pay as scheduled." },
    {
      label: "Payment amount and frequency",
      value: same ? `${formatCents(o.paymentCents)} monthly` : `${formatCents(o.paymentCents)} monthly (last payment ${formatCents(o.finalPaymentCents)})`,
      explanation: `You will make ${o.paymentCount} monthly payments${same ? "" : "; the last one differs by the cents of rounding"}.`,
    },
    { label: "Term", value: `${o.termMonths} months`, explanation: "This is how long you have to repay the financing in full." },
    { label: "Prepayment", value: o.prepayment, explanation: "This says whether you pay any extra fee, or still owe the finance charge, if you repay early." },
  ];
}

/** The exact disclosure text shown and signed; its SHA-256 is stored with the acceptance. */
export function disclosureText(o: OfferRow, reference: string): string {
  return [
    `Commercial financing disclosure - offer ${o.id} for application ${reference}`,
    `Lender: ${o.lenderName} (NMLS ${o.lenderNmlsId}) - ${o.productName}`,
    `Amount: ${formatCents(o.amountCents)}`,
    ...disclosureRows(o).map((r) => `${r.label}: ${r.value}`),
    `Offer valid until: ${o.expiresAt.toISOString()}`,
  ].join("\n");
}

export const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

export const isExpired = (o: Pick<OfferRow, "expiresAt">, now = new Date()) => o.expiresAt.getTime() <= now.getTime();

/** What the applicant sees of an offer's state. */
export function offerState(o: OfferRow, now = new Date()): "offered" | "accepted" | "withdrawn" | "expired" {
  if (o.status === "offered" && isExpired(o, now)) return "expired";
  return o.status;
}

// ---------------------------------------------------------------------------------------------
// Accepting
// ---------------------------------------------------------------------------------------------

export type AcceptOutcome =
  | { ok: true; already: boolean; reference: string; offerId: number }
  | { ok: false; status: 404 | 409 | 400; message: string };

async function adminEmails(tx: Tx) {
  return tx.select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.role, "admin"));
}

/**
 * Accepts `offerId` for its owner. One transaction with the application row locked, so two
 * concurrent accepts run one after the other: the first accepts, a repeat of the same offer
 * answers "already accepted" (idempotent), another offer is refused. The unique index on
 * offer_acceptances.application_id backs this up.
 */
export async function acceptOffer(
  user: { id: number; email: string; firstName: string },
  offerId: number,
  input: { signerName: string; disclosureSha256: string; ip: string | null },
): Promise<AcceptOutcome> {
  // The application an offer belongs to never changes, so it is read before the transaction;
  // inside, every read is a locking read in one order (application, then offer, then acceptance),
  // so concurrent accepts queue on the application row and never deadlock.
  const pre = await getOfferById(offerId);
  if (!pre) return { ok: false, status: 404, message: MARKET_MSG.offerNotFound };
  const out = await transaction(async (tx): Promise<AcceptOutcome & { mail?: boolean }> => {
    const app = await lockApplicationRow(tx, pre.applicationId);
    if (!app || app.userId !== user.id || app.status === "draft") return { ok: false, status: 404, message: MARKET_MSG.offerNotFound };
    const offer = await lockOffer(tx, offerId);
    if (!offer) return { ok: false, status: 404, message: MARKET_MSG.offerNotFound };
    const existing = await lockAcceptance(tx, app.id);
    if (existing) {
      if (existing.offerId === offer.id) return { ok: true, already: true, reference: app.applicationId, offerId: offer.id };
      return { ok: false, status: 409, message: MARKET_MSG.anotherOfferAccepted };
    }
    const locked = offer;
    if (app.status === "rejected") return { ok: false, status: 409, message: MARKET_MSG.applicationClosed };
    if (locked.status !== "offered") return { ok: false, status: 409, message: MARKET_MSG.offerWithdrawn };
    if (isExpired(locked)) return { ok: false, status: 409, message: MARKET_MSG.offerExpired };
    const text = disclosureText(locked, app.applicationId);
    const hash = sha256(text);
    if (hash !== input.disclosureSha256) return { ok: false, status: 409, message: MARKET_MSG.disclosureChanged };
    const now = new Date();
    await insertAcceptance(tx, {
      applicationId: app.id,
      offerId: locked.id,
      userId: user.id,
      signerName: input.signerName,
      acceptedAt: now,
      clientIp: input.ip,
      disclosureSha256: hash,
      disclosureText: text,
    });
    await setOfferStatus(tx, locked.id, "accepted");
    await withdrawOtherOffers(tx, app.id, locked.id, "Another offer was accepted");
    await tx.update(schema.loanApplications).set({ status: "offer-accepted", updatedAt: now }).where(eq(schema.loanApplications.id, app.id));
    await recordApplicationEvent(tx, {
      applicationId: app.id,
      actorUserId: user.id,
      type: "status_changed",
      fromStatus: app.status,
      toStatus: "offer-accepted",
      note: `Accepted offer ${locked.id} from ${locked.lenderName}`,
    });
    const summary = [
      `Lender: ${locked.lenderName} (NMLS ${locked.lenderNmlsId})`,
      `Funding provided: ${formatCents(locked.fundingCents)}`,
      `Estimated APR: ${formatBps(locked.estimatedAprBps)}`,
      `Payment: ${formatCents(locked.paymentCents)} monthly for ${locked.termMonths} months`,
      `Estimated total payment amount: ${formatCents(locked.totalPaymentsCents)}`,
    ];
    await enqueueEmail(tx, {
      to: user.email,
      kind: "offer_accepted",
      subject: `Offer Accepted - ${app.applicationId}`,
      text: [
        `Hello ${user.firstName},`,
        "",
        `You accepted an offer for your application ${app.applicationId} (${formatUsd(Number(app.amount))}, ${purposeLabel(app.purpose)}). Status: Offer Accepted.`,
        "",
        ...summary,
        `Signed by: ${input.signerName} on ${now.toISOString()}`,
        `Disclosure fingerprint (SHA-256): ${hash}`,
        "",
        "The lender will contact you to finalise funding. The other offers were withdrawn.",
        "",
        `${site.name} - ${site.supportPhone} - ${site.supportEmail}`,
      ].join("\n"),
    });
    for (const a of await adminEmails(tx)) {
      await enqueueEmail(tx, {
        to: a.email,
        kind: "offer_accepted_admin",
        subject: `Offer Accepted - ${app.applicationId}`,
        text: [`Application ${app.applicationId} accepted offer ${locked.id}.`, "", ...summary].join("\n"),
      });
    }
    return { ok: true, already: false, reference: app.applicationId, offerId: locked.id, mail: true };
  }).catch((e: unknown) => {
    // The unique index caught a concurrent accept that slipped past the lock: answer as a repeat.
    if (/Duplicate entry|ER_DUP_ENTRY/.test(String((e as Error).message) + String((e as { cause?: Error }).cause?.message ?? ""))) return null;
    throw e;
  });
  if (out === null) {
    const offer = await getOfferById(offerId);
    const acc = offer ? await getAcceptance(offer.applicationId) : null;
    const app = offer ? await getApplicationSummary(offer.applicationId) : null;
    if (offer && app && acc?.offerId === offer.id) return { ok: true, already: true, reference: app.applicationId, offerId };
    return { ok: false, status: 409, message: MARKET_MSG.anotherOfferAccepted };
  }
  if (out.ok && !out.already) {
    kickOutbox();
    await recordAudit({ actorUserId: user.id, action: "offer.accepted", targetType: "offer", targetId: offerId, ip: input.ip });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

export async function withdrawOffer(adminId: number, offerId: number, reason: string, ip: string | null) {
  const pre = await getOfferById(offerId);
  if (!pre) return false;
  const done = await transaction(async (tx) => {
    // Same lock order as accepting: the application first, then the offer.
    await lockApplicationRow(tx, pre.applicationId);
    const o = await lockOffer(tx, offerId);
    if (!o || o.status !== "offered") return false;
    await setOfferStatus(tx, o.id, "withdrawn", reason);
    await recordApplicationEvent(tx, { applicationId: o.applicationId, actorUserId: adminId, type: "offer_withdrawn", note: `Offer ${o.id} (${o.lenderName}) withdrawn: ${reason}` });
    return true;
  });
  if (done) await recordAudit({ actorUserId: adminId, action: "offer.withdrawn", targetType: "offer", targetId: offerId, ip });
  return done;
}

export type ManualOfferInput = { productId: number; amountCents: number; termMonths: number; noteRateBps: number; feeCents: number };

/** A manual offer for an application, priced by the same money module. */
export async function addManualOffer(adminId: number, applicationId: number, input: ManualOfferInput, ip: string | null) {
  const found = await getProductWithLender(input.productId);
  if (!found) return { ok: false as const, message: MARKET_MSG.productNotFound };
  const app = await getApplicationSummary(applicationId);
  if (!app) return { ok: false as const, message: MARKET_MSG.offerNotFound };
  if (app.status === "offer-accepted") return { ok: false as const, message: MARKET_MSG.anotherOfferAccepted };
  if (input.feeCents >= input.amountCents) return { ok: false as const, message: MARKET_MSG.feeTooLarge };
  const figures = priceLoan(input);
  const terms = toTerms(found.p, found.l);
  const id = await transaction(async (tx) => {
    const offerId = await insertOffer(tx, applicationId, {
      ...figures,
      productId: terms.productId,
      lenderId: terms.lenderId,
      lenderName: terms.lenderName,
      productName: terms.productName,
      prepayment: terms.prepayment,
      fundingDays: terms.fundingDays,
      expiresAt: new Date(Date.now() + OFFER_VALIDITY_DAYS * 86_400_000),
      nmlsId: found.l.nmlsId,
      source: "manual",
      createdBy: adminId,
    });
    await recordApplicationEvent(tx, { applicationId, actorUserId: adminId, type: "offer_added", note: `Manual offer ${offerId} from ${terms.lenderName}` });
    return offerId;
  });
  await recordAudit({ actorUserId: adminId, action: "offer.manual_added", targetType: "offer", targetId: id, ip });
  return { ok: true as const, offerId: id };
}

// ---------------------------------------------------------------------------------------------
// Read models for pages and the API (owner, or an admin, only)
// ---------------------------------------------------------------------------------------------

export type OfferView = {
  id: number;
  lenderName: string;
  nmlsId: string;
  productName: string;
  source: "match" | "manual";
  state: "offered" | "accepted" | "withdrawn" | "expired";
  amountCents: number;
  termMonths: number;
  noteRateBps: number;
  feeCents: number;
  fundingCents: number;
  estimatedAprBps: number;
  paymentCents: number;
  finalPaymentCents: number;
  paymentCount: number;
  totalPaymentsCents: number;
  financeChargeCents: number;
  prepayment: string;
  fundingDays: number;
  expiresAt: string;
};

export function toOfferView(o: OfferRow, now = new Date()): OfferView {
  return {
    id: o.id,
    lenderName: o.lenderName,
    nmlsId: o.lenderNmlsId,
    productName: o.productName,
    source: o.source,
    state: offerState(o, now),
    amountCents: o.amountCents,
    termMonths: o.termMonths,
    noteRateBps: o.noteRateBps,
    feeCents: o.feeCents,
    fundingCents: o.fundingCents,
    estimatedAprBps: o.estimatedAprBps,
    paymentCents: o.paymentCents,
    finalPaymentCents: o.finalPaymentCents,
    paymentCount: o.paymentCount,
    totalPaymentsCents: o.totalPaymentsCents,
    financeChargeCents: o.financeChargeCents,
    prepayment: o.prepayment,
    fundingDays: o.fundingDays,
    expiresAt: o.expiresAt.toISOString(),
  };
}

type Viewer = { id: number; role: string };
const mayView = (viewer: Viewer, ownerId: number) => viewer.role === "admin" || viewer.id === ownerId;

export type AcceptanceView = { offerId: number; signerName: string; acceptedAt: string; clientIp: string | null; disclosureSha256: string };
const toAcceptanceView = (a: AcceptanceRow): AcceptanceView => ({
  offerId: a.offerId,
  signerName: a.signerName,
  acceptedAt: a.acceptedAt.toISOString(),
  clientIp: a.clientIp,
  disclosureSha256: a.disclosureSha256,
});

/** An application's offers for its owner or an admin; null when absent or not theirs (a 404). */
export async function getOffersForViewer(viewer: Viewer, reference: string) {
  const app = await getSubmittedApplicationByReference(reference);
  if (!app || !mayView(viewer, app.userId)) return null;
  const [offers, decisions, acceptance] = await Promise.all([listOffers(app.id), listDecisions(app.id), getAcceptance(app.id)]);
  const now = new Date();
  const declined = decisions.filter((d) => !d.eligible);
  const reasons = principalReasonsFromRows(declined.map((d) => d.reasons));
  return {
    application: { reference: app.applicationId, status: app.status, amount: Number(app.amount), purpose: app.purpose, state: app.state },
    offers: offers.map((o) => toOfferView(o, now)),
    acceptance: acceptance ? toAcceptanceView(acceptance) : null,
    matched: decisions.length > 0,
    principalReasons: reasons.map((r) => REASON_TEXT[r]),
    unlock: [...new Set(decisions.flatMap((d) => d.unlock))],
  };
}

function principalReasonsFromRows(rows: string[][]): ReasonCode[] {
  const known = new Set<string>(Object.keys(REASON_TEXT));
  return principalReasons(rows.map((reasons) => ({ reasons: reasons.filter((r) => known.has(r)) as ReasonCode[] })));
}

/** One offer with its disclosure for its owner or an admin; null when absent or not theirs. */
export async function getOfferDisclosureForViewer(viewer: Viewer, offerId: number) {
  const offer = await getOfferById(offerId);
  if (!offer) return null;
  const app = await getApplicationSummary(offer.applicationId);
  if (!app || !mayView(viewer, app.userId)) return null;
  const acceptance = await getAcceptance(app.id);
  const text = disclosureText(offer, app.applicationId);
  return {
    reference: app.applicationId,
    applicationStatus: app.status,
    isOwner: viewer.id === app.userId,
    offer: toOfferView(offer),
    disclosure: disclosureRows(offer),
    disclosureText: text,
    disclosureSha256: sha256(text),
    acceptance: acceptance ? toAcceptanceView(acceptance) : null,
  };
}

/** Admin: an application's decisions, offers and acceptance (with the signed disclosure). */
export async function getMarketplaceForAdmin(applicationId: number) {
  const [offers, decisions, acceptance, products] = await Promise.all([
    listOffers(applicationId),
    listDecisions(applicationId),
    getAcceptance(applicationId),
    listActiveProductTerms(),
  ]);
  return {
    offers: offers.map((o) => toOfferView(o)),
    decisions: decisions.map((d) => ({ id: d.id, lenderName: d.lenderName, productName: d.productName, eligible: d.eligible, reasons: d.reasons.map((r) => REASON_TEXT[r as ReasonCode] ?? r), unlock: d.unlock })),
    acceptance: acceptance ? { ...toAcceptanceView(acceptance), disclosureText: acceptance.disclosureText } : null,
    products: products.map((p) => ({ id: p.productId, label: `${p.lenderName} - ${p.productName}`, defaultTermMonths: p.defaultTermMonths })),
  };
}

// ---------------------------------------------------------------------------------------------
// The lender catalogue (admin), every change audit-logged
// ---------------------------------------------------------------------------------------------

const isDuplicate = (e: unknown) => /Duplicate entry|ER_DUP_ENTRY/.test(String((e as Error).message) + String((e as { cause?: Error }).cause?.message ?? ""));

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
    rateTiers: [{ minIncomeToAmountBps: 0, noteRateBps: v.noteRate }, { minIncomeToAmountBps: v.bestIncomeMultiple, noteRateBps: v.bestNoteRate }, ...scoreTiers],
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
      await insertProduct(tx, { ...productValues(v), lenderId, minCreditScore: null, minYearsInBusiness: null, maxPaymentToIncomeBps: 2500 });
      return lenderId;
    });
    await recordAudit({ actorUserId: adminId, action: "lender.created", targetType: "lender", targetId: id, ip });
    return { ok: true, id };
  } catch (e) {
    if (isDuplicate(e)) return { ok: false, message: MARKET_MSG.lenderNameTaken };
    throw e;
  }
}

export async function updateLenderWithProduct(adminId: number, lenderId: number, v: LenderFormInput, ip: string | null): Promise<LenderSaveOutcome> {
  const current = await getLender(lenderId);
  if (!current) return { ok: false, message: MARKET_MSG.productNotFound };
  try {
    await transaction(async (tx) => {
      await updateLender(tx, lenderId, { name: v.name, nmlsId: v.nmlsId, website: v.website });
      const first = current.products[0];
      if (first) await updateProduct(tx, first.id, productValues(v, first.rateTiers));
      else await insertProduct(tx, { ...productValues(v), lenderId, minCreditScore: null, minYearsInBusiness: null, maxPaymentToIncomeBps: 2500 });
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
    await updateLender(getDbForCatalogue(), lenderId, { status });
    await recordAudit({ actorUserId: adminId, action: status === "paused" ? "lender.paused" : "lender.resumed", targetType: "lender", targetId: lenderId, ip });
  }
  return true;
}
