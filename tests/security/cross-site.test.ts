/**
 * Cross-site request forgery: every route of the BUILD that has an action refuses a state-changing
 * request from another site (Origin of another host, `Origin: null`, or `Sec-Fetch-Site:
 * cross-site`) with 403 before the action runs, whoever's cookies come along; and no GET of any
 * route changes state. Checked on what a victim would lose: their session, their applications,
 * their documents, and no account created with the attacker's data.
 */
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { createDraftVia, signedInAdmin } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { builtRoutes, fillPattern, type BuiltRoute } from "../support/build-routes";
import { createDocument } from "../support/documents";
import { createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { samplePdf } from "../fixtures/documents";
import { Client, uniqueEmail } from "../support/http";

const ATTACKS: Array<{ label: string; headers: Record<string, string> }> = [
  { label: "Origin of another site", headers: { origin: "http://evil.test" } },
  { label: "Origin: null (sandboxed frame, data: URL)", headers: { origin: "null" } },
  { label: "Sec-Fetch-Site: cross-site without Origin", headers: { origin: "", "sec-fetch-site": "cross-site" } },
];

let routes: BuiltRoute[] = [];
let victim: Client;
let victimId: number;
let admin: Client;
let submittedId: number;
let draft: { id: number; applicationId: string };
let values: Record<string, string | number>;
const attackerEmail = uniqueEmail("csrf-attacker");

async function snapshot() {
  const apps = await getDb()
    .select({
      id: schema.loanApplications.id,
      status: schema.loanApplications.status,
      amount: schema.loanApplications.amount,
      updatedAt: schema.loanApplications.updatedAt,
    })
    .from(schema.loanApplications)
    .where(eq(schema.loanApplications.userId, victimId))
    .orderBy(schema.loanApplications.id);
  const [docs] = await getDb()
    .select({ n: count() })
    .from(schema.documents)
    .innerJoin(schema.loanApplications, eq(schema.loanApplications.id, schema.documents.applicationId))
    .where(eq(schema.loanApplications.userId, victimId));
  const [drafts] = await getDb().select({ n: count() }).from(schema.applicationDrafts).where(eq(schema.applicationDrafts.userId, victimId));
  const [attacker] = await getDb().select({ n: count() }).from(schema.users).where(eq(schema.users.email, attackerEmail));
  const [events] = await getDb()
    .select({ n: count() })
    .from(schema.applicationEvents)
    .innerJoin(schema.loanApplications, eq(schema.loanApplications.id, schema.applicationEvents.applicationId))
    .where(eq(schema.loanApplications.userId, victimId));
  return { apps, documents: docs!.n, drafts: drafts!.n, attackerAccounts: attacker!.n, events: events!.n };
}

async function expectStillSignedIn() {
  expect((await victim.fetch("/dashboard")).status).toBe(200);
  expect((await admin.fetch("/admin")).status).toBe(200);
}

beforeAll(async () => {
  routes = await builtRoutes();
  const u = await createApplicant();
  victimId = u.id;
  victim = new Client();
  expect((await victim.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } })).status).toBe(302);
  const submitted = await createSubmittedApplication({ userId: u.id });
  submittedId = submitted.id;
  await createDocument({ applicationId: submitted.id, userId: u.id, data: samplePdf("csrf"), name: "csrf.pdf" });
  draft = await createDraftVia(victim);
  ({ client: admin } = await signedInAdmin());
  values = { id: submittedId, reference: submitted.reference };
});

const attackForm = () => ({
  email: attackerEmail,
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  firstName: "Mallory",
  lastName: "Attacker",
  phone: "555-010-6666",
  dateOfBirth: "1980-01-01",
  usCitizen: "on",
  agreeToTerms: "on",
  agreeToElectronicRecords: "on",
  amount: "99000",
  purpose: "other",
  status: "approved",
  note: "forged",
  intent: "continue",
  applicationId: String(submittedId),
  documentType: "ein",
  code: "123456",
});

describe("cross-site state-changing requests", () => {
  it.each(ATTACKS)("refuses every action of the build with 403: $label", async ({ headers }) => {
    const withActions = routes.filter((r) => r.hasAction);
    expect(withActions.length).toBeGreaterThan(15);
    const before = await snapshot();
    for (const r of withActions) {
      const url = fillPattern(r.pattern, values) + (r.index ? "?index" : "");
      const api = r.pattern.startsWith("api/");
      for (const who of [victim, admin]) {
        const methods = api ? ["POST", "PATCH", "PUT", "DELETE"] : ["POST"];
        for (const method of methods) {
          const init = api
            ? { method, json: { ...attackForm(), id: draft.id, amount: 99000 }, headers }
            : { method, form: attackForm(), headers };
          const res = await who.fetch(url, init);
          expect(res.status, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
          expect(await res.text()).toContain("Cross-site request refused");
        }
      }
    }
    expect(await snapshot()).toEqual(before);
    await expectStillSignedIn();
  });

  it("lets the same requests through from the site itself (the 403s above are the origin check)", async () => {
    const c = new Client();
    const res = await c.fetch("/login", { form: { email: "nobody@example.com", password: "x" } });
    expect(res.status).not.toBe(403);
    const api = await c.fetch("/api/auth/login", { json: { email: "nobody@example.com", password: "x" } });
    expect(api.status).toBe(401);
  });
});

describe("GET never changes state", () => {
  it("GETs every route of the build, as the applicant and as the admin, and nothing changes", async () => {
    const withLoaders = routes.filter((r) => r.hasLoader);
    const before = await snapshot();
    for (const r of withLoaders) {
      const url = fillPattern(r.pattern, values);
      for (const who of [victim, admin]) {
        const res = await who.fetch(url);
        expect(res.status, url).toBeLessThan(500);
        await res.arrayBuffer();
      }
    }
    expect(await snapshot()).toEqual(before);
    await expectStillSignedIn();
  });
});
