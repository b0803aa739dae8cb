/**
 * Master-key rotation end to end, on a database and document store of its own (rotating the
 * run's shared database would pull the key from under the other test files' server):
 *   1. an app server with the OLD key: an admin enrols in MFA, an applicant uploads documents;
 *   2. `npm run keys:rotate` without the old key refuses (reports failures, changes nothing);
 *   3. `npm run keys:rotate` with NEW current and OLD previous rewraps every data key and reseals
 *      the MFA secret, never touching the encrypted files; a second run has nothing to do;
 *   4. an app server with ONLY the new key: every document still downloads byte for byte, the
 *      admin still passes MFA, and new uploads use the new key.
 */
import { spawn } from "node:child_process";
import { createCipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import mysql from "mysql2/promise";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { keyIdOf } from "~/platform/crypto/envelope.server";
import { openSecret, sealedUnderCurrentKey, sealSecret } from "~/features/accounts/mfa/mfa.server";
import { base32Decode, hotp, totpStep } from "~/features/accounts/mfa/totp.server";
import { registerPayload } from "../support/api";
import { samplePdf } from "../fixtures/documents";
import { Client } from "../support/http";
import { isolatedDatabase, runScript } from "../support/server";

const ROOT = path.resolve(__dirname, "../..");
const OLD = randomBytes(32).toString("base64");
const NEW = randomBytes(32).toString("base64");
const db = isolatedDatabase("lm_rotation");
const { databaseUrl, dataDir } = db;
let conn: mysql.Connection;
const server = db.server;

function rotate(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/rotate-keys.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SESSION_SECRET: "rotation-test-session-secret-0123456789abcdef",
        DOCUMENT_ENCRYPTION_PREVIOUS_KEYS: "",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, out }));
  });
}

/** The admin the operator seeds with `npm run db:seed` (production has no demo admin). */
const ADMIN = { email: "rotation.admin@example.com", password: "Rotation-Admin-Password-42" };
const seed = (env: Record<string, string>) =>
  runScript("db/seed.ts", {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
  });

const sha = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");
async function documentRows() {
  const [rows] = (await conn.query("SELECT id, storage_key, wrapped_key, key_id FROM documents ORDER BY id")) as unknown as [
    Array<{ id: number; storage_key: string; wrapped_key: string; key_id: string }>,
  ];
  return rows;
}
async function adminSecret() {
  const [rows] = (await conn.query("SELECT mfa_secret FROM users WHERE email = ?", [ADMIN.email])) as unknown as [
    Array<{ mfa_secret: string | null }>,
  ];
  return rows[0]?.mfa_secret ?? null;
}

const uploads: Array<{ id: number; marker: string }> = [];
let applicant: { email: string; password: string };
let totpSecret = "";
let lastStep = 0;

beforeAll(() => {
  conn = db.conn();
});

describe("master key rotation", () => {
  it("1. under the old key: an admin enrols in MFA and an applicant uploads documents", async () => {
    const s = await server("rotation-old-key", { DOCUMENT_ENCRYPTION_KEY: OLD });
    // The operator seeds the admin, which enrols with the printed code and the manual key shown at /admin-login/setup.
    const seeded = await seed({ DOCUMENT_ENCRYPTION_KEY: OLD });
    expect(seeded.code, seeded.out).toBe(0);
    const enrolmentCode = /One-time enrolment code: ([A-Z0-9-]+)/.exec(seeded.out)![1]!;
    const admin = new Client(s.origin);
    const first = await admin.fetch("/admin-login", { form: { email: ADMIN.email, password: ADMIN.password } });
    expect(first.headers.get("location")).toBe("/admin-login/setup");
    const setup = await (await admin.fetch("/admin-login/setup")).text();
    totpSecret = /data-testid="manual-key">([A-Z2-7 ]+)</.exec(setup)![1]!.replace(/ /g, "");
    lastStep = totpStep();
    const enrolled = await admin.fetch("/admin-login/setup", { form: { code: hotp(base32Decode(totpSecret), lastStep), enrolmentCode } });
    expect(enrolled.headers.get("location")).toBe("/admin-login/recovery-codes");
    expect(await adminSecret()).toMatch(new RegExp(`^v2\\.${keyIdOf(Buffer.from(OLD, "base64"))}\\.`));

    const payload = registerPayload();
    applicant = { email: payload.email, password: payload.password };
    const c = new Client(s.origin);
    expect((await c.fetch("/api/auth/register", { json: payload })).status).toBe(201);
    const draft = (await (await c.fetch("/api/loan-applications", { json: { amount: "25000" } })).json()) as { id: number };
    for (const marker of ["ROTATE-ONE", "ROTATE-TWO"]) {
      const fd = new FormData();
      fd.set("applicationId", String(draft.id));
      fd.set("documentType", "ein");
      fd.set("file", new Blob([new Uint8Array(samplePdf(marker))]), `${marker}.pdf`);
      const res = await c.fetch("/api/documents/upload", { method: "POST", body: fd });
      expect(res.status).toBe(201);
      uploads.push({ id: ((await res.json()) as { id: number }).id, marker });
    }
    const rows = await documentRows();
    expect(rows.map((r) => r.key_id)).toEqual([keyIdOf(Buffer.from(OLD, "base64")), keyIdOf(Buffer.from(OLD, "base64"))]);
    await s.stop();
  });

  it("2. refuses to rotate without the old key: reports every row it cannot open and changes nothing", async () => {
    const before = { docs: await documentRows(), secret: await adminSecret() };
    const run = await rotate({ DOCUMENT_ENCRYPTION_KEY: NEW });
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/documents: 0 rewrapped, 0 changed meanwhile, 2 failed, 2 still under another key/);
    expect(run.out).toMatch(/MFA secrets: 0 resealed, 0 changed meanwhile, 1 failed/);
    expect(await documentRows()).toEqual(before.docs);
    expect(await adminSecret()).toBe(before.secret);
  });

  it("3. rewraps every data key and reseals the MFA secret under the new key, files untouched; a rerun has nothing to do", async () => {
    const before = await documentRows();
    const files = before.map((r) => sha(path.join(dataDir, "documents", r.storage_key)));
    const run = await rotate({ DOCUMENT_ENCRYPTION_KEY: NEW, DOCUMENT_ENCRYPTION_PREVIOUS_KEYS: OLD });
    expect(run.out).toMatch(/documents: 2 rewrapped, 0 changed meanwhile, 0 failed, 0 still under another key/);
    expect(run.out).toMatch(/MFA secrets: 1 resealed/);
    expect(run.code).toBe(0);
    const after = await documentRows();
    const newId = keyIdOf(Buffer.from(NEW, "base64"));
    expect(after.map((r) => r.key_id)).toEqual([newId, newId]);
    after.forEach((r, i) => expect(r.wrapped_key).not.toBe(before[i]!.wrapped_key));
    // The encrypted files were not re-encrypted (not even rewritten).
    expect(after.map((r) => sha(path.join(dataDir, "documents", r.storage_key)))).toEqual(files);
    expect(await adminSecret()).toMatch(new RegExp(`^v2\\.${newId}\\.`));
    const [audit] = (await conn.query(
      "SELECT outcome, details FROM audit_log WHERE action = 'keys.rotated' ORDER BY id DESC LIMIT 1",
    )) as unknown as [Array<{ outcome: string; details: string }>];
    expect(audit[0]).toMatchObject({ outcome: "success" });

    const again = await rotate({ DOCUMENT_ENCRYPTION_KEY: NEW, DOCUMENT_ENCRYPTION_PREVIOUS_KEYS: OLD });
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/documents: 0 rewrapped, 0 changed meanwhile, 0 failed, 0 still under another key/);
    expect(again.out).toMatch(/MFA secrets: 0 resealed/);
    expect(await documentRows()).toEqual(after);
  });

  it("4. with the old key removed: every document downloads, the admin passes MFA, new uploads use the new key", async () => {
    const s = await server("rotation-new-key", { DOCUMENT_ENCRYPTION_KEY: NEW, DOCUMENT_ENCRYPTION_PREVIOUS_KEYS: "" });
    const c = new Client(s.origin);
    expect((await c.fetch("/api/auth/login", { json: applicant })).status).toBe(200);
    for (const u of uploads) {
      const res = await c.fetch(`/api/documents/download/${u.id}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(samplePdf(u.marker))).toBe(true);
    }
    const admin = new Client(s.origin);
    expect((await admin.fetch("/admin-login", { form: { email: ADMIN.email, password: ADMIN.password } })).headers.get("location")).toBe(
      "/admin-login/verify",
    );
    const step = Math.max(lastStep + 1, totpStep());
    const verified = await admin.fetch("/admin-login/verify", { form: { code: hotp(base32Decode(totpSecret), step) } });
    expect(verified.headers.get("location")).toBe("/admin");
    expect((await admin.fetch(`/documents/${uploads[0]!.id}/download`)).status).toBe(200);

    const [app] = (await conn.query("SELECT application_id FROM documents WHERE id = ?", [uploads[0]!.id])) as unknown as [
      Array<{ application_id: number }>,
    ];
    const fd = new FormData();
    fd.set("applicationId", String(app[0]!.application_id));
    fd.set("documentType", "ein");
    fd.set("file", new Blob([new Uint8Array(samplePdf("ROTATE-NEW"))]), "new.pdf");
    const res = await c.fetch("/api/documents/upload", { method: "POST", body: fd });
    expect(res.status).toBe(201);
    const rows = await documentRows();
    expect(rows.at(-1)!.key_id).toBe(keyIdOf(Buffer.from(NEW, "base64")));
  });
});

describe("sealed MFA secrets", () => {
  it("opens secrets sealed before key ids existed (v1) and marks them for resealing", () => {
    // The first format: AES-256-GCM under HKDF(master key), no key id in the value.
    const master = Buffer.from(inject("encryptionKey"), "base64");
    const key = Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), "lendwise-mfa-secret-v1", 32));
    const iv = randomBytes(12);
    const c = createCipheriv("aes-256-gcm", key, iv);
    const body = Buffer.concat([c.update("JBSWY3DPEHPK3PXP", "utf8"), c.final()]);
    const v1 = `v1.${Buffer.concat([iv, c.getAuthTag(), body]).toString("base64url")}`;
    expect(openSecret(v1)).toBe("JBSWY3DPEHPK3PXP");
    expect(sealedUnderCurrentKey(v1)).toBe(false);
    const v2 = sealSecret("JBSWY3DPEHPK3PXP");
    expect(v2.startsWith(`v2.${keyIdOf(master)}.`)).toBe(true);
    expect(sealedUnderCurrentKey(v2)).toBe(true);
    expect(openSecret(v2)).toBe("JBSWY3DPEHPK3PXP");
    // Tampering is detected, not decrypted into garbage.
    const tampered = v2.slice(0, -2) + (v2.endsWith("A") ? "BB" : "AA");
    expect(() => openSecret(tampered)).toThrow();
  });
});
