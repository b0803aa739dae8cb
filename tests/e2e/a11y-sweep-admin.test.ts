/**
 * The accessibility sweep, the back office and the lender workspace: the admin list, details, offers,
 * documents, lenders and partners, the lender queue and application, with their error states, with JavaScript on and off, at
 * 375 px and 1280 px (tests/support/a11y-sweep.ts has the inventory). Fails on any axe violation,
 * on sideways scroll on a phone, and on any audit that could not run.
 */
import { describe, expect, it } from "vitest";
import { inventory, seed, sweepAll } from "../support/a11y-sweep";
import { setupBrowser } from "../support/browser";

const b = setupBrowser();

describe("accessibility sweep: the back office and the lender workspace", () => {
  it("no violation and no sideways scroll on a phone, on any page or state, with JavaScript on and off", async () => {
    const s = await seed();
    const states = inventory(s).filter((st) => ["admin", "lender"].includes(st.as));
    expect(states.length).toBeGreaterThan(0);
    expect(await sweepAll(b, states, s)).toEqual([]);
  }, 600_000);
});
