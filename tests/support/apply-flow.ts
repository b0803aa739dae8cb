/**
 * The wizard walked over HTTP as a browser without JavaScript walks it, with any cookie-keeping
 * client: for the tests (tests/support/wizard.ts, applyOverHttp) and the bench (bench/lighthouse.ts,
 * the offers page). Nothing here imports vitest.
 */
import { eq } from "drizzle-orm";
import { getDb, schema } from "~/platform/db/db.server";
import { TEST_PASSWORD } from "./fixtures";
import { uniqueEmail, type HttpClient } from "./http-client";

export const LOAN = { amount: "30000", purpose: "equipment-financing" };
export const ADDRESS = { streetAddress: "742 Evergreen Terrace", city: "Springfield", state: "IL", zipCode: "62704" };
export const FINANCES = { annualIncome: "120000", livingSituation: "rent", monthlyPayment: "1500" };
export const owner = (email = uniqueEmail("wizard")) => ({
  firstName: "Robin",
  lastName: "Okafor",
  email,
  phone: "(555) 010-7788",
  dateOfBirth: "1984-06-30",
  usCitizen: "on",
  agreeToElectronicRecords: "on",
});

/**
 * A visitor applies through the wizard over HTTP, as a browser without JavaScript does: $30,000 of
 * working capital (by default) from Austin, Texas; every step must answer with its redirect, and the
 * review must land on the submitted page. Returns the signed-in client and the stored rows.
 */
export async function applyWith(
  client: HttpClient,
  opts: {
    state?: string;
    city?: string;
    zip?: string;
    amount?: string;
    tag?: string;
    /** Step 4's fields added to FINANCES (the optional answers lenders price on). */
    finances?: Record<string, string>;
  } = {},
) {
  const email = uniqueEmail(opts.tag ?? "applied");
  const post = async (path: string, form: Record<string, string>) => {
    const res = await client.fetch(path, { form: { ...form, intent: "continue" } });
    if (res.status !== 302) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return res;
  };
  await post("/apply/loan", { amount: opts.amount ?? "30000", purpose: "working-capital" });
  await post("/apply/owner", { ...owner(email), password: TEST_PASSWORD });
  await post("/apply/address", {
    streetAddress: "1 Congress Ave",
    city: opts.city ?? "Austin",
    state: opts.state ?? "TX",
    zipCode: opts.zip ?? "78701",
  });
  await post("/apply/finances", { ...FINANCES, ...opts.finances });
  await post("/apply/documents", {});
  const review = await post("/apply/review", { agreeTerms: "on", authorizeCredit: "on" });
  if (review.headers.get("location") !== "/apply/submitted") throw new Error(`review went to ${review.headers.get("location")}`);
  const [user] = await getDb().select().from(schema.users).where(eq(schema.users.email, email));
  const [app] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.userId, user!.id));
  return { client, email, user: user!, app: app! };
}
