import { describe, expect, it } from "vitest";
import { lenderNoticeLines, lenderNotices, RIGHT_TO_REASONS } from "./action-notices";

const d = (lenderName: string, eligible: boolean, reasons: string[]) => ({ lenderName, nmlsId: "100", eligible, reasons });

describe("lenderNotices", () => {
  it("one notice per declining lender with its own reasons, none for lenders that did not evaluate or made an offer", () => {
    const notices = lenderNotices([
      d("A", false, ["amount-below-minimum", "income-below-minimum"]),
      d("B", false, ["amount-below-minimum"]),
      d("C", false, ["state-not-served"]),
      d("D", false, ["purpose-not-served"]),
      d("E", true, []),
      d("E", false, ["income-below-minimum"]),
    ]);
    expect(notices).toEqual([
      {
        lenderName: "A",
        nmlsId: "100",
        kind: "adverse",
        reasons: ["Requested amount is below the lender's minimum", "Income insufficient for amount of credit requested"],
      },
      { lenderName: "B", nmlsId: "100", kind: "adverse", reasons: ["Requested amount is below the lender's minimum"] },
    ]);
  });

  it("at most four reasons per lender; missing information alone is incompleteness", () => {
    const [many, missing] = lenderNotices([
      d("A", false, [
        "amount-above-maximum",
        "income-below-minimum",
        "term-not-offered",
        "credit-score-below-minimum",
        "payment-unaffordable",
      ]),
      d("B", false, ["credit-score-unknown", "years-in-business-unknown"]),
    ]);
    expect(many).toMatchObject({ kind: "adverse" });
    expect(many!.kind === "adverse" && many!.reasons).toHaveLength(4);
    expect(missing).toEqual({
      lenderName: "B",
      nmlsId: "100",
      kind: "incomplete",
      missing: ["Your estimated personal credit score", "How long your business has operated (time in business)"],
    });
  });

  it("the combined notice: denials with the right to reasons, incompleteness with its deadline", () => {
    const lines = lenderNoticeLines(lenderNotices([d("A", false, ["amount-below-minimum"]), d("B", false, ["credit-score-unknown"])]), {
      offers: 1,
      deadline: "Dec 28, 2026",
    });
    expect(lines[0]).toBe("NOTICE OF ACTION TAKEN");
    expect(lines).toContain("A (NMLS 100) has declined to extend credit on this application.");
    expect(lines).toContain("NOTICE OF INCOMPLETE APPLICATION");
    expect(lines.join("\n")).toContain("by Dec 28, 2026 (30 days from this notice)");
    expect(lines).toContain(RIGHT_TO_REASONS);
    expect(lenderNoticeLines([], { offers: 2, deadline: "x" })).toEqual([]);
  });
});
