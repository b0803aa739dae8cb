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
    expect(lenderStage({ stage: "submitted", offers: [offer()], declinedByLender: false, acceptedOfferId: null })).toBe("new");
    expect(
      lenderStage({
        stage: "submitted",
        offers: [offer({ source: "lender" })],
        declinedByLender: false,
        acceptedOfferId: null,
      }),
    ).toBe("offer-out");
    expect(
      lenderStage({
        stage: "submitted",
        offers: [offer({ lenderConfirmedAt: new Date() })],
        declinedByLender: false,
        acceptedOfferId: null,
      }),
    ).toBe("offer-out");
  });
  it("acceptance of our offer follows the lifecycle's stage; another lender's acceptance closes it", () => {
    const base = { offers: [offer({ id: 7 })], declinedByLender: false };
    expect(lenderStage({ ...base, stage: "offer-accepted", acceptedOfferId: 7 })).toBe("accepted");
    expect(lenderStage({ ...base, stage: "lender-verifying", acceptedOfferId: 7 })).toBe("verifying");
    expect(lenderStage({ ...base, stage: "funded", acceptedOfferId: 7 })).toBe("funded");
    expect(lenderStage({ ...base, stage: "declined", acceptedOfferId: 7 })).toBe("declined");
    expect(lenderStage({ ...base, stage: "withdrawn", acceptedOfferId: 7 })).toBe("closed");
    expect(lenderStage({ ...base, stage: "offer-accepted", acceptedOfferId: 8 })).toBe("closed");
    expect(lenderStage({ ...base, stage: "funded", acceptedOfferId: 8 })).toBe("closed");
  });
  it("an application closed before any acceptance is closed; no-lender-match or offers-ready stay open", () => {
    const base = { offers: [offer({ source: "lender" })], declinedByLender: false, acceptedOfferId: null };
    expect(lenderStage({ ...base, stage: "declined" })).toBe("closed");
    expect(lenderStage({ ...base, stage: "withdrawn" })).toBe("closed");
    expect(lenderStage({ ...base, stage: "offers-ready" })).toBe("offer-out");
    expect(lenderStage({ ...base, stage: "no-lender-match", offers: [offer()] })).toBe("new");
  });
  it("a decline wins", () => {
    expect(lenderStage({ stage: "submitted", offers: [offer()], declinedByLender: true, acceptedOfferId: null })).toBe("declined");
  });
});
