/** The Spanish claims are the English ones' figures: written with the English templates, they are claimTexts's own words. */
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "~/content/locales";
import { claimAnswers, claimTexts, type CatalogueClaims } from "~/features/marketplace/domain/public-claims";
import { translatedClaimAnswers, translatedClaimTexts } from "./use-claim-texts";

function tFor(lng: "en" | "es") {
  const i = createInstance();
  void i.init({
    lng,
    resources: { [lng]: { public: resources[lng].public } },
    ns: ["public"],
    defaultNS: "public",
    initImmediate: false,
    interpolation: { escapeValue: false },
  });
  return i.t.bind(i) as unknown as (key: string, values?: Record<string, string | number>) => string;
}

const base: CatalogueClaims = {
  productCount: 2,
  aprFromBps: 1149,
  aprToBps: 3510,
  example: { amountCents: 3_000_000, termMonths: 24, aprBps: 1679, paymentCents: 148_123, totalPaymentsCents: 3_554_952 },
  minAmountCents: 500_000,
  maxAmountCents: 5_000_000,
  minTermMonths: 6,
  maxTermMonths: 30,
  fastestFundingDays: 1,
  noPrepaymentPenalty: "some",
};
const variants: CatalogueClaims[] = [
  base,
  { ...base, aprToBps: 1149, minTermMonths: 1, maxTermMonths: 12, fastestFundingDays: 0, noPrepaymentPenalty: "all" },
  { ...base, minTermMonths: 24, maxTermMonths: 24, fastestFundingDays: 3, noPrepaymentPenalty: "none" },
];

describe("claims in the page's language", () => {
  it.each(variants)("the English templates give claimTexts's and claimAnswers's words exactly (%#)", (c) => {
    const t = tFor("en");
    expect(translatedClaimTexts(t, c)).toEqual(claimTexts(c));
    expect(translatedClaimAnswers(t, c)).toEqual(claimAnswers(claimTexts(c)));
    expect(translatedClaimAnswers(t, null)).toEqual(claimAnswers(null));
  });

  it("Spanish writes the same figures in Spanish words", () => {
    const x = translatedClaimTexts(tFor("es"), base);
    expect(x.example).toBe("Ejemplo: $30,000 a 24 meses con 16.79% de tasa de porcentaje anual (APR), $1,481.23 al mes, total $35,549.52.");
    expect(x.terms).toBe("6 meses a 2 años y 6 meses");
    expect(x.funding).toBe("Fondos en tan solo 1 día hábil después de aceptar una oferta");
    expect(x.amounts).toBe("$5,000 a $50,000");
  });
});
