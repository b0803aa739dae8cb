/**
 * MySQL fails in the middle of a submission. A MariaDB of this file's own is killed (SIGKILL) or
 * frozen (SIGSTOP) while the submit transaction is half done: the applicant has been inserted, the
 * application and its events too, and the transaction is waiting to queue the confirmation e-mail
 * (the test holds the outbox table locked so it waits right there). Afterwards no partial rows
 * remain, the applicant's draft is intact, and submitting again works: exactly one application
 * with one 'submitted' event and one confirmation e-mail.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RowDataPacket } from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";
import { startMariaDb, type ThrowawayMariaDb } from "../support/mariadb";
import { startAppServer, type AppServer } from "../support/server";
import { fillStepsOverHttp, LOAN } from "../support/wizard";

const DATABASE = "lm_fault";
const DB_TIMEOUT_MS = 3000;
const REVIEW = { agreeTerms: "on", authorizeCredit: "on", intent: "continue" };

let db: ThrowawayMariaDb;
let app: AppServer;
let dataDir: string;

beforeAll(async () => {
  db = await startMariaDb({ name: "fault" });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lm-fault-"));
  app = await startAppServer({
    name: "fault-submit",
    env: { DATABASE_URL: `${db.serverUrl}/${DATABASE}`, DATA_DIR: dataDir, DB_TIMEOUT_MS: String(DB_TIMEOUT_MS) },
  });
});

afterAll(async () => {
  await app?.stop();
  await db?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const conn = await db.connect(DATABASE);
  try {
    const [r] = await conn.query<RowDataPacket[]>(sql, params);
    return r as T[];
  } finally {
    await conn.end();
  }
}

/** A visitor at the review step with steps 1-5 done; returns the client, e-mail and form key. */
async function atReview() {
  const email = uniqueEmail("fault");
  const { client } = await fillStepsOverHttp(new Client(app.origin), email, TEST_PASSWORD);
  expect((await client.fetch("/apply/documents", { form: { intent: "continue" } })).status).toBe(302);
  const page = await client.fetch("/apply/review");
  expect(page.status).toBe(200);
  const submitKey = /name="submitKey" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(submitKey).toBeTruthy();
  const draftId = Number(submitKey!.split(".")[0]);
  return { client, email, submitKey: submitKey!, draftId };
}

/**
 * Holds the gap after the outbox's last row (an open transaction's locking read), so a new outbox
 * row waits, and starts the submit; resolves once the submit transaction is waiting there, i.e.
 * after it wrote the user, the application and the events. (Not LOCK TABLES: the outbox has a
 * foreign key to users, so a table lock on it would stop the user's insert too.)
 */
async function submitStuckBeforeOutbox(client: Client, submitKey: string) {
  const locker = await db.connect(DATABASE);
  await locker.query("START TRANSACTION");
  await locker.query("SELECT id FROM outbox WHERE id > (SELECT COALESCE(MAX(id), 0) FROM outbox) FOR UPDATE");
  const response = client.fetch("/apply/review", { form: { ...REVIEW, submitKey } });
  const watcher = await db.connect(DATABASE);
  try {
    for (let i = 0; ; i++) {
      // SHOW FULL PROCESSLIST, not a poll of information_schema.PROCESSLIST: MariaDB 10.11.19
      // crashed once under such a poll (tests/security/mfa-race.test.ts says how).
      const [threads] = await watcher.query<RowDataPacket[]>("SHOW FULL PROCESSLIST");
      if (threads.some((t) => /^insert into `outbox`/i.test(String(t.Info ?? "")))) break;
      if (i > 100) throw new Error("the submit never reached the outbox insert");
      await new Promise((r) => setTimeout(r, 30));
    }
    // The half-done transaction holds the new applicant and application (not committed).
    const [inTx] = await watcher.query<RowDataPacket[]>(
      "SELECT COUNT(*) AS n FROM information_schema.INNODB_TRX WHERE trx_rows_modified >= 3",
    );
    expect(Number(inTx[0]!.n)).toBeGreaterThanOrEqual(1);
  } finally {
    await watcher.end();
  }
  return { response, locker };
}

async function expectNothingPartial(email: string, draftId: number) {
  expect(await rows("SELECT id FROM users WHERE email = ?", [email])).toEqual([]);
  expect(await rows("SELECT id FROM loan_applications WHERE draft_id = ?", [draftId])).toEqual([]);
  expect(await rows("SELECT id FROM outbox WHERE to_email = ?", [email])).toEqual([]);
  // The draft is intact: not submitted, every step's data still there.
  const [draft] = await rows<{ data: string | Record<string, unknown>; submitted_at: Date | null; loan_application_id: number | null }>(
    "SELECT data, submitted_at, loan_application_id FROM application_drafts WHERE id = ?",
    [draftId],
  );
  expect(draft).toBeDefined();
  expect(draft!.submitted_at).toBeNull();
  expect(draft!.loan_application_id).toBeNull();
  const data = (typeof draft!.data === "string" ? JSON.parse(draft!.data) : draft!.data) as Record<string, Record<string, unknown>>;
  expect(String(data.loan?.amount)).toBe(LOAN.amount);
  expect(data.owner?.email).toBe(email);
  expect(data.address).toBeTruthy();
  expect(data.finances).toBeTruthy();
}

/** Every submitted application in the database has exactly one 'submitted' event and one confirmation. */
async function expectConsistent() {
  const bad = await rows(
    `SELECT a.id,
            (SELECT COUNT(*) FROM application_events e WHERE e.application_id = a.id AND e.type = 'submitted') AS events,
            (SELECT COUNT(*) FROM outbox o WHERE o.to_email = u.email AND o.kind = 'application_submitted' AND o.subject LIKE CONCAT('%', a.application_id)) AS mails
       FROM loan_applications a JOIN users u ON u.id = a.user_id
      WHERE a.status = 'submitted'
     HAVING events <> 1 OR mails <> 1`,
  );
  expect(bad).toEqual([]);
}

async function submitAgain(client: Client, submitKey: string, email: string) {
  const res = await client.fetch("/apply/review", { form: { ...REVIEW, submitKey } });
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/apply/submitted");
  const apps = await rows<{ application_id: string; status: string }>(
    "SELECT a.application_id, a.status FROM loan_applications a JOIN users u ON u.id = a.user_id WHERE u.email = ?",
    [email],
  );
  expect(apps).toHaveLength(1);
  expect(apps[0]!.status).toBe("submitted");
  expect(await rows("SELECT id FROM outbox WHERE to_email = ? AND kind = 'application_submitted'", [email])).toHaveLength(1);
  const page = await client.fetch("/apply/submitted");
  expect(await page.text()).toContain(apps[0]!.application_id);
  await expectConsistent();
}

describe("MySQL killed in the middle of a submit", () => {
  it("commits nothing, keeps the draft, and the same submit succeeds after the restart", async () => {
    const { client, email, submitKey, draftId } = await atReview();
    const { response } = await submitStuckBeforeOutbox(client, submitKey);

    await db.kill();
    const res = await response;
    // A lost database is "try again shortly", not a failed submission.
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await res.text()).toMatch(/temporarily unavailable/i);

    await db.start();
    await expectNothingPartial(email, draftId);
    await expectConsistent();

    // The app recovers by itself and the applicant can simply submit again.
    await submitAgain(client, submitKey, email);
    expect(app.exited()).toBe(false);
  });
});

describe("MySQL frozen in the middle of a submit", () => {
  it("gives up at the deadline, commits nothing once MySQL resumes, and the submit then succeeds", async () => {
    const { client, email, submitKey, draftId } = await atReview();
    const { response, locker } = await submitStuckBeforeOutbox(client, submitKey);

    db.stop();
    const started = Date.now();
    const res = await response;
    // The action's query gives up at the deadline; the answer's page then needs the root loader's
    // session read, which gives up at the deadline too (-> the 503 page).
    expect(Date.now() - started).toBeLessThan(2 * DB_TIMEOUT_MS + 1500);
    expect([500, 503]).toContain(res.status);

    db.resume();
    await locker.query("ROLLBACK");
    await locker.end();
    await expectNothingPartial(email, draftId);
    await expectConsistent();
    await submitAgain(client, submitKey, email);
    expect(app.exited()).toBe(false);
  });
});
