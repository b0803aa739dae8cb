import { describe, expect, it } from "vitest";
import { afterFailure, isDelivered, isEventForKind, WEBHOOK_RETRY_WINDOW_MS, webhookRetryDelayMs } from "./webhook-events";

describe("webhook retries", () => {
  it("back off exponentially, capped, and keep trying for at least 24 hours", () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4].map((n) => webhookRetryDelayMs(n, noJitter))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(webhookRetryDelayMs(40, noJitter)).toBe(4 * 3600_000);
    const createdAt = new Date("2026-01-01T00:00:00Z");
    let now = createdAt;
    let attempts = 0;
    for (;;) {
      attempts++;
      const next = afterFailure({ createdAt, attempts, now }, noJitter);
      if (next.giveUp) break;
      now = next.at;
    }
    expect(now.getTime() - createdAt.getTime()).toBeGreaterThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    expect(attempts).toBeLessThan(30);
  });

  it("count only a 2xx answer as delivered", () => {
    expect([200, 204, 299].every(isDelivered)).toBe(true);
    expect([null, 0, 301, 404, 500].some(isDelivered)).toBe(false);
  });

  it("offer each kind of partner only its own events", () => {
    expect(isEventForKind("lender", "application.matched")).toBe(true);
    expect(isEventForKind("lender", "application.funded")).toBe(false);
    expect(isEventForKind("referral", "application.funded")).toBe(true);
    expect(isEventForKind("referral", "application.offer_accepted")).toBe(false);
  });
});
