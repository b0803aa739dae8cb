/**
 * The catalogue's claims in the page's language (issue 30). English is domain/public-claims.ts's
 * own sentences, unchanged; another language writes the same figures (claimDollars, the APR to two
 * decimals) into its "public.claims" templates, so only the words change.
 */
import { claimAnswers, claimDollars, type CatalogueClaims, type ClaimTexts } from "~/features/marketplace/domain/public-claims";
import { useT } from "~/ui/i18n";

type T = (key: string, values?: Record<string, string | number>) => string;

const pct = (bps: number) => (bps / 100).toFixed(2);

function term(t: T, months: number): string {
  if (months < 12) return t("claims.months", { count: months });
  const years = t("claims.years", { count: Math.floor(months / 12) });
  const m = months % 12;
  return m ? t("claims.yearsAndMonths", { years, months: t("claims.months", { count: m }) }) : years;
}

/** ClaimTexts written with the templates of `t` (the "public" namespace of a language). */
export function translatedClaimTexts(t: T, c: CatalogueClaims): ClaimTexts {
  const apr = (bps: number) => t("claims.apr", { rate: pct(bps) });
  const e = c.example;
  const days = c.fastestFundingDays;
  return {
    rateFrom: c.aprFromBps === null ? null : apr(c.aprFromBps),
    rateRange:
      c.aprFromBps === null || c.aprToBps === null
        ? null
        : c.aprToBps === c.aprFromBps
          ? apr(c.aprFromBps)
          : t("claims.range", { from: pct(c.aprFromBps), to: apr(c.aprToBps) }),
    example: e
      ? t("claims.example", {
          amount: claimDollars(e.amountCents),
          months: e.termMonths,
          apr: apr(e.aprBps),
          payment: claimDollars(e.paymentCents),
          total: claimDollars(e.totalPaymentsCents),
        })
      : null,
    amounts:
      c.minAmountCents === null || c.maxAmountCents === null
        ? null
        : t("claims.amounts", { min: claimDollars(c.minAmountCents), max: claimDollars(c.maxAmountCents) }),
    terms:
      c.minTermMonths === null || c.maxTermMonths === null
        ? null
        : c.minTermMonths === c.maxTermMonths
          ? term(t, c.minTermMonths)
          : t("claims.termRange", { from: term(t, c.minTermMonths), to: term(t, c.maxTermMonths) }),
    funding: days === null ? null : days === 0 ? t("claims.fundingSameDay") : t("claims.funding", { count: days }),
    prepayment:
      c.noPrepaymentPenalty === "all" ? t("claims.prepaymentAll") : c.noPrepaymentPenalty === "some" ? t("claims.prepaymentSome") : null,
  };
}

/** The FAQ's claim answers (claimAnswers) written with the templates of `t`; null claims: claim-free answers. */
export function translatedClaimAnswers(t: T, c: CatalogueClaims | null): Record<string, string> {
  const factors = t("claims.factors");
  if (!c) {
    return {
      "interest-rates": factors,
      "loan-amounts-and-terms": t("claims.amountsPerProduct"),
      "decision-time": t("claims.decisionNoClaims"),
      prepayment: t("claims.prepaymentNoClaims"),
    };
  }
  const x = translatedClaimTexts(t, c);
  return {
    "interest-rates": x.rateRange ? t("claims.ratesToday", { range: x.rateRange, example: x.example ?? "", factors }) : factors,
    "loan-amounts-and-terms": x.amounts
      ? t("claims.borrowOver", { amounts: x.amounts, terms: x.terms ?? "" })
      : t("claims.amountsPerProduct"),
    "decision-time": t("claims.decision", { funding: x.funding ? t("claims.decisionFunding", { funding: x.funding }) : "" }),
    prepayment:
      c.noPrepaymentPenalty === "all"
        ? t("claims.prepaymentYesAll")
        : c.noPrepaymentPenalty === "some"
          ? t("claims.prepaymentYesSome")
          : t("claims.prepaymentYesNone"),
  };
}

/** The page's claim texts: the loader's English ones on an English page, else the same figures in the page's words. */
export function useClaimTexts(claims: CatalogueClaims, english: ClaimTexts): ClaimTexts {
  const { t, i18n } = useT("public");
  return i18n.language === "en" ? english : translatedClaimTexts(t as unknown as T, claims);
}

/** The FAQ's claim answers in the page's language (English: claimAnswers's own). */
export function useClaimAnswers(claims: CatalogueClaims | null, english: ClaimTexts | null): Record<string, string> {
  const { t, i18n } = useT("public");
  return i18n.language === "en" ? claimAnswers(english) : translatedClaimAnswers(t as unknown as T, claims);
}
