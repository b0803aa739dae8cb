/**
 * One throwaway MySQL database and one production server per server-backed project (integration,
 * e2e: vitest runs this setup once for each); both removed after.
 * Tests reach them through inject("baseUrl") / inject("databaseUrl") (see setup-env.ts).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import type { TestProject } from "vitest/node";
import { buildServer } from "../../scripts/build-server.mjs";
import { freePort, startScriptArgs, testServerEnv, waitUntilUp } from "./processes";
import { createMigratedDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    dataDir: string;
    serverLog: string;
    encryptionKey: string;
    /** The run's server's metrics listener (127.0.0.1) and the token /metrics asks for. */
    metricsPort: number;
    metricsToken: string;
  }
}

const ROOT = path.resolve(__dirname, "../..");
const SERVER_URL = process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306";

export default async function setup(project: TestProject) {
  const buildDir = process.env.BUILD_DIR || "build";
  if (!fs.existsSync(path.join(ROOT, buildDir, "index.js"))) throw new Error("Run `npm run build` first (npm test does).");
  // The compiled server entry that `npm start` runs (npm run build makes it; a bare `remix build`
  // does not): compiled again here when the entry changed, so no test starts an outdated server.
  await buildServer(ROOT);
  const dbName = `lm_test_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = `${SERVER_URL}/${dbName}`;
  await createMigratedDatabase(databaseUrl);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lm-test-"));
  const encryptionKey = Buffer.alloc(32, 7).toString("base64");
  const port = await freePort();
  const metricsPort = await freePort();
  const metricsToken = randomBytes(24).toString("hex");
  const artifacts = path.join(ROOT, "tests/.artifacts", buildDir);
  fs.mkdirSync(artifacts, { recursive: true });
  // One log per project: each server-backed project runs this setup and starts a server of its own,
  // and two servers writing one file at their own offsets garbled each other's lines.
  const serverLog = path.join(artifacts, `server-${project.name || "run"}.log`);
  const log = fs.openSync(serverLog, "w");
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, startScriptArgs(ROOT), {
    cwd: ROOT,
    env: {
      ...process.env,
      ...testServerEnv({ databaseUrl, dataDir, encryptionKey, origin: baseUrl }),
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: metricsToken,
    },
    stdio: ["ignore", log, log],
  });
  await waitUntilUp(`${baseUrl}/healthz`, child, 60_000, 50);

  project.provide("baseUrl", baseUrl);
  project.provide("databaseUrl", databaseUrl);
  project.provide("dataDir", dataDir);
  project.provide("serverLog", serverLog);
  project.provide("encryptionKey", encryptionKey);
  project.provide("metricsPort", metricsPort);
  project.provide("metricsToken", metricsToken);

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
