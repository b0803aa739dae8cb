/**
 * The outbox with more than one sender. Two app servers (two processes, as behind a load
 * balancer) start at once over the same due e-mails and deliver them over SMTP to a recording
 * server: every e-mail arrives exactly once. In-process: several concurrent drainers with
 * different worker ids, a server stopping half way through a batch (what it had not begun is
 * released at once), and a worker that died after claiming rows (its lease must expire before
 * anyone else sends them, and its late "sent" must not count).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import mysql from "mysql2/promise";
import { afterAll, describe, expect, inject, it } from "vitest";
import { claimDueEmails, getOutboxRow, markEmailSent } from "~/platform/outbox/outbox-queue.server";
import { drainOutboxOnce, OUTBOX_LEASE_MS, type MailMessage, type MailTransport } from "~/features/mail/mail.server";
import { getDb, schema } from "~/platform/db/db.server";
import { ensureDatabase } from "~/platform/db/migrate.server";
import { uniqueEmail } from "../support/http";
import { startAppServer, type AppServer } from "../support/server";
import { startSmtpSink, type SmtpSink } from "../support/smtp";

const DAY = 24 * 3600_000;

describe("two app servers sending the same outbox", () => {
  // A database of its own on the run's MySQL, so the run's server does not send these rows.
  const serverUrl = inject("databaseUrl").replace(/\/[^/]+$/, "");
  const dbName = `lm_outbox_${process.pid}_${Date.now().toString(36)}`;
  const servers: AppServer[] = [];
  let sink: SmtpSink | undefined;
  const dirs: string[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await sink?.close();
    const conn = await mysql.createConnection(serverUrl);
    await conn.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await conn.end();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("delivers each due e-mail exactly once", async () => {
    const url = `${serverUrl}/${dbName}`;
    await ensureDatabase(url);
    const N = 60;
    const conn = await mysql.createConnection(url);
    try {
      const values = Array.from({ length: N }, (_, i) => [`two.${i}@example.com`, `Two servers ${i}`, `Body ${i}`, "test"]);
      await conn.query("INSERT INTO outbox (to_email, subject, body_text, kind, next_attempt_at) VALUES ?", [
        values.map((v) => [...v, new Date(Date.now() - 1000)]),
      ]);
      // An admin exists, so neither server seeds the demo admin at start-up (two servers starting
      // at once on an empty database race to create it; that is start-up, not the outbox).
      await conn.query("INSERT INTO users (email, password_hash, first_name, last_name, role) VALUES (?, 'x', 'Ops', 'Admin', 'admin')", [
        uniqueEmail("ops"),
      ]);
    } finally {
      await conn.end();
    }

    // Each server signs with its own sender address, so the recording shows who sent what.
    sink = await startSmtpSink({ delayMs: 10 });
    await Promise.all(
      ["a", "b"].map(async (name) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lm-outbox-${name}-`));
        dirs.push(dir);
        const server = await startAppServer({
          name: `outbox-${name}`,
          env: {
            DATABASE_URL: url,
            DATA_DIR: dir,
            SMTP_URL: sink!.url,
            MAIL_FROM: `Server ${name.toUpperCase()} <${name}@lendwise.example>`,
          },
        });
        servers.push(server);
      }),
    );

    const check = await mysql.createConnection(url);
    try {
      const end = Date.now() + 40_000;
      for (;;) {
        const [rows] = await check.query<mysql.RowDataPacket[]>("SELECT COUNT(*) AS n FROM outbox WHERE status = 'sent'");
        if (Number(rows[0]!.n) === N) break;
        if (Date.now() > end) throw new Error(`only ${rows[0]!.n} of ${N} sent; received ${sink.received.length}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      // Give a late duplicate the chance to show up.
      await new Promise((r) => setTimeout(r, 1000));
      const subjects = sink.received.map((m) => m.subject).sort();
      expect(subjects).toHaveLength(N);
      expect(new Set(subjects).size).toBe(N);
      const [rows] = await check.query<mysql.RowDataPacket[]>("SELECT status, attempts, locked_by FROM outbox");
      expect(rows.every((r) => r.status === "sent" && r.attempts === 1 && r.locked_by === null)).toBe(true);
      // Every recipient got their own message (not someone else's).
      for (const m of sink.received) expect(m.to).toEqual([`two.${m.subject.split(" ").pop()}@example.com`]);
      const bySender = new Map<string, number>();
      for (const m of sink.received) bySender.set(m.from, (bySender.get(m.from) ?? 0) + 1);
      console.info(`[outbox-two-workers] sent by: ${JSON.stringify(Object.fromEntries(bySender))}`);
    } finally {
      await check.end();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// In process, on the run's database: rows scheduled far in the future and drained with a moved
// clock and their ids, so the run's own server never sees them as due (as in outbox.test.ts).

let offset = 0;
function future() {
  offset += 1;
  return new Date(Date.now() + (200 + offset * 3) * DAY + Math.floor(Math.random() * 1000) * 60_000);
}

async function queue(count: number, at: Date, tag: string) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const [res] = await getDb()
      .insert(schema.outbox)
      .values({ toEmail: uniqueEmail("workers"), subject: `${tag} ${i}`, bodyText: `Body ${i}`, kind: "test", nextAttemptAt: at });
    ids.push(res.insertId);
  }
  return ids;
}

function recording(): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    name: "test",
    sent,
    async send(message) {
      await new Promise((r) => setTimeout(r, 2));
      sent.push(message);
    },
  };
}

describe("concurrent drainers in one database", () => {
  it("four drainers with small batches, running until nothing is left, send each row once", async () => {
    const at = future();
    const ids = await queue(40, at, `Four-${at.getTime()}`);
    const now = new Date(at.getTime() + 1000);
    const transports = [recording(), recording(), recording(), recording()];
    await Promise.all(
      transports.map(async (t) => {
        for (;;) {
          const { sent, failed } = await drainOutboxOnce({ now, ids, transport: t, limit: 3 });
          if (sent + failed === 0) return;
        }
      }),
    );
    const subjects = transports.flatMap((t) => t.sent.map((m) => m.subject));
    expect(subjects).toHaveLength(40);
    expect(new Set(subjects).size).toBe(40);
    const rows = await getDb().select().from(schema.outbox).where(inArray(schema.outbox.id, ids));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("a server stopping half way through a batch sends the e-mail in hand and hands the rest back at once, not after the lease", async () => {
    const at = future();
    const ids = await queue(4, at, `Stop-${at.getTime()}`);
    const now = new Date(at.getTime() + 1000);
    const first = recording();
    // The stop is asked while the first e-mail is being sent.
    expect(await drainOutboxOnce({ now, ids, transport: first, stopping: () => first.sent.length > 0 })).toEqual({ sent: 1, failed: 0 });
    const rows = await getDb().select().from(schema.outbox).where(inArray(schema.outbox.id, ids)).orderBy(schema.outbox.id);
    expect(rows.map((r) => r.status)).toEqual(["sent", "pending", "pending", "pending"]);
    expect(rows.slice(1).every((r) => r.lockedBy === null && r.lockedUntil === null && r.attempts === 0)).toBe(true);
    // Another server sends the other three at the same moment, well inside the lease they had.
    const next = recording();
    expect(await drainOutboxOnce({ now, ids, transport: next })).toEqual({ sent: 3, failed: 0 });
    expect(next.sent.map((m) => m.subject)).toEqual([1, 2, 3].map((i) => `Stop-${at.getTime()} ${i}`));
  });

  it("rows claimed by a worker that died wait for its lease; its late 'sent' changes nothing", async () => {
    const at = future();
    const ids = await queue(3, at, `Lease-${at.getTime()}`);
    const t0 = new Date(at.getTime() + 1000);
    const claimed = await claimDueEmails({ token: "dead-worker", now: t0, leaseMs: OUTBOX_LEASE_MS, limit: 10, ids });
    expect(claimed.map((r) => r.id).sort()).toEqual([...ids].sort());

    // While the lease runs, nobody else sends them.
    const early = recording();
    expect(await drainOutboxOnce({ now: new Date(t0.getTime() + OUTBOX_LEASE_MS - 1000), ids, transport: early })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(early.sent).toEqual([]);

    // After it, another worker sends each once.
    const later = recording();
    const after = new Date(t0.getTime() + OUTBOX_LEASE_MS + 1000);
    expect(await drainOutboxOnce({ now: after, ids, transport: later })).toEqual({ sent: 3, failed: 0 });

    // The dead worker comes back and reports "sent": its lease is gone, nothing changes.
    await markEmailSent(ids[0]!, "dead-worker", new Date(after.getTime() + 1000));
    const row = await getOutboxRow(ids[0]!);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(row!.sentAt!.getTime()).toBe(after.getTime());
    // And nothing is due again.
    expect(await drainOutboxOnce({ now: new Date(after.getTime() + DAY), ids, transport: recording() })).toEqual({ sent: 0, failed: 0 });
  });
});
