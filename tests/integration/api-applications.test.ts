/** POST /api/loan-applications, PATCH /api/loan-applications/db/{id}, GET /api/loan-applications/status/{ref}. */
import { describe, expect, it } from "vitest";
import { REJECTION_REASON_REQUIRED } from "~/features/back-office/admin.schema";
import { MSG } from "~/content/messages";
import {
  applicationCountOf,
  applicationPayload,
  applicationRow,
  createDraftVia,
  eventsOf,
  expectCrossSiteRefusal,
  expectJsonError,
  outboxTo,
  signedInAdmin,
  signedInApplicant,
} from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { createApplicant } from "../support/fixtures";
import { Client } from "../support/http";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("POST /api/loan-applications", () => {
  it("creates a partial draft of the caller with the product's defaults for the rest", async () => {
    const { client, user } = await signedInApplicant();
    const res = await client.fetch("/api/loan-applications", {
      json: { userId: user.id, amount: "30000", purpose: "equipment-financing" },
    });
    expect(res.status).toBe(201);
    const app = await res.json();
    expect(app).toEqual({
      id: expect.any(Number),
      applicationId: expect.stringMatching(/^APP-[0-9A-Z]{12}$/),
      userId: user.id,
      amount: "30000",
      purpose: "equipment-financing",
      annualIncome: "0",
      livingSituation: "own",
      monthlyPayment: "0",
      businessName: "",
      ein: "",
      industry: "",
      timeInBusiness: "",
      monthlyRevenue: "0",
      creditScoreRange: "",
      naicsCode: "",
      numberOfWorkers: "",
      streetAddress: "",
      city: "",
      state: "",
      zipCode: "",
      status: "draft",
      stage: "draft",
      submittedAt: null,
      lenderShareConsentAt: null,
      updatedAt: expect.stringMatching(ISO),
    });
    const row = await applicationRow(app.id);
    expect(row).toMatchObject({ userId: user.id, amount: "30000.00", status: "draft", submittedAt: null });
    expect(await outboxTo(user.email)).toHaveLength(0);
  });

  it("accepts numbers as well as numeric strings and answers strings", async () => {
    const { client } = await signedInApplicant();
    const res = await client.fetch("/api/loan-applications", {
      json: { amount: 12000, annualIncome: 85000.5, livingSituation: "mortgage", monthlyPayment: "950.25" },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      amount: "12000",
      annualIncome: "85000.50",
      livingSituation: "mortgage",
      monthlyPayment: "950.25",
    });
  });

  it("submits with status 'submitted': submittedAt, events and the confirmation e-mail", async () => {
    const { client, user } = await signedInApplicant();
    const res = await client.fetch("/api/loan-applications", {
      json: { userId: String(user.id), ...applicationPayload(), status: "submitted" },
    });
    expect(res.status).toBe(201);
    const app = await res.json();
    expect(app).toMatchObject({ status: "submitted", amount: "25000", livingSituation: "rent", monthlyPayment: "1500", state: "IL" });
    expect(app.submittedAt).toMatch(ISO);
    // Matching moves the stage (offers ready, or no lender match) in the same transaction.
    expect((await eventsOf(app.id)).map((e) => e.type).sort()).toEqual(["created", "stage_changed", "submitted"]);
    const mail = await outboxTo(user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(app.applicationId);
    // The status lookup finds it.
    const status = await new Client().fetch(`/api/loan-applications/status/${app.applicationId}`);
    expect(status.status).toBe(200);
  });

  it("drops the monthly payment for an owner, like the wizard", async () => {
    const { client } = await signedInApplicant();
    const res = await client.fetch("/api/loan-applications", {
      json: { ...applicationPayload({ livingSituation: "Own", monthlyPayment: "900" }), status: "submitted" },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ livingSituation: "own", monthlyPayment: "0" });
  });

  it("checks every step on a final submission and writes nothing when one fails", async () => {
    const { client, user } = await signedInApplicant();
    const res = await client.fetch("/api/loan-applications", { json: { amount: "25000", purpose: "other", status: "submitted" } });
    const body = await expectJsonError(res, 400);
    expect(body.errors).toEqual({
      streetAddress: [MSG.streetRequired],
      city: [MSG.cityRequired],
      state: [MSG.stateRequired],
      zipCode: [MSG.zipInvalid],
    });
    const noAmount = await expectJsonError(
      await client.fetch("/api/loan-applications", { json: { ...applicationPayload({ amount: "0" }), status: "submitted" } }),
      400,
    );
    expect(noAmount.errors).toEqual({ amount: [MSG.amountRequired] });
    expect(await applicationCountOf(user.id)).toBe(0);
  });

  it.each([
    ["amount", { amount: "500" }, MSG.amountRange],
    ["amount", { amount: "60000" }, MSG.amountRange],
    ["amount", { amount: "25000.50" }, MSG.amountWhole],
    ["amount", { amount: "NaN" }, MSG.amountRequired],
    ["amount", { amount: "1e4" }, MSG.amountRequired],
    ["amount", { amount: [25000] }, MSG.amountRequired],
    ["purpose", { purpose: "yacht" }, MSG.purposeRequired],
    ["zipCode", { zipCode: "1234" }, MSG.zipInvalid],
    ["state", { state: "ZZ" }, MSG.stateRequired],
    ["livingSituation", { livingSituation: "boat" }, MSG.livingRequired],
    ["annualIncome", { annualIncome: "-5" }, MSG.incomeRequired],
    ["monthlyPayment", { monthlyPayment: "lots" }, MSG.monthlyPaymentInvalid],
    ["streetAddress", { streetAddress: "x".repeat(201) }, "Street address must be at most 200 characters"],
    ["status", { status: "approved" }, "status must be 'draft' or 'submitted'"],
  ])("answers 400 for a bad %s (%j) in a draft too", async (field, override, message) => {
    const { client, user } = await signedInApplicant();
    const body = await expectJsonError(await client.fetch("/api/loan-applications", { json: applicationPayload(override) }), 400);
    expect(body.errors?.[field]).toEqual([message]);
    expect(JSON.stringify(body)).not.toContain("yacht");
    expect(await applicationCountOf(user.id)).toBe(0);
  });

  it("answers 401 when signed out and 403 for another user's userId", async () => {
    const anonymous = await expectJsonError(await new Client().fetch("/api/loan-applications", { json: applicationPayload() }), 401);
    expect(anonymous.message).toBe(MSG.authRequired);
    const other = await createApplicant();
    const { client, user } = await signedInApplicant();
    const body = await expectJsonError(
      await client.fetch("/api/loan-applications", { json: { ...applicationPayload(), userId: other.id } }),
      403,
    );
    expect(body.message).toBe(MSG.apiUserIdMismatch);
    expect(await applicationCountOf(user.id)).toBe(0);
    expect(await applicationCountOf(other.id)).toBe(0);
  });

  it("refuses malformed JSON, other content types, oversized bodies, unknown fields and cross-site calls", async () => {
    const { client, user } = await signedInApplicant();
    await expectJsonError(
      await client.fetch("/api/loan-applications", {
        method: "POST",
        body: "{'amount': 1}",
        headers: { "content-type": "application/json" },
      }),
      400,
    );
    await expectJsonError(
      await client.fetch("/api/loan-applications", { method: "POST", body: "", headers: { "content-type": "application/json" } }),
      400,
    );
    await expectJsonError(await client.fetch("/api/loan-applications", { form: applicationPayload() }), 415);
    await expectJsonError(
      await client.fetch("/api/loan-applications", {
        method: "POST",
        body: JSON.stringify(applicationPayload()),
        headers: { "content-type": "text/plain" },
      }),
      415,
    );
    const tooLarge = await client.fetch("/api/loan-applications", { json: applicationPayload({ city: "y".repeat(100_000) }) });
    // Refused unread: the server closes that connection, so the next call is not reset on it.
    expect(tooLarge.headers.get("connection")).toBe("close");
    await expectJsonError(tooLarge, 413);
    const unknown = await expectJsonError(
      await client.fetch("/api/loan-applications", { json: { ...applicationPayload(), status: "submitted", submittedAt: "2020-01-01" } }),
      400,
    );
    expect(unknown.formErrors).toEqual([MSG.apiUnknownFields]);
    await expectJsonError(await client.fetch("/api/loan-applications", { json: [applicationPayload()] }), 400);
    const evil = await client.fetch("/api/loan-applications", {
      json: { ...applicationPayload(), status: "submitted" },
      headers: { origin: "http://evil.test" },
    });
    await expectCrossSiteRefusal(evil);
    const crossSite = await client.fetch("/api/loan-applications", {
      json: applicationPayload(),
      headers: { "sec-fetch-site": "cross-site" },
    });
    await expectCrossSiteRefusal(crossSite);
    expect(await applicationCountOf(user.id)).toBe(0);
  });

  it("lets a client without Origin (curl, a server) post JSON", async () => {
    const { client, user } = await signedInApplicant();
    const res = await fetch(`${client.origin}/api/loan-applications`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: client.cookieHeader(), "x-forwarded-for": client.ip },
      body: JSON.stringify(applicationPayload()),
    });
    expect(res.status).toBe(201);
    expect(await applicationCountOf(user.id)).toBe(1);
  });
});

describe("PATCH /api/loan-applications/db/{id}", () => {
  it("updates the owner's draft with the given fields only", async () => {
    const { client } = await signedInApplicant();
    const draft = await createDraftVia(client);
    const res = await client.fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: { city: "Austin", state: "tx" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: draft.id,
      amount: "25000",
      purpose: "working-capital",
      city: "Austin",
      state: "TX",
      status: "draft",
    });
  });

  it("submits the draft: every step checked, then submittedAt, event and e-mail; a repeat changes nothing", async () => {
    const { client, user } = await signedInApplicant();
    const draft = await createDraftVia(client);
    const incomplete = await expectJsonError(
      await client.fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: { status: "submitted" } }),
      400,
    );
    expect(Object.keys(incomplete.errors ?? {}).sort()).toEqual(["city", "state", "streetAddress", "zipCode"]);
    expect((await applicationRow(draft.id))?.status).toBe("draft");

    const res = await client.fetch(`/api/loan-applications/db/${draft.id}`, {
      method: "PATCH",
      json: { ...applicationPayload(), status: "submitted" },
    });
    expect(res.status).toBe(200);
    const app = await res.json();
    expect(app).toMatchObject({ status: "submitted", applicationId: draft.applicationId });
    expect(app.submittedAt).toMatch(ISO);
    expect(await eventsOf(draft.id, "submitted")).toHaveLength(1);
    expect(await outboxTo(user.email)).toHaveLength(1);

    const again = await client.fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: { status: "submitted" } });
    expect(again.status).toBe(200);
    expect((await again.json()).submittedAt).toBe(app.submittedAt);
    expect(await outboxTo(user.email)).toHaveLength(1);

    const locked = await expectJsonError(
      await client.fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: { amount: "5000" } }),
      409,
    );
    expect(locked.message).toBe(MSG.apiApplicationLocked);
    expect((await applicationRow(draft.id))?.amount).toBe("25000.00");
  });

  it("answers 404 for another user's application and changes nothing", async () => {
    const owner = await signedInApplicant();
    const draft = await createDraftVia(owner.client);
    const stranger = await signedInApplicant();
    const before = await applicationRow(draft.id);
    for (const json of [{ city: "Elsewhere" }, { status: "submitted", ...applicationPayload() }]) {
      const body = await expectJsonError(
        await stranger.client.fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json }),
        404,
      );
      expect(body.message).toBe(MSG.statusNotFound);
    }
    expect(await applicationRow(draft.id)).toEqual(before);
  });

  it("lets only an admin set a review status", async () => {
    const { client, user } = await signedInApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const denied = await expectJsonError(
      await client.fetch(`/api/loan-applications/db/${app!.id}`, { method: "PATCH", json: { status: "approved" } }),
      403,
    );
    expect(denied.message).toBe(MSG.apiStatusNotAllowed);
    expect((await applicationRow(app!.id))?.status).toBe("submitted");

    const { client: admin } = await signedInAdmin();
    const noReason = await expectJsonError(
      await admin.fetch(`/api/loan-applications/db/${app!.id}`, { method: "PATCH", json: { status: "rejected" } }),
      400,
    );
    expect(noReason.errors).toEqual({ note: [REJECTION_REASON_REQUIRED] });
    const ok = await admin.fetch(`/api/loan-applications/db/${app!.id}`, { method: "PATCH", json: { status: "under-review" } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).status).toBe("under-review");
    expect(await eventsOf(app!.id, "status_changed")).toHaveLength(1);
  });

  it("lets an admin edit and submit someone's draft; a review status on a draft is a 409", async () => {
    const owner = await signedInApplicant();
    const draft = await createDraftVia(owner.client);
    const { client: admin } = await signedInAdmin();
    const early = await expectJsonError(
      await admin.fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: { status: "approved" } }),
      409,
    );
    expect(early.message).toBe(MSG.apiApplicationNotSubmitted);
    const res = await admin.fetch(`/api/loan-applications/db/${draft.id}`, {
      method: "PATCH",
      json: { ...applicationPayload(), status: "submitted" },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).userId).toBe(owner.user.id);
    expect(await outboxTo(owner.user.email)).toHaveLength(1);
  });

  it("answers 401 signed out, 404 for ids that are not ids, 400/415 for bad bodies", async () => {
    const { client } = await signedInApplicant();
    const draft = await createDraftVia(client);
    await expectJsonError(await new Client().fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: { city: "X" } }), 401);
    for (const id of ["abc", "-1", "0", "1e3", "99999999999"]) {
      await expectJsonError(await client.fetch(`/api/loan-applications/db/${id}`, { method: "PATCH", json: { city: "X" } }), 404);
    }
    await expectJsonError(await client.fetch(`/api/loan-applications/db/2147483000`, { method: "PATCH", json: { city: "X" } }), 404);
    const bad = await expectJsonError(
      await client.fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: { zipCode: "ABCDE", amount: true } }),
      400,
    );
    expect(bad.errors).toEqual({ zipCode: [MSG.zipInvalid], amount: [MSG.amountRequired] });
    await expectJsonError(
      await client.fetch(`/api/loan-applications/db/${draft.id}`, {
        method: "PATCH",
        body: "city=X",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      415,
    );
    await expectJsonError(
      await client.fetch(`/api/loan-applications/db/${draft.id}`, {
        method: "PATCH",
        body: "{",
        headers: { "content-type": "application/json" },
      }),
      400,
    );
    const other = await createApplicant();
    await expectJsonError(
      await client.fetch(`/api/loan-applications/db/${draft.id}`, { method: "PATCH", json: { userId: other.id } }),
      403,
    );
    const post = await client.fetch(`/api/loan-applications/db/${draft.id}`, { json: { city: "X" } });
    await expectJsonError(post, 405);
    expect(post.headers.get("allow")).toBe("PATCH");
    expect((await applicationRow(draft.id))?.city).toBe("");
  });
});

describe("GET /api/loan-applications/status/{applicationId}", () => {
  it("answers the five fields and the stage with its timeline, for the reference in any letter case, without signing in", async () => {
    const owner = await createApplicant();
    const app = await createSubmittedApplication({ userId: owner.id, amount: 42000, purpose: "working-capital", status: "under-review" });
    const res = await new Client().fetch(`/api/loan-applications/status/${app!.reference.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({
      applicationId: app!.reference,
      status: "under-review",
      amount: 42000,
      purpose: "working-capital",
      submittedAt: app!.submittedAt!.toISOString(),
      stage: "submitted",
      stageLabel: "Under Review",
      nextSteps: "Our team is reviewing your application. We may request additional documentation.",
      timeline: [
        { stage: "submitted", label: "Submitted", state: "current", at: app!.submittedAt!.toISOString() },
        { stage: "offers-ready", label: "Offers ready", state: "upcoming", at: null },
        { stage: "offer-accepted", label: "Offer accepted", state: "upcoming", at: null },
        { stage: "lender-verifying", label: "Lender verifying", state: "upcoming", at: null },
        { stage: "funded", label: "Funded", state: "upcoming", at: null },
      ],
      noLenderMatch: null,
    });
  });

  it("answers 404 with the product's message for unknown references and drafts", async () => {
    const { client } = await signedInApplicant();
    const draft = await createDraftVia(client);
    for (const ref of ["APP-000000000000", draft.applicationId, "x".repeat(80)]) {
      const body = await expectJsonError(await new Client().fetch(`/api/loan-applications/status/${ref}`), 404);
      expect(body.message).toBe(MSG.statusNotFound);
    }
  });

  it("throttles a client that tries too many references with 429", async () => {
    const c = new Client();
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) last = await c.fetch(`/api/loan-applications/status/APP-${String(i).padStart(12, "0")}`);
    await expectJsonError(last!, 429);
    expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
