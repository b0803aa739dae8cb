/**
 * Every path that creates an account or reveals that one exists goes through the account-creation
 * service's throttles, including the wizard's later steps: step 2's Save, Back and Exit store the
 * owner's fields without asking, and the first upload or the submission then makes the account.
 * After the sign-up throttle answered 429 for a client, no path of the wizard creates an account
 * for it; "already exists" answers count against the enumeration limit on every path.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { THROTTLE_RULES } from "~/platform/security/throttle.server";
import { MSG } from "~/content/messages";
import { registerPayload } from "../support/api";
import { rawMultipart } from "../support/documents";
import { createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";
import { ADDRESS, FINANCES, LOAN, owner } from "../support/wizard";
import { samplePdf } from "../fixtures/documents";

const SIGNUP_429 = THROTTLE_RULES.signup.message;
const EXISTS_429 = THROTTLE_RULES.accountExists.message;

/** Another browser (its own cookies) at the address of `ip`. */
function browserAt(ip: string) {
  const c = new Client();
  c.ip = ip;
  return c;
}

async function go(c: Client, path: string, form: Record<string, string>, expected: string | number) {
  const res = await c.fetch(path, { form });
  const got = typeof expected === "number" ? res.status : res.headers.get("location");
  if (got !== expected) throw new Error(`${path}: expected ${expected}, got ${res.status} ${res.headers.get("location")}`);
}

/**
 * A draft whose step 2 was left with `intent` (save, back or exit: stored, never checked) or
 * Continue, and steps 3 and 4 done: the next upload or submission creates its account.
 */
async function draftUpToDocuments(c: Client, email: string, intent: "save" | "back" | "exit" | "continue") {
  await go(c, "/apply/loan", { ...LOAN, intent: "continue" }, "/apply/owner");
  const after = { save: 200, back: "/apply/loan", exit: "/", continue: "/apply/address" }[intent];
  await go(c, "/apply/owner", { ...owner(email), password: TEST_PASSWORD, intent }, after);
  await go(c, "/apply/address", { ...ADDRESS, intent: "continue" }, "/apply/finances");
  await go(c, "/apply/finances", { ...FINANCES, intent: "continue" }, "/apply/documents");
  return c;
}

/** The wizard's upload of one file (a form post without JavaScript). */
async function upload(c: Client) {
  const { body, contentType } = rawMultipart(
    { documentType: "ein" },
    { rawName: "ein.pdf", data: samplePdf(), contentType: "application/pdf" },
  );
  const res = await c.fetch("/apply/documents?area=ein", { method: "POST", body, headers: { "content-type": contentType } });
  return { status: res.status, text: await res.text() };
}

/** Past step 5 without files; the review form's submit key. */
async function toReview(c: Client) {
  await go(c, "/apply/documents", { intent: "continue" }, "/apply/review");
  const submitKey = /name="submitKey" value="([^"]+)"/.exec(await (await c.fetch("/apply/review")).text())?.[1];
  expect(submitKey).toBeTruthy();
  return submitKey!;
}

async function submit(c: Client, submitKey: string) {
  const res = await c.fetch("/apply/review", { form: { agreeTerms: "on", authorizeCredit: "on", intent: "continue", submitKey } });
  return { status: res.status, text: await res.text() };
}

const accountOf = async (email: string) =>
  (await getDb().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0] ?? null;
const html = (s: string) => s.replace(/'/g, "&#x27;");

describe("after the sign-up throttle answered 429, no path creates an account for that client", () => {
  const ip = new Client().ip;
  const drafts = {} as Record<"save" | "back" | "exit" | "continue" | "submit", { client: Client; email: string; submitKey?: string }>;

  beforeAll(async () => {
    // Drafts made before the limit is reached: four that will upload, one that will submit.
    for (const intent of ["save", "back", "exit", "continue"] as const) {
      const email = uniqueEmail(`after-429-${intent}`);
      drafts[intent] = { client: await draftUpToDocuments(browserAt(ip), email, intent), email };
    }
    const email = uniqueEmail("after-429-submit");
    const client = await draftUpToDocuments(browserAt(ip), email, "save");
    drafts.submit = { client, email, submitKey: await toReview(client) };
    // Then the client reaches the sign-up limit through the API.
    let status = 0;
    for (let i = 0; i <= THROTTLE_RULES.signup.limit && status !== 429; i++) {
      status = (await browserAt(ip).fetch("/api/auth/register", { json: registerPayload() })).status;
    }
    expect(status).toBe(429);
  });

  it("the sign-up page and the API answer 429 and create nothing", async () => {
    const email = uniqueEmail("after-429-page");
    const page = await browserAt(ip).fetch("/signup", {
      form: { ...owner(email), password: TEST_PASSWORD, agreeToTerms: "on", agreeToElectronicRecords: "on" },
    });
    expect(page.status).toBe(429);
    const api = await browserAt(ip).fetch("/api/auth/register", { json: registerPayload({ email }) });
    expect(api.status).toBe(429);
    expect(await accountOf(email)).toBeNull();
  });

  it("step 2's Continue answers 429", async () => {
    const c = browserAt(ip);
    await go(c, "/apply/loan", { ...LOAN, intent: "continue" }, "/apply/owner");
    const res = await c.fetch("/apply/owner", {
      form: { ...owner(uniqueEmail("after-429-step2")), password: TEST_PASSWORD, intent: "continue" },
    });
    expect(res.status).toBe(429);
    expect(await res.text()).toContain(SIGNUP_429);
  });

  for (const intent of ["save", "back", "exit"] as const) {
    it(`step 2's ${intent[0]!.toUpperCase()}${intent.slice(1)} then the first upload: 429, no account, no application`, async () => {
      const { client, email } = drafts[intent];
      const res = await upload(client);
      expect(res.status).toBe(429);
      expect(res.text).toContain(SIGNUP_429);
      expect(await accountOf(email)).toBeNull();
      expect(await (await client.fetch("/apply/documents")).text()).not.toContain("ein.pdf");
    });
  }

  it("a draft whose step 2 passed before the limit: its first upload after the 429 creates no account", async () => {
    const { client, email } = drafts.continue;
    const res = await upload(client);
    expect(res.status).toBe(429);
    expect(await accountOf(email)).toBeNull();
  });

  it("the submission answers 429 and creates no account and no application", async () => {
    const { client, email, submitKey } = drafts.submit;
    const res = await submit(client, submitKey!);
    expect(res.status).toBe(429);
    expect(res.text).toContain(SIGNUP_429);
    expect(await accountOf(email)).toBeNull();
  });
});

describe('"already exists" answers of the wizard\'s later steps count against the enumeration limit', () => {
  /** A draft (Save at step 2, so never checked) for the address of an existing account. */
  async function takenDraft() {
    const existing = await createApplicant();
    return draftUpToDocuments(new Client(), existing.email, "save");
  }

  it("the first upload: 409 'already exists' until the limit, then 429", async () => {
    const c = await takenDraft();
    const statuses: number[] = [];
    for (let i = 0; i <= THROTTLE_RULES.accountExists.limit; i++) {
      const res = await upload(c);
      statuses.push(res.status);
      if (res.status === 409) expect(res.text).toContain(html(MSG.userExists));
      else expect(res.text).toContain(EXISTS_429);
    }
    expect(statuses).toEqual([...Array<number>(THROTTLE_RULES.accountExists.limit).fill(409), 429]);
  });

  it("the submission: 409 'already exists' until the limit, then 429", async () => {
    const c = await takenDraft();
    const submitKey = await toReview(c);
    const statuses: number[] = [];
    for (let i = 0; i <= THROTTLE_RULES.accountExists.limit; i++) statuses.push((await submit(c, submitKey)).status);
    expect(statuses).toEqual([...Array<number>(THROTTLE_RULES.accountExists.limit).fill(409), 429]);
  });
});
