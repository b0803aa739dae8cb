import { describe, expect, it } from "vitest";
import { lenderStage } from "./lender-stage";

const later = new Date(Date.now() + 86_400_000);
const offer = (o: Partial<{ id: number; source: string; status: string; lenderConfirmedAt: Date | null; expiresAt: Date }> = {}) => ({
  id: 1,
  source: "match",
  status: "offered",
  lenderConfirmedAt: null,
  expiresAt: later,
  ...o,
});

describe("lenderStage", () => {
  it("an instant offer only is a new match; a firm or confirmed offer is an offer out", () => {
    expect(lenderStage({ applicationStatus: "submitted", offers: [offer()], declinedByLender: false, acceptedOfferId: null })).toBe("new");
    expect(
      lenderStage({
        applicationStatus: "submitted",
        offers: [offer({ source: "lender" })],
        declinedByLender: false,
        acceptedOfferId: null,
      }),
    ).toBe("offer-out");
    expect(
      lenderStage({
        applicationStatus: "submitted",
        offers: [offer({ lenderConfirmedAt: new Date() })],
        declinedByLender: false,
        acceptedOfferId: null,
      }),
    ).toBe("offer-out");
  });
  it("acceptance of our offer follows the lifecycle; another lender's acceptance closes it", () => {
    const base = { offers: [offer({ id: 7 })], declinedByLender: false };
    expect(lenderStage({ ...base, applicationStatus: "offer-accepted", acceptedOfferId: 7 })).toBe("accepted");
    expect(lenderStage({ ...base, applicationStatus: "verifying", acceptedOfferId: 7 })).toBe("verifying");
    expect(lenderStage({ ...base, applicationStatus: "funded", acceptedOfferId: 7 })).toBe("funded");
    expect(lenderStage({ ...base, applicationStatus: "offer-accepted", acceptedOfferId: 8 })).toBe("closed");
  });
  it("a decline wins", () => {
    expect(lenderStage({ applicationStatus: "submitted", offers: [offer()], declinedByLender: true, acceptedOfferId: null })).toBe(
      "declined",
    );
  });
});
