/**
 * Graceful shutdown of a real app server (SIGTERM, as a process manager or a rolling deploy
 * sends it): new connections are refused at once, a slow upload already in flight still completes
 * (201, row and file committed), then the pool closes and the process exits with 0.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { samplePdf } from "../fixtures/documents";
import { createSubmittedApplication } from "../support/applications";
import { rawMultipart } from "../support/documents";
import { createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { Client } from "../support/http";
import { startAppServer } from "../support/server";

const KB = 1024;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tempDataDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "lm-shutdown-"));
  dirs.push(d);
  return d;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const keys = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => /^[0-9a-f]{32}$/.test(n)) : []);

/** A request on a new connection: its status, or "refused" when the server no longer accepts. */
async function probe(url: string): Promise<number | "refused"> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3000) })).status;
  } catch {
    return "refused";
  }
}

describe("SIGTERM", () => {
  it("lets a slow upload in flight finish (201), refuses new connections meanwhile, and exits 0", async () => {
    const dataDir = tempDataDir();
    const server = await startAppServer({ name: "shutdown-upload", env: { DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: "20000" } });
    const user = await createApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const client = new Client(server.origin);
    expect((await client.fetch("/login", { form: { email: user.email, password: TEST_PASSWORD } })).status).toBe(302);

    const head = samplePdf("slow-upload");
    const file = Buffer.concat([head, Buffer.alloc(768 * KB - head.length, 0x20)]);
    const { body, contentType } = rawMultipart({ applicationId: String(app.id), documentType: "ein" }, { rawName: "slow.pdf", data: file });
    const req = http.request({
      host: "127.0.0.1",
      port: server.port,
      method: "POST",
      path: "/api/documents/upload",
      headers: {
        "content-type": contentType,
        "content-length": body.length,
        cookie: client.cookieHeader(),
        origin: server.origin,
        "x-forwarded-for": client.ip,
      },
    });
    const answer = new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString("utf8")) }));
        res.on("error", reject);
      });
      req.on("error", reject);
    });

    // Send the first part in small chunks, and wait until the server is writing the staging file.
    const staging = path.join(dataDir, "documents", "staging");
    let sent = 0;
    while (sent < 256 * KB) {
      req.write(body.subarray(sent, sent + 32 * KB));
      sent += 32 * KB;
      await sleep(20);
    }
    for (let i = 0; i < 100 && keys(staging).length === 0; i++) await sleep(50);
    expect(keys(staging)).toHaveLength(1);

    const exitCode = server.stop(20_000);
    await sleep(300);
    // Draining: no new connection is served (the load balancer sends traffic elsewhere).
    expect(await probe(`${server.origin}/readyz`)).toBe("refused");
    expect(await probe(`${server.origin}/healthz`)).toBe("refused");
    expect(server.exited()).toBe(false);

    // The rest of the body, still slowly.
    while (sent < body.length) {
      req.write(body.subarray(sent, sent + 64 * KB));
      sent += 64 * KB;
      await sleep(20);
    }
    req.end();

    const res = await answer;
    expect(res.status).toBe(201);
    const doc = res.json as { id: number; fileSize: number };
    expect(doc.fileSize).toBe(file.length);
    expect(await exitCode).toBe(0);

    // Row and file were committed together before the process left.
    const [row] = await getDb().select().from(schema.documents).where(eq(schema.documents.id, doc.id));
    expect(row?.applicationId).toBe(app.id);
    expect(keys(path.join(dataDir, "documents"))).toEqual([row!.storageKey]);
    expect(keys(staging)).toEqual([]);
    expect(server.log()).toMatch(/SIGTERM: draining/);
    expect(server.log()).toMatch(/POST \/api\/documents\/upload 201/);
  });

  it("exits 0 at once when nothing is in flight", async () => {
    const server = await startAppServer({ name: "shutdown-idle", env: { DATA_DIR: tempDataDir() } });
    expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
    const started = Date.now();
    expect(await server.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
