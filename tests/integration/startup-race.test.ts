/** Several app servers starting at once on a new, empty database. */
import mysql from "mysql2/promise";
import { describe, expect, it } from "vitest";
import { ensureDatabase } from "~/models/migrate.server";

describe("start-up on a new database", () => {
  it("migrates once when three servers start together, leaving one complete schema", async () => {
    const name = `lm_race_${process.pid}_${Date.now().toString(36)}`;
    const url = `${process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306"}/${name}`;
    try {
      await Promise.all([ensureDatabase(url), ensureDatabase(url), ensureDatabase(url)]);
      const conn = await mysql.createConnection(url);
      const [tables] = (await conn.query("SHOW TABLES")) as unknown as [Array<Record<string, string>>];
      const [applied] = (await conn.query("SELECT COUNT(*) AS n FROM __drizzle_migrations")) as unknown as [Array<{ n: number }>];
      await conn.end();
      expect(tables.map((t) => Object.values(t)[0]).sort()).toEqual(
        [
          ...[
            "__drizzle_migrations",
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
          // the marketplace (issue 12)
          ...["lenders", "lender_products", "lender_decisions", "offers", "offer_acceptances"],
          // the back office (issue 17)
          ...["application_assignments", "application_notes", "document_request_items", "document_requests", "document_reviews"],
        ].sort(),
      );
      const migrations = (await import("node:fs")).readdirSync("db/migrations").filter((f) => f.endsWith(".sql")).length;
      expect(Number(applied[0]!.n)).toBe(migrations);
    } finally {
      const conn = await mysql.createConnection(process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306");
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    }
  });
});
