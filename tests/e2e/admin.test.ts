/**
 * The admin panel in a real browser, with and without JavaScript: find an application by
 * reference and by purpose, filter by status, open the details, preview and download a document
 * (the bytes equal the upload), approve one and reject one with a reason; the applicant then sees
 * both on the dashboard and in the status lookup (pages the server renders: read over HTTP), and
 * another applicant cannot open the document. That nobody but an admin gets anything from an admin
 * page or action: tests/security/route-guards.test.ts; the list's pages and sort links:
 * tests/integration/pages-forms.test.ts.
 */
import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shortenMiddle } from "~/content/document-types";
import { REJECTION_REASON_REQUIRED } from "~/features/back-office/admin.schema";
import { getDb, schema } from "~/platform/db/db.server";
import { eq } from "drizzle-orm";
import { samplePdf } from "../fixtures/documents";
import { MODES, setupBrowser } from "../support/browser";
import { createSubmittedApplication } from "../support/applications";
import { uploadFromDashboard } from "../support/documents";
import { createAdmin, createApplicant, signInAdminForBrowser, signInAdminInBrowser } from "../support/fixtures";
import { follow, getPage, squash } from "../support/html";
import { Client } from "../support/http";
import { formatFileSize } from "~/ui/format";

const b = setupBrowser();

async function signedIn(email: string, password: string, path: "/login" | "/admin-login") {
  const c = new Client();
  const res = await c.fetch(path, { form: { email, password } });
  expect(res.status).toBe(302);
  if (path === "/login") expect(res.headers.get("location")).toBe("/dashboard");
  return c;
}

async function seed(tag: string) {
  const admin = await createAdmin();
  const applicant = await createApplicant({ firstName: `Avery${tag}`, phone: "(555) 010-7788" });
  const other = await createApplicant();
  // The applicant has accepted an offer, so an admin may approve it.
  const working = await createSubmittedApplication({
    userId: applicant.id,
    amount: 42000,
    purpose: "working-capital",
    status: "offer-accepted",
    stage: "offer-accepted",
  });
  const equipment = await createSubmittedApplication({ userId: applicant.id, amount: 18000, purpose: "equipment-financing" });
  const reviewing = await createSubmittedApplication({
    userId: applicant.id,
    amount: 9000,
    purpose: "inventory-financing",
    status: "under-review",
  });
  const draft = await createSubmittedApplication({ userId: applicant.id, status: "draft" });
  const bytes = samplePdf(`MARKER-${tag}-${Date.now()}`);
  const fileName = `quarterly-bank-statement-${tag}-july-to-september-2025.pdf`;
  const ac = await signedIn(applicant.email, applicant.password, "/login");
  const doc = await uploadFromDashboard(ac, working.id, fileName, bytes);
  return { admin, applicant, other, working, equipment, reviewing, draft, bytes, fileName, doc };
}

const rowRefs = (page: Page) =>
  page.locator("[data-testid=application-row]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-reference")));

async function search(page: Page, js: boolean, fill: { q?: string; status?: string }) {
  const before = page.url();
  if (fill.q !== undefined) await page.getByLabel("Search by application ID or purpose").fill(fill.q);
  if (fill.status !== undefined) await page.getByLabel("Status", { exact: true }).selectOption(fill.status);
  if (!js) await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL((u) => u.href !== before && u.pathname === "/admin");
  await page.waitForLoadState("load");
  if (js) await page.waitForFunction(() => !document.querySelector("table[aria-busy=true]"));
}

describe.each(MODES)("admin panel $label", ({ js }) => {
  it("finds, filters, opens details, previews and downloads, approves and rejects with a reason", async () => {
    const s = await seed(js ? "js" : "nojs");
    await b.withPage({ js }, async (page) => {
      await signInAdminInBrowser(page, s.admin);
      await page.getByText(`Admin: ${s.admin.firstName}`).waitFor();
      for (const label of ["Total Applications", "Pending Review", "Total Documents"])
        await page.getByText(label, { exact: true }).waitFor();

      // By reference, typed in lower case: exactly that application.
      await search(page, js, { q: s.working.reference.toLowerCase() });
      expect(await rowRefs(page)).toEqual([s.working.reference]);
      expect(new URL(page.url()).searchParams.get("q")).toBe(s.working.reference.toLowerCase());
      const row = page.locator(`[data-reference="${s.working.reference}"]`);
      expect(await row.textContent()).toContain("$42,000");
      expect(await row.textContent()).toContain("Working Capital");

      // By purpose (label, any case) plus the status filter.
      await search(page, js, { q: "EQUIPMENT financing", status: "submitted" });
      const refs = await rowRefs(page);
      expect(refs).toContain(s.equipment.reference);
      expect(refs).not.toContain(s.working.reference);
      for (const badge of await page.locator("[data-testid=application-row] [data-testid=admin-status-badge]").allTextContents())
        expect(badge).toBe("Submitted");

      // Status filter alone; drafts are never listed.
      await search(page, js, { q: "", status: "under-review" });
      expect(await rowRefs(page)).toContain(s.reviewing.reference);
      expect(await rowRefs(page)).not.toContain(s.draft.reference);
      const noResults = `/admin?q=${s.draft.reference}`;
      await page.goto(noResults);
      await page.getByText("No applications found").waitFor();

      // Details: a dialog with JavaScript, a page without.
      await page.goto(`/admin?q=${s.working.reference}`);
      await page.getByRole("link", { name: s.working.reference }).click();
      await page.waitForURL(`**/admin/applications/${s.working.id}?q=${s.working.reference}`);
      if (js) {
        // A modal dialog over the list: Esc closes it, back to the same query, focus back on the link.
        await page.getByRole("dialog", { name: new RegExp(s.working.reference) }).waitFor();
        await page.keyboard.press("Escape");
        await page.waitForURL((u) => u.pathname === "/admin" && u.searchParams.get("q") === s.working.reference);
        await page.getByTestId("details-dialog").waitFor({ state: "detached" });
        await page.waitForFunction((ref) => document.activeElement?.textContent === ref, s.working.reference);
        await page.getByRole("link", { name: s.working.reference }).click();
        await page.getByRole("dialog", { name: new RegExp(s.working.reference) }).waitFor();
      } else expect(await page.getByRole("dialog").count()).toBe(0);
      const details = page.getByTestId("application-details");
      await details.waitFor();
      const text = (await details.textContent()) ?? "";
      for (const t of [
        "Loan Information",
        "Address Information",
        "Timeline",
        "Documents (1)",
        "Status History",
        "$42,000",
        "Working Capital",
        "$120,000",
        "Pay Rent ($1,500/month)",
        "100 Main Street",
        "Springfield",
        "62701",
        s.applicant.email,
        "(555) 010-7788",
        `Avery${js ? "js" : "nojs"} Rivera`,
      ])
        expect(text).toContain(t);
      expect(await page.getByTestId("document-name").textContent()).toBe(shortenMiddle(s.fileName));
      expect(shortenMiddle(s.fileName)).toMatch(/^.{20}\.\.\..{10}$/);
      expect(text).toContain(formatFileSize(s.bytes.length));
      expect(formatFileSize(s.bytes.length)).toMatch(/^\d+ Bytes$/);
      expect(await page.locator("h2", { hasText: s.working.reference }).getByTestId("admin-status-badge").textContent()).toBe(
        "OFFER ACCEPTED",
      );

      // Preview (inline) and download (attachment with the stored name): the bytes we uploaded.
      const previewHref = await page.getByRole("link", { name: /^Preview/ }).getAttribute("href");
      expect(previewHref).toBe(`/documents/${s.doc.id}/preview`);
      const preview = await page.request.get(previewHref!);
      expect(preview.status()).toBe(200);
      expect(preview.headers()["content-type"]).toContain("application/pdf");
      expect(preview.headers()["content-disposition"]).toMatch(/^inline/);
      expect(Buffer.from(await preview.body()).equals(s.bytes)).toBe(true);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Download/ }).click()]);
      expect(download.suggestedFilename()).toBe(s.fileName);
      expect(fs.readFileSync((await download.path())!).equals(s.bytes)).toBe(true);

      // Approve from the details.
      await page.getByLabel("New status").selectOption("approved");
      await page.getByRole("button", { name: "Update Status", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "Application status has been updated successfully." }).first().waitFor();
      await page.locator("h2", { hasText: s.working.reference }).getByText("APPROVED").waitFor();
      const history = (await page.getByTestId("status-history").textContent()) ?? "";
      expect(history).toContain("Ada Admin (admin)");
      expect(history).toMatch(/Offer AcceptedApproved/);

      // Reject from the table row: the reason is asked for first.
      await page.goto(`/admin?q=${s.equipment.reference}`);
      const select = page.getByLabel(`Status of ${s.equipment.reference}`);
      await select.selectOption("rejected");
      if (js) {
        await page.getByRole("dialog", { name: new RegExp(s.equipment.reference) }).waitFor();
        expect(await page.getByLabel("New status").inputValue()).toBe("rejected");
        await page.getByRole("button", { name: "Update Status", exact: true }).click();
        await page.getByText(REJECTION_REASON_REQUIRED).waitFor();
      } else {
        await page.getByRole("button", { name: `Update status of ${s.equipment.reference}` }).click();
        // The reason box's own error; the page's "There is a problem" summary repeats it as a link to the box.
        const noteId = `status-change-${s.equipment.id}-note`;
        await page.locator(`#${noteId}-error`).getByText(REJECTION_REASON_REQUIRED).waitFor();
        expect(await page.getByTestId("error-summary").getByRole("link", { name: REJECTION_REASON_REQUIRED }).getAttribute("href")).toBe(
          `#${noteId}`,
        );
        expect(await page.getByLabel("New status").inputValue()).toBe("rejected");
      }
      const [unchanged] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.id, s.equipment.id));
      expect(unchanged!.status).toBe("submitted");
      await page.getByLabel(/Reason for the rejection/).fill("Time in business under 6 months");
      await page.getByRole("button", { name: "Update Status", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "Application status has been updated successfully." }).first().waitFor();
      await page.locator("h2", { hasText: s.equipment.reference }).getByText("REJECTED").waitFor();
      expect(await page.getByTestId("status-history").textContent()).toContain("Time in business under 6 months");

      // A status change straight from a row (no reason needed).
      await page.goto(`/admin?q=${s.reviewing.reference}`);
      await page.getByLabel(`Status of ${s.reviewing.reference}`).selectOption("submitted");
      if (!js) await page.getByRole("button", { name: `Update status of ${s.reviewing.reference}` }).click();
      await page.getByRole("status").filter({ hasText: "Application status has been updated successfully." }).first().waitFor();
      await page.locator(`[data-reference="${s.reviewing.reference}"] [data-testid=admin-status-badge]`).getByText("Submitted").waitFor();
      expect(new URL(page.url()).searchParams.get("q")).toBe(s.reviewing.reference);

      // Documents tab.
      await page.getByRole("link", { name: "Documents", exact: true }).click();
      await page.waitForURL("**/admin/documents");
      const docRow = page.locator(`[data-document-id="${s.doc.id}"]`);
      const docText = (await docRow.textContent()) ?? "";
      expect(docText).toContain(s.working.reference);
      expect(docText).toContain("Bank Statements");
      expect(await docRow.getByRole("link", { name: /^View/ }).getAttribute("href")).toBe(`/documents/${s.doc.id}/preview`);
      expect(await docRow.getByRole("link", { name: /^Download/ }).getAttribute("href")).toBe(`/documents/${s.doc.id}/download`);
    });

    // The rejection e-mail states the reason.
    const mails = await getDb().select().from(schema.outbox).where(eq(schema.outbox.toEmail, s.applicant.email));
    const rejection = mails.find((m) => m.kind === "status_rejected");
    expect(rejection?.bodyText).toContain("Time in business under 6 months");

    // The applicant sees both decisions at once: dashboard and status lookup (server-rendered, read over HTTP).
    const ac = await signedIn(s.applicant.email, s.applicant.password, "/login");
    const dashboard = await getPage("/dashboard", ac);
    const cardOf = (ref: string) => dashboard.$(`[data-testid=dashboard-application][data-reference="${ref}"]`);
    // The applicant sees the loan's stage; an approved offer is not an active loan until funded.
    expect(cardOf(s.working.reference).find("[data-testid=stage-badge]").text()).toContain("Offer accepted");
    expect(cardOf(s.equipment.reference).find("[data-testid=stage-badge]").text()).toContain("Declined");
    expect(dashboard.$("[data-testid=active-loans]").text()).toBe("0");
    expect(dashboard.$("[data-testid=recent-activity]").text()).toContain(`Status of ${s.working.reference} changed to Approved`);
    const badge = async (ref: string) =>
      squash((await getPage(`/application-status?id=${ref}`, ac)).$("[data-testid=status-badge]").text());
    expect(await badge(s.equipment.reference)).toContain("Declined");
    expect(await badge(s.working.reference)).toContain("Offer accepted");

    // Another applicant: no document, no details.
    const oc = await signedIn(s.other.email, s.other.password, "/login");
    const res = await oc.fetch(`/documents/${s.doc.id}/preview`);
    expect(res.status).toBe(404);
    expect(Buffer.from(await res.arrayBuffer()).includes(s.bytes.subarray(0, 64))).toBe(false);
    expect((await follow(oc, `/admin/applications/${s.working.id}`)).url.split("?")[0]).toBe("/admin-login");
  }, 180_000);
});

/** Without JavaScript the same page, as served: tests/integration/pages-forms.test.ts. */
describe("a failing admin page shows in place with JavaScript", () => {
  const js = true;
  it("an application that does not exist: 404 under the admin's header and tabs, with a way back", async () => {
    const admin = await createAdmin();
    await b.withPage({ js }, async (page, ctx) => {
      await signInAdminForBrowser(ctx, admin);
      // The child route's loader throws 404; the admin layout's error boundary shows it.
      const res = await page.goto("/admin/applications/999999999");
      expect(res?.status()).toBe(404);
      await page.getByRole("heading", { level: 1, name: "404 Page Not Found" }).waitFor();
      expect(await page.title()).toContain("404 Page Not Found");
      await page.getByText("Admin: Ada").waitFor();
      await page.getByRole("navigation", { name: "Admin sections" }).waitFor();
      await page.getByRole("button", { name: "Logout" }).waitFor();
      await page.getByRole("link", { name: "Back to the admin panel" }).click();
      await page.waitForURL((u) => u.pathname === "/admin");
      await page.getByRole("heading", { level: 1, name: "Admin Panel" }).waitFor();
    });
  });
});
