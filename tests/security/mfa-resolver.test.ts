/**
 * One session-user resolver that knows about the second factor. An admin who
 * passed the password but not the second factor is anonymous in the wizard, the dashboard, the
 * uploads and the API: the wizard does not fill in as that admin, nothing attaches to the admin.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { samplePdf } from "../fixtures/documents";
import { createAdmin } from "../support/fixtures";
import { Client } from "../support/http";
import { LOAN } from "../support/wizard";

async function halfSignedInAdmin() {
  const admin = await createAdmin();
  const c = new Client();
  const r = await c.fetch("/admin-login", { form: { email: admin.email, password: admin.password } });
  expect(r.headers.get("location")).toBe("/admin-login/verify");
  return { admin, c };
}

describe("a half-signed-in admin", () => {
  it("is anonymous in the wizard: the draft is not the admin's and step 2 asks for the owner's details", async () => {
    const { admin, c } = await halfSignedInAdmin();
    expect((await c.fetch("/apply/loan", { form: { ...LOAN, intent: "continue" } })).headers.get("location")).toBe("/apply/owner");
    const drafts = await getDb().select().from(schema.applicationDrafts).where(eq(schema.applicationDrafts.userId, admin.id));
    expect(drafts).toHaveLength(0);
    // Step 3 is not reachable as "signed in": the owner step must be filled first.
    expect((await c.fetch("/apply/address")).headers.get("location")).toBe("/apply/owner");
    const html = await (await c.fetch("/apply/owner")).text();
    expect(html).not.toContain(admin.email);
  });

  it("is anonymous on the dashboard, the uploads and the API", async () => {
    const { admin, c } = await halfSignedInAdmin();
    expect((await c.fetch("/dashboard")).headers.get("location")).toMatch(/^\/login/);
    expect((await c.fetch("/api/loan-applications", { json: { amount: "25000" } })).status).toBe(401);
    const fd = new FormData();
    fd.set("applicationId", "1");
    fd.set("documentType", "ein");
    fd.set("file", new Blob([new Uint8Array(samplePdf("HALF"))]), "half.pdf");
    expect((await c.fetch("/api/documents/upload", { method: "POST", body: fd })).status).toBe(401);
    const apps = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.userId, admin.id));
    expect(apps).toHaveLength(0);
  });
});
