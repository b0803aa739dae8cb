/**
 * The English texts of namespace "offers" that were retyped from this folder's modules (content
 * imports no feature code) are the modules' own words, so the spec's English cannot drift: the
 * right to reasons (Regulation B), the unlock hints, the best match's "why" line, the sort options
 * and the boost hints, each built the way the page builds it from the locale file.
 */
import { describe, expect, it } from "vitest";
import { fill, resources } from "~/content/locales";
import { APPLICANT_TOASTS } from "~/content/messages";
import { lenderNoticeLines, lenderNotices, NOTICE_CONTACT, RIGHT_TO_REASONS } from "./action-notices";
import { boostHints } from "./boost-hints";
import { bestMatch, noteRateFor, OFFER_SORTS, UNLOCK_HINT, type ApplicantProfile, type LenderProductTerms } from "./offer-matching";

const en = resources.en.offers;

const offer = (id: number, estimatedAprBps: number, paymentCents: number, financeChargeCents: number, fundingDays: number) => ({
  id,
  estimatedAprBps,
  paymentCents,
  financeChargeCents,
  fundingDays,
});

/** The "why" line as offer-ui.tsx writes it from the locale file. */
function whyFromLocale(leads: ReadonlyArray<keyof typeof en.bestMatch.reasons>, count: number) {
  if (count === 1) return en.bestMatch.onlyOne;
  const words = leads.map((k) => en.bestMatch.reasons[k]);
  const list = words.length > 1 ? `${words.slice(0, -1).join(", ")}${en.bestMatch.and}${words[words.length - 1]}` : (words[0] ?? "");
  return fill(en.bestMatch.leads, { list, count: String(count) });
}

describe("offers namespace: English retyped from the marketplace's domain", () => {
  it("the right to reasons is action-notices.ts's RIGHT_TO_REASONS", () => {
    expect(fill(en.notice.rightToReasons, { contact: NOTICE_CONTACT })).toBe(RIGHT_TO_REASONS);
  });

  it("a lender's decline is action-notices.ts's sentence", () => {
    const lines = lenderNoticeLines(
      lenderNotices([{ lenderName: "A", nmlsId: "100", eligible: false, reasons: ["amount-below-minimum"] }]),
      {
        offers: 0,
        deadline: "Dec 28, 2026",
      },
    );
    expect(lines).toContain(fill(en.notice.lenderDeclined, { lender: "A (NMLS 100)" }));
  });

  it("the unlock hints are offer-matching.ts's UNLOCK_HINT and noteRateFor's", () => {
    expect(en.unlock.credit).toBe(UNLOCK_HINT["credit-score-unknown"]);
    expect(en.unlock.years).toBe(UNLOCK_HINT["years-in-business-unknown"]);
    const product = {
      rateTiers: [
        { minIncomeToAmountBps: 0, noteRateBps: 1500 },
        { minIncomeToAmountBps: 0, minCreditScore: 700, noteRateBps: 1100 },
      ],
    } as Pick<LenderProductTerms, "rateTiers"> as LenderProductTerms;
    const applicant: ApplicantProfile = { amountCents: 3_000_000, state: "TX", purpose: "working-capital", annualIncomeCents: 12_000_000 };
    expect(noteRateFor(product, applicant).unlock).toEqual([en.unlock.rate]);
  });

  it("the best match's why line is bestMatch's, for one offer and for every measure", () => {
    expect(whyFromLocale([], 1)).toBe(bestMatch([offer(1, 1500, 100, 100, 1)])!.why);
    // Leads on all four measures (every reason's words), then on some of them.
    for (const offers of [
      [offer(1, 1500, 100_000, 200_000, 1), offer(2, 1800, 120_000, 300_000, 3)],
      [offer(1, 1800, 50_000, 500, 5), offer(2, 1679, 90_000, 400, 2), offer(3, 2000, 95_000, 900, 9)],
      [offer(1, 1500, 100_000, 200_000, 5), offer(2, 1800, 90_000, 300_000, 3)],
    ]) {
      const m = bestMatch(offers)!;
      expect(whyFromLocale(m.leads, m.count)).toBe(m.why);
    }
    expect(bestMatch([offer(1, 1500, 100_000, 200_000, 1), offer(2, 1800, 120_000, 300_000, 3)])!.leads).toEqual([
      "apr",
      "payment",
      "total",
      "speed",
    ]);
  });

  it("the sort options are OFFER_SORTS's labels", () => {
    expect(OFFER_SORTS.map((s) => en.sort.options[s.value])).toEqual(OFFER_SORTS.map((s) => s.label));
  });

  it("the boost hints are boost-hints.ts's", () => {
    const missing = new Set(["creditScoreRange", "timeInBusiness"] as const);
    const [unlock, improve] = boostHints(
      [
        { lenderName: "Alpha Lending", eligible: false, reasons: ["credit-score-unknown", "years-in-business-unknown"], unlock: [] },
        { lenderName: "Beta Bank", eligible: true, reasons: [], unlock: [en.unlock.rate] },
      ],
      missing,
    );
    const asks = [en.boost.asks.creditScoreRange, en.boost.asks.timeInBusiness].join(en.boost.asksJoin);
    expect(unlock!.text).toBe(fill(en.boost.unlock, { asks, lender: "Alpha Lending" }));
    expect(improve!.text).toBe(fill(en.boost.improve, { asks: en.boost.asks.creditScoreRange, lender: "Beta Bank" }));
  });

  it("the acceptance's toast titles are APPLICANT_TOASTS's", () => {
    expect(en.toast.accepted).toBe(APPLICANT_TOASTS.offerAccepted.title);
    expect(en.toast.already).toBe(APPLICANT_TOASTS.alreadyAccepted.title);
  });
});
