import { afterEach, describe, expect, it } from "vitest";
import { leadParams, metaPixelBootstrap, trackEvent } from "./analytics";

const g = globalThis as unknown as { window?: Record<string, unknown> };

afterEach(() => {
  delete g.window;
});

describe("analytics", () => {
  it("does nothing on the server", () => {
    expect(() => trackEvent("Lead", leadParams(1000))).not.toThrow();
  });

  it("always records the event in window.dataLayer, without a pixel", () => {
    g.window = {};
    trackEvent("InitiateCheckout", { content_name: "business loan application" });
    trackEvent("Lead", leadParams(25000));
    expect(g.window.dataLayer).toEqual([
      { event: "InitiateCheckout", content_name: "business loan application" },
      { event: "Lead", content_name: "business loan application", value: 25000, currency: "USD" },
    ]);
  });

  it("also calls the Meta pixel when it is loaded, and survives a broken one", () => {
    const calls: unknown[][] = [];
    g.window = { fbq: (...args: unknown[]) => calls.push(args) };
    trackEvent("Lead", leadParams(40000));
    expect(calls).toEqual([["track", "Lead", { content_name: "business loan application", value: 40000, currency: "USD" }]]);
    g.window = {
      fbq: () => {
        throw new Error("blocked");
      },
    };
    expect(() => trackEvent("Lead", leadParams(1))).not.toThrow();
    expect(g.window.dataLayer).toHaveLength(1);
  });

  it("builds the pixel bootstrap with the id as a quoted string of digits only", () => {
    const js = metaPixelBootstrap("1234567890");
    expect(js).toContain(`fbq('init',"1234567890")`);
    expect(metaPixelBootstrap(`1"};alert(1)//`)).toContain(`fbq('init',"11")`);
  });
});
