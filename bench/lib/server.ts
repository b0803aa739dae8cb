/**
 * The production server under test: the server entry as `npm start` runs it (build/server.js, compiled from app/platform/server/index.ts), from the bench build (BUILD_DIR),
 * on a free port, with a fresh `lm_bench_*` database and a temporary DATA_DIR, like the test
 * harness (tests/support/global-setup.ts). `stop()` ends it and removes both.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import mysql from "mysql2/promise";
import { ensureDatabase } from "../../app/platform/db/migrate.server";
import { freePort, startScriptArgs, waitUntilUp } from "../../tests/support/processes";
import { BENCH, BUILD_DIR, ROOT } from "./bench-env";

export type BenchServer = {
  origin: string;
  port: number;
  /** The server process id (its RSS is read from /proc/<pid>/status). */
  pid: number;
  child: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
};

export { freePort, waitUntilUp };

export async function stopChild(child: ChildProcess, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const t = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(t);
}

export type ServerOptions = {
  /** The checkout to run the server from (default: this one); its build is `<cwd>/<BUILD_DIR>`. */
  cwd?: string;
  /** Extra arguments for node before the script (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Log file name under tests/.artifacts/<BUILD_DIR>/ (default bench-server.log). */
  logName?: string;
  /** Settings over the bench's (e.g. the webhook bench's sender: development, local receivers allowed). */
  env?: NodeJS.ProcessEnv;
};

/**
 * A checkout's own `npm start` command as node arguments (tests/support/processes.ts), so each
 * build is measured as it runs in production: this one with its V8 heap settings and its entry, an
 * older commit with whatever its own start script said.
 */
export const startScriptNodeArgs = startScriptArgs;

/** BENCH_SERVER_NODE_ARGS: node options added for every server of the run (e.g. --trace-gc), space-separated. */
const EXTRA_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);

/** The environment of a bench server on `port`: production, the bench's database, keys and pool. */
export function benchServerEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR,
    PORT: String(port),
    HOST: "127.0.0.1",
    // Production requires the public origin: here the server's own address.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: BENCH.databaseUrl,
    DATA_DIR: BENCH.dataDir,
    SESSION_SECRET: BENCH.sessionSecret,
    DOCUMENT_ENCRYPTION_KEY: BENCH.encryptionKey,
    // Plain HTTP to 127.0.0.1 (a TLS-terminating proxy would sit in front in production).
    COOKIE_SECURE: "false",
    // The bench plays many clients: each sends its own X-Forwarded-For (see README).
    TRUST_PROXY: "1",
    // No per-request log line: the figures are the app's, not the log file's.
    ACCESS_LOG: "0",
    // No webhook sender here: the webhook bench starts its own (a production server refuses the
    // local receiver, and a second sender would claim its rows and fail them).
    WEBHOOK_WORKER: "false",
    // The same pool for every build measured (old main's default queue of 50 answered most of a
    // 50-connection run with 503s, which measures the queue, not the page).
    DB_POOL_SIZE: "10",
    DB_QUEUE_LIMIT: "1000",
    ADMIN_EMAIL: "",
    ADMIN_PASSWORD: "",
    SMTP_URL: "",
    META_PIXEL_ID: "",
  };
}

/** The production server of a checkout, on the bench's database (all servers of a run share it). */
export async function startBenchServer(opts: ServerOptions = {}): Promise<BenchServer> {
  const cwd = opts.cwd ?? ROOT;
  if (!fs.existsSync(path.join(cwd, BUILD_DIR, "index.js"))) {
    throw new Error(`No build in ${cwd}/${BUILD_DIR}/: run \`BUILD_DIR=${BUILD_DIR} npx remix build\` first (npm run bench does).`);
  }
  await ensureDatabase(BENCH.databaseUrl);
  const port = await freePort();
  const artifacts = path.join(ROOT, "tests/.artifacts", BUILD_DIR);
  fs.mkdirSync(artifacts, { recursive: true });
  const logFile = path.join(artifacts, opts.logName ?? "bench-server.log");
  const fd = fs.openSync(logFile, "w");
  const start = startScriptArgs(cwd);
  const child = spawn(process.execPath, [...start.slice(0, -1), ...EXTRA_NODE_ARGS, ...(opts.nodeArgs ?? []), ...start.slice(-1)], {
    cwd,
    env: { ...benchServerEnv(port), ...opts.env },
    stdio: ["ignore", fd, fd],
  });
  fs.closeSync(fd);
  const reap = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  process.once("exit", reap);
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${origin}/healthz`, child);
  } catch (e) {
    reap();
    throw new Error(`${(e as Error).message}\n${fs.readFileSync(logFile, "utf8").slice(-2000)}`);
  }
  return {
    origin,
    port,
    pid: child.pid!,
    child,
    logFile,
    async stop() {
      await stopChild(child);
      process.off("exit", reap);
    },
  };
}

/** Drops the run's database and removes its DATA_DIR. */
export async function dropBenchData() {
  const conn = await mysql.createConnection(BENCH.mysqlUrl);
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${BENCH.dbName}\``);
  } finally {
    await conn.end();
  }
  fs.rmSync(BENCH.dataDir, { recursive: true, force: true });
}
