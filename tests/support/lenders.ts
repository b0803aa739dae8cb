/**
 * Lender users and shared applications for the lender workspace's tests, made through
 * the app's own modules: a lender user with a known TOTP secret (enrolled as /lender/login/setup
 * enrols), an application with an instant offer of a lender (what the marketplace stores when one of
 * the lender's products matches), and signing in over HTTP. Nothing here imports vitest.
 */
import { asc, eq } from "drizzle-orm";
import { getDb, schema, transaction } from "~/platform/db/db.server";
import { insertLenderUser } from "~/features/lenders/lender-users.server";
import { insertOffer } from "~/features/marketplace/offers.server";
import { completeEnrolment } from "~/features/accounts/mfa/mfa.server";
import { passwordHashOf } from "./password-hash";
import { priceLoan } from "~/features/marketplace/domain/offer-money";
import { base32Decode, generateTotpSecret, hotp, totpStep } from "~/features/accounts/mfa/totp.server";
import { nextSecondFactor, type SecondFactors } from "./admin-mfa";
import { expectRedirect, uniqueEmail, type HttpClient } from "./http-client";

export const LENDER_PASSWORD = "Lender-Password-42";
export type TestLenderUser = SecondFactors & { id: number; email: string; password: string; lenderId: number };

/** Two distinct partner lenders of the catalogue (seeded on an empty database), each with a product. */
export async function twoLenders() {
  const lenders = await getDb().select().from(schema.lenders).orderBy(asc(schema.lenders.id)).limit(2);
  if (lenders.length < 2) throw new Error("the catalogue needs two lenders");
  return lenders as [(typeof lenders)[number], (typeof lenders)[number]];
}

export async function createLenderUser(lenderId: number, opts: { enrolled?: boolean } = {}): Promise<TestLenderUser> {
  const email = uniqueEmail("lender");
  const passwordHash = await passwordHashOf(LENDER_PASSWORD);
  const id = await transaction((tx) => insertLenderUser(tx, { email, passwordHash, firstName: "Lena", lastName: "Lender", lenderId }));
  const base = { id, email, password: LENDER_PASSWORD, lenderId };
  if (opts.enrolled === false) return { ...base, totpSecret: null, recoveryCodes: [], usedSteps: new Set() };
  const totpSecret = generateTotpSecret();
  for (let attempt = 0; attempt < 2; attempt++) {
    const step = totpStep() - 1;
    const recoveryCodes = await completeEnrolment(id, totpSecret, hotp(base32Decode(totpSecret), step));
    if (recoveryCodes) return { ...base, totpSecret, recoveryCodes, usedSteps: new Set([step]) };
  }
  throw new Error("lender user: MFA enrolment failed");
}

/** Stores an instant (marketplace) offer of `lenderId`'s first product on the application: it is then shared with that lender. */
export async function shareWithLender(
  applicationId: number,
  lenderId: number,
  terms = { amountCents: 2_500_000, termMonths: 24, noteRateBps: 1200, feeCents: 50_000 },
) {
  const [lender] = await getDb().select().from(schema.lenders).where(eq(schema.lenders.id, lenderId));
  const [product] = await getDb().select().from(schema.lenderProducts).where(eq(schema.lenderProducts.lenderId, lenderId)).limit(1);
  return transaction((tx) =>
    insertOffer(tx, applicationId, {
      ...priceLoan(terms),
      productId: product!.id,
      lenderId,
      lenderName: lender!.name,
      productName: product!.name,
      prepayment: product!.prepayment,
      collateral: product!.collateral,
      avoidableFees: product!.avoidableFees,
      fundingDays: product!.fundingDays,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
      nmlsId: lender!.nmlsId,
    }),
  );
}

/** Password at /lender/login, then an unused second factor at /lender/login/verify. */
export async function signInLenderOverHttp(client: HttpClient, u: TestLenderUser) {
  await expectRedirect(
    await client.fetch("/lender/login", { form: { email: u.email, password: u.password } }),
    "/lender/login/verify",
    "lender sign-in: expected the MFA step",
  );
  await expectRedirect(await client.fetch("/lender/login/verify", { form: { code: nextSecondFactor(u) } }), "/lender", "lender MFA");
  return client;
}

/** A form post with repeated names (checkbox groups), as a browser without JavaScript sends it. */
export function postPairs(client: HttpClient, path: string, pairs: Array<[string, string]>) {
  return client.fetch(path, {
    method: "POST",
    body: new URLSearchParams(pairs),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

/**
 * A valid "new lender" form of the admin's catalogue (/admin/lenders/new, as a browser without
 * JavaScript posts it): one product in Hawaii only, where no seeded lender lends, so only the
 * applications a test makes there meet it. `overrides` changes or adds fields.
 */
export function newLenderForm(name: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save",
    name,
    nmlsId: "9912399",
    website: "",
    productName: "Island term loan",
    states: "HI",
    purposes: "working-capital",
    minAmount: "1000",
    maxAmount: "50000",
    termsMonths: "12 24 36",
    defaultTermMonths: "24",
    noteRate: "14",
    bestNoteRate: "11",
    bestIncomeMultiple: "4",
    originationFee: "2",
    minAnnualIncome: "0",
    prepayment: "No prepayment penalty",
    collateral: "None: the loan is unsecured.",
    avoidableFees: "Late payment fee: $25.",
    fundingDays: "2",
    ...overrides,
  };
}
