/**
 * The applicant's dashboard with real data, with and without JavaScript: applications with their
 * status and progress, the unfinished draft, totals, recent activity, Upload Documents through the
 * upload service, contact links, account summary; and that it shows nobody else's data. Who may
 * open the dashboard and upload to which application (over HTTP): tests/integration/documents.test.ts.
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { insertDraft } from "~/features/applications/wizard/application-drafts.server";
import { changeStatus } from "~/features/applications/application-status.server";
import { MSG } from "~/content/messages";
import { getDb, schema } from "~/platform/db/db.server";
import { samplePdf } from "../fixtures/documents";
import { createSubmittedApplication } from "../support/applications";
import { MODES, setupBrowser } from "../support/browser";
import { createAdmin, createApplicant, signInApplicantInBrowser } from "../support/fixtures";

const b = setupBrowser();

const docsOf = (applicationId: number) => getDb().select().from(schema.documents).where(eq(schema.documents.applicationId, applicationId));

async function seed() {
  const admin = await createAdmin();
  const user = await createApplicant({ firstName: "Robin", phone: "(555) 010-3344" });
  const approved = await createSubmittedApplication({
    userId: user.id,
    amount: 45000,
    purpose: "business-expansion",
    submittedAt: new Date(Date.now() - 60_000),
  });
  await changeStatus(admin.id, approved.id, "under-review");
  // "approved" needs an accepted offer, and only a funded loan is active. The offer's
  // acceptance and the lender's funding are stood in for on the row (tests/integration/lifecycle.test.ts walks them).
  const acceptedRow = { status: "offer-accepted" as const, stage: "offer-accepted" as const };
  await getDb().update(schema.loanApplications).set(acceptedRow).where(eq(schema.loanApplications.id, approved.id));
  await changeStatus(admin.id, approved.id, "approved");
  await getDb()
    .update(schema.loanApplications)
    .set({ stage: "funded", fundedCents: 4_500_000, fundedOn: "2026-11-20" })
    .where(eq(schema.loanApplications.id, approved.id));
  const submitted = await createSubmittedApplication({ userId: user.id, amount: 12500, purpose: "startup-capital" });
  const draftApp = await createSubmittedApplication({ userId: user.id, status: "draft" });
  await insertDraft({ userId: user.id, data: { amount: 20000, purpose: "working-capital" } as never });
  const stranger = await createApplicant();
  const strangersApp = await createSubmittedApplication({ userId: stranger.id, amount: 77000 });
  return { user, approved, submitted, draftApp, stranger, strangersApp };
}

const card = (page: Page, ref: string) => page.locator(`[data-testid=dashboard-application][data-reference="${ref}"]`);
const stepStates = (page: Page, ref: string) =>
  card(page, ref)
    .locator("li[data-state]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-state")));

describe.each(MODES)("dashboard $label", ({ js }) => {
  it("shows the applicant's own applications, progress, activity and account, and uploads a document", async () => {
    const s = await seed();
    await b.withPage({ js }, async (page, ctx) => {
      await signInApplicantInBrowser(page, s.user.email, s.user.password);
      await page.getByRole("heading", { name: "Welcome, Robin" }).waitFor();
      await page.getByRole("link", { name: "Home" }).waitFor();
      await page.getByRole("button", { name: "Logout" }).waitFor();

      expect(await page.getByTestId("total-applications").textContent()).toBe("2");
      expect(await page.getByTestId("active-loans").textContent()).toBe("1");
      const body = (await page.textContent("main")) ?? "";
      expect(body).not.toContain(s.draftApp.reference);
      expect(body).not.toContain(s.strangersApp.reference);
      expect(body).not.toContain("$77,000");

      const a = (await card(page, s.approved.reference).textContent()) ?? "";
      expect(a).toContain("$45,000");
      expect(a).toContain("Business Expansion");
      expect(await card(page, s.approved.reference).getByTestId("stage-badge").textContent()).toContain("Funded");
      expect(await stepStates(page, s.approved.reference)).toEqual(["done", "current"]);
      expect(a).toContain("The lender sent $45,000.00 on 2026-11-20.");
      const sub = (await card(page, s.submitted.reference).textContent()) ?? "";
      expect(sub).toContain("$12,500");
      expect(sub).toContain("Startup Capital");
      expect(await stepStates(page, s.submitted.reference)).toEqual(["current", "upcoming", "upcoming", "upcoming", "upcoming"]);

      const cont = page.getByRole("link", { name: "Continue application" });
      expect(await cont.getAttribute("href")).toMatch(/^\/apply/);

      const activity = (await page.getByTestId("recent-activity").textContent()) ?? "";
      expect(activity).toContain(`Status of ${s.approved.reference} changed to Approved`);
      expect(activity).toContain(`Status of ${s.approved.reference} changed to Under Review`);

      expect(await page.getByRole("link", { name: "New Application" }).getAttribute("href")).toBe("/apply");
      expect(await page.getByRole("link", { name: /^Call / }).getAttribute("href")).toMatch(/^tel:\+1/);
      expect(await page.getByRole("link", { name: /^E-mail support@/ }).getAttribute("href")).toMatch(/^mailto:support@/);
      const account = (await page.getByRole("region", { name: "Account Summary" }).textContent()) ?? "";
      for (const t of ["Robin Rivera", s.user.email, "(555) 010-3344", "Member since"]) expect(account).toContain(t);
      const help = (await page.getByRole("region", { name: "Need Help?" }).textContent()) ?? "";
      expect(help).toContain("Mon-Fri 9AM-6PM EST");

      // A file that is not a document type: refused, with the specific reason (as in the wizard) on the page.
      await page.getByLabel("Application", { exact: true }).selectOption(String(s.submitted.id));
      await page.getByLabel("Document type").selectOption("ein");
      await page
        .getByLabel("File", { exact: true })
        .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just some text") });
      await page.getByRole("button", { name: "Upload Document" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: `Upload Failed - ${MSG.fileNotPdfOrWord}` })
        // The field's own (without JavaScript the "There is a problem" summary repeats it).
        .last()
        .waitFor();
      expect(await page.getByText("Please try again").count()).toBe(0);
      expect(await docsOf(s.submitted.id)).toHaveLength(0);

      // A real PDF: stored for that application, success toast, and in the activity. With
      // JavaScript, on a slow uplink (about 100 KB/s), the form shows a bar of how much is sent.
      const bytes = Buffer.concat([samplePdf(`DASH-${js}`), Buffer.alloc(js ? 300_000 : 0, 0x20)]);
      await page.getByLabel("Application", { exact: true }).selectOption(String(s.submitted.id));
      await page.getByLabel("Document type").selectOption("ein");
      await page
        .getByLabel("File", { exact: true })
        .setInputFiles({ name: "ein-confirmation-letter-2025.pdf", mimeType: "application/pdf", buffer: bytes });
      const cdp = js ? await ctx.newCDPSession(page) : null;
      const uplink = (bytesPerSecond: number) =>
        cdp?.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: bytesPerSecond,
        });
      if (cdp) await cdp.send("Network.enable").then(() => uplink(100 * 1024));
      await page.getByRole("button", { name: "Upload Document" }).click();
      if (js) {
        await page.waitForFunction(() => {
          const p = document.querySelector<HTMLProgressElement>('form[aria-labelledby="upload-heading"] progress');
          return Boolean(p && p.hasAttribute("value") && p.value > 0 && p.value < p.max);
        });
        expect(await page.getByRole("button", { name: "Uploading..." }).isDisabled()).toBe(true);
        await uplink(-1);
      }
      await page.getByRole("status").filter({ hasText: "ein-confirmation-letter-2..." }).first().waitFor();
      await page.getByRole("status").filter({ hasText: "Document Uploaded" }).first().waitFor();
      const docs = await docsOf(s.submitted.id);
      expect(docs).toHaveLength(1);
      expect(docs[0]).toMatchObject({
        documentType: "ein",
        fileName: "ein-confirmation-letter-2025.pdf",
        fileSize: bytes.length,
        uploadedBy: s.user.id,
      });
      // With JavaScript the file goes by XMLHttpRequest and the dashboard's data is loaded again after
      // the toast: wait for the activity as the applicant would see it appear.
      await page.getByTestId("recent-activity").getByText(`Document uploaded to ${s.submitted.reference}`).first().waitFor();
      // The activity item names the document.
      expect(await page.getByTestId("recent-activity").textContent()).toContain(
        "ein-confirmation-letter-2025.pdf (EIN Confirmation Letter)",
      );
      const own = await page.request.get(`/documents/${docs[0]!.id}/download`);
      expect(Buffer.from(await own.body()).equals(bytes)).toBe(true);

      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL((u) => u.pathname === "/");
    });
  }, 120_000);
});
