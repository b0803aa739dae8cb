import { describe, expect, it } from "vitest";
import { generateReference, normalizeReference, REFERENCE_PATTERN } from "./reference.server";

describe("application references", () => {
  it("are APP- plus 12 base32 characters (60 bits) and all different", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const r = generateReference();
      expect(r).toMatch(REFERENCE_PATTERN);
      seen.add(r);
    }
    expect(seen.size).toBe(2000);
  });

  it("are looked up in any letter case, with look-alike letters read as digits", () => {
    const r = generateReference();
    expect(normalizeReference(`  ${r.toLowerCase()} `)).toBe(r);
    expect(normalizeReference("app-0000000000o1")).toBe("APP-000000000001");
    expect(normalizeReference("APP-UUUUUUUUUUUU")).toBeNull();
    expect(normalizeReference("APP-ABCDEFGHJKMO")).toBe("APP-ABCDEFGHJKM0");
    expect(normalizeReference("APP-123456")).toBeNull();
    expect(normalizeReference("")).toBeNull();
  });
});
