/** Helpers for the JSON API's integration tests: signed-in clients, payloads, row counts. */
import { and, count, eq, like } from "drizzle-orm";
import { expect } from "vitest";
import { ACCOUNT_EMAIL_KINDS } from "~/platform/outbox/outbox.server";
import { getDb, schema } from "~/platform/db/db.server";
import { createAdmin, createApplicant, nextSecondFactor, TEST_PASSWORD } from "./fixtures";
import { Client, uniqueEmail } from "./http";

export type ApiUserBody = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string | null;
  role: string;
};

export function registerPayload(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Jamie",
    lastName: "Rivera",
    email: uniqueEmail("api"),
    password: TEST_PASSWORD,
    phone: "555-010-2030",
    dateOfBirth: "1985-04-12",
    ...overrides,
  };
}

/** A complete application as the product's client sends it (money as strings). */
export function applicationPayload(overrides: Record<string, unknown> = {}) {
  return {
    amount: "25000",
    purpose: "working-capital",
    annualIncome: "120000",
    livingSituation: "Rent",
    monthlyPayment: "1500",
    streetAddress: "100 Main Street",
    city: "Springfield",
    state: "IL",
    zipCode: "62701",
    ...overrides,
  };
}

/** Signs in through POST /api/auth/login; the client keeps the session cookie. */
export async function apiLogin(email: string, password: string, client = new Client()) {
  const res = await client.fetch("/api/auth/login", { json: { email, password } });
  expect(res.status).toBe(200);
  return { client, user: (await res.json()) as ApiUserBody };
}

/** A new applicant (made by the app's own service) signed in through the API. */
export async function signedInApplicant() {
  const applicant = await createApplicant();
  const { client } = await apiLogin(applicant.email, applicant.password);
  return { client, user: applicant };
}

/** An admin signed in through the admin pages (password, then the second factor): the same
 *  cookie session the admin API accepts. */
export async function signedInAdmin() {
  const admin = await createAdmin();
  const client = new Client();
  const first = await client.fetch("/admin-login", { form: { email: admin.email, password: admin.password } });
  if (first.headers.get("location") === "/admin-login/verify") {
    const second = await client.fetch("/admin-login/verify", { form: { code: nextSecondFactor(admin) } });
    expect(second.headers.get("location")).toBe("/admin");
  } else {
    expect(first.headers.get("location")).toBe("/admin");
  }
  return { client, admin };
}

export async function createDraftVia(client: Client, body: Record<string, unknown> = { amount: "25000", purpose: "working-capital" }) {
  const res = await client.fetch("/api/loan-applications", { json: body });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; applicationId: string; status: string; userId: number };
}

export async function applicationCountOf(userId: number) {
  const [row] = await getDb().select({ n: count() }).from(schema.loanApplications).where(eq(schema.loanApplications.userId, userId));
  return Number(row?.n ?? 0);
}

export async function usersMatching(emailPattern: string) {
  const [row] = await getDb().select({ n: count() }).from(schema.users).where(like(schema.users.email, emailPattern));
  return Number(row?.n ?? 0);
}

export async function applicationRow(id: number) {
  const [row] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.id, id));
  return row ?? null;
}

export async function eventsOf(applicationId: number, type?: string) {
  const t = schema.applicationEvents;
  return getDb()
    .select()
    .from(t)
    .where(type ? and(eq(t.applicationId, applicationId), eq(t.type, type)) : eq(t.applicationId, applicationId));
}

/** The application e-mails to `email` (account e-mails such as the verification link left out). */
export async function outboxTo(email: string) {
  const rows = await getDb().select().from(schema.outbox).where(eq(schema.outbox.toEmail, email));
  return rows.filter((r) => !ACCOUNT_EMAIL_KINDS.has(r.kind));
}

/** Every API error answer: JSON with a string message, no stack, no SQL. */
export async function expectJsonError(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  const text = await res.text();
  expect(text).not.toMatch(/\bat \S+ \(|\.ts:\d+|Failed query|params:|\bselect\b.+\bfrom\b|insert into|ER_[A-Z_]+/i);
  const body = JSON.parse(text) as { message: unknown; errors?: Record<string, string[]> };
  expect(typeof body.message).toBe("string");
  return body as { message: string; errors?: Record<string, string[]>; formErrors?: string[] };
}

/** The server entry's same-origin check: 403 JSON before any route runs. */
export async function expectCrossSiteRefusal(res: Response) {
  expect(res.status).toBe(403);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({ message: "Cross-site request refused" });
}
