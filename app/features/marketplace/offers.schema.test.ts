import { describe, expect, it } from "vitest";
import { LenderFormSchema } from "./offers.schema";

describe("LenderFormSchema's NMLS id", () => {
  const nmlsErrors = (nmlsId: string) => {
    const r = LenderFormSchema.safeParse({ nmlsId });
    return r.success ? [] : r.error.issues.filter((i) => i.path[0] === "nmlsId").map((i) => i.message);
  };

  it("says an empty id is required, not that it must be digits", () => {
    expect(nmlsErrors("")).toEqual(["NMLS id is required"]);
    expect(nmlsErrors("   ")).toEqual(["NMLS id is required"]);
  });

  it("says a typed id must be digits only", () => {
    expect(nmlsErrors("12A4")).toEqual(["NMLS id: digits only"]);
    expect(nmlsErrors("123456")).toEqual([]);
  });
});
