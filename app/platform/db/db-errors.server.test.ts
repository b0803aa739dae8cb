import { describe, expect, it } from "vitest";
import {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  isLockConflict,
  lockConflictCode,
  serviceUnavailableResponse,
  withDatabase,
} from "./db-errors.server";
import { MSG } from "~/content/messages";

const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises connection-level failures, also when wrapped (drizzle puts the driver's error in `cause`)", () => {
    for (const code of ["ECONNREFUSED", "ETIMEDOUT", "PROTOCOL_CONNECTION_LOST", "ER_CON_COUNT_ERROR", "ER_SERVER_SHUTDOWN"]) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
      expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: coded(code) })), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new DatabaseUnavailableError("no answer"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Queue limit reached."))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([coded("ECONNREFUSED")], "connect failed"))).toBe(true);
  });

  it("does not mistake an ordinary query failure for an outage", () => {
    for (const code of ["ER_DUP_ENTRY", "ER_NO_SUCH_TABLE", "ER_PARSE_ERROR", "ER_BAD_DB_ERROR", "ER_LOCK_DEADLOCK"]) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});

describe("withDatabase", () => {
  it("turns an outage into a 503 JSON response with Retry-After, and passes anything else through", async () => {
    const thrown = await withDatabase(() => Promise.reject(coded("ECONNREFUSED"))).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const res = thrown as Response;
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ message: MSG.serviceUnavailable });

    const other = coded("ER_DUP_ENTRY");
    await expect(withDatabase(() => Promise.reject(other))).rejects.toBe(other);
    await expect(withDatabase(async () => 42)).resolves.toBe(42);
    expect(serviceUnavailableResponse("custom").status).toBe(503);
  });
});

describe("lockConflictCode / isLockConflict", () => {
  it("recognises a deadlock (1213) and a lock-wait timeout (1205) by code or errno, also wrapped by drizzle", () => {
    expect(lockConflictCode(coded("ER_LOCK_DEADLOCK"))).toBe("ER_LOCK_DEADLOCK");
    expect(lockConflictCode(coded("ER_LOCK_WAIT_TIMEOUT"))).toBe("ER_LOCK_WAIT_TIMEOUT");
    expect(lockConflictCode(Object.assign(new Error("x"), { errno: 1213 }))).toBe("ER_LOCK_DEADLOCK");
    expect(lockConflictCode(Object.assign(new Error("x"), { errno: 1205 }))).toBe("ER_LOCK_WAIT_TIMEOUT");
    expect(isLockConflict(new Error("Failed query: update x", { cause: coded("ER_LOCK_DEADLOCK") }))).toBe(true);
  });

  it("leaves other failures alone (they are not safe or useful to retry)", () => {
    for (const code of ["ER_DUP_ENTRY", "ECONNREFUSED", "DB_TIMEOUT", "ER_PARSE_ERROR"])
      expect(isLockConflict(coded(code)), code).toBe(false);
    expect(isLockConflict(new DatabaseUnavailableError("no answer"))).toBe(false);
    expect(isLockConflict(new Error("Deadlock found when trying to get lock"))).toBe(false);
    expect(isLockConflict(null)).toBe(false);
  });
});

describe("isDatabaseUnavailable on a Galera cluster and during a fail-over", () => {
  const server = (code: string, errno: number, message: string) => Object.assign(new Error(message), { code, errno });
  it("counts a node that is not ready, a commit it could not replicate and a lost connection as unavailable (503)", () => {
    const cases = [
      server("ER_UNKNOWN_COM_ERROR", 1047, "WSREP has not yet prepared node for application use"),
      server("ER_ERROR_DURING_COMMIT", 1180, 'Got error 6 "No such device or address" during COMMIT'),
      server("ER_LOCK_WSREP_CONFLICT", 1213, "WSREP detected deadlock/conflict and aborted the transaction"),
      Object.assign(new Error("Lost connection to server during query"), { errno: 2013 }),
      Object.assign(new Error("Server has gone away"), { errno: 2006 }),
      new Error("WSREP has not yet prepared node for application use"),
      server(
        "ER_OPTION_PREVENTS_STATEMENT",
        1290,
        "The MySQL server is running with the --super-read-only option so it cannot execute this statement",
      ),
    ];
    for (const e of cases) {
      expect(isDatabaseUnavailable(e), e.message).toBe(true);
      expect(isDatabaseUnavailable(new Error("Failed query: commit", { cause: e })), e.message).toBe(true);
    }
  });

  it("leaves a certification failure reported as an ordinary deadlock (1213) to the transaction's retry", () => {
    expect(
      isDatabaseUnavailable(server("ER_LOCK_DEADLOCK", 1213, "Deadlock found when trying to get lock; try restarting transaction")),
    ).toBe(false);
    expect(isDatabaseUnavailable(server("ER_LOCK_WAIT_TIMEOUT", 1205, "Lock wait timeout exceeded"))).toBe(false);
    expect(
      isDatabaseUnavailable(
        server("ER_OPTION_PREVENTS_STATEMENT", 1290, "The MariaDB server is running with the --secure-file-priv option"),
      ),
    ).toBe(false);
  });
});
