import { describe, expect, it } from "vitest";
import { progressSteps } from "./progress";

const at = (m: number) => new Date(Date.UTC(2025, 0, 1, 0, m)).toISOString();
const states = (status: string, history: Parameters<typeof progressSteps>[0]["history"] = []) =>
  progressSteps({ status, submittedAt: at(0), history }).map((s) => s.state);

describe("progressSteps", () => {
  it("submitted: step 1 done, review is next", () => {
    expect(states("submitted")).toEqual(["complete", "current", "upcoming", "upcoming"]);
    expect(states("pending")).toEqual(["complete", "current", "upcoming", "upcoming"]);
  });
  it("under review: two steps done, the decision is next", () => {
    expect(states("under-review")).toEqual(["complete", "complete", "current", "upcoming"]);
  });
  it("approved: decided, funding is next", () => {
    const s = progressSteps({
      status: "approved",
      submittedAt: at(0),
      history: [
        { type: "status_changed", toStatus: "under-review", at: at(5) },
        { type: "status_changed", toStatus: "approved", at: at(9) },
      ],
    });
    expect(s.map((x) => x.state)).toEqual(["complete", "complete", "complete", "current"]);
    expect(s[1]!.at).toBe(at(5));
    expect(s[2]).toMatchObject({ detail: "Approved", at: at(9) });
  });
  it("rejected: the decision shows, funding does not apply", () => {
    const s = progressSteps({
      status: "rejected",
      submittedAt: at(0),
      history: [{ type: "status_changed", toStatus: "rejected", at: at(3) }],
    });
    expect(s.map((x) => x.state)).toEqual(["complete", "complete", "complete", "skipped"]);
    expect(s[2]).toMatchObject({ detail: "Rejected", at: at(3) });
  });
  it("a decision taken back (approved -> submitted) shows the current status, not the past", () => {
    expect(
      states("submitted", [
        { type: "status_changed", toStatus: "approved", at: at(1) },
        { type: "status_changed", toStatus: "submitted", at: at(2) },
      ]),
    ).toEqual(["complete", "current", "upcoming", "upcoming"]);
  });
});
