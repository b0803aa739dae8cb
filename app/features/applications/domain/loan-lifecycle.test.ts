import { describe, expect, it } from "vitest";
import { APPLICATION_STAGES } from "~/content/enums";
import {
  buildTimeline,
  MOVE_TABLE,
  MOVES,
  planAdminStatus,
  planMove,
  stageWords,
  statusAfterMove,
  type Actor,
  type AdminStatusChoice,
  type Move,
  type Stage,
} from "./loan-lifecycle";

/**
 * The expected table, written out by hand (not derived from MOVE_TABLE): for each move, the stages
 * it is allowed from, where it lands, who may make it, and what it needs. Every other stage is refused.
 */
const EXPECTED: Record<Move, { from: Stage[]; to: Stage; actors: Actor[]; reason: boolean; accepted?: "required" | "forbidden" }> = {
  "match-offers": { from: ["submitted"], to: "offers-ready", actors: ["system"], reason: false },
  "match-none": { from: ["submitted"], to: "no-lender-match", actors: ["system"], reason: true },
  "offer-added": { from: ["submitted", "no-lender-match"], to: "offers-ready", actors: ["admin", "applicant"], reason: false },
  "offers-gone": { from: ["offers-ready"], to: "no-lender-match", actors: ["admin", "system"], reason: true },
  "accept-offer": { from: ["offers-ready"], to: "offer-accepted", actors: ["applicant"], reason: false },
  "start-verifying": { from: ["offer-accepted"], to: "lender-verifying", actors: ["lender", "admin"], reason: false, accepted: "required" },
  fund: { from: ["lender-verifying"], to: "funded", actors: ["lender", "admin"], reason: false, accepted: "required" },
  "lender-decline": {
    from: ["offer-accepted", "lender-verifying"],
    to: "declined",
    actors: ["lender", "admin"],
    reason: true,
    accepted: "required",
  },
  "admin-reject": {
    from: ["submitted", "offers-ready", "no-lender-match"],
    to: "declined",
    actors: ["admin"],
    reason: true,
    accepted: "forbidden",
  },
  "reopen-with-offers": { from: ["declined"], to: "offers-ready", actors: ["admin"], reason: false, accepted: "forbidden" },
  "reopen-without-offers": { from: ["declined"], to: "no-lender-match", actors: ["admin"], reason: false, accepted: "forbidden" },
  cancel: {
    from: ["submitted", "offers-ready", "no-lender-match", "offer-accepted", "lender-verifying"],
    to: "withdrawn",
    actors: ["admin"],
    reason: true,
  },
};

const ACTORS: Actor[] = ["system", "applicant", "admin", "lender"];

describe("the lifecycle's table of moves", () => {
  it("covers every move and no other", () => {
    expect(Object.keys(MOVE_TABLE).sort()).toEqual([...MOVES].sort());
    expect(Object.keys(EXPECTED).sort()).toEqual([...MOVES].sort());
  });

  const cases = MOVES.flatMap((move) => APPLICATION_STAGES.map((from) => ({ move, from, allowed: EXPECTED[move].from.includes(from) })));
  it.each(cases)("$move from $from: allowed=$allowed", ({ move, from, allowed }) => {
    const e = EXPECTED[move];
    const plan = planMove(from, move, { actor: e.actors[0]!, hasAcceptedOffer: e.accepted === "required", reason: "a reason" });
    if (allowed) expect(plan).toEqual({ ok: true, from, to: e.to, move });
    else expect(plan).toMatchObject({ ok: false, code: "wrong-stage" });
  });

  const actorCases = MOVES.flatMap((move) => ACTORS.map((actor) => ({ move, actor, allowed: EXPECTED[move].actors.includes(actor) })));
  it.each(actorCases)("$move by $actor: allowed=$allowed", ({ move, actor, allowed }) => {
    const e = EXPECTED[move];
    const plan = planMove(e.from[0]!, move, { actor, hasAcceptedOffer: e.accepted === "required", reason: "a reason" });
    expect(plan.ok).toBe(allowed);
    if (!allowed) expect(plan).toMatchObject({ code: "wrong-actor" });
  });

  it.each(MOVES.filter((m) => EXPECTED[m].reason))("%s is refused without a reason (blank or spaces)", (move) => {
    const e = EXPECTED[move];
    for (const reason of [undefined, null, "", "   "]) {
      expect(planMove(e.from[0]!, move, { actor: e.actors[0]!, hasAcceptedOffer: e.accepted === "required", reason })).toMatchObject({
        ok: false,
        code: "reason-required",
      });
    }
  });

  it.each(MOVES.filter((m) => EXPECTED[m].accepted))("%s checks the accepted offer", (move) => {
    const e = EXPECTED[move];
    const plan = planMove(e.from[0]!, move, { actor: e.actors[0]!, hasAcceptedOffer: e.accepted !== "required", reason: "r" });
    expect(plan).toMatchObject({ ok: false, code: e.accepted === "required" ? "needs-accepted-offer" : "has-accepted-offer" });
  });
});

describe("the admin's four statuses at each stage", () => {
  type Row = [Stage, AdminStatusChoice, boolean, ReturnType<typeof planAdminStatus>["kind"], Move?];
  const rows: Row[] = [
    // Approved always refers to an accepted offer.
    ["submitted", "approved", false, "refuse"],
    ["offers-ready", "approved", false, "refuse"],
    ["no-lender-match", "approved", false, "refuse"],
    ["declined", "approved", false, "refuse"],
    ["withdrawn", "approved", false, "refuse"],
    ["offer-accepted", "approved", true, "status-only"],
    ["lender-verifying", "approved", true, "status-only"],
    ["funded", "approved", true, "status-only"],
    // Before acceptance: submitted / under review freely, rejected declines.
    ["submitted", "under-review", false, "status-only"],
    ["offers-ready", "under-review", false, "status-only"],
    ["no-lender-match", "submitted", false, "status-only"],
    ["offers-ready", "rejected", false, "move", "admin-reject"],
    ["no-lender-match", "rejected", false, "move", "admin-reject"],
    // An accepted application never moves back through a status.
    ["offer-accepted", "submitted", true, "refuse"],
    ["offer-accepted", "under-review", true, "refuse"],
    ["offer-accepted", "rejected", true, "refuse"],
    ["lender-verifying", "rejected", true, "refuse"],
    ["funded", "under-review", true, "refuse"],
    // A rejection can be reopened; a lender's decline after acceptance or a cancellation cannot.
    ["declined", "under-review", false, "move", "reopen-without-offers"],
    ["declined", "rejected", false, "status-only"],
    ["declined", "under-review", true, "refuse"],
    ["withdrawn", "submitted", false, "refuse"],
  ];
  it.each(rows)("%s -> %s (accepted offer %s): %s %s", (stage, to, accepted, kind, move) => {
    const plan = planAdminStatus(stage, to, { hasAcceptedOffer: accepted, liveOffers: 0 });
    expect(plan.kind).toBe(kind);
    if (move) expect(plan).toEqual({ kind: "move", move });
  });
  it("reopens a rejection with live offers to offers ready", () => {
    expect(planAdminStatus("declined", "submitted", { hasAcceptedOffer: false, liveOffers: 2 })).toEqual({
      kind: "move",
      move: "reopen-with-offers",
    });
  });
  it("says why approving without an offer is refused", () => {
    expect(planAdminStatus("no-lender-match", "approved", { hasAcceptedOffer: false, liveOffers: 0 })).toMatchObject({
      message: expect.stringContaining("accepted a lender's offer"),
    });
  });
  it("keeps the status a stage implies", () => {
    expect(statusAfterMove("offer-accepted", "under-review")).toBe("offer-accepted");
    expect(statusAfterMove("funded", "offer-accepted")).toBe("approved");
    expect(statusAfterMove("declined", "under-review")).toBe("rejected");
    expect(statusAfterMove("withdrawn", "approved")).toBe("withdrawn");
    expect(statusAfterMove("offers-ready", "rejected", "under-review")).toBe("under-review");
    expect(statusAfterMove("no-lender-match", "submitted")).toBe("submitted");
  });
});

describe("plain words and the timeline", () => {
  it("counts only a funded loan as active", () => {
    expect(APPLICATION_STAGES.filter((s) => stageWords(s).activeLoan)).toEqual(["funded"]);
  });
  it("offers a choice only when offers are ready, and no funding ahead after no match", () => {
    expect(APPLICATION_STAGES.filter((s) => stageWords(s).offersToChoose)).toEqual(["offers-ready"]);
    for (const s of ["no-lender-match", "declined", "withdrawn"] as const) expect(stageWords(s).fundingAhead).toBe(false);
  });
  it("shows no step ahead after no lender match", () => {
    const t = buildTimeline("no-lender-match", [{ to: "no-lender-match", at: "2026-01-02T00:00:00.000Z" }], "2026-01-01T00:00:00.000Z");
    expect(t.map((s) => [s.label, s.state])).toEqual([
      ["Submitted", "done"],
      ["No lender match", "current"],
    ]);
  });
  it("shows the road ahead while money can still come", () => {
    const t = buildTimeline("offer-accepted", [
      { to: "offers-ready", at: "2026-01-01T00:00:00.000Z" },
      { to: "offer-accepted", at: "2026-01-03T00:00:00.000Z" },
    ]);
    expect(t.map((s) => [s.stage, s.state])).toEqual([
      ["submitted", "done"],
      ["offers-ready", "done"],
      ["offer-accepted", "current"],
      ["lender-verifying", "upcoming"],
      ["funded", "upcoming"],
    ]);
  });
  it("ends a cancelled application at Withdrawn with its reason", () => {
    const t = buildTimeline("withdrawn", [
      { to: "offers-ready", at: "2026-01-01T00:00:00.000Z" },
      { to: "withdrawn", at: "2026-01-02T00:00:00.000Z", note: "Fraud check failed" },
    ]);
    expect(t.at(-1)).toMatchObject({ stage: "withdrawn", state: "current", note: "Fraud check failed" });
    expect(t.some((s) => s.state === "upcoming")).toBe(false);
  });
});
