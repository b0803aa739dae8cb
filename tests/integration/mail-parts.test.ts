/**
 * Every e-mail as the outbox holds it, after the journeys that cause them (sign-up, reset,
 * submission with offers, acceptance, document requests by our team and by a lender, the loan's
 * stages, a firm offer, a lender's decline, a cancellation, status changes, a change of address,
 * a second-factor lockout, an invitation): each has an HTML part
 * and a plain-text part saying the same things, its links are absolute on the public origin and
 * open the right page on the running server (followed with the recipient's own session), and every
 * date is written one way, in the reader's zone with the zone named.
 */
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { MAIL_DATE_TIME_PATTERN } from "~/features/mail/domain/mail-dates";
import { getDb, schema } from "~/platform/db/db.server";
import { getUserByEmail } from "~/features/accounts/users.server";
import { FirmOfferSchema } from "~/features/lenders/lender.schema";
import { declineApplication, makeFirmOffer, requestDocumentsAsLender } from "~/features/lenders/lender-actions.server";
import { inviteLenderUser } from "~/features/lenders/lender-invitations.server";
import { cancelApplication, declineAfterReview, markFunded, markVerifying } from "~/features/marketplace/loan-stage.server";
import { MFA_LOCK_AFTER } from "~/features/accounts/mfa/mfa.server";
import { confirmEmailChange, requestEmailChange, undoEmailChange } from "~/features/accounts/email-change.server";
import { queuePasswordChangedEmail } from "~/features/accounts/password-reset.server";
import { apiLogin, signedInAdmin } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { createAdmin, createApplicant, signUpForm } from "../support/fixtures";
import { createLenderUser } from "../support/lenders";
import { Client, uniqueEmail } from "../support/http";
import { applyOverHttp } from "../support/wizard";

type OutboxRow = typeof schema.outbox.$inferSelect;
const origin = () => inject("baseUrl");

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
const textLinks = (text: string) => text.match(/https?:\/\/[^\s)]+/g) ?? [];
const htmlLinks = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => decode(m[1]!)).filter((h) => !h.startsWith("mailto:"));

/** The checks every e-mail passes, whatever its kind. */
function expectWellFormed(row: OutboxRow) {
  const where = `${row.kind} #${row.id}`;
  expect(row.bodyHtml, where).toBeTruthy();
  const html = row.bodyHtml!;
  expect(html.startsWith("<!DOCTYPE html><html"), where).toBe(true);
  // Inline styles only, nothing fetched from elsewhere.
  expect(html, where).not.toMatch(/<(style|link|script|img)\b|\bclass=|url\(/i);
  expect(row.bodyText.trim().length, where).toBeGreaterThan(0);

  // The same links in both parts, all absolute on the public origin; no bare site paths.
  const inText = textLinks(row.bodyText);
  expect(inText.length, where).toBeGreaterThan(0);
  expect(new Set(htmlLinks(html)), where).toEqual(new Set(inText));
  for (const url of inText) expect(url.startsWith(`${origin()}/`), `${where}: ${url}`).toBe(true);
  expect(row.bodyText, where).not.toMatch(/(?:^|[\s(])\/(?:dashboard|apply|account|login|offers|admin)\b/m);

  // One date format: no ISO or RFC 1123 dates; every clock time is part of a "November 24, 2026 at 4:11 PM EST".
  for (const part of [row.bodyText, html]) {
    expect(part, where).not.toMatch(/\d{4}-\d{2}-\d{2}T\d|\bGMT\b|\b\d{4}-\d{2}-\d{2}\b/);
    const times = part.match(/\b\d{1,2}:\d{2}\b/g) ?? [];
    const dated = part.match(new RegExp(MAIL_DATE_TIME_PATTERN.source, "g")) ?? [];
    expect(times.length, `${where}: ${times.join(" ")}`).toBe(dated.length);
  }
}

/** Follows a link like a browser (redirects too) and returns the final page's status, path and HTML. */
async function open(link: string, client: Client) {
  const url = new URL(link);
  let path = url.pathname + url.search;
  for (let hops = 0; ; hops++) {
    const res = await client.fetch(path);
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location && hops < 5) {
      path = location.startsWith("http") ? new URL(location).pathname + new URL(location).search : location;
      continue;
    }
    return { status: res.status, path, html: await res.text(), fragment: decodeURIComponent(url.hash.slice(1)) };
  }
}

/** Every link of the e-mail opens its own page (200, not a detour to sign in), with its fragment's target. */
async function expectLinksOpen(row: OutboxRow, client: Client) {
  for (const link of new Set(textLinks(row.bodyText))) {
    const page = await open(link, client);
    const where = `${row.kind}: ${link} -> ${page.path}`;
    expect(page.status, where).toBe(200);
    expect(page.path.split("?")[0], where).toBe(new URL(link).pathname === "/apply" ? "/apply/loan" : new URL(link).pathname);
    if (page.fragment) expect(page.html, where).toContain(`id="${page.fragment}"`);
  }
}

async function mailsSince(firstId: number, to: string[]) {
  const o = schema.outbox;
  return getDb()
    .select()
    .from(o)
    .where(and(gt(o.id, firstId), inArray(o.toEmail, to)))
    .orderBy(o.id);
}

async function lastOutboxId() {
  const [row] = await getDb()
    .select({ id: sql<string>`COALESCE(MAX(${schema.outbox.id}), 0)` })
    .from(schema.outbox);
  return Number(row!.id);
}

describe("e-mails: HTML and text parts, deep links, one date format", () => {
  it("the applicant's journey to funding: every e-mail on the way", async () => {
    const since = await lastOutboxId();
    const { client: admin, admin: adminUser } = await signedInAdmin();
    const a = await applyOverHttp({ tag: "mail-parts" });

    // Accept the first offer (as the applicant, through the API).
    const list = (await (await a.client.fetch(`/api/loan-applications/${a.app.reference}/offers`)).json()) as {
      offers: Array<{ id: number }>;
    };
    const offerId = list.offers[0]!.id;
    const d = (await (await a.client.fetch(`/api/offers/${offerId}`)).json()) as { disclosureSha256: string };
    const accept = await a.client.fetch(`/api/offers/${offerId}/accept`, {
      json: { signerName: "Robin Okafor", confirmRead: true, disclosureSha256: d.disclosureSha256 },
    });
    expect(accept.status).toBe(200);
    const [offer] = await getDb().select().from(schema.offers).where(eq(schema.offers.id, offerId));

    // Our team asks for a document; so does the lender of the accepted offer.
    const request = await admin.fetch(`/api/admin/applications/${a.app.id}/document-requests`, {
      json: { documentTypes: ["ein"], message: "Please send your EIN letter" },
    });
    expect(request.status).toBeLessThan(300);
    const lenderUser = await createLenderUser(offer!.lenderId!);
    const lender = { userId: lenderUser.id, lenderId: lenderUser.lenderId, ip: null };
    expect(
      await requestDocumentsAsLender(lender, a.app.id, { documentTypes: ["bank-statements"], message: "Three months, please" }),
    ).toMatchObject({
      ok: true,
    });

    // Approved, verifying, funded.
    expect(
      (await admin.fetch(`/api/admin/applications/${a.app.id}/status`, { method: "PATCH", json: { status: "approved" } })).status,
    ).toBe(200);
    const asLender = { userId: lenderUser.id, role: "lender" as const, lenderId: lenderUser.lenderId };
    expect(await markVerifying(a.app.id, asLender)).toMatchObject({ ok: true });
    expect(await markFunded(a.app.id, { amountCents: offer!.amountCents, date: "2026-01-05" }, asLender)).toMatchObject({ ok: true });

    const rows = await mailsSince(since, [a.email, adminUser.email]);
    const kinds = rows.map((r) => r.kind);
    for (const kind of [
      "application_submitted",
      "offer_accepted",
      "offer_accepted_admin",
      "document_request",
      "status_approved",
      "stage_lender_verifying",
      "stage_funded",
    ])
      expect(kinds, kind).toContain(kind);
    expect(kinds.filter((k) => k === "document_request")).toHaveLength(2);

    for (const row of rows) {
      expectWellFormed(row);
      await expectLinksOpen(row, row.toEmail === adminUser.email ? admin : a.client);
    }

    // The deep links: the offers page, the documents of this application, the status page, the admin's application.
    // The admin is told of every acceptance on the platform, other test files' ones included: each
    // e-mail is the one about this application.
    const text = (kind: string) =>
      rows.find((r) => r.kind === kind && (r.toEmail !== adminUser.email || r.bodyText.includes(a.app.reference)))!.bodyText;
    expect(text("application_submitted")).toContain(`${origin()}/dashboard/applications/${a.app.reference}/offers`);
    expect(text("application_submitted")).toContain(`${origin()}/application-status?id=${a.app.reference}`);
    expect(text("document_request")).toContain(`${origin()}/dashboard#documents-${a.app.reference}`);
    expect(text("offer_accepted_admin")).toContain(`${origin()}/admin/applications/${a.app.id}`);
    // Dates: the submission and signing times in the reader's zone (New York: no zone stored), the funding day as a date.
    expect(text("application_submitted")).toMatch(new RegExp(`Submitted: ${MAIL_DATE_TIME_PATTERN.source}`));
    expect(text("offer_accepted")).toMatch(/Signed by: Robin Okafor on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M E[SD]T/);
    expect(text("stage_funded")).toContain("on January 5, 2026 for your application");
  });

  it("offers, a lender's decline and a cancellation: no promise of what has not happened", async () => {
    const since = await lastOutboxId();
    const { admin: adminUser } = await signedInAdmin();
    const b = await applyOverHttp({ tag: "mail-parts-b" });
    const [offer] = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, b.app.id)).limit(1);
    const lenderUser = await createLenderUser(offer!.lenderId!);
    const lender = { userId: lenderUser.id, lenderId: lenderUser.lenderId, ip: null };
    const firm = FirmOfferSchema.parse({
      intent: "firm-offer",
      amount: "20000",
      termMonths: "24",
      noteRate: "12",
      originationFee: "400",
      prepayment: "No prepayment penalty",
      validityDays: "14",
    });
    expect(await makeFirmOffer(lender, b.app.id, firm)).toMatchObject({ ok: true });
    expect(await declineApplication(lender, b.app.id, ["insufficient-income"])).toMatchObject({ ok: true });
    expect(await cancelApplication(b.app.id, "The applicant asked us to", { userId: adminUser.id, role: "admin" })).toMatchObject({
      ok: true,
    });

    const rows = await mailsSince(since, [b.email]);
    const kinds = rows.map((r) => r.kind);
    for (const kind of ["lender_firm_offer", "lender_adverse_action", "stage_cancelled"]) expect(kinds, kind).toContain(kind);
    for (const row of rows) {
      expectWellFormed(row);
      await expectLinksOpen(row, b.client);
    }
    const firmText = rows.find((r) => r.kind === "lender_firm_offer")!.bodyText;
    expect(firmText).toMatch(new RegExp(`Valid until: ${MAIL_DATE_TIME_PATTERN.source}`));
    const cancelled = rows.find((r) => r.kind === "stage_cancelled")!.bodyText;
    expect(cancelled).not.toMatch(/funding (usually|arrives)|after you accept|We have e-mailed you/i);
  });

  it("status changes by an admin and a change of e-mail address, undone", async () => {
    const since = await lastOutboxId();
    const { client: admin } = await signedInAdmin();
    const applicant = await createApplicant();
    // A change of address needs a verified one (as after opening the sign-up link).
    await getDb().update(schema.users).set({ emailVerifiedAt: new Date() }).where(eq(schema.users.id, applicant.id));
    const app = await createSubmittedApplication({ userId: applicant.id });
    const status = (body: Record<string, string>) =>
      admin.fetch(`/api/admin/applications/${app.id}/status`, { method: "PATCH", json: body });
    expect((await status({ status: "under-review" })).status).toBe(200);
    expect((await status({ status: "submitted" })).status).toBe(200);
    expect((await status({ status: "rejected", note: "Annual revenue below our minimum" })).status).toBe(200);

    const newEmail = uniqueEmail("mail-parts-new");
    const { client: signedIn } = await apiLogin(applicant.email, applicant.password);
    // Each e-mail is checked (its links opened) when it arrives, before its one-time link is used.
    const checked = new Set<number>();
    const checkNew = async () => {
      const rows = await mailsSince(since, [applicant.email, newEmail]);
      for (const row of rows.filter((r) => !checked.has(r.id))) {
        expectWellFormed(row);
        // The change link works in a signed-in session of the account; the rest are public pages and one-time links.
        await expectLinksOpen(row, row.kind === "email_change_verification" ? signedIn : new Client());
        checked.add(row.id);
      }
      return rows;
    };
    const tokenIn = (row: OutboxRow | undefined) => /token=([A-Za-z0-9_-]+)/.exec(row?.bodyText ?? "")![1]!;
    expect(await requestEmailChange((await getUserByEmail(applicant.email))!, newEmail)).toEqual({ ok: true });
    const link = (await checkNew()).find((r) => r.kind === "email_change_verification");
    expect(await confirmEmailChange(tokenIn(link), applicant.id)).toMatchObject({ ok: true });
    const changed = (await checkNew()).find((r) => r.kind === "email_changed_notice");
    expect(await undoEmailChange({ token: tokenIn(changed), password: "Undo-The-Change-42" })).toMatchObject({ ok: true });

    const rows = await checkNew();
    expect(rows.map((r) => r.kind).sort()).toEqual(
      [
        "email_change_notice",
        "email_change_undone",
        "email_change_verification",
        "email_changed_notice",
        "status_rejected",
        "status_submitted",
        "status_under_review",
      ].sort(),
    );
    expect(rows.find((r) => r.kind === "status_rejected")!.bodyText).toContain(`${origin()}/application-status?id=${app.reference}`);
  });

  it("a lender's decline after review, and an admin's locked second factor", async () => {
    const since = await lastOutboxId();
    const c = await applyOverHttp({ tag: "mail-parts-c" });
    const list = (await (await c.client.fetch(`/api/loan-applications/${c.app.reference}/offers`)).json()) as {
      offers: Array<{ id: number }>;
    };
    const offerId = list.offers[0]!.id;
    const d = (await (await c.client.fetch(`/api/offers/${offerId}`)).json()) as { disclosureSha256: string };
    const accept = await c.client.fetch(`/api/offers/${offerId}/accept`, {
      json: { signerName: "Robin Okafor", confirmRead: true, disclosureSha256: d.disclosureSha256 },
    });
    expect(accept.status).toBe(200);
    const [offer] = await getDb().select().from(schema.offers).where(eq(schema.offers.id, offerId));
    const lenderUser = await createLenderUser(offer!.lenderId!);
    const asLender = { userId: lenderUser.id, role: "lender" as const, lenderId: lenderUser.lenderId };
    expect(await declineAfterReview(c.app.id, ["Identity could not be verified"], asLender)).toMatchObject({ ok: true });

    const admin = await createAdmin();
    const attacker = new Client();
    await attacker.fetch("/admin-login", { form: { email: admin.email, password: admin.password } });
    for (let i = 0; i < MFA_LOCK_AFTER; i++) await attacker.fetch("/admin-login/verify", { form: { code: "000000" } });

    // Every admin also gets the acceptances of other files' applicants: only the lockout is this test's.
    const rows = (await mailsSince(since, [c.email, admin.email])).filter((r) => r.toEmail === c.email || r.kind === "mfa_locked");
    for (const kind of ["stage_lender_declined", "mfa_locked"])
      expect(
        rows.map((r) => r.kind),
        kind,
      ).toContain(kind);
    for (const row of rows) {
      expectWellFormed(row);
      await expectLinksOpen(row, row.toEmail === admin.email ? new Client() : c.client);
    }
    expect(rows.find((r) => r.kind === "stage_lender_declined")!.bodyText).toContain("No loan will be made from this application.");
  });

  it("account e-mails: verification, reset, password changed, a lender's invitation", async () => {
    const since = await lastOutboxId();
    const email = uniqueEmail("mail-parts-account");
    const signup = await new Client().fetch("/signup", {
      form: signUpForm(email, {
        firstName: "Lin",
        lastName: "Kage",
        password: "Absolute-Links-42",
        phone: "555-010-4545",
        dateOfBirth: "1980-02-02",
      }),
    });
    expect(signup.status).toBe(302);
    expect((await new Client().fetch("/forgot-password", { form: { email } })).status).toBeLessThan(400);
    const user = (await getUserByEmail(email))!;
    await queuePasswordChangedEmail(getDb(), user);
    const { admin: adminUser } = await signedInAdmin();
    const [lenderRow] = await getDb().select().from(schema.lenders).limit(1);
    const invited = uniqueEmail("mail-parts-invite");
    expect(await inviteLenderUser(adminUser.id, lenderRow!.id, { email: invited, firstName: "Ina", lastName: "Vite" }, null)).toMatchObject(
      {
        ok: true,
      },
    );

    // The reset link is written after the page answered: wait for it as a person waits for their inbox.
    let rows: OutboxRow[] = [];
    for (let i = 0; i < 100 && rows.length < 4; i++) {
      rows = await mailsSince(since, [email, invited]);
      if (rows.length < 4) await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows.map((r) => r.kind).sort()).toEqual(["email_verification", "lender_invite", "password_changed", "password_reset"]);
    for (const row of rows) {
      expectWellFormed(row);
      // Opened without a session, as from a mail program; token links show their form, not an error.
      await expectLinksOpen(row, new Client());
    }
  });
});
