/** The "public" namespace's English words of the status lookup are the domain's own (they are retyped: content imports no feature code). */
import { describe, expect, it } from "vitest";
import { APPLICATION_STAGES } from "~/content/enums";
import { resources } from "~/content/locales";
import { stageWords } from "~/features/applications/domain/loan-lifecycle";
import { getStatusDisplay, STATUS_TIMELINE } from "~/features/applications/domain/status-display";

const en = resources.en.public;

describe("public namespace: English status words", () => {
  it("each stage's label, summary and next steps are loan-lifecycle.ts's", () => {
    for (const s of APPLICATION_STAGES) {
      const w = stageWords(s);
      expect(en.stages[s], s).toEqual({ label: w.label, summary: w.summary, next: w.next });
    }
  });
  it("the typical timeline and the approved status are status-display.ts's", () => {
    expect(Object.values(en.status.timeline)).toEqual(STATUS_TIMELINE.map((t) => t.step));
    expect(Object.values(en.status.timelineTimes)).toEqual(STATUS_TIMELINE.map((t) => t.time));
    expect(en.statuses.approved).toBe(getStatusDisplay("approved").label);
    expect(en.statuses.approvedNext).toBe(getStatusDisplay("approved").nextSteps);
    expect(en.statuses.underReview).toBe(getStatusDisplay("under-review").label);
    expect(en.statuses.pending).toBe(getStatusDisplay("pending").label);
  });
});
