import { describe, expect, it } from "vitest";
import { minutesLeft } from "./wizard-steps";

describe("minutesLeft", () => {
  it("adds up the current step and the ones after it, none once submitted", () => {
    expect(minutesLeft(1)).toBe(10);
    expect(minutesLeft(5)).toBe(4);
    expect(minutesLeft(6)).toBe(1);
    expect(minutesLeft(7)).toBe(0);
  });
});
