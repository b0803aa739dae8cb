/**
 * A throwaway MariaDB server for fault tests: its own temporary data directory and port, so a
 * test can stop (SIGSTOP), resume (SIGCONT), kill (SIGKILL) and restart it from the same data
 * without touching the run's shared MySQL. One per test FILE at most (bootstrapping takes a few
 * seconds). Durability settings are relaxed for speed but still survive a killed server process
 * (the OS keeps what was written): that is the crash these tests make.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import { afterAll } from "vitest";
import { freePort } from "./processes";

/** Safety net: servers a test file did not destroy are killed and removed when the file ends. */
const leftovers = new Set<() => void>();
afterAll(() => {
  for (const l of leftovers) l();
  leftovers.clear();
});

const MARIADBD_CANDIDATES = ["/usr/sbin/mariadbd", "/usr/sbin/mysqld", "/usr/bin/mariadbd"];
const INSTALL_DB_CANDIDATES = ["/usr/bin/mariadb-install-db", "/usr/bin/mysql_install_db", "/usr/scripts/mariadb-install-db"];

/** Fast and small; fine for a throwaway server (a killed process loses nothing the OS holds). */
const SERVER_OPTIONS = [
  "--no-defaults",
  "--innodb-log-file-size=8M",
  "--innodb-buffer-pool-size=32M",
  "--innodb-flush-method=nosync",
  "--innodb-doublewrite=0",
  "--innodb-flush-log-at-trx-commit=2",
  "--skip-log-bin",
  "--skip-name-resolve",
];

function findBinary(candidates: string[], name: string) {
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) {
    throw new Error(
      `${name} not found (looked in ${candidates.join(", ")}). The fault tests start their own MariaDB: install it with \`apt-get install -y mariadb-server\` (CI does).`,
    );
  }
  return found;
}

export type ThrowawayMariaDb = {
  port: number;
  /** mysql://root@127.0.0.1:<port> (no database). */
  serverUrl: string;
  /** The current mariadbd process id (changes on restart). */
  pid(): number;
  /** Freezes the server: connections stay open, nothing answers. */
  stop(): void;
  /** Resumes a frozen server. */
  resume(): void;
  /** Kills the server process at once (a crash); waits until it is gone. */
  kill(): Promise<void>;
  /** Starts the server again from the same data directory (crash recovery) and waits for it. */
  start(): Promise<void>;
  /** A new connection to the server (database optional). */
  connect(database?: string): Promise<mysql.Connection>;
  /** Kills the server and removes its data directory. */
  destroy(): Promise<void>;
};

/** Boots a fresh MariaDB in a temporary directory and waits until it answers. */
export async function startMariaDb(opts: { name?: string } = {}): Promise<ThrowawayMariaDb> {
  const mariadbd = findBinary(MARIADBD_CANDIDATES, "mariadbd");
  const installDb = findBinary(INSTALL_DB_CANDIDATES, "mariadb-install-db");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lm-${opts.name ?? "mariadb"}-`));
  const datadir = path.join(dir, "data");
  // A temporary directory of its own: a mariadbd starting up removes every #sql* file in its
  // tmpdir, so with the shared /tmp one server starting deleted another's bootstrap temp tables
  // ("Could not remove temporary table", mariadb-install-db failed in CI).
  const tmpdir = path.join(dir, "tmp");
  fs.mkdirSync(tmpdir);
  const userArgs = process.getuid?.() === 0 ? ["--user=root"] : [];
  const install = spawnSync(
    installDb,
    [
      "--no-defaults",
      `--datadir=${datadir}`,
      "--auth-root-authentication-method=normal",
      "--skip-test-db",
      `--tmpdir=${tmpdir}`,
      ...userArgs,
      ...SERVER_OPTIONS.slice(1),
    ],
    { encoding: "utf8", timeout: 60_000 },
  );
  if (install.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `mariadb-install-db failed (${install.status}): ${(install.stderr || install.stdout || String(install.error)).slice(-800)}`,
    );
  }

  const port = await freePort();
  const serverUrl = `mysql://root@127.0.0.1:${port}`;
  const errLog = path.join(dir, "error.log");
  let child: ChildProcess | undefined;

  const args = [
    ...SERVER_OPTIONS,
    `--datadir=${datadir}`,
    `--tmpdir=${tmpdir}`,
    `--socket=${path.join(dir, "mysqld.sock")}`,
    `--pid-file=${path.join(dir, "mysqld.pid")}`,
    `--log-error=${errLog}`,
    `--port=${port}`,
    "--bind-address=127.0.0.1",
    ...userArgs,
  ];

  async function answers() {
    try {
      const c = await mysql.createConnection({ uri: serverUrl, connectTimeout: 1000 });
      await c.query("SELECT 1");
      await c.end();
      return true;
    } catch {
      return false;
    }
  }

  async function start() {
    if (child && child.exitCode === null && child.signalCode === null) throw new Error("MariaDB is already running");
    child = spawn(mariadbd, args, { stdio: "ignore" });
    const proc = child;
    // Never leave a server behind if the test process dies.
    const reap = () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
    };
    process.once("exit", reap);
    proc.once("exit", () => process.off("exit", reap));
    const end = Date.now() + 60_000;
    for (;;) {
      if (proc.exitCode !== null || proc.signalCode !== null) {
        const log = fs.existsSync(errLog) ? fs.readFileSync(errLog, "utf8").slice(-1500) : "";
        throw new Error(`mariadbd exited (${proc.exitCode ?? proc.signalCode}):\n${log}`);
      }
      if (await answers()) return;
      if (Date.now() > end) throw new Error(`MariaDB did not answer on port ${port} within 60 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  function running(): ChildProcess {
    if (!child || child.exitCode !== null || child.signalCode !== null) throw new Error("MariaDB is not running");
    return child;
  }

  async function kill() {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const proc = child;
    const gone = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGKILL");
    await gone;
  }

  const leftover = () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  };
  leftovers.add(leftover);

  await start();

  return {
    port,
    serverUrl,
    pid: () => running().pid!,
    stop: () => void running().kill("SIGSTOP"),
    resume: () => void running().kill("SIGCONT"),
    kill,
    start,
    async connect(database?: string) {
      const conn = await mysql.createConnection({ uri: database ? `${serverUrl}/${database}` : serverUrl, connectTimeout: 5000 });
      // The tests kill this server: a connection that dies while idle must not crash the test process.
      (conn as unknown as { connection: import("node:events").EventEmitter }).connection.on("error", () => {});
      return conn;
    },
    async destroy() {
      leftovers.delete(leftover);
      if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGCONT");
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
