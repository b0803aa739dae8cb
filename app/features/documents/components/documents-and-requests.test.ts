import { describe, expect, it } from "vitest";
import { documentStateText, isReplaced } from "./documents-and-requests";

const doc = (id: number, state: "accepted" | "rejected" | "in-review") => ({
  id,
  applicationId: 1,
  documentType: "bank-statements" as const,
  fileName: `${id}.pdf`,
  uploadedAt: "2026-11-28T00:00:00.000Z",
  state,
  reason: state === "rejected" ? "Blurry" : null,
});

describe("a document's state on the dashboard", () => {
  it("a rejected document says Replaced once a newer one of its type is uploaded, and Needs replacing before", () => {
    const old = doc(1, "rejected");
    expect(documentStateText(old, isReplaced(old, [old]))).toBe("Needs replacing: Blurry");
    const docs = [old, doc(2, "in-review")];
    expect(documentStateText(old, isReplaced(old, docs))).toBe("Replaced");
    expect(isReplaced(docs[1]!, docs)).toBe(false);
  });
});
