/**
 * The S3 document store against a local S3-compatible server (s3rver): two app servers with
 * DOCUMENT_STORE=s3 and separate data directories (no shared disk) on the run's database. A
 * document uploaded through one downloads byte for byte through the other; the bucket holds only
 * ciphertext; refused uploads leave no object. The store class is also exercised directly.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptedSize } from "~/platform/crypto/envelope.server";
import { S3DocumentStore } from "~/features/documents/store/document-store-s3.server";
import { getDb, schema } from "~/platform/db/db.server";
import { sampleExe, samplePdf, samplePng } from "../fixtures/documents";
import { createSubmittedApplication } from "../support/applications";
import { createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { Client } from "../support/http";
import { startLocalS3, type LocalS3 } from "../support/s3";
import { startAppServer, type AppServer } from "../support/server";

let s3: LocalS3;
let a: AppServer;
let b: AppServer;
let store: S3DocumentStore;
const dirs: string[] = [];

function tempDir(name: string) {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `lm-${name}-`));
  dirs.push(d);
  return d;
}

beforeAll(async () => {
  s3 = await startLocalS3();
  [a, b] = await Promise.all([
    startAppServer({ name: "s3-a", env: { ...s3.env, DATA_DIR: tempDir("s3-a") } }),
    startAppServer({ name: "s3-b", env: { ...s3.env, DATA_DIR: tempDir("s3-b") } }),
  ]);
  store = new S3DocumentStore({
    bucket: s3.bucket,
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    prefix: "",
    spoolDir: tempDir("s3-spool"),
  });
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function signedIn(server: AppServer, email: string) {
  const client = new Client(server.origin);
  expect((await client.fetch("/login", { form: { email, password: TEST_PASSWORD } })).status).toBe(302);
  return client;
}

function upload(client: Client, o: { file: Buffer; name: string; applicationId: number; documentType: string }) {
  const fd = new FormData();
  fd.set("applicationId", String(o.applicationId));
  fd.set("documentType", o.documentType);
  fd.set("file", new Blob([new Uint8Array(o.file)]), o.name);
  return client.fetch("/api/documents/upload", { method: "POST", body: fd });
}

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

describe("DOCUMENT_STORE=s3", () => {
  it("stores ciphertext in the bucket; a document uploaded through one server downloads through another", async () => {
    const user = await createApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const marker = `S3-MARKER-${Date.now()}`;
    const head = samplePdf(marker);
    // Bigger than one network chunk, so the bytes really stream both ways.
    const file = Buffer.concat([head, Buffer.alloc(700 * 1024 - head.length, 0x20)]);

    const res = await upload(await signedIn(a, user.email), { file, name: "statement.pdf", applicationId: app.id, documentType: "ein" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const [row] = await getDb().select().from(schema.documents).where(eq(schema.documents.id, id));
    expect(row).toBeDefined();

    // In the bucket: the committed object only, encrypted (no plaintext, header + ciphertext + tag).
    const committed = await store.listCommitted();
    expect(committed.map((o) => o.key)).toContain(row!.storageKey);
    expect((await store.listStaged()).map((o) => o.key)).not.toContain(row!.storageKey);
    const object = await store.get(row!.storageKey);
    expect(object).not.toBeNull();
    expect(object!.length).toBe(encryptedSize(file.length));
    expect(object!.subarray(0, 5).toString("latin1")).toBe("LWDOC");
    expect(object!.includes(Buffer.from(marker))).toBe(false);
    expect(object!.includes(Buffer.from("%PDF"))).toBe(false);

    // Nothing was kept on either server's disk (the spool file is gone too).
    expect(filesUnder(path.join(dirs[0]!, "documents"))).toEqual([]);
    expect(filesUnder(path.join(dirs[0]!, "spool"))).toEqual([]);

    // Through the other server (its own empty data directory): exactly the uploaded bytes.
    const viaB = await signedIn(b, user.email);
    const download = await viaB.fetch(`/api/documents/download/${id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await download.arrayBuffer()).equals(file)).toBe(true);
    const preview = await viaB.fetch(`/documents/${id}/preview`);
    expect(preview.status).toBe(200);
    expect(Buffer.from(await preview.arrayBuffer()).equals(file)).toBe(true);
  });

  it("leaves no object behind for a refused upload, and answers 404 when the object is gone", async () => {
    const user = await createApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const client = await signedIn(a, user.email);
    const before = new Set([...(await store.listStaged()), ...(await store.listCommitted())].map((o) => o.key));

    const refused = await upload(client, { file: sampleExe(), name: "x.pdf", applicationId: app.id, documentType: "ein" });
    expect(refused.status).toBe(415);
    const wrongArea = await upload(client, { file: samplePng(), name: "llc.png", applicationId: app.id, documentType: "llc" });
    expect(wrongArea.status).toBe(415);
    const rows = await getDb().select().from(schema.documents).where(eq(schema.documents.applicationId, app.id));
    expect(rows).toEqual([]);
    const after = [...(await store.listStaged()), ...(await store.listCommitted())].map((o) => o.key).filter((k) => !before.has(k));
    // Other test files upload to the local store, never to this bucket: nothing new here.
    expect(after).toEqual([]);

    const ok = await upload(client, { file: samplePdf("gone"), name: "gone.pdf", applicationId: app.id, documentType: "ein" });
    expect(ok.status).toBe(201);
    const { id } = (await ok.json()) as { id: number };
    const [row] = await getDb().select().from(schema.documents).where(eq(schema.documents.id, id));
    await store.remove(row!.storageKey);
    const gone = await client.fetch(`/api/documents/download/${id}`);
    expect(gone.status).toBe(404);
  });

  it("the store itself: staged objects are invisible until committed; discard and remove are idempotent", async () => {
    const key = "ab".repeat(16);
    async function* chunks() {
      for (let i = 0; i < 4; i++) yield Buffer.alloc(100_000, i);
    }
    expect(await store.put(key, chunks())).toBe(400_000);
    expect((await store.listStaged()).map((o) => o.key)).toContain(key);
    expect(await store.get(key)).toBeNull();
    await store.commit(key);
    expect((await store.listStaged()).map((o) => o.key)).not.toContain(key);
    const got = await store.get(key);
    expect(got?.length).toBe(400_000);
    expect(got![300_000]).toBe(3);
    await store.remove(key);
    await store.remove(key);
    await store.discard(key);
    expect(await store.get(key)).toBeNull();

    // A source that fails half way leaves no staging object (and no spool file).
    const bad = "cd".repeat(16);
    async function* failing() {
      yield Buffer.alloc(1000, 1);
      throw new Error("client went away");
    }
    await expect(store.put(bad, failing())).rejects.toThrow("client went away");
    expect((await store.listStaged()).map((o) => o.key)).not.toContain(bad);
    expect(filesUnder(dirs[dirs.length - 1]!)).toEqual([]);
    expect(() => store.finalKey("../../etc/passwd")).toThrow();
  });
});
