/**
 * Extra app servers for reliability and scale-out tests: the same production build as the run's
 * server (BUILD_DIR), on a free port, with the environment the test gives. `stop()` sends SIGTERM
 * and resolves with the exit code, like a process manager or a load balancer's drain would.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import mysql from "mysql2/promise";
import { afterAll, beforeAll, inject } from "vitest";
import { freePort, startScriptArgs, testServerEnv, waitUntilUp } from "./processes";
import { createMigratedDatabase } from "./test-database";

const ROOT = path.resolve(__dirname, "../..");

// Safety net: whatever a test file started and did not stop (a failed beforeAll, say) is killed
// when the file ends. Runs after the file's own afterAll hooks (hooks run as a stack).
const live = new Set<ChildProcess>();
afterAll(() => {
  for (const c of live) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  live.clear();
});

export type AppServer = {
  origin: string;
  port: number;
  child: ChildProcess;
  logFile: string;
  /** The server's output so far. */
  log(): string;
  /** SIGTERM, then waits for the exit (SIGKILL after `graceMs`); resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
  exited(): boolean;
};

/** The run's server settings (global-setup.ts), so a second server shares sessions and documents. */
export function runEnv(): Record<string, string> {
  return {
    ...testServerEnv({
      databaseUrl: inject("databaseUrl"),
      dataDir: inject("dataDir"),
      encryptionKey: inject("encryptionKey"),
      origin: inject("baseUrl"),
    }),
    ACCESS_LOG: "1",
  };
}

export async function startAppServer(opts: { name: string; env?: Record<string, string>; startTimeoutMs?: number }): Promise<AppServer> {
  const port = await freePort();
  const artifacts = path.join(ROOT, "tests/.artifacts", process.env.BUILD_DIR || "build");
  fs.mkdirSync(artifacts, { recursive: true });
  const logFile = path.join(artifacts, `server-${opts.name}.log`);
  const fd = fs.openSync(logFile, "w");
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, startScriptArgs(ROOT), {
    cwd: ROOT,
    // Its own address is its public origin (e-mailed links, the URL Remix routes on), unless the test says otherwise.
    env: { ...process.env, ...runEnv(), PUBLIC_URL: origin, ...opts.env, PORT: String(port) },
    stdio: ["ignore", fd, fd],
  });
  fs.closeSync(fd);
  const reap = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  live.add(child);
  process.once("exit", reap);
  child.once("exit", () => {
    live.delete(child);
    process.off("exit", reap);
  });

  const log = () => fs.readFileSync(logFile, "utf8");
  try {
    await waitUntilUp(`${origin}/healthz`, child, opts.startTimeoutMs ?? 60_000, 50);
  } catch (e) {
    if (child.exitCode !== null) throw new Error(`app server '${opts.name}' exited with ${child.exitCode}:\n${log().slice(-1500)}`);
    child.kill("SIGKILL");
    throw new Error(`app server '${opts.name}' did not start (${(e as Error).message}):\n${log().slice(-1500)}`);
  }

  return {
    origin,
    port,
    child,
    logFile,
    log,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Runs a project script (e.g. db/seed.ts) with tsx and the run's settings plus `env`; resolves with its exit code and output. */
export function runScript(script: string, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), [script], {
      cwd: ROOT,
      env: { ...process.env, ...runEnv(), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, out }));
  });
}

/**
 * A database and data directory of the test file's own (for servers whose start-up or keys must
 * not touch the run's shared database), created before the file's tests and removed after, with
 * every server started through `server()` stopped first.
 */
export function isolatedDatabase(prefix: string) {
  const dbName = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const serverUrl = new URL(inject("databaseUrl"));
  serverUrl.pathname = "/";
  const databaseUrl = `${serverUrl.toString().replace(/\/$/, "")}/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const servers: AppServer[] = [];
  const state: { conn?: mysql.Connection } = {};
  beforeAll(async () => {
    await createMigratedDatabase(databaseUrl);
    state.conn = await mysql.createConnection(databaseUrl);
  });
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => null);
    await state.conn?.end();
    const c = await mysql.createConnection(serverUrl.toString());
    await c.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await c.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    databaseUrl,
    dataDir,
    /** A connection to this database (after beforeAll). */
    conn: () => state.conn!,
    /** An app server on this database and data directory. */
    async server(name: string, env: Record<string, string> = {}) {
      const s = await startAppServer({ name, env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ACCESS_LOG: "0", ...env } });
      servers.push(s);
      return s;
    },
  };
}
