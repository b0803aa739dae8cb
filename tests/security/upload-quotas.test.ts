/**
 * Upload quotas on every upload path (API, dashboard, wizard step 5): a
 * per-account upload rate (429) and a per-application cap on files and bytes (413), with the
 * product's wording, stated in the forms and in the OpenAPI document.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertDocument } from "~/features/documents/documents.server";
import { APPLICATION_MAX_BYTES, APPLICATION_MAX_FILES, UPLOAD_QUOTA_TEXT, UPLOAD_RATE_LIMIT } from "~/content/constants";
import { getUserByEmail } from "~/features/accounts/users.server";
import { getDb, schema, transaction } from "~/platform/db/db.server";
import { MSG } from "~/content/messages";
import { samplePdf } from "../fixtures/documents";
import { apiLogin } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { Client } from "../support/http";
import { fillStepsOverHttp } from "../support/wizard";

const pdf = () => new Blob([new Uint8Array(samplePdf(`quota-${Math.random()}`))]);
function form(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  fd.set("file", pdf(), "statement.pdf");
  return fd;
}
const apiUpload = (c: Client, applicationId: number) =>
  c.fetch("/api/documents/upload", { method: "POST", body: form({ applicationId: String(applicationId), documentType: "ein" }) });

/** Fills an application up to the cap with placeholder rows (the cap counts rows and their sizes). */
async function fillApplication(applicationId: number, userId: number, o: { files: number; bytesEach?: number }) {
  await transaction(async (tx) => {
    for (let i = 0; i < o.files; i++) {
      await insertDocument(tx, {
        applicationId,
        documentType: "ein",
        fileName: `placeholder-${i}.pdf`,
        fileSize: o.bytesEach ?? 1000,
        contentType: "application/pdf",
        storageKey: randomBytes(16).toString("hex"),
        wrappedKey: "placeholder",
        keyId: "00000000",
        uploadedBy: userId,
        uploadedAt: new Date(),
      });
    }
  });
}

describe("upload quotas", () => {
  it("limits the uploads of one account (429 with the product's wording and Retry-After), across its applications", async () => {
    const u = await createApplicant();
    const apps = [await createSubmittedApplication({ userId: u.id }), await createSubmittedApplication({ userId: u.id })];
    const { client } = await apiLogin(u.email, TEST_PASSWORD);
    for (let i = 0; i < UPLOAD_RATE_LIMIT.files; i++)
      expect((await apiUpload(client, apps[i % 2]!.id)).status, `upload ${i + 1}`).toBe(201);
    const res = await apiUpload(client, apps[0]!.id);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await res.json()) as { message: string }).message).toBe(MSG.uploadRateLimited);
  });

  it("caps the files of one application (413) on the API and the dashboard", async () => {
    const u = await createApplicant();
    const app = (await createSubmittedApplication({ userId: u.id }))!;
    await fillApplication(app.id, u.id, { files: APPLICATION_MAX_FILES });
    const { client } = await apiLogin(u.email, TEST_PASSWORD);
    const api = await apiUpload(client, app.id);
    expect(api.status).toBe(413);
    expect(((await api.json()) as { message: string }).message).toBe(MSG.uploadFilesCapReached);
    const page = new Client();
    await page.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
    const dash = await page.fetch("/dashboard", {
      method: "POST",
      body: form({ intent: "upload", applicationId: String(app.id), documentType: "ein" }),
    });
    expect(dash.status).toBe(413);
    expect(await dash.text()).toContain(MSG.uploadFilesCapReached);
  });

  it("caps the bytes of one application (413) in the wizard", async () => {
    const { client, email } = await fillStepsOverHttp();
    const first = await client.fetch("/apply/documents?area=ein", { method: "POST", body: form({ documentType: "ein" }) });
    expect(first.status).toBe(302);
    const owner = (await getUserByEmail(email))!;
    const [app] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.userId, owner.id));
    await fillApplication(app!.id, app!.userId, { files: 1, bytesEach: APPLICATION_MAX_BYTES - 10 });
    const res = await client.fetch("/apply/documents?area=ein", { method: "POST", body: form({ documentType: "ein" }) });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain(MSG.uploadBytesCapReached);
  });

  it("states the quotas in the upload forms and the OpenAPI document", async () => {
    const { client } = await fillStepsOverHttp();
    expect(await (await client.fetch("/apply/documents")).text()).toContain(UPLOAD_QUOTA_TEXT);
    const spec = await (await new Client().fetch("/api/openapi.json")).text();
    expect(spec).toContain(UPLOAD_QUOTA_TEXT);
    expect(spec).toContain(MSG.uploadRateLimited);
  });
});
