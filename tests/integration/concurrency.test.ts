/**
 * Simultaneous independent users on one MariaDB: sign-ups (the page and the API) and wizard
 * submissions fired at the same moment must all succeed (no 500), leave every new account with its
 * verification token and e-mail, and land every submitter on the submitted page of their own
 * application. Also the same draft submitted twice at once, without and with JavaScript.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { registerPayload } from "../support/api";
import { TEST_PASSWORD } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";
import { fillStepsOverHttp } from "../support/wizard";

const PEOPLE = 30;
const REVIEW = { agreeTerms: "on", authorizeCredit: "on", intent: "continue" };
const REFERENCE = /data-testid="reference"[^>]*>\s*(APP-[A-Z0-9]+)/;

const signupForm = (email: string) => ({
  firstName: "Sam",
  lastName: "Concurrent",
  email,
  password: TEST_PASSWORD,
  phone: "(555) 010-4455",
  dateOfBirth: "1982-03-14",
  usCitizen: "on",
  agreeToTerms: "on",
  agreeToElectronicRecords: "on",
});

/** Each account of `emails` with its unused verification token and its verification e-mail. */
async function verificationState(emails: string[]) {
  const db = getDb();
  const users = await db
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users)
    .where(inArray(schema.users.email, emails));
  const ids = users.map((u) => u.id);
  const tokens = ids.length
    ? await db
        .select({ userId: schema.accountTokens.userId })
        .from(schema.accountTokens)
        .where(
          and(
            inArray(schema.accountTokens.userId, ids),
            eq(schema.accountTokens.purpose, "verify-email"),
            isNull(schema.accountTokens.usedAt),
          ),
        )
    : [];
  const mails = await db
    .select({ to: schema.outbox.toEmail })
    .from(schema.outbox)
    .where(and(inArray(schema.outbox.toEmail, emails), eq(schema.outbox.kind, "email_verification")));
  return users.map((u) => ({
    email: u.email,
    tokens: tokens.filter((t) => t.userId === u.id).length,
    mails: mails.filter((m) => m.to === u.email).length,
  }));
}

/** The status and location of each answer, with the count of 500s first in the failure message. */
function summary(statuses: number[]) {
  const by = new Map<number, number>();
  for (const s of statuses) by.set(s, (by.get(s) ?? 0) + 1);
  return [...by].map(([s, n]) => `${n} x ${s}`).join(", ");
}

describe("simultaneous sign-ups from different people", () => {
  it(`${PEOPLE} at once (half the page form, half the API) all succeed, each with its verification token and e-mail`, async () => {
    const people = Array.from({ length: PEOPLE }, (_, i) => ({
      client: new Client(),
      email: uniqueEmail(`burst-signup-${i}`),
      api: i % 2 === 1,
    }));
    const statuses = await Promise.all(
      people.map(async (p) => {
        const res = p.api
          ? await p.client.fetch("/api/auth/register", { json: registerPayload({ email: p.email }) })
          : await p.client.fetch("/signup", { form: signupForm(p.email) });
        return res.status;
      }),
    );
    expect(summary(statuses)).toBe(summary(people.map((p) => (p.api ? 201 : 302))));
    const state = await verificationState(people.map((p) => p.email));
    expect(state).toHaveLength(PEOPLE);
    for (const s of state) expect(s, s.email).toMatchObject({ tokens: 1, mails: 1 });
  });
});

/** A client at the review step of its own draft, with the review form's submit key. */
async function atReview(email: string) {
  const { client } = await fillStepsOverHttp(new Client(), email, TEST_PASSWORD);
  const docs = await client.fetch("/apply/documents", { form: { intent: "continue" } });
  expect(docs.headers.get("location")).toBe("/apply/review");
  const page = await client.fetch("/apply/review");
  const submitKey = /name="submitKey" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(submitKey).toBeTruthy();
  return { client, email, submitKey: submitKey! };
}

/** A second browser holding the same cookies (the same person's second tab or double click). */
function sameBrowser(client: Client) {
  const c = new Client();
  c.ip = client.ip;
  for (const [k, v] of client.cookies) c.cookies.set(k, v);
  return c;
}

/**
 * Submits the review form, then opens where it led. With JavaScript Remix posts to the route's
 * single-fetch data URL and is told where to go in the (turbo-stream) body, with status 202.
 */
async function submitAndFollow(client: Client, submitKey: string, js = false) {
  const res = await client.fetch(js ? "/apply/review.data" : "/apply/review", { form: { ...REVIEW, submitKey } });
  const location = js ? (/"redirect","([^"]+)"/.exec(await res.text())?.[1] ?? null) : res.headers.get("location");
  let landed: string | null = location;
  let html = "";
  if (location) {
    const page = await client.fetch(location);
    // Where the browser ends up: one more hop at most (e.g. /apply to the current step).
    const next = page.headers.get("location");
    if (next) landed = next;
    html = next ? "" : await page.text();
  }
  return { status: res.status, location, landed, reference: REFERENCE.exec(html)?.[1] ?? null };
}

async function applicationsOf(email: string) {
  const db = getDb();
  const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
  if (!user) return [];
  return db
    .select({ reference: schema.loanApplications.reference, status: schema.loanApplications.status })
    .from(schema.loanApplications)
    .where(eq(schema.loanApplications.userId, user.id));
}

describe("simultaneous wizard submissions", () => {
  it(`${PEOPLE} different applicants submit at the same moment: no 500, each lands on its own submitted page`, async () => {
    const ready = await Promise.all(Array.from({ length: PEOPLE }, (_, i) => atReview(uniqueEmail(`burst-submit-${i}`))));
    const answers = await Promise.all(ready.map((r) => submitAndFollow(r.client, r.submitKey)));
    expect(summary(answers.map((a) => a.status))).toBe(`${PEOPLE} x 302`);
    for (const a of answers) expect(a.landed).toBe("/apply/submitted");
    const apps = await Promise.all(ready.map((r) => applicationsOf(r.email)));
    expect(apps.flat()).toHaveLength(PEOPLE);
    ready.forEach((r, i) => {
      expect(apps[i], r.email).toHaveLength(1);
      expect(apps[i]![0]!.status).toBe("submitted");
      expect(answers[i]!.reference).toBe(apps[i]![0]!.reference);
    });
    const state = await verificationState(ready.map((r) => r.email));
    for (const s of state) expect(s, s.email).toMatchObject({ tokens: 1, mails: 1 });
  });

  for (const js of [false, true]) {
    it(`the same draft submitted twice at once ${js ? "with" : "without"} JavaScript: both land on the one application's submitted page`, async () => {
      const { client, email, submitKey } = await atReview(uniqueEmail(js ? "twice-js" : "twice"));
      const answers = await Promise.all([submitAndFollow(client, submitKey, js), submitAndFollow(sameBrowser(client), submitKey, js)]);
      const apps = await applicationsOf(email);
      expect(apps).toHaveLength(1);
      for (const a of answers) {
        expect(a.status).toBe(js ? 202 : 302);
        expect(a.landed).toBe("/apply/submitted");
        expect(a.reference).toBe(apps[0]!.reference);
      }
    });
  }
});
