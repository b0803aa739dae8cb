import { describe, expect, it } from "vitest";
import { getStatusDisplay, humanize, normalizeStatus } from "./status-display";
import { formatAmount, formatSubmittedDate } from "~/ui/format";

describe("getStatusDisplay", () => {
  it("shows 'submitted' like pending: yellow with the 24-48 hours message", () => {
    const submitted = getStatusDisplay("submitted");
    const pending = getStatusDisplay("pending");
    expect(submitted.badgeClass).toBe(pending.badgeClass);
    expect(submitted.badgeClass).toContain("yellow");
    expect(submitted.nextSteps).toBe(pending.nextSteps);
    expect(submitted.nextSteps).toContain("24-48 hours");
  });

  it.each(["under-review", "under review", "UNDER REVIEW", " Under_Review "])("reads %j as under review (blue)", (s) => {
    const d = getStatusDisplay(s);
    expect(d.label).toBe("Under Review");
    expect(d.badgeClass).toContain("blue");
    expect(d.nextSteps).toContain("additional documentation");
  });

  it("is case-insensitive for every known status", () => {
    expect(getStatusDisplay("APPROVED").label).toBe("Approved");
    expect(getStatusDisplay("Pending").badgeClass).toContain("yellow");
    expect(getStatusDisplay("Rejected").badgeClass).toContain("red");
  });

  it("approved is green with congratulations; rejected is red with the reapply period", () => {
    expect(getStatusDisplay("approved").badgeClass).toContain("green");
    expect(getStatusDisplay("approved").nextSteps).toMatch(/^Congratulations!.*e-mail for funding details/);
    expect(getStatusDisplay("rejected").nextSteps).toContain("reapply after 60-90 days");
  });

  it("shows any other status grey, with its name and no next steps", () => {
    const d = getStatusDisplay("on-hold");
    expect(d.label).toBe("On Hold");
    expect(d.badgeClass).toContain("slate");
    expect(d.nextSteps).toBeNull();
    expect(getStatusDisplay("").label).toBe("Unknown");
  });
});

describe("formatting", () => {
  it("normalises statuses", () => {
    expect(normalizeStatus(" Under  Review ")).toBe("under-review");
  });

  it("shows purposes with hyphens as spaces", () => {
    expect(humanize("working-capital")).toBe("Working Capital");
    expect(humanize("commercial-real-estate")).toBe("Commercial Real Estate");
  });

  it("shows amounts with thousands separators", () => {
    expect(formatAmount(25000)).toBe("$25,000");
    expect(formatAmount(1234567)).toBe("$1,234,567");
    expect(formatAmount(25000.5)).toBe("$25,000.50");
  });

  it("formats the submitted date in US Eastern time, the same on any machine", () => {
    expect(formatSubmittedDate("2026-11-22T15:00:00.000Z")).toBe("November 22, 2026");
    // 02:00 UTC is still the previous evening in New York.
    expect(formatSubmittedDate("2026-11-23T02:00:00.000Z")).toBe("November 22, 2026");
    expect(formatSubmittedDate("not a date")).toBe("");
  });
});
