/**
 * The four progress steps of an application on the dashboard, derived from its status and its
 * history (when it was submitted, put under review, decided). Pure, client-safe.
 */
export type StepState = "complete" | "current" | "upcoming" | "skipped";
export type ProgressStep = {
  key: "submitted" | "review" | "decision" | "funding";
  label: string;
  state: StepState;
  at: string | null;
  detail?: string;
};

type History = ReadonlyArray<{ type: string; toStatus: string | null; at: string }>;

const lastTo = (history: History, statuses: string[]) =>
  [...history].reverse().find((h) => h.type === "status_changed" && h.toStatus && statuses.includes(h.toStatus))?.at ?? null;

export function progressSteps(app: { status: string; submittedAt: string | null; history: History }): ProgressStep[] {
  const { status, history } = app;
  const reviewAt = lastTo(history, ["under-review"]);
  const decidedAt = lastTo(history, ["approved", "rejected", "offer-accepted"]);
  const decided = status === "approved" || status === "rejected" || status === "offer-accepted";
  const steps: ProgressStep[] = [
    { key: "submitted", label: "Submitted", state: "complete", at: app.submittedAt },
    { key: "review", label: "Under Review", state: "upcoming", at: null },
    { key: "decision", label: "Decision", state: "upcoming", at: null },
    { key: "funding", label: "Funding", state: "upcoming", at: null },
  ];
  if (status === "under-review") {
    steps[1] = { ...steps[1]!, state: "complete", at: reviewAt };
    steps[2] = { ...steps[2]!, state: "current" };
  } else if (decided) {
    steps[1] = { ...steps[1]!, state: "complete", at: reviewAt };
    steps[2] = {
      ...steps[2]!,
      state: "complete",
      at: decidedAt,
      detail: status === "approved" ? "Approved" : status === "offer-accepted" ? "Offer Accepted" : "Rejected",
    };
    steps[3] =
      status === "approved" || status === "offer-accepted"
        ? { ...steps[3]!, state: "current", detail: "Check your e-mail for funding details" }
        : { ...steps[3]!, state: "skipped", detail: "Not applicable" };
  } else {
    // submitted, pending or anything not yet reviewed
    steps[1] = { ...steps[1]!, state: "current" };
  }
  return steps;
}
