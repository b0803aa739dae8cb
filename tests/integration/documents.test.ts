/**
 * The document pipeline end to end: uploads through POST /api/documents/upload on the running
 * production server, the encrypted files on disk, preview/download pages and API, authorisation,
 * integrity, and the service's commit/cleanup paths called directly.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { saveUpload } from "~/features/documents/document-commit.server";
import { contentDisposition, sanitizeFileName } from "~/features/documents/document-naming.server";
import { removeDocument } from "~/features/documents/document-records.server";
import { stageUpload } from "~/features/documents/document-staging.server";
import { sweepOrphans } from "~/features/documents/document-sweep.server";
import { getDb, schema } from "~/platform/db/db.server";
import { MAX_UPLOAD_BYTES } from "~/content/constants";
import { MSG, TOASTS } from "~/content/messages";
import { createSubmittedApplication } from "../support/applications";
import { adminClient, createAdmin, createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { multipartRequest, rawMultipart } from "../support/documents";
import { Client } from "../support/http";
import { samplePdf, samplePlainZip, samplePng, sampleDocx, sampleExe, sampleHtml } from "../fixtures/documents";

const FILE_NOT_FOUND = "File Not Found - This document file is no longer available on the server.";
const TOO_LARGE = "File Too Large - Please select a file smaller than 10MB";
const MB = 1024 * 1024;

const dataDir = () => inject("dataDir");
const docsDir = () => path.join(dataDir(), "documents");
const stagingDir = () => path.join(docsDir(), "staging");
const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => /^[0-9a-f]{32}$/.test(n)) : []);
const snapshot = () => new Set([...list(docsDir()).map((n) => `f:${n}`), ...list(stagingDir()).map((n) => `s:${n}`)]);

/** Every file that appeared since `before` must belong to a committed row (other tests may upload
 *  at the same time; their staging files are given a moment to be committed). */
async function expectNoStrayFiles(before: Set<string>) {
  let stray: string[] = [];
  for (let i = 0; i < 30; i++) {
    const fresh = [...snapshot()].filter((f) => !before.has(f));
    stray = [];
    for (const f of fresh) {
      const key = f.slice(2);
      const [row] = await getDb().select({ id: schema.documents.id }).from(schema.documents).where(eq(schema.documents.storageKey, key));
      if (!row || f.startsWith("s:")) stray.push(f);
    }
    if (stray.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(stray).toEqual([]);
}

const docsOf = (applicationId: number) => getDb().select().from(schema.documents).where(eq(schema.documents.applicationId, applicationId));

async function rowCount(applicationId: number) {
  const [r] = await getDb().select({ n: count() }).from(schema.documents).where(eq(schema.documents.applicationId, applicationId));
  return Number(r!.n);
}

async function signedInApplicant() {
  const user = await createApplicant();
  const client = new Client();
  const res = await client.fetch("/login", { form: { email: user.email, password: TEST_PASSWORD } });
  expect(res.status).toBe(302);
  const app = await createSubmittedApplication({ userId: user.id });
  return { user, client, app };
}

async function signedInAdmin() {
  const admin = await createAdmin();
  const client = await adminClient(admin);
  return { admin, client };
}

function upload(client: Client, o: { file: Buffer; name: string; applicationId: number | string; documentType: string; type?: string }) {
  const fd = new FormData();
  fd.set("applicationId", String(o.applicationId));
  fd.set("documentType", o.documentType);
  fd.set("file", new Blob([new Uint8Array(o.file)], { type: o.type ?? "application/octet-stream" }), o.name);
  return client.fetch("/api/documents/upload", { method: "POST", body: fd });
}

async function storedRow(id: number) {
  const [row] = await getDb().select().from(schema.documents).where(eq(schema.documents.id, id));
  return row!;
}

describe("upload, storage at rest, download and preview", () => {
  it("stores an encrypted file under a random name and gives the owner back exactly the bytes", async () => {
    const { client, app, user } = await signedInApplicant();
    const marker = `MARKER-${Math.random().toString(36).slice(2)}`;
    const pdf = samplePdf(marker);
    const res = await upload(client, {
      file: pdf,
      name: "Bank Statement März.pdf",
      applicationId: app.id,
      documentType: "bank-statements",
      type: "application/pdf",
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["applicationId", "documentType", "fileName", "fileSize", "id", "uploadedAt"]);
    expect(body).toMatchObject({
      applicationId: app.id,
      documentType: "bank-statements",
      fileName: "Bank Statement März.pdf",
      fileSize: pdf.length,
    });
    expect(new Date(body.uploadedAt as string).toISOString()).toBe(body.uploadedAt);
    const id = body.id as number;

    const row = await storedRow(id);
    expect(row.storageKey).toMatch(/^[0-9a-f]{32}$/);
    expect(row.contentType).toBe("application/pdf");
    expect(row.uploadedBy).toBe(user.id);
    expect(row.wrappedKey).not.toContain(row.storageKey);
    const file = path.join(docsDir(), row.storageKey);
    const raw = fs.readFileSync(file);
    expect(raw.includes(Buffer.from(marker))).toBe(false);
    expect(raw.includes(Buffer.from("%PDF"))).toBe(false);
    expect(raw.length).toBe(pdf.length + 6 + 12 + 16);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // Nothing on disk carries the user's file name.
    expect(fs.readdirSync(docsDir()).some((n) => /statement/i.test(n))).toBe(false);

    const events = await getDb().select().from(schema.applicationEvents).where(eq(schema.applicationEvents.applicationId, app.id));
    expect(events.map((e) => e.type)).toContain("document_uploaded");

    const dl = await client.fetch(`/documents/${id}/download`);
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).equals(pdf)).toBe(true);
    expect(dl.headers.get("content-type")).toBe("application/pdf");
    expect(dl.headers.get("content-disposition")).toBe(
      `attachment; filename="Bank Statement Marz.pdf"; filename*=UTF-8''Bank%20Statement%20M%C3%A4rz.pdf`,
    );
    expect(dl.headers.get("x-content-type-options")).toBe("nosniff");
    expect(dl.headers.get("cache-control")).toBe("no-store");
    expect(dl.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);

    const pv = await client.fetch(`/documents/${id}/preview`);
    expect(pv.status).toBe(200);
    expect(pv.headers.get("content-disposition")).toMatch(/^inline; filename="Bank Statement Marz.pdf"/);
    expect(Buffer.from(await pv.arrayBuffer()).equals(pdf)).toBe(true);

    const api = await client.fetch(`/api/documents/download/${id}`);
    expect(api.status).toBe(200);
    expect(Buffer.from(await api.arrayBuffer()).equals(pdf)).toBe(true);
    const apiPreview = await client.fetch(`/api/documents/preview/${id}`);
    expect(apiPreview.status).toBe(200);
    expect(apiPreview.headers.get("content-disposition")).toMatch(/^inline;/);
  });

  it("accepts a DOCX for a Word/PDF area and an image for an ID area, served with the sniffed type", async () => {
    const { client, app } = await signedInApplicant();
    const docx = sampleDocx();
    const r1 = await upload(client, {
      file: docx,
      name: "operating agreement.docx",
      applicationId: app.id,
      documentType: "llc",
      type: "text/html",
    });
    expect(r1.status).toBe(201);
    const png = samplePng();
    const r2 = await upload(client, {
      file: png,
      name: "license front",
      applicationId: app.id,
      documentType: "id-front",
      type: "application/pdf",
    });
    expect(r2.status).toBe(201);
    const b2 = (await r2.json()) as { id: number; fileName: string };
    expect(b2.fileName).toBe("license front.png");
    const d1 = await client.fetch(`/api/documents/download/${((await r1.json()) as { id: number }).id}`);
    expect(d1.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const d2 = await client.fetch(`/documents/${b2.id}/preview`);
    expect(d2.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await d2.arrayBuffer()).equals(png)).toBe(true);
  });

  it("takes more uploads to one application at once than the database pool has connections (none waits for ever)", async () => {
    // Each upload's commit locks the application row; the uploads waiting for that lock hold pool
    // connections. The quota count must not need another one, or the holder waits behind them
    // (once every answer here was a 500 after the database timeout).
    const { client, app } = await signedInApplicant();
    const n = 16; // the test server's pool is 10 connections (DB_POOL_SIZE)
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        upload(client, {
          file: samplePdf(`parallel ${i}`),
          name: `statement-${i}.pdf`,
          applicationId: app.id,
          documentType: "bank-statements",
          type: "application/pdf",
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(n).fill(201));
    const [row] = await getDb().select({ n: count() }).from(schema.documents).where(eq(schema.documents.applicationId, app.id));
    expect(row!.n).toBe(n);
  });

  it("gives the same file uploaded twice two different ciphertexts", async () => {
    const { client, app } = await signedInApplicant();
    const pdf = samplePdf("same-file");
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await upload(client, { file: pdf, name: "ein.pdf", applicationId: app.id, documentType: "ein" });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }
    const [a, b] = await Promise.all(ids.map(storedRow));
    expect(a!.storageKey).not.toBe(b!.storageKey);
    expect(a!.wrappedKey).not.toBe(b!.wrappedKey);
    const fa = fs.readFileSync(path.join(docsDir(), a!.storageKey));
    const fb = fs.readFileSync(path.join(docsDir(), b!.storageKey));
    expect(fa.length).toBe(fb.length);
    expect(fa.equals(fb)).toBe(false);
    expect(fa.subarray(6, 18).equals(fb.subarray(6, 18))).toBe(false); // different IVs
  });

  it("keeps a hostile file name harmless: no path, no control characters, one Content-Disposition", async () => {
    const { client, app } = await signedInApplicant();
    const before = snapshot();
    const { body, contentType } = rawMultipart(
      { applicationId: String(app.id), documentType: "ein" },
      // Tabs: the only control character a part header may carry (RFC 7230 field-content).
      { rawName: "../../etc/ev\til\tSet-Cookie: pwned, x.pdf", data: samplePdf("hostile-name") },
    );
    const res = await client.fetch("/api/documents/upload", { method: "POST", body, headers: { "content-type": contentType } });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as { id: number; fileName: string };
    expect(doc.fileName).toBe("evilSet-Cookie: pwned, x.pdf");
    expect(doc.fileName).not.toMatch(/[\r\n/\\]/);
    // The file is stored under its random key; nothing named after the upload exists anywhere.
    expect(fs.existsSync(path.join(docsDir(), (await storedRow(doc.id)).storageKey))).toBe(true);
    await expectNoStrayFiles(before);
    const everything = fs.readdirSync(dataDir(), { recursive: true }).map(String);
    expect(everything.filter((f) => /evil|etc|pwned/i.test(f))).toEqual([]);

    const dl = await client.fetch(`/documents/${doc.id}/download`);
    expect(dl.status).toBe(200);
    expect(dl.headers.getSetCookie().some((c) => c.startsWith("pwned"))).toBe(false);
    const cd = dl.headers.get("content-disposition")!;
    // Exactly this one value (a second header would be merged in as ", ...").
    expect(cd).toBe(`attachment; filename="evilSet-Cookie: pwned, x.pdf"; filename*=UTF-8''evilSet-Cookie%3A%20pwned%2C%20x.pdf`);
  });

  it("refuses a part header with a bare CR or LF in the file name (400), storing nothing", async () => {
    const { client, app } = await signedInApplicant();
    const before = snapshot();
    const { body, contentType } = rawMultipart(
      { applicationId: String(app.id), documentType: "ein" },
      { rawName: "../../etc/ev\ril\nSet-Cookie: pwned, x.pdf", data: samplePdf("hostile-crlf") },
    );
    const res = await client.fetch("/api/documents/upload", { method: "POST", body, headers: { "content-type": contentType } });
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("pwned"))).toBe(false);
    expect(await rowCount(app.id)).toBe(0);
    await expectNoStrayFiles(before);
  });
});

describe("refused uploads leave no row and no file", () => {
  it("refuses a file over 10 MB with 413 and the product's message (declared size)", async () => {
    const { client, app } = await signedInApplicant();
    const before = snapshot();
    const big = Buffer.concat([samplePdf(), Buffer.alloc(11 * MB - samplePdf().length, 0x20)]);
    const res = await upload(client, { file: big, name: "big.pdf", applicationId: app.id, documentType: "ein" });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: TOO_LARGE });
    expect(TOO_LARGE).toBe(`${TOASTS.fileTooLarge.title} - ${TOASTS.fileTooLarge.description}`);
    expect(await rowCount(app.id)).toBe(0);
    await expectNoStrayFiles(before);
  });

  it("refuses 10 MB + 1 byte while streaming, and accepts exactly 10 MB", async () => {
    const { client, app } = await signedInApplicant();
    const before = snapshot();
    const head = samplePdf();
    const over = Buffer.concat([head, Buffer.alloc(10 * MB + 1 - head.length, 0x20)]);
    const res = await upload(client, { file: over, name: "over.pdf", applicationId: app.id, documentType: "ein" });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: TOO_LARGE });
    expect(await rowCount(app.id)).toBe(0);
    await expectNoStrayFiles(before);

    const exact = over.subarray(0, 10 * MB);
    const ok = await upload(client, { file: exact, name: "exact.pdf", applicationId: app.id, documentType: "ein" });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { fileSize: number }).fileSize).toBe(10 * MB);
  });

  it.each([
    // The specific reason, naming what the area accepts (issue #29 defect 6), not the generic failure.
    ["an executable named .pdf", sampleExe(), "x.pdf", "ein", MSG.fileNotPdfOrWord],
    ["HTML named .pdf", sampleHtml(), "statement.pdf", "bank-statements", MSG.fileNotPdfOrWord],
    ["a PNG in a PDF/Word-only area", samplePng(), "llc.png", "llc", MSG.fileNotPdfOrWord],
    ["a PNG named .pdf", samplePng(), "id.pdf", "id-front", MSG.fileNotImageOrPdf],
    ["a plain zip named .docx", samplePlainZip(), "llc.docx", "llc", MSG.fileNotPdfOrWord],
  ])("refuses %s with 415", async (_label, file, name, documentType, reason) => {
    const { client, app } = await signedInApplicant();
    const before = snapshot();
    const res = await upload(client, { file, name, applicationId: app.id, documentType, type: "application/pdf" });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toBe(`${TOASTS.uploadFailed.title} - ${reason}`);
    expect(await rowCount(app.id)).toBe(0);
    await expectNoStrayFiles(before);
  });

  it("answers 400 for a missing file, an unknown document type or a missing application id", async () => {
    const { client, app } = await signedInApplicant();
    const before = snapshot();
    const noFile = new FormData();
    noFile.set("applicationId", String(app.id));
    noFile.set("documentType", "ein");
    noFile.set("file", new Blob([]), "");
    expect((await client.fetch("/api/documents/upload", { method: "POST", body: noFile })).status).toBe(400);
    expect((await upload(client, { file: samplePdf(), name: "a.pdf", applicationId: app.id, documentType: "passport" })).status).toBe(400);
    const noId = await upload(client, { file: samplePdf(), name: "a.pdf", applicationId: "", documentType: "ein" });
    expect(noId.status).toBe(400);
    expect(await noId.json()).toEqual({ message: MSG.uploadMissingId });
    const notMultipart = await client.fetch("/api/documents/upload", { json: { applicationId: app.id } });
    expect(notMultipart.status).toBe(400);
    expect(await rowCount(app.id)).toBe(0);
    await expectNoStrayFiles(before);
  });

  it("cuts off a chunked body (no Content-Length) past the total cap with 413, whatever it holds", async () => {
    const { client } = await signedInApplicant();
    const url = new URL(inject("baseUrl"));
    const boundary = "lwcap";
    const req = http.request({
      host: url.hostname,
      port: url.port,
      method: "POST",
      path: "/api/documents/upload",
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        cookie: client.cookieHeader(),
        origin: url.origin,
        "x-forwarded-for": client.ip,
      },
    });
    let reset = false;
    req.on("error", () => (reset = true));
    let answer: { status: number; body: string } | null = null;
    const answered = new Promise<void>((resolve) => {
      req.on("close", () => resolve());
      req.on("response", (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString("utf8")));
        res.on("end", () => {
          answer = { status: res.statusCode ?? 0, body };
          resolve();
        });
      });
    });
    // A part header that never ends: the multipart parser would keep it all in memory.
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="x`);
    let sent = 0;
    let closed = false;
    void answered.then(() => (closed = true));
    while (!closed && sent < 50 * MB) {
      const ok = req.write(Buffer.alloc(MB, 0x61));
      sent += MB;
      if (!ok) await Promise.race([new Promise((r) => req.once("drain", r)), answered]);
    }
    await answered;
    req.destroy();
    // The server answers 413 and closes. A close while the client is still sending can reach the
    // client as a reset before it has read the answer (the client's kernel drops what it had not
    // read), so either the 413 arrived, or the connection was reset; in both cases it was cut off
    // long before the client was done.
    if (answer || !reset) expect(answer).toEqual({ status: 413, body: JSON.stringify({ message: TOO_LARGE }) });
    expect(sent).toBeLessThan(50 * MB);
  });

  it("leaves no staging file when the upload is cut off half way", async () => {
    const { client, app } = await signedInApplicant();
    const before = snapshot();
    const head = samplePdf("cut-off");
    const { body, contentType } = rawMultipart(
      { applicationId: String(app.id), documentType: "ein" },
      { rawName: "cut.pdf", data: Buffer.concat([head, Buffer.alloc(4 * MB - head.length, 0x20)]) },
    );
    const url = new URL(inject("baseUrl"));
    const req = http.request({
      host: url.hostname,
      port: url.port,
      method: "POST",
      path: "/api/documents/upload",
      headers: {
        "content-type": contentType,
        "content-length": body.length,
        cookie: client.cookieHeader(),
        origin: url.origin,
        "x-forwarded-for": client.ip,
      },
    });
    req.on("error", () => {});
    req.write(body.subarray(0, 2 * MB));
    // Wait until the server is writing our staging file, then drop the connection.
    let sawStaging = false;
    for (let i = 0; i < 100 && !sawStaging; i++) {
      await new Promise((r) => setTimeout(r, 50));
      sawStaging = list(stagingDir()).some((n) => !before.has(`s:${n}`));
    }
    expect(sawStaging).toBe(true);
    req.destroy();
    await expectNoStrayFiles(before);
    expect(await rowCount(app.id)).toBe(0);
  });
});

// Moved from tests/e2e/dashboard.test.ts (it used no browser): the same requests and checks.
describe("dashboard access and upload checks", () => {
  it("sends visitors to /login and uploads only to the applicant's own submitted applications", async () => {
    const user = await createApplicant();
    const stranger = await createApplicant();
    const s = {
      user,
      submitted: await createSubmittedApplication({ userId: user.id, amount: 12500, purpose: "startup-capital" }),
      draftApp: await createSubmittedApplication({ userId: user.id, status: "draft" }),
      strangersApp: await createSubmittedApplication({ userId: stranger.id, amount: 77000 }),
    };
    const anon = new Client();
    const res = await anon.fetch("/dashboard");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login/);

    const upload = (c: Client, applicationId: number, bytes: Buffer = samplePdf(), name = "x.pdf") => {
      const form = new FormData();
      form.set("applicationId", String(applicationId));
      form.set("documentType", "ein");
      form.set("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), name);
      return c.fetch("/dashboard", { method: "POST", body: form });
    };
    const anonUpload = await upload(anon, s.submitted.id);
    expect(anonUpload.status).toBe(302);
    expect(anonUpload.headers.get("location")).toMatch(/^\/login/);

    const c = new Client();
    expect((await c.fetch("/login", { form: { email: s.user.email, password: s.user.password } })).status).toBe(302);
    // Someone else's application, the applicant's own draft, an id that does not exist: refused.
    for (const id of [s.strangersApp.id, s.draftApp.id, 2_000_000_000]) {
      const r = await upload(c, id);
      expect(r.status).toBe(404);
      expect(await r.text()).toContain("Upload Failed - There was an error uploading your document. Please try again.");
    }
    expect(await docsOf(s.strangersApp.id)).toHaveLength(0);
    expect(await docsOf(s.draftApp.id)).toHaveLength(0);

    const big = await upload(c, s.submitted.id, Buffer.concat([samplePdf(), Buffer.alloc(MAX_UPLOAD_BYTES)]), "big.pdf");
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("File Too Large - Please select a file smaller than 10MB");
    expect(await docsOf(s.submitted.id)).toHaveLength(0);

    const ok = await upload(c, s.submitted.id);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/dashboard");
    const [doc] = await getDb()
      .select()
      .from(schema.documents)
      .where(and(eq(schema.documents.applicationId, s.submitted.id), eq(schema.documents.fileName, "x.pdf")));
    expect(doc).toBeDefined();
  });
});

describe("who may see a document", () => {
  async function ownedDocument() {
    const owner = await signedInApplicant();
    const marker = `SECRET-${Math.random().toString(36).slice(2)}`;
    const res = await upload(owner.client, { file: samplePdf(marker), name: "ssn.pdf", applicationId: owner.app.id, documentType: "ssn" });
    expect(res.status).toBe(201);
    return { ...owner, marker, id: ((await res.json()) as { id: number }).id };
  }

  it("gives another applicant 404 on pages and API, and refuses uploads to their application", async () => {
    const { id, marker, app } = await ownedDocument();
    const other = await signedInApplicant();
    for (const p of [`/documents/${id}/preview`, `/documents/${id}/download`]) {
      const res = await other.client.fetch(p);
      expect(res.status).toBe(404);
      const text = await res.text();
      expect(text).toContain(FILE_NOT_FOUND);
      expect(text).not.toContain(marker);
    }
    for (const p of [`/api/documents/preview/${id}`, `/api/documents/download/${id}`]) {
      const res = await other.client.fetch(p);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: FILE_NOT_FOUND });
    }
    // A missing id looks exactly the same as someone else's.
    const missing = await other.client.fetch(`/api/documents/download/2000000000`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: FILE_NOT_FOUND });

    const denied = await getDb()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.actorUserId, other.user.id),
          eq(schema.auditLog.targetId, String(id)),
          eq(schema.auditLog.outcome, "denied"),
        ),
      );
    expect(denied.length).toBe(4);

    const before = snapshot();
    const res = await upload(other.client, { file: samplePdf(), name: "x.pdf", applicationId: app.id, documentType: "ein" });
    expect(res.status).toBe(404);
    expect(await rowCount(app.id)).toBe(1);
    await expectNoStrayFiles(before);
  });

  it("answers an anonymous visitor 401 on the API and the 404 page on pages (reveals nothing)", async () => {
    const { id, marker, app } = await ownedDocument();
    const anon = new Client();
    for (const p of [`/api/documents/preview/${id}`, `/api/documents/download/${id}`]) {
      const res = await anon.fetch(p);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: MSG.authRequired });
    }
    for (const p of [`/documents/${id}/preview`, `/documents/${id}/download`]) {
      const res = await anon.fetch(p);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      const text = await res.text();
      expect(text).toContain(FILE_NOT_FOUND);
      expect(text).not.toContain(marker);
    }
    const up = await upload(anon, { file: samplePdf(), name: "x.pdf", applicationId: app.id, documentType: "ein" });
    expect(up.status).toBe(401);
    expect(await up.json()).toEqual({ message: MSG.authRequired });
  });

  it("lets an admin download and preview, and records it in the audit log", async () => {
    const { id, marker } = await ownedDocument();
    const { client, admin } = await signedInAdmin();
    const dl = await client.fetch(`/documents/${id}/download`);
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).includes(Buffer.from(marker))).toBe(true);
    expect((await client.fetch(`/api/documents/preview/${id}`)).status).toBe(200);
    const rows = await getDb()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.actorUserId, admin.id), eq(schema.auditLog.targetId, String(id))));
    expect(rows.map((r) => [r.action, r.outcome]).sort()).toEqual([
      ["document.download", "success"],
      ["document.preview", "success"],
    ]);
  });

  it("answers 404 for ids that are not ids", async () => {
    const { client } = await signedInApplicant();
    for (const p of [
      "/documents/abc/download",
      "/documents/1e3/preview",
      "/api/documents/download/-1",
      "/api/documents/preview/99999999999",
    ]) {
      expect((await client.fetch(p)).status).toBe(404);
    }
  });
});

describe("integrity of stored files", () => {
  it("refuses to serve a file with one flipped byte (no plaintext, not 200)", async () => {
    const { client, app } = await signedInApplicant();
    const marker = `FLIP-${Math.random().toString(36).slice(2)}`;
    const res = await upload(client, { file: samplePdf(marker), name: "flip.pdf", applicationId: app.id, documentType: "ein" });
    const { id } = (await res.json()) as { id: number };
    const file = path.join(docsDir(), (await storedRow(id)).storageKey);
    const buf = fs.readFileSync(file);
    buf[buf.length >> 1] ^= 0x01;
    fs.writeFileSync(file, buf);
    for (const p of [`/documents/${id}/download`, `/documents/${id}/preview`, `/api/documents/download/${id}`]) {
      const r = await client.fetch(p);
      expect(r.status).toBe(500);
      const text = await r.text();
      expect(text).not.toContain(marker);
      expect(text).not.toContain("%PDF");
    }
  });

  it("refuses a ciphertext copied over another document's file (bound to its own row)", async () => {
    const { client, app } = await signedInApplicant();
    const ids: number[] = [];
    for (const m of ["FIRST-DOC", "SECOND-DOC"]) {
      const r = await upload(client, { file: samplePdf(m), name: `${m}.pdf`, applicationId: app.id, documentType: "ein" });
      ids.push(((await r.json()) as { id: number }).id);
    }
    const [a, b] = await Promise.all(ids.map(storedRow));
    fs.copyFileSync(path.join(docsDir(), a!.storageKey), path.join(docsDir(), b!.storageKey));
    const r = await client.fetch(`/api/documents/download/${b!.id}`);
    expect(r.status).toBe(500);
    expect(await r.text()).not.toContain("FIRST-DOC");
  });

  it("answers 404 'File Not Found' when the stored file is gone", async () => {
    const { client, app } = await signedInApplicant();
    const res = await upload(client, { file: samplePdf(), name: "gone.pdf", applicationId: app.id, documentType: "ein" });
    const { id } = (await res.json()) as { id: number };
    fs.rmSync(path.join(docsDir(), (await storedRow(id)).storageKey));
    const page = await client.fetch(`/documents/${id}/download`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain(FILE_NOT_FOUND);
    expect(html).toContain('href="/dashboard"');
    const api = await client.fetch(`/api/documents/preview/${id}`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: FILE_NOT_FOUND });
  });
});

describe("service: commit, removal and orphan sweep", () => {
  it("leaves no row and no file when resolving the application fails inside the transaction", async () => {
    const user = await createApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const before = snapshot();
    const staged = await stageUpload(multipartRequest({ documentType: "ein" }, "a.pdf", samplePdf()));
    if (!staged.ok) throw new Error(`staging failed: ${staged.status}`);
    expect(list(stagingDir())).toContain(staged.upload.storageKey);
    await expect(
      saveUpload(staged.upload, async (tx) => {
        await tx.insert(schema.documents).values({
          applicationId: app.id,
          documentType: "ein",
          fileName: "written-before-failure.pdf",
          fileSize: 1,
          contentType: "application/pdf",
          storageKey: "f".repeat(32),
          wrappedKey: "x",
          keyId: "x",
        });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await rowCount(app.id)).toBe(0);
    await expectNoStrayFiles(before);
  });

  it("rolls back the row and removes the file when the insert fails after resolving", async () => {
    const before = snapshot();
    const staged = await stageUpload(multipartRequest({ documentType: "ein" }, "b.pdf", samplePdf()));
    if (!staged.ok) throw new Error(`staging failed: ${staged.status}`);
    // Application 2^31-1 does not exist: the foreign key refuses the row.
    await expect(saveUpload(staged.upload, async () => ({ applicationId: 2_147_483_647, userId: 1 }))).rejects.toThrow();
    await expectNoStrayFiles(before);
  });

  it("removes a document of a draft application (row and file), but not of a submitted one", async () => {
    const user = await createApplicant();
    const draft = await createSubmittedApplication({ userId: user.id, status: "draft" });
    const submitted = await createSubmittedApplication({ userId: user.id });
    const save = async (applicationId: number) => {
      const staged = await stageUpload(multipartRequest({ documentType: "ssn" }, "c.pdf", samplePdf()));
      if (!staged.ok) throw new Error("staging failed");
      return saveUpload(staged.upload, async () => ({ applicationId, userId: user.id }));
    };
    const d1 = await save(draft.id);
    const d2 = await save(submitted.id);
    const k1 = (await storedRow(d1.id)).storageKey;
    expect(fs.existsSync(path.join(docsDir(), k1))).toBe(true);
    expect(await removeDocument(d1.id, submitted.id)).toBe(false); // wrong application
    expect(await removeDocument(d1.id, draft.id)).toBe(true);
    expect(await rowCount(draft.id)).toBe(0);
    expect(fs.existsSync(path.join(docsDir(), k1))).toBe(false);
    expect(await removeDocument(d2.id, submitted.id)).toBe(false);
    expect(await rowCount(submitted.id)).toBe(1);
  });

  it("sweeps old staging files and old files without a row, never a committed document", async () => {
    const { client, app } = await signedInApplicant();
    const res = await upload(client, { file: samplePdf("keep-me"), name: "keep.pdf", applicationId: app.id, documentType: "ein" });
    const kept = await storedRow(((await res.json()) as { id: number }).id);
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    const rand = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
    const staleStaging = path.join(stagingDir(), rand());
    const freshStaging = path.join(stagingDir(), rand());
    const orphan = path.join(docsDir(), rand());
    for (const f of [staleStaging, freshStaging, orphan]) fs.writeFileSync(f, "x", { mode: 0o600 });
    for (const f of [staleStaging, orphan, path.join(docsDir(), kept.storageKey)]) fs.utimesSync(f, old, old);

    const result = await sweepOrphans({ olderThanMs: 24 * 3600 * 1000 });
    expect(result.stagingRemoved).toBeGreaterThanOrEqual(1);
    expect(result.orphansRemoved).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(staleStaging)).toBe(false);
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(freshStaging)).toBe(true);
    expect(fs.existsSync(path.join(docsDir(), kept.storageKey))).toBe(true);
    fs.rmSync(freshStaging);
    const dl = await client.fetch(`/api/documents/download/${kept.id}`);
    expect(dl.status).toBe(200);
  });
});

describe("file names", () => {
  it.each([
    ["../../x", "pdf", "x.pdf"],
    ["..%2f..%2fx.pdf", "pdf", "%2f..%2fx.pdf"],
    ["C:\\Users\\me\\scan.PDF", "pdf", "scan.PDF"],
    ["a\u0000b\tc\r\nd.pdf", "pdf", "abcd.pdf"],
    ["\u202egnp.pdf", "pdf", "gnp.pdf"],
    [".htaccess", "pdf", "htaccess.pdf"],
    ["", "png", "document.png"],
    ["   ", "docx", "document.docx"],
    ["report.final", "pdf", "report.final.pdf"],
    ["photo.JPG", "png", "photo.JPG"],
    ["agreement.doc", "docx", "agreement.doc"],
  ] as const)("%j as %s -> %j", (raw, kind, expected) => {
    expect(sanitizeFileName(raw, kind)).toBe(expected);
  });

  it.each([
    ["id.pdf", "png"],
    ["statement.docx", "pdf"],
    ["scan.exe", "pdf"],
    ["page.html", "pdf"],
    ["\u202efdp.exe", "pdf"],
  ] as const)("refuses %j holding %s (the name says another kind)", (raw, kind) => {
    expect(() => sanitizeFileName(raw, kind)).toThrow();
  });

  it("keeps at most 255 characters and the extension", () => {
    const name = sanitizeFileName(`${"é".repeat(300)}.pdf`, "pdf");
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith("é.pdf")).toBe(true);
  });

  it("builds an RFC 6266 header with an ASCII fallback and the exact UTF-8 name", () => {
    expect(contentDisposition("attachment", 'Résumé "final" 100%.pdf')).toBe(
      `attachment; filename="Resume _final_ 100_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20100%25.pdf`,
    );
    expect(contentDisposition("inline", "日本語.pdf")).toBe(`inline; filename="___.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.pdf`);
    expect(contentDisposition("inline", "it's (1).pdf")).toBe(`inline; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`);
  });
});
