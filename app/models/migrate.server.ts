/**
 * Creates the database if it is missing and applies pending drizzle-kit migrations.
 * Used by `npm start`, `npm run dev`, `npm run db:migrate` and the test harness.
 */
import { drizzle } from "drizzle-orm/mysql2";
import { migrate } from "drizzle-orm/mysql2/migrator";
import mysql from "mysql2/promise";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export function migrationsFolder() {
  // Works from app/utils (tsx) and from build/ (bundled server).
  const candidates = [path.resolve(here, "../../db/migrations"), path.resolve(here, "../db/migrations"), path.resolve("db/migrations")];
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

export async function ensureDatabase(url: string) {
  const target = describeTarget(url);
  if (!/^[A-Za-z0-9_]+$/.test(target.database)) throw new Error("DATABASE_URL must name a database (letters, digits, _)");
  const server = new URL(url);
  server.pathname = "/";
  let conn: mysql.Connection;
  try {
    conn = await mysql.createConnection({ uri: server.toString(), connectTimeout: 5000 });
  } catch (e) {
    const code = (e as { code?: string }).code ?? "error";
    throw new DatabaseUnreachableError(
      `Cannot reach MySQL at ${target.host}:${target.port} as user '${target.user}' (${code}). ` +
        `Start MySQL or MariaDB (e.g. 'service mariadb start' or 'mysqld_safe &') or set DATABASE_URL.`,
    );
  }
  try {
    await conn.query(`CREATE DATABASE IF NOT EXISTS \`${target.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await conn.end();
  }
  // One connection, holding a named lock: several app servers starting together on a new
  // database migrate one after the other instead of colliding.
  const pool = mysql.createPool({ uri: url, connectionLimit: 1, multipleStatements: true, timezone: "Z" });
  try {
    const [rows] = (await pool.query("SELECT GET_LOCK('lm_migrate', 120) AS got")) as unknown as [Array<{ got: number | null }>];
    if (rows[0]?.got !== 1) throw new Error("timed out waiting for another server's migration");
    try {
      await migrate(drizzle(pool), { migrationsFolder: migrationsFolder() });
    } finally {
      await pool.query("SELECT RELEASE_LOCK('lm_migrate')");
    }
  } finally {
    await pool.end();
  }
}
