/**
 * Several app servers starting at once on a new, empty database: they migrate one at a time under
 * a lock row (`__lm_migration_lock`, which a Galera cluster replicates; `GET_LOCK` would hold on one
 * node only), and all come up. With MIGRATE_ON_START=0 a server never migrates (a release job runs
 * `npm run db:migrate`) and refuses a database that lacks this build's migrations.
 */
import mysql from "mysql2/promise";
import { describe, expect, it } from "vitest";
import { ensureDatabase, MIGRATION_LOCK_TABLE } from "~/platform/db/migrate.server";
import { startAppServer } from "../support/server";

const SERVER = process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306";
const newName = (tag: string) => `lm_${tag}_${process.pid}_${Date.now().toString(36)}`;
async function dropDatabase(name: string) {
  const conn = await mysql.createConnection(SERVER);
  await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await conn.end();
}

describe("start-up on a new database", () => {
  it("two app servers and a release job starting together on an empty database migrate once and all come up, past a lock left by a crashed server", async () => {
    const name = newName("race");
    const url = `${SERVER}/${name}`;
    try {
      // A server that died mid-migration on this database left the lock row taken; its lease has run out.
      const setup = await mysql.createConnection(SERVER);
      await setup.query(`CREATE DATABASE \`${name}\``);
      await setup.query(
        `CREATE TABLE \`${name}\`.\`${MIGRATION_LOCK_TABLE}\` (id TINYINT UNSIGNED PRIMARY KEY, holder VARCHAR(120), locked_until DATETIME(3))`,
      );
      await setup.query(
        `INSERT INTO \`${name}\`.\`${MIGRATION_LOCK_TABLE}\` VALUES (1, 'crashed-server', UTC_TIMESTAMP(3) - INTERVAL 1 SECOND)`,
      );
      await setup.end();

      const env = { DATABASE_URL: url, ACCESS_LOG: "0" };
      const [a, b] = await Promise.all([
        startAppServer({ name: "race-a", env }),
        startAppServer({ name: "race-b", env }),
        ensureDatabase(url),
      ]);
      try {
        for (const s of [a, b]) {
          const ready = await fetch(`${s.origin}/readyz`);
          expect(ready.status, s.log().slice(-800)).toBe(200);
          // A page that reads the migrated tables (the session, the lender catalogue).
          expect((await fetch(`${s.origin}/login`)).status).toBe(200);
        }
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }

      const conn = await mysql.createConnection(url);
      const [tables] = (await conn.query("SHOW TABLES")) as unknown as [Array<Record<string, string>>];
      const [applied] = (await conn.query("SELECT COUNT(*) AS n FROM __drizzle_migrations")) as unknown as [Array<{ n: number }>];
      const [lock] = (await conn.query(`SELECT holder FROM \`${MIGRATION_LOCK_TABLE}\``)) as unknown as [Array<{ holder: string | null }>];
      await conn.end();
      expect(tables.map((t) => Object.values(t)[0]).sort()).toEqual(
        [
          ...[
            "__drizzle_migrations",
            MIGRATION_LOCK_TABLE,
            "account_tokens",
            "application_drafts",
            "application_events",
            "audit_log",
            "documents",
            "loan_applications",
            "outbox",
            "rate_limits",
            "sessions",
            "users",
          ],
          // the marketplace
          ...["lenders", "lender_products", "lender_decisions", "offers", "offer_acceptances"],
          // the back office
          ...["application_assignments", "application_notes", "document_request_items", "document_requests", "document_reviews"],
          // the partner API
          ...["idempotency_keys", "partner_api_keys", "partners"],
          // the lender workspace
          "lender_declines",
          // partner webhooks: endpoints and the delivery outbox
          ...["webhook_deliveries", "webhook_endpoints"],
          // consents (E-SIGN, lender sharing) and the 1071 demographics, kept apart from the application
          ...["consent_records", "owner_demographics"],
          // the state offer summaries shown to the applicant (migration 0022)
          "summary_presentations",
        ].sort(),
      );
      // Each migration applied once, and the lock row given back.
      const migrations = (await import("node:fs")).readdirSync("db/migrations").filter((f) => f.endsWith(".sql")).length;
      expect(Number(applied[0]!.n)).toBe(migrations);
      expect(lock).toEqual([{ holder: null }]);
    } finally {
      await dropDatabase(name);
    }
  });

  it("MIGRATE_ON_START=0: a server refuses an unmigrated database with a message naming the release command", async () => {
    const name = newName("nomig");
    try {
      const c = await mysql.createConnection(SERVER);
      await c.query(`CREATE DATABASE \`${name}\``);
      await c.end();
      const error = await startAppServer({ name: "nomig", env: { DATABASE_URL: `${SERVER}/${name}`, MIGRATE_ON_START: "0" } }).then(
        () => null,
        (e: Error) => e,
      );
      expect(error?.message).toMatch(/exited with 1/);
      expect(error?.message).toContain("npm run db:migrate");
      // It did not migrate.
      const conn = await mysql.createConnection(`${SERVER}/${name}`);
      const [tables] = (await conn.query("SHOW TABLES")) as unknown as [unknown[]];
      await conn.end();
      expect(tables).toEqual([]);
    } finally {
      await dropDatabase(name);
    }
  });
});
