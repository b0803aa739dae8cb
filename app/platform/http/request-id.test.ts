import { describe, expect, it } from "vitest";
import { chooseRequestId } from "./request-id";

const fresh = () => "generated-0000";

describe("chooseRequestId", () => {
  it("takes a plain incoming id only behind a trusted proxy", () => {
    expect(chooseRequestId("edge-1234abcd", true, fresh)).toBe("edge-1234abcd");
    expect(chooseRequestId("edge-1234abcd", false, fresh)).toBe("generated-0000");
    expect(chooseRequestId(undefined, true, fresh)).toBe("generated-0000");
    expect(chooseRequestId(["first-id-1234", "second-id-5678"], true, fresh)).toBe("first-id-1234");
  });

  it("replaces ids that could forge or leak something in the log", () => {
    for (const bad of ["short", "x".repeat(65), 'a"b:c{d}1234', "line\nbreak-1234", "someone@example.com", "req-APP-7KQ2M9XTR4WZ"]) {
      expect(chooseRequestId(bad, true, fresh), bad).toBe("generated-0000");
    }
  });
});
