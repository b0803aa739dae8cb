/**
 * The back office in Chromium, with and without JavaScript, as a new admin would use
 * it: request a bank statement with a message, see the applicant's dashboard show the request,
 * upload as the applicant, see the request close, reject the document with a reason, add a note,
 * assign the file to yourself, filter "assigned to me", and export the list as CSV. The applicant
 * then sees "Needs replacing: <reason>", never the reviewer's name nor the note (the dashboard as
 * the server renders it, read over HTTP). Both sign in over HTTP (signing in through the pages is
 * walked in tests/e2e/auth.test.ts and admin.test.ts).
 */
import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BACK_OFFICE_TOASTS } from "~/content/messages";
import { samplePdf } from "../fixtures/documents";
import { createSubmittedApplication } from "../support/applications";
import { MODES, setupBrowser } from "../support/browser";
import { createAdmin, createApplicant, signInAdminForBrowser, signInApplicantForBrowser } from "../support/fixtures";
import { getPage } from "../support/html";
import { Client } from "../support/http";
import { signInApplicantOverHttp } from "../support/sign-in";

const b = setupBrowser();

/** Waits for the toast a form's redirect shows (JS: the toaster; no JS: the rendered status). */
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).first().waitFor();

describe.each(MODES)("back office $label", ({ js }) => {
  it("request, upload, close, reject with a reason, note, assign to me, filter, export CSV", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant({ firstName: js ? "Jordan" : "Morgan", lastName: "Reyes" });
    const app = await createSubmittedApplication({ userId: applicant.id });
    const message = `The May bank statement is cut off (${js ? "js" : "no-js"})`;
    const note = `Called the applicant about May (${js ? "js" : "no-js"})`;
    const detailsUrl = `/admin/applications/${app.id}`;

    await b.withPage({ js }, async (adminPage, adminContext) => {
      await signInAdminForBrowser(adminContext, admin);
      await adminPage.goto(detailsUrl);
      if (js) await adminPage.getByRole("dialog", { name: new RegExp(app.reference) }).waitFor();

      // 1. Request a bank statement with a message.
      const requests = adminPage.getByTestId("document-requests");
      await requests.getByLabel("Bank Statements").check();
      await requests.getByLabel("Message to the applicant").fill(message);
      await requests.getByRole("button", { name: "Request Documents" }).click();
      // The applicant has not confirmed their address: the admin is told the e-mail waits for it.
      await toast(adminPage, BACK_OFFICE_TOASTS.requestCreatedHeld.description);
      await adminPage.getByTestId("document-request").filter({ hasText: message }).waitFor();
      expect(await adminPage.getByTestId("document-request").getAttribute("data-status")).toBe("open");

      // 2. The applicant's dashboard shows it; the applicant uploads against it; it closes.
      await b.withPage({ js }, async (applicantPage, applicantContext) => {
        await signInApplicantForBrowser(applicantContext, applicant);
        await applicantPage.goto("/dashboard");
        const open = applicantPage.getByTestId("open-request");
        await open.getByText(message).waitFor();
        expect(await open.textContent()).toContain("Bank Statements: still needed");
        await open
          .getByLabel("Choose a file for Bank Statements")
          .setInputFiles({ name: "may-statement.pdf", mimeType: "application/pdf", buffer: samplePdf("may") });
        await open.getByRole("button", { name: "Upload" }).click();
        await toast(applicantPage, "may-statement.pdf uploaded successfully");
        await applicantPage.getByTestId("closed-requests").getByText("1 request completed").waitFor();
        expect(await applicantPage.getByTestId("open-request").count()).toBe(0);
        expect(await applicantPage.getByTestId("document-state").textContent()).toBe("In review");
      });
      await adminPage.goto(detailsUrl);
      await adminPage.getByTestId("document-request").filter({ hasText: "Closed: fulfilled" }).waitFor();

      // 3. Reject the document with a reason.
      const review = adminPage.getByTestId("review-form").filter({ hasText: "may-statement.pdf" });
      await review.getByLabel("Reject", { exact: true }).check();
      await review.getByLabel("Reason for a rejection").selectOption("unreadable");
      await review.getByRole("button", { name: "Save review" }).click();
      await toast(adminPage, "The document review has been saved.");
      await adminPage.getByTestId("review-state").filter({ hasText: "Rejected: Unreadable by Ada Admin" }).waitFor();

      // 4. An internal note.
      await adminPage.getByLabel("New internal note").fill(note);
      await adminPage.getByRole("button", { name: "Add Note" }).click();
      await toast(adminPage, "Your internal note has been added.");
      await adminPage.getByTestId("internal-note").filter({ hasText: note }).waitFor();
      expect(await adminPage.getByTestId("internal-note").textContent()).toContain("Ada Admin");

      // 5. Assign to me, then the "Assigned to me" queue lists it.
      await adminPage.getByRole("button", { name: "Assign to me" }).click();
      await toast(adminPage, "The application's assignment has been updated.");
      await adminPage.getByTestId("assignee").filter({ hasText: "Ada Admin (you)" }).waitFor();
      await adminPage.goto("/admin");
      const mine = adminPage.getByTestId("queue-mine");
      expect(await mine.textContent()).toBe("Assigned to me1");
      await mine.click();
      // The address changes before React renders the new list: wait for the page the filter made
      // (its queue marked current), not for the URL.
      await adminPage.locator("[data-testid=queue-mine][aria-current=page]").waitFor();
      await adminPage.locator(`[data-testid=application-row][data-reference="${app.reference}"]`).waitFor();
      expect(await adminPage.locator("[data-testid=application-row]").count()).toBe(1);
      expect(await adminPage.getByTestId("assigned-to").textContent()).toBe("Ada Admin");

      // 6. Export the filtered list: a CSV a spreadsheet opens (BOM, header, the one row).
      const [download] = await Promise.all([adminPage.waitForEvent("download"), adminPage.getByTestId("export-csv").click()]);
      expect(download.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = fs.readFileSync((await download.path())!);
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csv.toString("utf8").slice(1).trimEnd().split("\r\n");
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(new RegExp(`^${app.reference},submitted,25000\\.00,Working Capital,${js ? "Jordan" : "Morgan"},Reyes,`));
      expect(lines[1]).toContain("Ada Admin");
    });

    // The applicant sees the decision and the reason; never the reviewer or the note.
    const { $, html } = await getPage("/dashboard", await signInApplicantOverHttp(new Client(), applicant));
    expect(
      $("[data-testid=document-state]")
        .filter((_, el) => $(el).text().includes("Needs replacing: Unreadable"))
        .get(),
    ).toHaveLength(1);
    expect(html).not.toContain(note);
    expect(html).not.toContain("Ada Admin");
  });
});
