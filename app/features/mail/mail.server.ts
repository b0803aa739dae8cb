/**
 * E-mail: nodemailer over SMTP when SMTP_URL is set; otherwise each message is saved as an .eml
 * file in `${DATA_DIR}/outbox/` so a developer can open it. The outbox worker claims due rows with
 * a lease, sends them, marks them sent, and retries failures with exponential backoff: an e-mail
 * written to the outbox is never lost (after MAX_ATTEMPTS it stays in the table as 'failed').
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { claimDueEmails, markEmailFailed, markEmailSent, releaseEmails, type OutboxRow } from "~/platform/outbox/outbox-queue.server";
import { backgroundWorker } from "~/platform/background-worker.server";
import { decodeAttachments } from "~/platform/outbox/outbox.server";
import { getEnv } from "~/platform/env.server";
import { describeError, log } from "~/platform/observability/log.server";
import { recordOutboxFailure, recordOutboxSent } from "~/platform/observability/metrics.server";

export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  messageId?: string;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
};
export type MailTransport = { name: string; send: (message: MailMessage, fileStem: string) => Promise<void> };

export const OUTBOX_LEASE_MS = 2 * 60_000;
/** E-mails claimed per pass of the sender. */
const OUTBOX_BATCH = 20;
export const OUTBOX_MAX_ATTEMPTS = 20;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** 30 s, 1 min, 2 min, ... capped at 1 hour, with up to 10% jitter so servers spread out. */
export function retryDelayMs(attempts: number, random = Math.random) {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + random() * 0.1));
}

export function outboxDir() {
  return path.join(getEnv().DATA_DIR, "outbox");
}

function fileTransport(): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    name: "file",
    async send(message, fileStem) {
      const info = await composer.sendMail(message);
      const dir = outboxDir();
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      // Same name on a retry (overwrites, never duplicates); written whole, then renamed.
      const final = path.join(dir, `${fileStem}.eml`);
      const tmp = `${final}.${randomBytes(4).toString("hex")}.tmp`;
      await fs.writeFile(tmp, info.message as Buffer, { mode: 0o600 });
      await fs.rename(tmp, final);
    },
  };
}

function smtpTransport(url: string): MailTransport {
  const t = nodemailer.createTransport(url);
  return {
    name: "smtp",
    async send(message) {
      await t.sendMail(message);
    },
  };
}

let cachedTransport: MailTransport | undefined;
export function getMailTransport(): MailTransport {
  const env = getEnv();
  cachedTransport ??= env.SMTP_URL ? smtpTransport(env.SMTP_URL) : fileTransport();
  return cachedTransport;
}

const workerId = `${os.hostname().slice(0, 30)}:${process.pid}`;

function toMessage(row: OutboxRow): MailMessage {
  return {
    from: getEnv().MAIL_FROM,
    to: row.toEmail,
    subject: row.subject,
    text: row.bodyText,
    // Both parts (multipart/alternative); a row queued before HTML existed goes as text only.
    html: row.bodyHtml ?? undefined,
    // The files kept with the row (the signed offer summary), attached as they were queued.
    ...(row.attachments
      ? {
          attachments: decodeAttachments(row.attachments).map((f) => ({
            filename: f.filename,
            contentType: f.contentType,
            content: Buffer.from(f.content),
          })),
        }
      : {}),
    messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${getEnv().MAIL_FROM.replace(/^.*@/, "").replace(/>.*$/, "") || "localhost"}>`,
  };
}

export const emlFileStem = (row: Pick<OutboxRow, "id" | "kind">) =>
  `${String(row.id).padStart(8, "0")}-${row.kind.replace(/[^a-z0-9_-]/gi, "")}`;

/**
 * One pass: claims due rows (optionally only `ids`), sends each, marks it. Returns how many were
 * sent and how many failed. `now` and `transport` are for tests; `stopping` says the server is
 * shutting down (the rows not yet begun are released).
 */
export async function drainOutboxOnce(
  opts: { now?: Date; transport?: MailTransport; ids?: number[]; limit?: number; stopping?: () => boolean } = {},
) {
  const now = opts.now ?? new Date();
  const transport = opts.transport ?? getMailTransport();
  const token = `${workerId}:${randomBytes(6).toString("hex")}`;
  const rows = await claimDueEmails({ token, now, leaseMs: OUTBOX_LEASE_MS, limit: opts.limit ?? OUTBOX_BATCH, ids: opts.ids });
  let sent = 0;
  let failed = 0;
  for (const [i, row] of rows.entries()) {
    // The server is stopping: the rows not begun go back to the queue now, not when their lease ends.
    if (opts.stopping?.()) {
      await releaseEmails(
        rows.slice(i).map((r) => r.id),
        token,
      );
      break;
    }
    try {
      await transport.send(toMessage(row), emlFileStem(row));
    } catch (e) {
      failed++;
      await recordFailedAttempt(row, token, e, opts.now);
      continue;
    }
    // Sent: from here nothing counts as a failed attempt (that would send it again).
    try {
      await markEmailSent(row.id, token, opts.now ?? new Date());
    } catch (e) {
      log.error(
        { outboxId: row.id, kind: row.kind, error: describeError(e), reqId: row.requestId ?? undefined },
        `[outbox] e-mail ${row.id} (${row.kind}) sent but not marked sent: ${describeError(e)}; its lease ends in ${OUTBOX_LEASE_MS} ms`,
      );
    }
    sent++;
    recordOutboxSent();
    // The id of the request that queued it: the access log line of that request has the same reqId.
    log.info(
      { outboxId: row.id, kind: row.kind, attempts: row.attempts + 1, reqId: row.requestId ?? undefined },
      `[outbox] e-mail ${row.id} (${row.kind}) sent`,
    );
  }
  return { sent, failed };
}

/** A send that failed: counted, and the row scheduled again (or given up after OUTBOX_MAX_ATTEMPTS). */
async function recordFailedAttempt(row: OutboxRow, token: string, e: unknown, now?: Date) {
  const attempts = row.attempts + 1;
  const giveUp = attempts >= OUTBOX_MAX_ATTEMPTS;
  const at = now ?? new Date();
  await markEmailFailed(row.id, token, {
    nextAttemptAt: new Date(at.getTime() + retryDelayMs(attempts)),
    error: describeError(e),
    giveUp,
  });
  recordOutboxFailure(giveUp);
  log.error(
    { outboxId: row.id, kind: row.kind, attempts, gaveUp: giveUp, error: describeError(e), reqId: row.requestId ?? undefined },
    `[outbox] e-mail ${row.id} (${row.kind}) attempt ${attempts} failed${giveUp ? ", giving up" : ", will retry"}: ${describeError(e)}`,
  );
}

const worker = backgroundWorker("outbox", async (stopping) => {
  const { sent, failed } = await drainOutboxOnce({ stopping });
  return { full: sent + failed >= OUTBOX_BATCH };
});

/** Starts the background sender (every `intervalMs`, and at once). Idempotent. */
export const startOutboxWorker = (intervalMs = 5_000) => worker.start(intervalMs);

/** Stops it; resolves once the e-mail being sent is sent and the rows not begun are handed back. */
export const stopOutboxWorker = () => worker.stop();

/** Asks the running worker to look at the outbox now (after a commit that queued an e-mail). */
export const kickOutbox = () => worker.wake();
