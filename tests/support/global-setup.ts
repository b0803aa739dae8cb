/**
 * One throwaway MySQL database and one production server for the whole run; both removed after.
 * Tests reach them through inject("baseUrl") / inject("databaseUrl") (see setup-env.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import type { TestProject } from "vitest/node";
import { ensureDatabase } from "../../app/models/migrate.server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    dataDir: string;
    serverLog: string;
    encryptionKey: string;
  }
}

const ROOT = path.resolve(__dirname, "../..");
const SERVER_URL = process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

async function waitFor(url: string, ms: number, child: ChildProcess) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`test server exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`test server did not answer ${url} in ${ms} ms`);
}

export default async function setup(project: TestProject) {
  const buildDir = process.env.BUILD_DIR || "build";
  if (!fs.existsSync(path.join(ROOT, buildDir, "index.js"))) throw new Error("Run `remix build` first (npm test does).");
  const dbName = `lm_test_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = `${SERVER_URL}/${dbName}`;
  await ensureDatabase(databaseUrl);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lm-test-"));
  const encryptionKey = Buffer.alloc(32, 7).toString("base64");
  const port = await freePort();
  const artifacts = path.join(ROOT, "tests/.artifacts", buildDir);
  fs.mkdirSync(artifacts, { recursive: true });
  const serverLog = path.join(artifacts, "server.log");
  const log = fs.openSync(serverLog, "w");
  const child = spawn(process.execPath, ["scripts/serve.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
      DOCUMENT_ENCRYPTION_KEY: encryptionKey,
      // Tests speak plain HTTP to 127.0.0.1; the Secure/__Host- cookie is asserted separately.
      COOKIE_SECURE: "false",
      // Every test client sends its own X-Forwarded-For, so throttles do not collide across tests.
      TRUST_PROXY: "1",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      SMTP_URL: "",
      META_PIXEL_ID: "",
    },
    stdio: ["ignore", log, log],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/healthz`, 30_000, child);

  project.provide("baseUrl", baseUrl);
  project.provide("databaseUrl", databaseUrl);
  project.provide("dataDir", dataDir);
  project.provide("serverLog", serverLog);
  project.provide("encryptionKey", encryptionKey);

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => {
      const t = setTimeout(() => {
        child.kill("SIGKILL");
        r(null);
      }, 10_000);
      child.once("exit", () => {
        clearTimeout(t);
        r(null);
      });
    });
    const conn = await mysql.createConnection(SERVER_URL);
    await conn.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await conn.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
