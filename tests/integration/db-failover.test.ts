/**
 * Several database hosts, one writer at a time (models/db-cluster.server.ts): the pool writes to
 * the first host that answers, passes over a closed port at once and a host that never answers
 * within the connect deadline, moves on when its writer is lost, and returns to the first host
 * once that one answers again. The "hosts" are TCP relays on 127.0.0.1 in front of the run's
 * MariaDB, which the test can cut and restore; the queries are real.
 */
import net from "node:net";
import { inject, afterAll, afterEach, describe, expect, it } from "vitest";
import { createAppPool, type AppPool } from "~/platform/db/db.server";
import { FailoverPool } from "~/platform/db/db-cluster.server";
import { DatabaseUnavailableError } from "~/platform/db/db-errors.server";
import { databaseTargets } from "~/platform/db/database-url.server";
import { freePort } from "../support/processes";

const upstream = new URL(inject("databaseUrl"));
const database = upstream.pathname.slice(1);

/** A TCP relay to the run's MariaDB that can refuse (down), swallow (frozen) or relay (up). */
async function relay() {
  const sockets = new Set<net.Socket>();
  let mode: "up" | "down" | "frozen" = "up";
  let accepted = 0;
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    if (mode === "down") return client.destroy();
    if (mode === "frozen") return; // accepts, never answers (a stopped process, a black hole)
    accepted++;
    const to = net.connect(Number(upstream.port || 3306), upstream.hostname);
    sockets.add(to);
    to.on("close", () => sockets.delete(to));
    to.on("error", () => client.destroy());
    client.on("close", () => to.destroy());
    to.on("close", () => client.destroy());
    client.pipe(to).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `mysql://${upstream.username || "root"}@127.0.0.1:${port}/${database}`,
    accepted: () => accepted,
    set(m: "up" | "down" | "frozen") {
      mode = m;
      // A host that goes down or freezes drops what it had (a killed server's sockets close).
      if (m !== "up") for (const s of sockets) s.destroy();
    },
    close: () => new Promise<void>((r) => (server.close(() => r()), sockets.forEach((s) => s.destroy()))),
  };
}

const env = (o: Partial<Record<string, number | boolean>> = {}) => ({
  DB_TIMEOUT_MS: 5000,
  DB_CONNECT_TIMEOUT_MS: 500,
  DB_POOL_SIZE: 2,
  DB_QUEUE_LIMIT: 10,
  NODE_ENV: "test",
  DB_FAILBACK_MS: 300,
  DB_CAUSAL_READS: true,
  ...o,
});

const pools: AppPool[] = [];
const relays: Array<Awaited<ReturnType<typeof relay>>> = [];
afterEach(async () => {
  for (const p of pools.splice(0)) await p.end();
});
afterAll(async () => {
  for (const r of relays.splice(0)) await r.close();
});

async function whoAnswers(pool: AppPool) {
  const [rows] = (await pool.query("SELECT DATABASE() AS db")) as unknown as [Array<{ db: string }>];
  return rows[0]!.db;
}

describe("an ordered list of database hosts", () => {
  it("reads the list from DATABASE_URL (multi-host) or DATABASE_HOSTS, in order", () => {
    expect(databaseTargets("mysql://u:p%40ss@db1:3306,db2,db3:3307/app?ssl=1")).toEqual([
      "mysql://u:p%40ss@db1:3306/app?ssl=1",
      "mysql://u:p%40ss@db2/app?ssl=1",
      "mysql://u:p%40ss@db3:3307/app?ssl=1",
    ]);
    expect(databaseTargets("mysql://root@ignored:3306/app", "10.0.0.1:3306, 10.0.0.2:3306")).toEqual([
      "mysql://root@10.0.0.1:3306/app",
      "mysql://root@10.0.0.2:3306/app",
    ]);
    expect(() => databaseTargets("mysql://root@db1,db1/app")).toThrow(/twice/);
    expect(() => databaseTargets("mysql://root@db1:notaport/app")).toThrow(/host or host:port/);
  });

  it("the first host is a closed port: queries go to the second at once", async () => {
    const closed = `mysql://root@127.0.0.1:${await freePort()}/${database}`;
    const second = await relay();
    relays.push(second);
    const pool = createAppPool([closed, second.url], env());
    pools.push(pool);
    const started = Date.now();
    expect(await whoAnswers(pool)).toBe(database);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((pool as FailoverPool).currentHost()).toBe(new URL(second.url).host);
  });

  it("a host that accepts but never answers is passed over after the connect deadline, not the query deadline", async () => {
    const frozen = await relay();
    const second = await relay();
    relays.push(frozen, second);
    frozen.set("frozen");
    const pool = createAppPool([frozen.url, second.url], env({ DB_CONNECT_TIMEOUT_MS: 400, DB_TIMEOUT_MS: 5000 }));
    pools.push(pool);
    const started = Date.now();
    expect(await whoAnswers(pool)).toBe(database);
    expect(Date.now() - started).toBeLessThan(2500);
    expect((pool as FailoverPool).currentHost()).toBe(new URL(second.url).host);
  });

  it("writes go to the first host; when it is lost they move to the next, and come back once it answers again", async () => {
    const first = await relay();
    const second = await relay();
    relays.push(first, second);
    const pool = createAppPool([first.url, second.url], env({ DB_FAILBACK_MS: 300 }));
    pools.push(pool);
    const fp = pool as FailoverPool;

    await whoAnswers(pool);
    expect(fp.currentHost()).toBe(new URL(first.url).host);
    expect(second.accepted()).toBe(0);

    // The writer dies with a transaction open on it: that transaction fails as "unavailable"
    // (503) and is rolled back with its connection; the next request goes to the second host.
    const conn = await pool.getConnection();
    await conn.query("START TRANSACTION");
    first.set("down");
    const lost = await conn.query("SELECT 1").catch((e: unknown) => e);
    conn.release();
    expect(lost).toBeInstanceOf(DatabaseUnavailableError);
    expect(await whoAnswers(pool)).toBe(database);
    expect(fp.currentHost()).toBe(new URL(second.url).host);

    // Still down after the fail-back pause: the second host keeps the traffic.
    await new Promise((r) => setTimeout(r, 350));
    expect(await whoAnswers(pool)).toBe(database);
    expect(fp.currentHost()).toBe(new URL(second.url).host);

    // Back: after the pause the first host, first in the list, takes the traffic again.
    first.set("up");
    await new Promise((r) => setTimeout(r, 350));
    const before = first.accepted();
    expect(await whoAnswers(pool)).toBe(database);
    expect(fp.currentHost()).toBe(new URL(first.url).host);
    expect(first.accepted()).toBeGreaterThan(before);
  });

  it("no host answers: one DatabaseUnavailableError (503) within the deadline", async () => {
    const a = `mysql://root@127.0.0.1:${await freePort()}/${database}`;
    const b = `mysql://root@127.0.0.1:${await freePort()}/${database}`;
    const pool = createAppPool([a, b], env());
    pools.push(pool);
    await expect(pool.query("SELECT 1")).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });
});
