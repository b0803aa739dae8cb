/**
 * The data export (/account/export) and the applicant's other views carry what the applicant may
 * see and nothing an admin wrote for colleagues; the export's e-mails are the account's own, not
 * whatever was once sent to its address.
 *
 * The first test plants admin-only text through the admin pages and the admin API everywhere an
 * admin can write it, then reads every applicant surface. The second moves an address from one
 * account to a new one and compares both exports.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { samplePdf } from "../fixtures/documents";
import { createSubmittedApplication } from "../support/applications";
import { createDocument } from "../support/documents";
import { adminClient, createAdmin, createApplicant, signUpForm, TEST_PASSWORD } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";

const tag = () => Math.random().toString(36).slice(2, 10).toUpperCase();

async function signInApplicant(email: string, password = TEST_PASSWORD) {
  const c = new Client();
  const res = await c.fetch("/login", { form: { email, password } });
  expect(res.headers.get("location")).toBe("/dashboard");
  return c;
}

async function textOf(c: Client, path: string, init?: Parameters<Client["fetch"]>[1]) {
  const res = await c.fetch(path, init);
  expect(res.status, path).toBe(200);
  return res.text();
}

type ExportedEmail = { kind: string; subject: string; to: string };
type Exported = {
  profile: { email: string };
  emails: ExportedEmail[];
  applications: Array<{
    reference: string;
    events: Array<{ type: string; toStatus: string | null; reason?: string; note?: unknown }>;
    documents: Array<{ fileName: string; state: string; reason: string | null }>;
    documentRequests: Array<{ message: string; status: string }>;
    offers: Array<{ id: number; state: string }>;
  }>;
};

async function exportOf(c: Client) {
  const text = await textOf(c, "/account/export");
  return { text, body: JSON.parse(text) as Exported };
}

describe("what the applicant may see", () => {
  it("plants admin-only text everywhere an admin writes it; the export, dashboard, offers pages and API answers hold none of it, and keep what the applicant is told", async () => {
    const t = tag();
    // Text only admins may read: each planted through the admin pages or the admin API.
    const secret = {
      statusNote: `SECRET-STATUS-NOTE-${t}`,
      apiStatusNote: `SECRET-API-STATUS-NOTE-${t}`,
      internalNote: `SECRET-INTERNAL-NOTE-${t}`,
      apiInternalNote: `SECRET-API-INTERNAL-NOTE-${t}`,
      reviewTextBehindReason: `SECRET-REVIEW-TEXT-${t}`,
      acceptedReviewText: `SECRET-ACCEPTED-TEXT-${t}`,
      withdrawReason: `SECRET-WITHDRAW-REASON-${t}`,
    };
    // Text the applicant is sent, and so may read again.
    const told = {
      requestMessage: `TOLD-REQUEST-MESSAGE-${t}`,
      replacementMessage: `TOLD-REPLACEMENT-MESSAGE-${t}`,
      otherReason: `TOLD-OTHER-REASON-${t}`,
      rejectionReason: `TOLD-REJECTION-REASON-${t}`,
    };

    const admin = await createAdmin();
    const ac = await adminClient(admin);
    const applicant = await createApplicant();
    const app = (await createSubmittedApplication({ userId: applicant.id }))!;
    const doc = (name: string, documentType: string) =>
      createDocument({ applicationId: app.id, userId: applicant.id, data: samplePdf(`${name}-${t}`), name, documentType });
    const blurry = await doc("blurry.pdf", "bank-statements");
    const odd = await doc("odd.pdf", "ein");
    const fine = await doc("fine.pdf", "llc");

    const page = `/admin/applications/${app.id}`;
    const form = (fields: Array<[string, string]>) => {
      const body = new URLSearchParams([["redirectTo", page], ...fields]);
      return ac.fetch(page, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
    };
    const expectRedirect = async (res: Response, what: string) =>
      expect(res.status, `${what}: ${(await res.clone().text()).slice(0, 300)}`).toBe(302);

    await expectRedirect(
      await form([
        ["status", "under-review"],
        ["note", secret.statusNote],
      ]),
      "status note",
    );
    await expectRedirect(
      await form([
        ["intent", "add-note"],
        ["body", secret.internalNote],
      ]),
      "internal note",
    );
    expect((await ac.fetch(`/api/admin/applications/${app.id}/notes`, { json: { body: secret.apiInternalNote } })).status).toBe(201);
    await expectRedirect(
      await form([
        ["intent", "assign"],
        ["assigneeId", String(admin.id)],
      ]),
      "assignment",
    );
    await expectRedirect(
      await form([
        ["intent", "request-documents"],
        ["documentTypes", "ssn"],
        ["message", told.requestMessage],
      ]),
      "document request",
    );
    await expectRedirect(
      await form([
        ["intent", "review-document"],
        ["documentId", String(blurry.id)],
        ["decision", "rejected"],
        ["reason", "unreadable"],
        ["reasonText", secret.reviewTextBehindReason],
        ["requestReplacement", "on"],
        ["message", told.replacementMessage],
      ]),
      "review with a listed reason",
    );
    await expectRedirect(
      await form([
        ["intent", "review-document"],
        ["documentId", String(odd.id)],
        ["decision", "rejected"],
        ["reason", "other"],
        ["reasonText", told.otherReason],
      ]),
      "review with its own reason",
    );
    await expectRedirect(
      await form([
        ["intent", "review-document"],
        ["documentId", String(fine.id)],
        ["decision", "accepted"],
        ["reasonText", secret.acceptedReviewText],
      ]),
      "accepting review",
    );

    // Two manual offers; one withdrawn with a reason.
    const [product] = await getDb().select().from(schema.lenderProducts).where(eq(schema.lenderProducts.active, true)).limit(1);
    const offersPage = `/admin/applications/${app.id}/offers`;
    for (const amount of ["5000", "6000"]) {
      const res = await ac.fetch(offersPage, {
        form: { intent: "manual-offer", productId: String(product!.id), amount, termMonths: "36", noteRate: "12", fee: "0" },
      });
      await expectRedirect(res, "manual offer");
    }
    const offers = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, app.id)).orderBy(schema.offers.id);
    expect(offers).toHaveLength(2);
    const withdraw = await ac.fetch(offersPage, {
      form: { intent: "withdraw-offer", offerId: String(offers[0]!.id), reason: secret.withdrawReason },
    });
    await expectRedirect(withdraw, "withdrawal");

    // A status change with a note through the admin API, then the rejection with its reason.
    // ("approved" needs an accepted offer, so the noted change is back to submitted.)
    const noted = await ac.fetch(`/api/admin/applications/${app.id}/status`, {
      method: "PATCH",
      json: { status: "submitted", note: secret.apiStatusNote },
    });
    expect(noted.status).toBe(200);
    await expectRedirect(
      await form([
        ["status", "rejected"],
        ["note", told.rejectionReason],
      ]),
      "rejection",
    );

    // Everything the applicant can read.
    const me = await signInApplicant(applicant.email);
    const { text: exported, body } = await exportOf(me);
    const surfaces: Record<string, string> = {
      export: exported,
      dashboard: await textOf(me, "/dashboard"),
      "offers page": await textOf(me, `/dashboard/applications/${app.reference}/offers`),
      "offers API": await textOf(me, `/api/loan-applications/${app.reference}/offers`),
      "status API": await textOf(me, `/api/loan-applications/status/${app.reference}`),
      "application API": await textOf(me, `/api/loan-applications/db/${app.id}`, { method: "PATCH", json: {} }),
    };
    for (const o of offers) {
      surfaces[`offer ${o.id} API`] = await textOf(me, `/api/offers/${o.id}`);
      surfaces[`offer ${o.id} page`] = await textOf(me, `/offers/${o.id}`);
    }
    const mails = await getDb().select().from(schema.outbox).where(eq(schema.outbox.toEmail, applicant.email));
    surfaces["e-mails"] = mails.map((m) => `${m.subject}\n${m.bodyText}`).join("\n");
    for (const [where, text] of Object.entries(surfaces)) {
      for (const [what, value] of Object.entries(secret)) expect(text, `${what} in the ${where}`).not.toContain(value);
      expect(text, `the admin's address in the ${where}`).not.toContain(admin.email);
      expect(text, `the admin's name in the ${where}`).not.toMatch(/Ada Admin/);
    }

    // What the applicant is told is still there: in the export, as on the dashboard.
    const [exportedApp] = body.applications;
    expect(exportedApp!.reference).toBe(app.reference);
    expect(exportedApp!.documentRequests.map((r) => r.message).sort()).toEqual([told.replacementMessage, told.requestMessage].sort());
    expect(Object.fromEntries(exportedApp!.documents.map((d) => [d.fileName, [d.state, d.reason]]))).toEqual({
      "blurry.pdf": ["rejected", "Unreadable"],
      "odd.pdf": ["rejected", told.otherReason],
      "fine.pdf": ["accepted", null],
    });
    expect(exportedApp!.offers.map((o) => [o.id, o.state])).toEqual(
      expect.arrayContaining([
        [offers[0]!.id, "withdrawn"],
        [offers[1]!.id, "offered"],
      ]),
    );
    const statuses = exportedApp!.events.filter((e) => e.type === "status_changed");
    expect(statuses.map((e) => e.toStatus)).toEqual(["under-review", "submitted", "rejected"]);
    expect(statuses.at(-1)!.reason).toBe(told.rejectionReason);
    for (const e of exportedApp!.events) expect(e).not.toHaveProperty("note");
    expect(body.applications[0]!.events.some((e) => e.type === "offer_withdrawn")).toBe(true);

    const dashboard = surfaces.dashboard!;
    for (const shown of [
      told.requestMessage,
      told.replacementMessage,
      `Needs replacing: ${told.otherReason}`,
      "Needs replacing: Unreadable",
    ])
      expect(dashboard).toContain(shown);
    const rejectionMail = mails.find((m) => m.kind === "status_rejected");
    expect(rejectionMail?.bodyText).toContain(told.rejectionReason);
  });
});

describe("whose e-mails the export lists", () => {
  it("gives the new owner of an address none of the previous owner's e-mails, and the previous owner all of theirs", async () => {
    const shared = uniqueEmail("moving");
    const later = uniqueEmail("moved");

    // A signs up with the shared address, proves it, submits an application (e-mailed with its
    // reference) and moves to another address, confirming it in A's own session.
    const a = new Client();
    const signUp = (c: Client, email: string, firstName: string) => c.fetch("/signup", { form: signUpForm(email, { firstName }) });
    expect((await signUp(a, shared, "Avery")).headers.get("location")).toBe("/dashboard");
    await verifyNewest(a, shared, "email_verification");
    const submitted = await a.fetch("/api/loan-applications", {
      json: {
        status: "submitted",
        amount: "25000",
        purpose: "working-capital",
        annualIncome: "120000",
        livingSituation: "Rent",
        monthlyPayment: "1500",
        streetAddress: "100 Main Street",
        city: "Springfield",
        state: "IL",
        zipCode: "62701",
      },
    });
    expect(submitted.status).toBe(201);
    const reference = ((await submitted.json()) as { applicationId: string }).applicationId;
    const change = await a.fetch("/account", { form: { intent: "email", email: later, currentPassword: TEST_PASSWORD } });
    expect(change.headers.get("location")).toBe("/account");
    await verifyNewest(a, later, "email_change_verification");
    const [moved] = await getDb().select().from(schema.users).where(eq(schema.users.email, later));
    expect(moved).toBeDefined();

    // The address stays A's while A can undo the change (a week); once that has passed, B signs
    // up with the address A left.
    await getDb()
      .update(schema.accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(schema.accountTokens.userId, moved!.id), eq(schema.accountTokens.purpose, "undo-email-change")));
    const b = new Client();
    expect((await signUp(b, shared, "Blake")).headers.get("location")).toBe("/dashboard");

    const fromB = (await exportOf(b)).body;
    expect(fromB.profile.email).toBe(shared);
    expect(fromB.emails.map((m) => m.kind)).toEqual(["email_verification"]);
    expect(JSON.stringify(fromB.emails)).not.toContain(reference);

    const fromA = (await exportOf(a)).body;
    expect(fromA.profile.email).toBe(later);
    const kinds = fromA.emails.map((m) => `${m.kind} to ${m.to}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        `email_verification to ${shared}`,
        `application_submitted to ${shared}`,
        `email_change_notice to ${shared}`,
        `email_change_verification to ${later}`,
      ]),
    );
    expect(fromA.emails.find((m) => m.kind === "application_submitted")?.subject).toContain(reference);
  });
});

/** Opens the newest link of `kind` e-mailed to `email` and confirms it in `client`'s session. */
async function verifyNewest(client: Client, email: string, kind: string) {
  const o = schema.outbox;
  const rows = await getDb()
    .select()
    .from(o)
    .where(and(eq(o.toEmail, email), eq(o.kind, kind)))
    .orderBy(o.id);
  const m = /token=([A-Za-z0-9_-]+)/.exec(rows.at(-1)?.bodyText ?? "");
  if (!m) throw new Error(`no ${kind} link for ${email}`);
  const res = await client.fetch("/verify-email", { form: { intent: "verify", token: m[1]! } });
  expect(res.status).toBe(302);
}
