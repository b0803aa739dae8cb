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

describe("the steps' titles in the translations (issue 30)", () => {
  it("English is the steps' own titles, word for word", async () => {
    const { resources } = await import("~/content/locales");
    const { WIZARD_STEP_LIST } = await import("./wizard-steps");
    for (const s of WIZARD_STEP_LIST) expect(resources.en.wizard.titles[s.slug as keyof typeof resources.en.wizard.titles]).toBe(s.title);
  });
});
