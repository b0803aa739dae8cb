import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, isDatabaseUnavailable, serviceUnavailableResponse, withDatabase } from "./db-errors.server";
import { MSG } from "./messages";

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
