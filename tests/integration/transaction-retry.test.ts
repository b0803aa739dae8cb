/**
 * The transaction helper's retry policy against a real MariaDB: a deadlock between two
 * connections that lock rows in opposite order, and a lock-wait timeout, are absorbed by running
 * the losing transaction again; the attempts are bounded, other errors are never retried, and
 * every retry is reported to the listeners and the counter (what the metrics read).
 */
import { sql } from "drizzle-orm";
import mysql from "mysql2/promise";
import { afterEach, describe, expect, inject, it } from "vitest";
import {
  afterCommit,
  onTransactionRetry,
  transaction,
  TRANSACTION_RETRY,
  transactionRetryCount,
  type TransactionRetryEvent,
} from "~/platform/db/db.server";
import { getDb } from "~/platform/db/db.server";

/** Throttle counter rows serve as plain lockable rows here: keys of this test file only. */
const bucket = (name: string) => `retry-test:${name}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
async function rows(...keys: string[]) {
  for (const k of keys) await getDb().execute(sql`INSERT INTO rate_limits (bucket, window_start, hits) VALUES (${k}, UTC_TIMESTAMP(3), 0)`);
}
async function hits(key: string) {
  const [r] = (await getDb().execute(sql`SELECT hits FROM rate_limits WHERE bucket = ${key}`)) as unknown as [Array<{ hits: number }>];
  return Number(r[0]?.hits);
}

/** A promise with its resolve function, to make two transactions meet at a known point. */
function signal() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

const events: TransactionRetryEvent[] = [];
let stop = onTransactionRetry((e) => events.push(e));
afterEach(() => {
  events.length = 0;
  stop();
  stop = onTransactionRetry((e) => events.push(e));
});

describe("transaction(): retry after a lost lock conflict", () => {
  it("runs the deadlock's victim again: both transactions commit, each once, and the retry is reported", async () => {
    const [a, b] = [bucket("a"), bucket("b")];
    await rows(a, b);
    const before = transactionRetryCount();
    const holdsFirst = [signal(), signal()];
    const runs = [0, 0];
    // Transaction i locks its first row, waits until the other holds its own, then asks for the
    // other's row: a lock cycle, which InnoDB breaks by rolling one back with error 1213.
    const crossing = (i: 0 | 1, first: string, second: string) =>
      transaction(async (tx) => {
        runs[i]!++;
        await tx.execute(sql`UPDATE rate_limits SET hits = hits + 1 WHERE bucket = ${first}`);
        holdsFirst[i]!.open();
        await holdsFirst[1 - i]!.opened;
        await tx.execute(sql`UPDATE rate_limits SET hits = hits + 1 WHERE bucket = ${second}`);
        return i;
      });
    await expect(Promise.all([crossing(0, a, b), crossing(1, b, a)])).resolves.toEqual([0, 1]);
    expect(runs.sort()).toEqual([1, 2]);
    expect(events).toEqual([expect.objectContaining({ attempt: 1, code: "ER_LOCK_DEADLOCK" })]);
    expect(events[0]!.delayMs).toBeLessThanOrEqual(TRANSACTION_RETRY.baseDelayMs);
    expect(transactionRetryCount() - before).toBe(1);
    // Nothing of the rolled-back run was kept: each transaction counted once on each row.
    expect([await hits(a), await hits(b)]).toEqual([2, 2]);
  });

  it("runs a transaction again after a lock-wait timeout, once the row is free", async () => {
    const row = bucket("wait");
    await rows(row);
    const holder = await mysql.createConnection(inject("databaseUrl"));
    try {
      await holder.query("START TRANSACTION");
      await holder.query("UPDATE rate_limits SET hits = hits + 10 WHERE bucket = ?", [row]);
      // The other session gives the row up when the first attempt has timed out.
      const released = new Promise<void>((resolve) => {
        const off = onTransactionRetry(() => {
          off();
          void holder.query("COMMIT").then(() => resolve());
        });
      });
      let runs = 0;
      const out = await transaction(async (tx) => {
        runs++;
        await tx.execute(sql`SET SESSION innodb_lock_wait_timeout = 1`);
        try {
          await tx.execute(sql`UPDATE rate_limits SET hits = hits + 1 WHERE bucket = ${row}`);
        } finally {
          await tx.execute(sql`SET SESSION innodb_lock_wait_timeout = DEFAULT`);
        }
        return "done";
      });
      await released;
      expect(out).toBe("done");
      expect(runs).toBe(2);
      expect(events.map((e) => e.code)).toEqual(["ER_LOCK_WAIT_TIMEOUT"]);
      expect(await hits(row)).toBe(11);
    } finally {
      await holder.end();
    }
  });

  it("gives up after TRANSACTION_RETRY.attempts runs and never retries other errors", async () => {
    let runs = 0;
    const deadlock = Object.assign(new Error("Deadlock found when trying to get lock"), { code: "ER_LOCK_DEADLOCK", errno: 1213 });
    await expect(
      transaction(async () => {
        runs++;
        throw new Error("Failed query: update ...", { cause: deadlock });
      }),
    ).rejects.toThrow("Failed query");
    expect(runs).toBe(TRANSACTION_RETRY.attempts);
    expect(events.map((e) => e.attempt)).toEqual(Array.from({ length: TRANSACTION_RETRY.attempts - 1 }, (_, i) => i + 1));

    events.length = 0;
    runs = 0;
    const dup = await transaction(async (tx) => {
      runs++;
      const key = bucket("dup");
      await tx.execute(sql`INSERT INTO rate_limits (bucket, window_start, hits) VALUES (${key}, UTC_TIMESTAMP(3), 0)`);
      await tx.execute(sql`INSERT INTO rate_limits (bucket, window_start, hits) VALUES (${key}, UTC_TIMESTAMP(3), 0)`);
    }).catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(Error);
    expect(runs).toBe(1);

    runs = 0;
    await expect(
      transaction(
        async () => {
          runs++;
          throw deadlock;
        },
        { retry: false },
      ),
    ).rejects.toBe(deadlock);
    expect(runs).toBe(1);
    expect(events).toEqual([]);
  });

  it("runs after-commit hooks once the rows are visible to other connections, and never those of a rolled-back attempt", async () => {
    const key = bucket("hook");
    await rows(key);
    const seen: number[] = [];
    let attempt = 0;
    const deadlock = Object.assign(new Error("Deadlock found when trying to get lock"), { code: "ER_LOCK_DEADLOCK", errno: 1213 });
    await transaction(async (tx) => {
      attempt++;
      await tx.execute(sql`UPDATE rate_limits SET hits = hits + 1 WHERE bucket = ${key}`);
      // What a woken sender would read, from another connection, when the hook runs.
      const other = async () => {
        const c = await mysql.createConnection(inject("databaseUrl"));
        const [r] = (await c.query("SELECT hits FROM rate_limits WHERE bucket = ?", [key])) as unknown as [Array<{ hits: number }>];
        await c.end();
        seen.push(Number(r[0]?.hits));
      };
      afterCommit(tx, () => void other());
      if (attempt === 1) throw new Error("Failed query: update ...", { cause: deadlock });
    });
    await expect.poll(() => seen.length).toBe(1);
    // Only the committed attempt's hook ran, and it saw its own committed row.
    expect(seen).toEqual([1]);
    expect(attempt).toBe(2);
  });
});
