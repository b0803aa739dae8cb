/**
 * Creates the database if it is missing and applies pending drizzle-kit migrations.
 * Used by `npm start` (unless MIGRATE_ON_START=0), `npm run dev`, `npm run db:migrate` (the release
 * command) and the test harness.
 *
 * Several servers may start at the same moment on a new database. They migrate one at a time under
 * a lock that is a ROW (`__lm_migration_lock`, id 1), claimed by an UPDATE that only succeeds when
 * the row is free or its lease has run out, renewed while the migration runs and freed at the end.
 * Not `GET_LOCK`: a named lock exists only on the server that granted it, so on a Galera cluster two
 * servers talking to two nodes would both get it; a committed row is the same on every node (two
 * nodes claiming it at once: one commit wins certification, the other fails and waits its turn).
 * A server that dies while migrating stops renewing its lease; another takes over when it runs out.
 */
import { drizzle } from "drizzle-orm/mysql2";
import { migrate } from "drizzle-orm/mysql2/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import mysql from "mysql2/promise";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { databaseTargets, hostLabel } from "~/platform/db/database-url.server";
import { isDatabaseUnavailable } from "~/platform/db/db-errors.server";
import { nodeStatus } from "./db-cluster.server";

const here = path.dirname(fileURLToPath(import.meta.url));

export function migrationsFolder() {
  // Works from app/platform/db (tsx) and from build/ (bundled server).
  const candidates = [path.resolve(here, "../../../db/migrations"), path.resolve(here, "../db/migrations"), path.resolve("db/migrations")];
  return candidates.find((c) => fs.existsSync(path.join(c, "meta"))) ?? path.resolve("db/migrations");
}

export function describeTarget(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: u.port || "3306",
    database: decodeURIComponent(u.pathname.replace(/^\//, "")),
    user: decodeURIComponent(u.username),
  };
}

export class DatabaseUnreachableError extends Error {}
export class DatabaseNotMigratedError extends Error {}

/** The lock row's lease: renewed every LEASE_RENEW_MS while the holder migrates. */
export const MIGRATION_LEASE_MS = 30_000;
const LEASE_RENEW_MS = 5_000;
/** How long a server waits for another's migration before giving up. */
const WAIT_FOR_LOCK_MS = 180_000;
export const MIGRATION_LOCK_TABLE = "__lm_migration_lock";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function targetsOf(url: string | string[]) {
  return Array.isArray(url) ? url : databaseTargets(url);
}

/** A connection to the first host in order that answers and, on Galera, is synced. */
async function connectFirst(targets: string[], database: boolean) {
  const failures: string[] = [];
  for (const target of targets) {
    const u = new URL(target);
    if (!database) u.pathname = "/";
    let conn: mysql.Connection | undefined;
    try {
      conn = await mysql.createConnection({ uri: u.toString(), connectTimeout: 5000, multipleStatements: true, timezone: "Z" });
      // A connection the server drops while idle must not crash the process.
      (conn as unknown as { connection: import("node:events").EventEmitter }).connection.on("error", () => {});
      const status = await nodeStatus(conn as unknown as Parameters<typeof nodeStatus>[0]);
      if (!status.ready) throw Object.assign(new Error(`not ready (${status.state})`), { code: "NOT_SYNCED" });
      // On Galera, read what the cluster committed before (another server's migration).
      if (status.galera) await conn.query("SET SESSION wsrep_sync_wait = 1");
      return { conn, target, galera: status.galera };
    } catch (e) {
      await conn?.end().catch(() => {});
      if (
        !isDatabaseUnavailable(e) &&
        (e as { code?: string }).code !== "NOT_SYNCED" &&
        (e as { code?: string }).code !== "ER_BAD_DB_ERROR"
      )
        throw e;
      failures.push(`${hostLabel(target)} (${(e as { code?: string }).code ?? (e as Error).message})`);
    }
  }
  const t = describeTarget(targets[0]!);
  throw new DatabaseUnreachableError(
    `Cannot reach MySQL at ${failures.join(", ")} as user '${t.user}'. ` +
      `Start MySQL or MariaDB (e.g. 'service mariadb start' or 'mysqld_safe &') or set DATABASE_URL.`,
  );
}

/** The newest migration this checkout ships and the newest one the database has applied (drizzle's rule). */
async function migrationGap(conn: mysql.Connection) {
  const files = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  const newest = Math.max(0, ...files.map((m) => m.folderMillis));
  try {
    const [rows] = (await conn.query("SELECT MAX(created_at) AS last FROM __drizzle_migrations")) as unknown as [Array<{ last: unknown }>];
    const last = Number(rows[0]?.last ?? 0);
    return { upToDate: last >= newest, newest, last };
  } catch (e) {
    if ((e as { code?: string }).code === "ER_NO_SUCH_TABLE") return { upToDate: newest === 0, newest, last: 0 };
    throw e;
  }
}

/** True when a claim lost a race on a cluster (certification failure) or waited too long: try again. */
function lostRace(e: unknown) {
  const code = (e as { code?: string }).code;
  return code === "ER_LOCK_DEADLOCK" || code === "ER_LOCK_WAIT_TIMEOUT" || code === "ER_DUP_ENTRY";
}

/** Claims the lock row for `holder`; false when another holds an unexpired lease. */
async function claim(conn: mysql.Connection, holder: string) {
  try {
    await conn.query("START TRANSACTION");
    await conn.query(`INSERT IGNORE INTO \`${MIGRATION_LOCK_TABLE}\` (id) VALUES (1)`);
    const [res] = (await conn.query(
      `UPDATE \`${MIGRATION_LOCK_TABLE}\` SET holder = ?, locked_until = UTC_TIMESTAMP(3) + INTERVAL ? MICROSECOND
       WHERE id = 1 AND (holder IS NULL OR locked_until < UTC_TIMESTAMP(3))`,
      [holder, MIGRATION_LEASE_MS * 1000],
    )) as unknown as [{ affectedRows: number }];
    await conn.query("COMMIT");
    return res.affectedRows === 1;
  } catch (e) {
    await conn.query("ROLLBACK").catch(() => {});
    if (lostRace(e)) return false;
    throw e;
  }
}

/** Runs `fn` holding the migration lock row (waiting for it while another server holds it). */
export async function withMigrationLock<T>(conn: mysql.Connection, fn: () => Promise<T>, waitMs = WAIT_FOR_LOCK_MS): Promise<T> {
  await conn.query(
    `CREATE TABLE IF NOT EXISTS \`${MIGRATION_LOCK_TABLE}\` (
       id TINYINT UNSIGNED NOT NULL PRIMARY KEY,
       holder VARCHAR(120) NULL,
       locked_until DATETIME(3) NULL
     ) ENGINE=InnoDB`,
  );
  const holder = `${os.hostname()}:${process.pid}:${randomBytes(6).toString("hex")}`.slice(0, 120);
  const giveUp = Date.now() + waitMs;
  while (!(await claim(conn, holder))) {
    if (Date.now() > giveUp) throw new Error("timed out waiting for another server's migration");
    await sleep(100 + Math.floor(Math.random() * 200));
  }
  let renewing = Promise.resolve();
  const renew = setInterval(() => {
    renewing = conn
      .query(
        `UPDATE \`${MIGRATION_LOCK_TABLE}\` SET locked_until = UTC_TIMESTAMP(3) + INTERVAL ? MICROSECOND WHERE id = 1 AND holder = ?`,
        [MIGRATION_LEASE_MS * 1000, holder],
      )
      .then(
        () => {},
        () => {},
      );
  }, LEASE_RENEW_MS);
  try {
    return await fn();
  } finally {
    clearInterval(renew);
    await renewing;
    // Let go. Another server's claim on the same row can make this statement the victim of a
    // deadlock: try again. Should it keep failing, the lease ends the lock anyway.
    for (let attempt = 1; ; attempt++) {
      try {
        await conn.query(`UPDATE \`${MIGRATION_LOCK_TABLE}\` SET holder = NULL, locked_until = NULL WHERE id = 1 AND holder = ?`, [holder]);
        break;
      } catch (e) {
        if (!lostRace(e) || attempt >= 5) break;
        await sleep(20 + Math.floor(Math.random() * 80));
      }
    }
  }
}

/**
 * Creates the database if needed and applies pending migrations, once, on the first host of
 * `url` (one URL, a multi-host URL or the list of single-host URLs) that answers and is ready.
 */
export async function ensureDatabase(url: string | string[]) {
  const targets = targetsOf(url);
  const target = describeTarget(targets[0]!);
  if (!/^[A-Za-z0-9_]+$/.test(target.database)) throw new Error("DATABASE_URL must name a database (letters, digits, _)");
  const server = await connectFirst(targets, false);
  try {
    await server.conn.query(`CREATE DATABASE IF NOT EXISTS \`${target.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await server.conn.end();
  }
  // The lock on its own connection (its lease is renewed while the migration's statements run);
  // the migration on a one-connection pool of the same host.
  const { conn, target: host, galera } = await connectFirst([server.target, ...targets.filter((t) => t !== server.target)], true);
  try {
    // Already up to date (every restart after the first): no lock, no wait.
    if ((await migrationGap(conn)).upToDate) return;
    await withMigrationLock(conn, async () => {
      const pool = mysql.createPool({ uri: host, connectionLimit: 1, multipleStatements: true, timezone: "Z" });
      try {
        // Queued before the migrator's first statement on the pool's one connection.
        if (galera) pool.on("connection", (c) => void c.query("SET SESSION wsrep_sync_wait = 1"));
        await migrate(drizzle(pool), { migrationsFolder: migrationsFolder() });
      } finally {
        await pool.end();
      }
    });
  } finally {
    await conn.end();
  }
}

/**
 * For servers started with MIGRATE_ON_START=0 (a release job migrates): throws
 * DatabaseNotMigratedError when the database lacks this build's migrations.
 */
export async function assertMigrated(url: string | string[]) {
  const targets = targetsOf(url);
  const { conn } = await connectFirst(targets, true).catch((e: unknown) => {
    if ((e as Error).message.includes("ER_BAD_DB_ERROR"))
      throw new DatabaseNotMigratedError(`[db] The database does not exist: run \`npm run db:migrate\` first (MIGRATE_ON_START=0).`);
    throw e;
  });
  try {
    const gap = await migrationGap(conn);
    if (!gap.upToDate)
      throw new DatabaseNotMigratedError(
        `[db] The database lacks this release's migrations: run \`npm run db:migrate\` first (MIGRATE_ON_START=0 does not migrate).`,
      );
  } finally {
    await conn.end();
  }
}
