/**
 * "No lender match" in plain words, pure: from the lender decisions the matching stored
 * (app/features/marketplace/domain/offer-matching.ts decides every product), the principal reasons that actually decided
 * the outcome and concrete next steps. Nothing is hard-coded per state: a reason every product gave
 * decided it alone (Alaska: no product serves AK); otherwise the fewest reasons that between them
 * blocked every product, most products first.
 */
import { purposeLabel } from "~/content/loan-options";
import { US_STATES } from "~/content/us-states";
import { REASON_CODES, REASON_TEXT, UNLOCK_HINT, type ReasonCode } from "./offer-matching";
import { fill, resourcesFor, type Language } from "~/content/locales";

export type NoMatchExplanation = { codes: ReasonCode[]; reasons: string[]; nextSteps: string[] };

const stateName = (code: string) => US_STATES.find((s) => s.code === code.toUpperCase())?.name ?? code.toUpperCase();

/** The same reason, said of every partner lender at once. */
function everyLenderText(code: ReasonCode, a: { state: string; purpose: string }): string {
  switch (code) {
    case "state-not-served":
      return `None of our partner lenders lends to businesses in ${stateName(a.state)}.`;
    case "purpose-not-served":
      return `None of our partner lenders finances this loan purpose (${purposeLabel(a.purpose)}).`;
    case "amount-above-maximum":
      return "The amount you asked for is above every partner lender's maximum.";
    case "amount-below-minimum":
      return "The amount you asked for is below every partner lender's minimum.";
    case "income-below-minimum":
      return "Your annual income is below every partner lender's minimum for this amount.";
    case "payment-unaffordable":
      return "The monthly payment would be too high for your income with every partner lender.";
    default:
      return `${REASON_TEXT[code]} (every partner lender).`;
  }
}

function nextStep(code: ReasonCode, a: { state: string }): string {
  switch (code) {
    case "state-not-served":
      return `Applying here again with an address in ${stateName(a.state)} will not change the result until a lender that serves ${stateName(a.state)} joins us. A bank, credit union or Small Business Development Center in ${stateName(a.state)} may be able to help.`;
    case "amount-above-maximum":
      return "Apply again for a smaller amount.";
    case "amount-below-minimum":
      return "Apply again for a larger amount.";
    case "purpose-not-served":
      return "If another loan purpose describes what the money is for, choose it in a new application.";
    case "income-below-minimum":
    case "payment-unaffordable":
      return "A smaller amount lowers the payment and the income needed: try a new application for less.";
    case "term-not-offered":
      return "Apply again without asking for a specific term.";
    case "credit-score-below-minimum":
      return "Lenders look at credit again on a new application: improving your credit score may change the result.";
    case "years-in-business-below-minimum":
      return "Lenders with a time-in-business minimum may consider you once your business has operated longer.";
    default:
      return UNLOCK_HINT[code] ?? "Contact us and we will tell you what would change the result.";
  }
}

/** everyLenderText and nextStep in another language than English (namespace "mail", `noMatch`). */
function translatedTexts(lang: Language, a: { state: string; purpose: string }) {
  const m = resourcesFor(lang).mail;
  const t = m.noMatch;
  const state = stateName(a.state);
  const purposes = resourcesFor(lang).wizard.purposes as Partial<Record<string, { label: string }>>;
  const purpose = purposes[a.purpose]?.label ?? purposeLabel(a.purpose);
  return {
    every(code: ReasonCode): string {
      switch (code) {
        case "state-not-served":
          return fill(t.everyStateNotServed, { state });
        case "purpose-not-served":
          return fill(t.everyPurposeNotServed, { purpose });
        case "amount-above-maximum":
          return t.everyAmountAbove;
        case "amount-below-minimum":
          return t.everyAmountBelow;
        case "income-below-minimum":
          return t.everyIncomeBelow;
        case "payment-unaffordable":
          return t.everyPaymentUnaffordable;
        default:
          return fill(t.every, { reason: m.reasons[code] });
      }
    },
    some: (code: ReasonCode) => fill(t.some, { reason: m.reasons[code] }),
    next(code: ReasonCode): string {
      switch (code) {
        case "state-not-served":
          return fill(t.nextStateNotServed, { state });
        case "amount-above-maximum":
          return t.nextAmountAbove;
        case "amount-below-minimum":
          return t.nextAmountBelow;
        case "purpose-not-served":
          return t.nextPurpose;
        case "income-below-minimum":
        case "payment-unaffordable":
          return t.nextSmaller;
        case "term-not-offered":
          return t.nextTerm;
        case "credit-score-below-minimum":
          return t.nextCredit;
        case "years-in-business-below-minimum":
          return t.nextYears;
        case "credit-score-unknown":
          return t.unlockCredit;
        case "years-in-business-unknown":
          return t.unlockYears;
        default:
          return t.nextContact;
      }
    },
    noneTaking: t.noneTaking,
    noneTakingNext: t.noneTakingNext,
  };
}

/**
 * The explanation of an application no product was eligible for. `decisions` are the stored
 * decisions (eligible ones are ignored); none at all means no product was taking applications.
 */
export function explainNoMatch(
  decisions: ReadonlyArray<{ eligible: boolean; reasons: readonly string[] }>,
  applicant: { state: string; purpose: string },
  max = 4,
  /** The language of the texts (issue 30); English unless asked. */
  lang: Language = "en",
): NoMatchExplanation {
  const declined = decisions.filter((d) => !d.eligible).map((d) => d.reasons.filter((r): r is ReasonCode => isReason(r)));
  const tr = lang === "en" ? null : translatedTexts(lang, applicant);
  if (declined.length === 0) {
    if (tr) return { codes: [], reasons: [tr.noneTaking], nextSteps: [tr.noneTakingNext] };
    return {
      codes: [],
      reasons: ["No partner lender was taking applications when you applied."],
      nextSteps: ["Apply again later: new lenders and products are added to the platform over time."],
    };
  }
  const universal = REASON_CODES.filter((c) => declined.every((rs) => rs.includes(c)));
  let codes: ReasonCode[];
  if (universal.length) codes = universal.slice(0, max);
  else {
    // Greedy cover: the reason that blocked the most products still open, until every product is covered.
    codes = [];
    let open = declined.filter((rs) => rs.length > 0);
    while (open.length && codes.length < max) {
      const count = new Map<ReasonCode, number>();
      for (const rs of open) for (const r of rs) count.set(r, (count.get(r) ?? 0) + 1);
      const best = [...count.entries()].sort((x, y) => y[1] - x[1] || REASON_CODES.indexOf(x[0]) - REASON_CODES.indexOf(y[0]))[0]![0];
      codes.push(best);
      open = open.filter((rs) => !rs.includes(best));
    }
  }
  if (tr) {
    const reasons = codes.map((c) => (universal.includes(c) ? tr.every(c) : tr.some(c)));
    return { codes, reasons, nextSteps: [...new Set(codes.map((c) => tr.next(c)))] };
  }
  const reasons = codes.map((c) => (universal.includes(c) ? everyLenderText(c, applicant) : `${REASON_TEXT[c]} (some partner lenders).`));
  const nextSteps = [...new Set(codes.map((c) => nextStep(c, applicant)))];
  return { codes, reasons, nextSteps };
}

const isReason = (r: string): r is ReasonCode => (REASON_CODES as readonly string[]).includes(r);
