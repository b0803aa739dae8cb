/**
 * Preview and download as plain links in a real browser (they are not pages: JavaScript plays no
 * part, so once, without it): the owner gets the file (inline / as a download with its name); a
 * missing file shows the 'File Not Found' page with a way back.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "../support/browser";
import { createSubmittedApplication } from "../support/applications";
import { createDocument } from "../support/documents";
import { createApplicant, signInApplicantInBrowser } from "../support/fixtures";
import { samplePdf } from "../fixtures/documents";

// Chromium's PDF viewer shows the preview inline (the headless shell would download it).
const b = setupBrowser({ pdfViewer: true });

describe("documents", () => {
  const js = false;
  it("lets the owner preview inline and download with the stored name; a missing file shows the 404 page", async () => {
    const user = await createApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const pdf = samplePdf("E2E-MARKER");
    const doc = await createDocument({ applicationId: app.id, userId: user.id, data: pdf, name: "Tax Form (2024).pdf" });

    await b.withPage({ js }, async (page) => {
      await signInApplicantInBrowser(page, user.email);

      const preview = await page.goto(`/documents/${doc.id}/preview`);
      expect(preview?.status()).toBe(200);
      expect(preview?.headers()["content-type"]).toBe("application/pdf");
      expect(preview?.headers()["content-disposition"]).toMatch(/^inline;/);

      const downloadEvent = page.waitForEvent("download");
      await page.goto(`/documents/${doc.id}/download`).catch(() => {}); // a download aborts the navigation
      const download = await downloadEvent;
      expect(download.suggestedFilename()).toBe("Tax Form (2024).pdf");
      expect(fs.readFileSync((await download.path())!).equals(pdf)).toBe(true);

      const missing = await page.goto("/documents/2000000000/preview");
      expect(missing?.status()).toBe(404);
      await page.getByRole("heading", { name: "File Not Found", level: 1 }).waitFor();
      expect(await page.textContent("body")).toContain("File Not Found - This document file is no longer available on the server.");
      await page.getByRole("link", { name: "Back to dashboard" }).click();
      await page.waitForURL("**/dashboard");
    });
  });
});
