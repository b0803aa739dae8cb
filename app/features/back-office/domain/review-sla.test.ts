import { describe, expect, it } from "vitest";
import { formatAge, reviewSla } from "./review-sla";

const H = 3600 * 1000;
const now = new Date("2026-11-20T12:00:00Z");
const ago = (h: number) => new Date(now.getTime() - h * H);

describe("review SLA", () => {
  it("formats ages in days and hours", () => {
    expect(formatAge(10 * 60 * 1000)).toBe("under 1 h");
    expect(formatAge(5 * H)).toBe("5 h");
    expect(formatAge(48 * H)).toBe("2 d");
    expect(formatAge(53 * H)).toBe("2 d 5 h");
  });

  it("is on time within 48 h of submission and 24 h of the last action", () => {
    expect(reviewSla(ago(47), ago(23), now)).toEqual({ sinceSubmitted: "1 d 23 h", sinceLastAction: "23 h", overdue: false });
  });

  it("is overdue past 48 h since submission, or 24 h untouched", () => {
    expect(reviewSla(ago(49), ago(1), now).overdue).toBe(true);
    expect(reviewSla(ago(30), ago(25), now).overdue).toBe(true);
    // No action yet: the submission is the last action.
    expect(reviewSla(ago(25), null, now)).toMatchObject({ sinceLastAction: "1 d 1 h", overdue: true });
  });
});
