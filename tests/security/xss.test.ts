/**
 * Stored XSS: an applicant whose names and address are HTML/script payloads and documents whose
 * file names are payloads are shown in the admin list, the details dialog (with its documents and
 * audit trail) and the documents tab in Chromium with JavaScript on: no dialog ever opens, no CSP
 * violation is reported, and the payloads are shown literally as text.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { createSubmittedApplication } from "../support/applications";
import { setupBrowser } from "../support/browser";
import { createAdmin, createApplicant, signInAdminInBrowser, TEST_PASSWORD, type TestAdmin } from "../support/fixtures";
import { samplePdf } from "../fixtures/documents";
import { Client } from "../support/http";

const b = setupBrowser();

const NAME = "<img src=x onerror=alert(1)>";
const LAST = `"><script>alert(2)</script>`;
const STREET = "<svg onload=alert(3)>";
const FILE = `"><img src=x onerror=alert(4)>.pdf`;
const SCRIPT_FILE = `"><script>alert(5)</script>.pdf`;

let admin: TestAdmin;
let reference = "";
let appId = 0;
const storedNames: string[] = [];

beforeAll(async () => {
  const u = await createApplicant({ firstName: NAME, lastName: LAST });
  const app = await createSubmittedApplication({ userId: u.id });
  await getDb().update(schema.loanApplications).set({ streetAddress: STREET }).where(eq(schema.loanApplications.id, app.id));
  reference = app.reference;
  appId = app.id;
  const c = new Client();
  await c.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
  for (const name of [FILE, SCRIPT_FILE]) {
    // Uploaded like a browser does, then the exact payload is put in the row, so the views are
    // tested with it whatever the upload's sanitising would make of it (it drops path parts, and
    // the multipart parser refuses names with '=' or ';').
    const fd = new FormData();
    fd.set("applicationId", String(app.id));
    fd.set("documentType", "ein");
    fd.set("file", new Blob([new Uint8Array(samplePdf("xss"))]), "statement.pdf");
    const res = await c.fetch("/api/documents/upload", { method: "POST", body: fd });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as { id: number };
    // Newest of all, so it is on the first page of the documents tab whatever else is uploaded.
    await getDb()
      .update(schema.documents)
      .set({ fileName: name, uploadedAt: new Date(Date.now() + 24 * 3600_000) })
      .where(eq(schema.documents.id, doc.id));
    storedNames.push(name);
  }
  admin = await createAdmin();
});

describe("stored XSS in the admin views", () => {
  it("keeps the payloads inert text in the list, the details dialog and the documents tab", async () => {
    await b.withPage({ js: true }, async (page) => {
      const dialogs: string[] = [];
      const cspViolations: string[] = [];
      page.on("dialog", (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      page.on("console", (m) => {
        if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
      });
      await signInAdminInBrowser(page, admin);

      await page.goto(`/admin?q=${reference}`);
      await page.locator(`[data-testid=application-row][data-reference="${reference}"]`).waitFor();

      await page.getByRole("link", { name: reference }).click();
      const dialog = page.getByRole("dialog", { name: new RegExp(reference) });
      await dialog.waitFor();
      await dialog.getByText(`${NAME} ${LAST}`).waitFor();
      await dialog.getByText(STREET).waitFor();
      await dialog.getByTestId("audit-trail").waitFor();
      expect(await dialog.getByTestId("audit-trail").textContent()).toContain("Viewed the application");
      for (const n of storedNames) expect(await dialog.getByTestId("details-documents").textContent()).toContain(n);

      await page.goto(`/admin/applications/${appId}`);
      await page.getByText(STREET).first().waitFor();

      await page.goto("/admin/documents");
      await page.getByText(FILE).first().waitFor();

      // Nothing ran: no alert, no element created by a payload, no CSP report.
      expect(await page.evaluate(() => document.querySelectorAll("img[src='x'], svg[onload]").length)).toBe(0);
      expect(dialogs).toEqual([]);
      expect(cspViolations).toEqual([]);
    });
  });

  it("shows the same literally without JavaScript (the server-rendered HTML escapes it)", async () => {
    await b.withPage({ js: false }, async (page) => {
      await signInAdminInBrowser(page, admin);
      await page.goto(`/admin/applications/${appId}`);
      await page.getByText(`${NAME} ${LAST}`).waitFor();
      const html = await page.content();
      expect(html).not.toContain(NAME);
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(html).not.toContain("<script>alert(2)</script>");
    });
  });
});
