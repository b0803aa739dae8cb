/**
 * A migrated database for a test run or a test file, copied from a template instead of migrated
 * statement by statement. Applying the migrations to an empty database is some 140 DDL
 * statements (every ALTER rebuilds its table): 5 s on a quiet MariaDB, 25 s while the machine is
 * busy, and the run did it once per server-backed project before any test could start, and again
 * for each file with a database of its own. Copying the tables' definitions is one batch.
 *
 * The template, `lm_test_template_<hash of db/migrations>`, is migrated by the app's own migrator
 * (ensureDatabase: created when missing, under its migration lock, so runs starting together
 * migrate it once) and kept for the next runs; a change to any migration file names a new one.
 * A copy has every table as `SHOW CREATE TABLE` prints it (columns, keys, foreign keys, checks)
 * and the template's `__drizzle_migrations` rows, so the app's migrator finds it up to date.
 * The migrations themselves stay tested where a test migrates (startup-race, outbox-two-workers).
 * Nothing here imports vitest: the global setup uses it too.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import mysql from "mysql2/promise";
import { ensureDatabase, migrationsFolder } from "../../app/platform/db/migrate.server";

/** A hash of every file of the migrations folder (SQL, journal, snapshots): the template's name. */
function migrationsHash() {
  const root = migrationsFolder();
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(root, full)).update("\0").update(fs.readFileSync(full)).update("\0");
    }
  };
  walk(root);
  return hash.digest("hex").slice(0, 16);
}

const templates = new Map<string, Promise<string>>();

/** The migrated template on the MySQL server `serverUrl` (no database in it); its name. */
function templateDatabase(serverUrl: string) {
  let t = templates.get(serverUrl);
  if (!t) {
    const name = `lm_test_template_${migrationsHash()}`;
    t = ensureDatabase(`${serverUrl}/${name}`).then(() => name);
    templates.set(serverUrl, t);
    t.catch(() => templates.delete(serverUrl));
  }
  return t;
}

/** Creates the database of `databaseUrl` (it must not exist), migrated: a copy of the template. */
export async function createMigratedDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  // A multi-host URL (a cluster under test) is migrated the app's way.
  if (url.host.includes(",") || !/^[A-Za-z0-9_]+$/.test(database)) return ensureDatabase(databaseUrl);
  url.pathname = "/";
  const serverUrl = url.toString().replace(/\/$/, "");
  const template = await templateDatabase(serverUrl);
  const conn = await mysql.createConnection({ uri: serverUrl, multipleStatements: true });
  try {
    const [tables] = (await conn.query(
      "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
      [template],
    )) as unknown as [Array<{ name: string }>];
    if (!tables.some((t) => t.name === "__drizzle_migrations")) throw new Error(`${template}: not migrated`);
    const definitions: string[] = [];
    for (const { name } of tables) {
      const [rows] = (await conn.query(`SHOW CREATE TABLE \`${template}\`.\`${name}\``)) as unknown as [Array<Record<string, string>>];
      definitions.push(rows[0]!["Create Table"]!);
    }
    await conn.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.query(
      [
        `USE \`${database}\``,
        "SET SESSION foreign_key_checks = 0",
        ...definitions,
        "SET SESSION foreign_key_checks = 1",
        `INSERT INTO \`__drizzle_migrations\` SELECT * FROM \`${template}\`.\`__drizzle_migrations\``,
      ].join(";\n"),
    );
  } finally {
    await conn.end();
  }
}
