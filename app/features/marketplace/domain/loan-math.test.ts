import { describe, expect, it } from "vitest";
import { CALCULATOR_DEFAULTS, TERM_OPTIONS, calculateLoan, parseCalculatorInput, parsePositiveNumber } from "./loan-math";
import { formatMoney2 } from "~/ui/format";

/** Rounds to cents the way the calculator displays figures. */
const cents = (n: number) => Math.round(n * 100) / 100;

describe("calculateLoan", () => {
  // Reference values computed independently with P*r*(1+r)^n/((1+r)^n-1), r = APR/100/12.
  it.each([
    { amount: 25000, apr: 8.99, termMonths: 36, monthly: 794.88, total: 28615.57, interest: 3615.57 },
    { amount: 10000, apr: 6, termMonths: 12, monthly: 860.66, total: 10327.97, interest: 327.97 },
    { amount: 50000, apr: 35.99, termMonths: 84, monthly: 1636.3, total: 137449.48, interest: 87449.48 },
    { amount: 1000, apr: 5.99, termMonths: 12, monthly: 86.06, total: 1032.74, interest: 32.74 },
  ])("$amount at $apr% over $termMonths months", ({ amount, apr, termMonths, monthly, total, interest }) => {
    const result = calculateLoan({ amount, apr, termMonths });
    expect(result).not.toBeNull();
    if (!result) return;
    expect(cents(result.monthlyPayment)).toBe(monthly);
    expect(cents(result.totalPayment)).toBe(total);
    expect(cents(result.totalInterest)).toBe(interest);
  });

  it("uses the product's defaults: 25,000 at 8.99% over 36 months", () => {
    const result = calculateLoan(CALCULATOR_DEFAULTS);
    expect(result && formatMoney2(result.monthlyPayment)).toBe("$794.88");
  });

  it("total payment is the monthly payment times the term, interest is total minus principal", () => {
    for (const termMonths of TERM_OPTIONS) {
      const result = calculateLoan({ amount: 12345, apr: 12.5, termMonths });
      expect(result).not.toBeNull();
      if (!result) continue;
      expect(result.totalPayment).toBe(result.monthlyPayment * termMonths);
      expect(result.totalInterest).toBe(result.totalPayment - 12345);
      expect(result.totalInterest).toBeGreaterThan(0);
    }
  });

  it("refuses zero, negative and non-finite inputs with null", () => {
    const ok = { amount: 25000, apr: 8.99, termMonths: 36 };
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(calculateLoan({ ...ok, amount: bad })).toBeNull();
      expect(calculateLoan({ ...ok, apr: bad })).toBeNull();
      expect(calculateLoan({ ...ok, termMonths: bad })).toBeNull();
    }
  });

  it("0% APR does not calculate (docs/product.md computes only for non-zero numbers): null, never NaN", () => {
    expect(calculateLoan({ amount: 25000, apr: 0, termMonths: 36 })).toBeNull();
    expect(parseCalculatorInput({ amount: "25000", apr: "0", term: "36" })).toBeNull();
    expect(parseCalculatorInput({ amount: "25000", apr: "0.00", term: "36" })).toBeNull();
  });

  it("stays finite for a vanishingly small rate (tends to amount / n)", () => {
    const result = calculateLoan({ amount: 1200, apr: 1e-300, termMonths: 12 });
    expect(result).not.toBeNull();
    expect(result && cents(result.monthlyPayment)).toBe(100);
    expect(result && cents(result.totalInterest)).toBe(0);
  });

  it("returns null instead of Infinity for absurdly large inputs", () => {
    expect(calculateLoan({ amount: 1e308, apr: 1e308, termMonths: 84 })).toBeNull();
  });
});

describe("parseCalculatorInput", () => {
  it("parses the three fields", () => {
    expect(parseCalculatorInput({ amount: "25000", apr: "8.99", term: "36" })).toEqual({
      amount: 25000,
      apr: 8.99,
      termMonths: 36,
    });
    expect(parseCalculatorInput({ amount: " 25,000.50 ", apr: ".5", term: "12" })).toEqual({
      amount: 25000.5,
      apr: 0.5,
      termMonths: 12,
    });
  });

  it.each(["0", "0.00", "", "   ", "abc", "-5", "12abc", "1e3", "0x10", "Infinity", "1,2", "NaN"])("refuses %j", (bad) => {
    expect(parsePositiveNumber(bad)).toBeNull();
    expect(parseCalculatorInput({ amount: bad, apr: "8.99", term: "36" })).toBeNull();
    expect(parseCalculatorInput({ amount: "25000", apr: bad, term: "36" })).toBeNull();
    expect(parseCalculatorInput({ amount: "25000", apr: "8.99", term: bad })).toBeNull();
  });

  it("refuses missing fields", () => {
    expect(parseCalculatorInput({})).toBeNull();
    expect(parseCalculatorInput({ amount: null, apr: "8.99", term: "36" })).toBeNull();
    expect(parseCalculatorInput({ amount: "25000", apr: "8.99" })).toBeNull();
  });
});

describe("formatMoney2", () => {
  it("formats US dollars with two decimals", () => {
    expect(formatMoney2(1234.56)).toBe("$1,234.56");
    expect(formatMoney2(1234.5)).toBe("$1,234.50");
    expect(formatMoney2(794.876968)).toBe("$794.88");
    expect(formatMoney2(137449.481239)).toBe("$137,449.48");
    expect(formatMoney2(0)).toBe("$0.00");
  });

  it("never prints a negative zero", () => {
    expect(formatMoney2(-0)).toBe("$0.00");
    expect(formatMoney2(-1e-12)).toBe("$0.00");
  });
});
