/**
 * The outbox sender. The test server runs its own worker on the same database, so these rows are
 * scheduled far in the future and drained with a moved clock (`now`) and their ids: the server's
 * worker never sees them as due.
 */
import fs from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { getOutboxRow } from "~/platform/outbox/outbox-queue.server";
import { drainOutboxOnce, emlFileStem, OUTBOX_MAX_ATTEMPTS, type MailMessage, type MailTransport } from "~/features/mail/mail.server";
import { getDb, schema } from "~/platform/db/db.server";
import { renderMail } from "~/features/mail/mail-render.server";
import { resetPasswordMail } from "~/features/mail/templates/account-mail.server";
import { uniqueEmail } from "../support/http";

const DAY = 24 * 3600_000;
let offset = 0;
/** A clock far enough ahead that the rows of each test are due only for it. */
function future() {
  offset += 1;
  return new Date(Date.now() + (30 + offset * 3) * DAY);
}

async function queue(count: number, at: Date, subject = "Test message") {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const [res] = await getDb()
      .insert(schema.outbox)
      .values({ toEmail: uniqueEmail("outbox"), subject: `${subject} ${i}`, bodyText: `Body ${i}`, kind: "test", nextAttemptAt: at });
    ids.push(res.insertId);
  }
  return ids;
}

function recording(fail = false): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    name: "test",
    sent,
    async send(message) {
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error("SMTP 451 temporary failure");
      sent.push(message);
    },
  };
}

describe("outbox worker", () => {
  it("without SMTP_URL writes each e-mail as an .eml file in the data directory and marks it sent", async () => {
    const at = future();
    const [id] = await queue(1, at, "Application Submitted - APP-TEST");
    const result = await drainOutboxOnce({ now: new Date(at.getTime() + 1000), ids: [id!] });
    expect(result).toEqual({ sent: 1, failed: 0 });
    const row = await getOutboxRow(id!);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lockedBy: null });
    const file = path.join(inject("dataDir"), "outbox", `${emlFileStem(row!)}.eml`);
    const eml = fs.readFileSync(file, "utf8");
    expect(eml).toMatch(/^Subject: Application Submitted - APP-TEST 0$/m);
    expect(eml).toContain(`To: ${row!.toEmail}`);
    expect(eml).toContain("Body 0");
  });

  it("sends an e-mail queued with both parts as multipart/alternative: the text part, then the HTML part", async () => {
    const at = future();
    const mail = renderMail(resetPasswordMail("Ana", "tok_123"));
    const [res] = await getDb()
      .insert(schema.outbox)
      .values({
        toEmail: uniqueEmail("outbox-html"),
        subject: mail.subject,
        bodyText: mail.text,
        bodyHtml: mail.html,
        kind: "test",
        nextAttemptAt: at,
      });
    const result = await drainOutboxOnce({ now: new Date(at.getTime() + 1000), ids: [res.insertId] });
    expect(result).toEqual({ sent: 1, failed: 0 });
    const row = (await getOutboxRow(res.insertId))!;
    const eml = fs.readFileSync(path.join(inject("dataDir"), "outbox", `${emlFileStem(row)}.eml`), "utf8");
    expect(eml).toMatch(/^Content-Type: multipart\/alternative;/m);
    const text = eml.indexOf("Content-Type: text/plain");
    const html = eml.indexOf("Content-Type: text/html");
    expect(text).toBeGreaterThan(0);
    expect(html).toBeGreaterThan(text);
    expect(eml).toContain("tok_123");
  });

  it("retries a failed send later with exponential backoff, and never loses it", async () => {
    const at = future();
    const [id] = await queue(1, at);
    const t1 = new Date(at.getTime() + 1000);
    expect(await drainOutboxOnce({ now: t1, ids: [id!], transport: recording(true) })).toEqual({ sent: 0, failed: 1 });
    const after1 = (await getOutboxRow(id!))!;
    expect(after1).toMatchObject({ status: "pending", attempts: 1, lockedBy: null });
    expect(after1.lastError).toContain("SMTP 451");
    const wait1 = after1.nextAttemptAt.getTime() - t1.getTime();
    expect(wait1).toBeGreaterThanOrEqual(30_000);
    expect(wait1).toBeLessThan(34_000);

    // Not due yet: nothing happens.
    const early = recording();
    expect(await drainOutboxOnce({ now: new Date(t1.getTime() + 10_000), ids: [id!], transport: early })).toEqual({ sent: 0, failed: 0 });

    const t2 = new Date(after1.nextAttemptAt.getTime() + 1);
    await drainOutboxOnce({ now: t2, ids: [id!], transport: recording(true) });
    const after2 = (await getOutboxRow(id!))!;
    expect(after2.attempts).toBe(2);
    expect(after2.nextAttemptAt.getTime() - t2.getTime()).toBeGreaterThanOrEqual(60_000);

    const ok = recording();
    await drainOutboxOnce({ now: new Date(after2.nextAttemptAt.getTime() + 1), ids: [id!], transport: ok });
    expect(ok.sent).toHaveLength(1);
    expect(await getOutboxRow(id!)).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("after the last attempt the row stays in the table as 'failed'", async () => {
    const at = future();
    const [id] = await queue(1, at);
    await getDb()
      .update(schema.outbox)
      .set({ attempts: OUTBOX_MAX_ATTEMPTS - 1 })
      .where(inArray(schema.outbox.id, [id!]));
    await drainOutboxOnce({ now: new Date(at.getTime() + 1000), ids: [id!], transport: recording(true) });
    expect(await getOutboxRow(id!)).toMatchObject({ status: "failed", attempts: OUTBOX_MAX_ATTEMPTS });
  });

  it("two workers draining at once never send the same row twice", async () => {
    const at = future();
    const ids = await queue(8, at);
    const now = new Date(at.getTime() + 1000);
    const a = recording();
    const b = recording();
    await Promise.all([drainOutboxOnce({ now, ids, transport: a, limit: 5 }), drainOutboxOnce({ now, ids, transport: b, limit: 5 })]);
    // Whatever one left (limit) is picked up by a further pass.
    await drainOutboxOnce({ now, ids, transport: a });
    const subjects = [...a.sent, ...b.sent].map((m) => m.subject).sort();
    expect(subjects).toHaveLength(8);
    expect(new Set(subjects).size).toBe(8);
    const rows = await getDb().select().from(schema.outbox).where(inArray(schema.outbox.id, ids));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});
