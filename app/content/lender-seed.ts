/**
 * The partner lenders a fresh database starts with. FICTIONAL: these companies, their NMLS ids
 * (all in the unassigned 99xxxxx range) and their pricing are invented for demonstration and
 * tests; they are not real lenders and nothing here is an offer of credit. Covers the six loan
 * products of the site (startup capital, working capital, equipment financing, business
 * expansion, small-business funding through the general-purpose term loan, commercial real
 * estate) across several states. No product serves Alaska or Hawaii, so an application from
 * there gets the no-eligible-lender notice.
 */
import { US_STATES } from "./us-states";

export const FICTIONAL_NOTE = "Fictional lender for demonstration and tests: not a real company, not a real NMLS id.";

const ALL_BUT_AK_HI = US_STATES.map((s) => s.code).filter((c) => c !== "AK" && c !== "HI");

export type SeedProduct = {
  name: string;
  states: string[];
  purposes: string[];
  minAmountCents: number;
  maxAmountCents: number;
  termsMonths: number[];
  defaultTermMonths: number;
  rateTiers: Array<{ minIncomeToAmountBps: number; minCreditScore?: number | null; noteRateBps: number }>;
  originationFeeBps: number;
  minAnnualIncomeCents: number;
  minCreditScore: number | null;
  minYearsInBusiness: number | null;
  maxPaymentToIncomeBps: number;
  prepayment: string;
  /** What the lender takes as security, and the fees the applicant can avoid (New York's summary states both). */
  collateral: string;
  avoidableFees: string;
  fundingDays: number;
};
export type SeedLender = { name: string; nmlsId: string; website: string; products: SeedProduct[] };

const UNSECURED = "None: the loan is unsecured.";
const USUAL_FEES =
  "Late payment fee: $25 for a payment more than 10 days late. Returned payment fee: $25 for a payment returned unpaid. Both are avoided by paying on time from an account with enough funds.";

const NO_PENALTY = "No prepayment penalty: you may repay early at any time and pay no interest for the months you did not borrow.";

export const SEED_LENDERS: SeedLender[] = [
  {
    name: "Bluebonnet Working Capital Co.",
    nmlsId: "9900101",
    website: "https://bluebonnet.example",
    products: [
      {
        name: "Short-term working capital loan",
        states: ["TX", "OK", "LA", "NM", "AZ", "CO", "AR"],
        purposes: ["working-capital", "inventory-financing"],
        minAmountCents: 500_000,
        maxAmountCents: 5_000_000,
        termsMonths: [6, 12, 18],
        defaultTermMonths: 12,
        rateTiers: [
          { minIncomeToAmountBps: 0, noteRateBps: 2900 },
          { minIncomeToAmountBps: 30_000, noteRateBps: 2200 },
          { minIncomeToAmountBps: 30_000, minCreditScore: 680, noteRateBps: 1800 },
        ],
        originationFeeBps: 300,
        minAnnualIncomeCents: 5_000_000,
        minCreditScore: null,
        minYearsInBusiness: null,
        maxPaymentToIncomeBps: 3500,
        prepayment: NO_PENALTY,
        collateral: UNSECURED,
        avoidableFees: USUAL_FEES,
        fundingDays: 1,
      },
    ],
  },
  {
    name: "Harbor Main Lending",
    nmlsId: "9900202",
    website: "https://harbormain.example",
    products: [
      {
        name: "Small-business term loan",
        states: ALL_BUT_AK_HI,
        purposes: ["working-capital", "business-expansion", "other"],
        minAmountCents: 1_000_000,
        maxAmountCents: 5_000_000,
        termsMonths: [24, 36, 48],
        defaultTermMonths: 36,
        rateTiers: [
          { minIncomeToAmountBps: 0, noteRateBps: 1999 },
          { minIncomeToAmountBps: 40_000, noteRateBps: 1499 },
          { minIncomeToAmountBps: 40_000, minCreditScore: 720, noteRateBps: 1099 },
        ],
        originationFeeBps: 250,
        minAnnualIncomeCents: 7_500_000,
        minCreditScore: null,
        minYearsInBusiness: null,
        maxPaymentToIncomeBps: 2500,
        prepayment: NO_PENALTY,
        collateral: UNSECURED,
        avoidableFees: USUAL_FEES,
        fundingDays: 3,
      },
    ],
  },
  {
    name: "Keystone Equipment Finance",
    nmlsId: "9900303",
    website: "https://keystone-equipment.example",
    products: [
      {
        name: "Equipment loan",
        states: ALL_BUT_AK_HI,
        purposes: ["equipment-financing"],
        minAmountCents: 500_000,
        maxAmountCents: 5_000_000,
        termsMonths: [36, 48, 60],
        defaultTermMonths: 48,
        rateTiers: [
          { minIncomeToAmountBps: 0, noteRateBps: 1399 },
          { minIncomeToAmountBps: 30_000, noteRateBps: 1099 },
        ],
        originationFeeBps: 100,
        minAnnualIncomeCents: 4_000_000,
        minCreditScore: null,
        minYearsInBusiness: null,
        maxPaymentToIncomeBps: 2500,
        prepayment: "A prepayment fee of 2% of the balance repaid applies during the first 12 months; none after.",
        collateral: "A first-priority security interest in the equipment financed.",
        avoidableFees: USUAL_FEES,
        fundingDays: 5,
      },
    ],
  },
  {
    name: "Sunrise Startup Fund",
    nmlsId: "9900404",
    website: "https://sunrise-startup.example",
    products: [
      {
        name: "Startup loan",
        states: ["CA", "NY", "TX", "FL", "WA", "IL", "GA", "NC", "MA"],
        purposes: ["startup-capital", "other"],
        minAmountCents: 100_000,
        maxAmountCents: 2_500_000,
        termsMonths: [12, 24, 36],
        defaultTermMonths: 24,
        rateTiers: [{ minIncomeToAmountBps: 0, noteRateBps: 2499 }],
        originationFeeBps: 400,
        minAnnualIncomeCents: 3_000_000,
        minCreditScore: null,
        minYearsInBusiness: null,
        maxPaymentToIncomeBps: 2500,
        prepayment: NO_PENALTY,
        collateral: UNSECURED,
        avoidableFees: USUAL_FEES,
        fundingDays: 7,
      },
    ],
  },
  {
    name: "Granite Ridge Commercial Lending",
    nmlsId: "9900505",
    website: "https://graniteridge.example",
    products: [
      {
        name: "Commercial real estate loan",
        states: ["CA", "NY", "TX", "FL", "IL", "PA", "OH", "NJ", "MA", "GA"],
        purposes: ["commercial-real-estate"],
        minAmountCents: 2_500_000,
        maxAmountCents: 5_000_000,
        termsMonths: [60, 84],
        defaultTermMonths: 84,
        rateTiers: [
          { minIncomeToAmountBps: 0, noteRateBps: 1149 },
          { minIncomeToAmountBps: 40_000, noteRateBps: 949 },
        ],
        originationFeeBps: 150,
        minAnnualIncomeCents: 10_000_000,
        minCreditScore: null,
        minYearsInBusiness: 2,
        maxPaymentToIncomeBps: 2500,
        prepayment: "A prepayment fee of 3% in year 1, 2% in year 2 and 1% in year 3 of the balance repaid; none after.",
        collateral: "A first mortgage on the commercial property financed.",
        avoidableFees:
          "Late payment fee: 5% of a payment more than 15 days late. Returned payment fee: $35 for a payment returned unpaid. Both are avoided by paying on time from an account with enough funds.",
        fundingDays: 21,
      },
    ],
  },
  {
    name: "Prairie Growth Bank",
    nmlsId: "9900606",
    website: "https://prairiegrowth.example",
    products: [
      {
        name: "Growth and inventory loan",
        states: ["IL", "IA", "MN", "WI", "MO", "KS", "NE", "IN", "OH", "MI", "TX"],
        purposes: ["business-expansion", "inventory-financing", "working-capital"],
        minAmountCents: 1_000_000,
        maxAmountCents: 5_000_000,
        termsMonths: [24, 36],
        defaultTermMonths: 24,
        rateTiers: [
          { minIncomeToAmountBps: 0, noteRateBps: 1799 },
          { minIncomeToAmountBps: 0, minCreditScore: 700, noteRateBps: 1299 },
        ],
        originationFeeBps: 200,
        minAnnualIncomeCents: 6_000_000,
        minCreditScore: null,
        minYearsInBusiness: null,
        maxPaymentToIncomeBps: 2500,
        prepayment: NO_PENALTY,
        collateral: "A security interest in the inventory financed.",
        avoidableFees: USUAL_FEES,
        fundingDays: 4,
      },
    ],
  },
  {
    name: "Lone Star Merchant Finance",
    nmlsId: "9900707",
    website: "https://lonestar-merchant.example",
    products: [
      {
        name: "Credit-scored working capital loan",
        states: ["TX"],
        purposes: ["working-capital"],
        minAmountCents: 500_000,
        maxAmountCents: 5_000_000,
        termsMonths: [12, 24],
        defaultTermMonths: 12,
        rateTiers: [{ minIncomeToAmountBps: 0, noteRateBps: 1599 }],
        originationFeeBps: 200,
        minAnnualIncomeCents: 4_000_000,
        minCreditScore: 640,
        minYearsInBusiness: null,
        maxPaymentToIncomeBps: 3000,
        prepayment: NO_PENALTY,
        collateral: UNSECURED,
        avoidableFees: USUAL_FEES,
        fundingDays: 2,
      },
    ],
  },
];
