import { describe, expect, it } from "vitest";
import { databaseDownInThisRequest, markDatabaseDown, outsideRequestScope, runInRequestScope } from "./request-scope.server";

describe("request scope", () => {
  it("remembers a database failure for the rest of the request only", async () => {
    const down = new Error("no answer");
    await runInRequestScope(async () => {
      expect(databaseDownInThisRequest()).toBeNull();
      markDatabaseDown(down);
      await new Promise((r) => setTimeout(r, 1));
      expect(databaseDownInThisRequest()).toBe(down);
      // Background work started by the request does not inherit it.
      const seen = await new Promise((resolve) => outsideRequestScope(() => setImmediate(() => resolve(databaseDownInThisRequest()))));
      expect(seen).toBeNull();
    });
    // The next request starts afresh; outside any request nothing is remembered.
    await runInRequestScope(async () => expect(databaseDownInThisRequest()).toBeNull());
    markDatabaseDown(down);
    expect(databaseDownInThisRequest()).toBeNull();
  });
});
