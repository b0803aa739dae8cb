/**
 * The partner API, through the typed client built from the OpenAPI document: referral partners
 * start draft applications attributed to them and read their status; lender partners list the applications their lender offered on; keys rotate with an
 * overlap; Idempotency-Key replays the first answer, refuses another body (422) and lets one of
 * several concurrent requests do the work; the admin's partner pages work without JavaScript.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { beginIdempotent, finishIdempotent } from "~/platform/api/idempotency.server";
import { rotateKey } from "~/features/partners/partner-keys.server";
import { PARTNER_MSG } from "~/content/messages";
import { applicationCountOf, applicationPayload, expectJsonError, signedInApplicant } from "../support/api";
import { adminClient, createAdmin } from "../support/fixtures";
import { formValues, parse } from "../support/html";
import { Client, expectRedirect } from "../support/http";
import { expectApiError, malformed, partnerApi, type PartnerReferralAnswer, postReferral, readReferral } from "../support/api-client";
import { mailsTo } from "../support/mail";
import { applicationsOfPartner, createTestKey, createTestPartner, keyRow, referralBody, referralPartnerWithKey } from "../support/partners";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("referrals", () => {
  it("creates a draft for a new business owner, attributed to the partner, answered without personal details", async () => {
    const { key, partner } = await referralPartnerWithKey();
    const body = referralBody(applicationPayload());
    const { data, response } = await postReferral(key, body);
    expect(response.status).toBe(201);
    const answer = data as PartnerReferralAnswer;
    expect(answer).toEqual({
      applicationId: expect.stringMatching(/^APP-[0-9A-Z]{12}$/),
      status: "draft",
      amount: 25000,
      purpose: "working-capital",
      offersCount: 0,
      funding: null,
      submittedAt: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    const [row] = await applicationsOfPartner(partner.id);
    expect(row).toMatchObject({ reference: answer.applicationId, partnerId: partner.id, status: "draft", city: "Springfield" });
    const [user] = await getDb().select().from(schema.users).where(eq(schema.users.id, row!.userId));
    expect(user).toMatchObject({ email: body.applicant.email, firstName: "Robin", role: "user", emailVerifiedAt: null });
    // The owner hears about it: the link to claim it (tests/integration/partner-referral-claim.test.ts walks it).
    expect(await mailsTo(body.applicant.email, "referral_claim")).toHaveLength(1);
  });

  it("gives an existing applicant's account the application; a draft needs only some fields", async () => {
    const { key, partner } = await referralPartnerWithKey();
    const { user } = await signedInApplicant();
    const res = await postReferral(key, referralBody({ applicant: { email: user.email.toUpperCase(), firstName: "X", lastName: "Y" } }));
    expect(res.response.status).toBe(201);
    expect(res.data!.status).toBe("draft");
    expect(await applicationCountOf(user.id)).toBe(1);
    expect((await applicationsOfPartner(partner.id))[0]!.userId).toBe(user.id);
  });

  it("refuses an invalid referral with field errors and a staff e-mail with 422", async () => {
    const { key } = await referralPartnerWithKey();
    const bad = await expectApiError(await postReferral(key, referralBody({ amount: "1" })), 400);
    expect(bad.errors?.amount).toBeDefined();
    await expectApiError(await postReferral(key, malformed({ amount: "25000" })), 400);
    await expectApiError(await postReferral(key, malformed(referralBody({ userId: 1 }))), 400);
    const admin = await createAdmin();
    const staff = await postReferral(key, referralBody({ applicant: { email: admin.email, firstName: "A", lastName: "B" } }));
    expect((await expectApiError(staff, 422)).message).toBe(PARTNER_MSG.applicantEmailUnusable);
  });
});

describe("lender partners", () => {
  it("list the applications their lender offered on, with only their lender's offers", async () => {
    const { client } = await signedInApplicant();
    // The applicant agreed to share it with the matched lenders (without that no lender sees it).
    const created = await client.fetch("/api/loan-applications", {
      json: { ...applicationPayload({ amount: "30000", state: "TX", zipCode: "75201" }), status: "submitted", shareWithLenders: true },
    });
    const { applicationId, id } = await created.json();
    const offers = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, id));
    expect(offers.length).toBeGreaterThan(0);
    const lenderId = offers[0]!.lenderId!;
    const partner = await createTestPartner("lender", lenderId);
    const { key } = await createTestKey(partner.id, { scopes: ["applications:read"] });
    const res = await partnerApi(key).GET("/api/partner/applications", { params: { query: { limit: 100 } } });
    expect(res.response.status).toBe(200);
    const mine = res.data!.applications.find((a) => a.applicationId === applicationId)!;
    expect(mine).toMatchObject({ status: expect.any(String), amount: 30000, state: "TX" });
    expect(mine.offers.map((o) => o.id).sort()).toEqual(
      offers
        .filter((o) => o.lenderId === lenderId)
        .map((o) => o.id)
        .sort(),
    );
    expect(JSON.stringify(mine)).not.toMatch(/email|firstName|streetAddress|annualIncome/);
    await expectApiError(await partnerApi(key).GET("/api/partner/applications", { params: { query: { limit: 500 } } }), 400);
  });
});

describe("key rotation", () => {
  it("keeps the old key working through the overlap, and stops it at once without one", async () => {
    const { key, id, partner } = await referralPartnerWithKey();
    const adminId = (await keyRow(id)).createdBy!;
    const rotated = await rotateKey(adminId, partner.id, id, new Date(Date.now() + 3_600_000), "127.0.0.1");
    expect(rotated!.key).not.toBe(key);
    expect((await readReferral(key, "APP-ZZZZZZZZZZZZ")).response.status).toBe(404);
    expect((await readReferral(rotated!.key, "APP-ZZZZZZZZZZZZ")).response.status).toBe(404);
    expect((await keyRow(rotated!.id)).rotatedFromId).toBe(id);

    const again = await rotateKey(adminId, partner.id, rotated!.id, new Date(), "127.0.0.1");
    await expectApiError(await readReferral(rotated!.key, "APP-ZZZZZZZZZZZZ"), 401);
    expect((await readReferral(again!.key, "APP-ZZZZZZZZZZZZ")).response.status).toBe(404);
  });
});

describe("Idempotency-Key", () => {
  it("replays the first answer for the same body and creates nothing new", async () => {
    const { key, partner } = await referralPartnerWithKey();
    const body = referralBody();
    const headers = { "idempotency-key": "order-1" };
    const api = partnerApi(key, headers);
    const first = await api.POST("/api/loan-applications", { body, parseAs: "text" });
    // The same JSON in another key order is the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse()) as typeof body;
    const second = await api.POST("/api/loan-applications", { body: reordered, parseAs: "text" });
    expect(second.response.status).toBe(first.response.status);
    expect(second.data).toBe(first.data);
    expect(second.response.headers.get("idempotent-replayed")).toBe("true");
    expect(await applicationsOfPartner(partner.id)).toHaveLength(1);
  });

  it("refuses the same key with another body (422), and keys are per caller", async () => {
    const { key, partner } = await referralPartnerWithKey();
    const other = await referralPartnerWithKey();
    const headers = { "idempotency-key": "order-2" };
    expect((await postReferral(key, referralBody(), headers)).response.status).toBe(201);
    const res = await postReferral(key, referralBody({ amount: "30000" }), headers);
    expect((await expectApiError(res, 422)).message).toBe(PARTNER_MSG.idempotencyMismatch);
    expect((await postReferral(other.key, referralBody(), headers)).response.status).toBe(201);
    expect(await applicationsOfPartner(partner.id)).toHaveLength(1);
    await expectApiError(await postReferral(key, referralBody(), { "idempotency-key": "" }), 400);
  });

  it("lets one of five concurrent requests with one key do the work; all get its answer", async () => {
    const { key, partner } = await referralPartnerWithKey();
    const body = referralBody(applicationPayload());
    const api = partnerApi(key, { "idempotency-key": `parallel-${Date.now()}` });
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.POST("/api/loan-applications", { body, parseAs: "text" })));
    expect(answers.map((r) => r.response.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.data)).size).toBe(1);
    expect(answers.filter((r) => r.response.headers.get("idempotent-replayed") === "true")).toHaveLength(4);
    expect(await applicationsOfPartner(partner.id)).toHaveLength(1);
  });

  it("works for cookie callers too, per user", async () => {
    const { client, user } = await signedInApplicant();
    const headers = { "idempotency-key": "draft-1" };
    const first = await client.fetch("/api/loan-applications", { json: { amount: "20000" }, headers });
    const again = await client.fetch("/api/loan-applications", { json: { amount: "20000" }, headers });
    expect(again.status).toBe(201);
    expect(await again.text()).toBe(await first.text());
    expect(await applicationCountOf(user.id)).toBe(1);
    await expectJsonError(await client.fetch("/api/loan-applications", { json: { amount: "21000" }, headers }), 422);
    const someoneElse = await signedInApplicant();
    expect((await someoneElse.client.fetch("/api/loan-applications", { json: { amount: "20000" }, headers })).status).toBe(201);
    expect(await applicationCountOf(someoneElse.user.id)).toBe(1);
  });
});

describe("Idempotency-Key records", () => {
  const request = (scope: string, body: unknown = { a: 1 }) => ({ scope, key: "k-1", method: "POST", path: "/api/x", body });

  it("answer 'in progress' (the API's 409) while the first request runs past the wait, then replay once it is done", async () => {
    const scope = `test:${Date.now()}:${Math.random()}`;
    const first = await beginIdempotent(request(scope));
    expect(first.kind).toBe("run");
    expect(await beginIdempotent({ ...request(scope), waitMs: 60 })).toEqual({ kind: "in-progress" });
    await finishIdempotent((first as { id: number }).id, { status: 201, body: '{"ok":true}' });
    expect(await beginIdempotent(request(scope))).toEqual({ kind: "replay", answer: { status: 201, body: '{"ok":true}' } });
    expect(await beginIdempotent(request(scope, { a: 2 }))).toEqual({ kind: "mismatch" });
  });

  it("release the key after a server failure, and replace a record past its 24 hours", async () => {
    const scope = `test:${Date.now()}:${Math.random()}`;
    const first = (await beginIdempotent(request(scope))) as { kind: "run"; id: number };
    await finishIdempotent(first.id, { status: 500, body: "{}" });
    const retried = (await beginIdempotent(request(scope))) as { kind: "run"; id: number };
    expect(retried.kind).toBe("run");
    await finishIdempotent(retried.id, { status: 201, body: "{}" });
    await getDb()
      .update(schema.idempotencyKeys)
      .set({ expiresAt: sql`UTC_TIMESTAMP(3) - INTERVAL 1 SECOND` })
      .where(eq(schema.idempotencyKeys.id, retried.id));
    // Expired: another body is a new request, not a mismatch.
    expect((await beginIdempotent(request(scope, { a: 3 }))).kind).toBe("run");
  });
});

describe("admin partner pages without JavaScript", () => {
  it("create a partner and a key (shown once), then revoke and rotate keys", async () => {
    const admin = await adminClient(await createAdmin());
    const list = await admin.fetch("/admin/partners");
    expect(list.status).toBe(200);
    const { $: $list } = await parse(list);
    expect($list("h2").text()).toContain("API partners");
    const name = `Pages partner ${Date.now()}`;
    const created = await admin.fetch("/admin/partners", { form: { ...formValues($list, "form[method=post]"), name, kind: "referral" } });
    await expectRedirect(created, /^\/admin\/partners\/\d+$/, "partner created");
    const path = created.headers.get("location")!;
    const duplicate = await admin.fetch("/admin/partners", { form: { name, kind: "referral", lenderId: "" } });
    expect(duplicate.status).toBe(409);
    const noLender = await admin.fetch("/admin/partners", { form: { name: `${name} L`, kind: "lender", lenderId: "" } });
    expect(noLender.status).toBe(400);

    const noScope = await admin.fetch(path, { form: { intent: "create", label: "x" } });
    expect(noScope.status).toBe(400);
    expect((await parse(noScope)).$("#scopes-error").text()).toBe("Choose at least one scope");

    const made = await admin.fetch(path, {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "create"],
        ["label", "Production"],
        ["scopes", "applications:write"],
        ["scopes", "applications:read"],
        ["expiresInDays", "30"],
        ["rateLimitPerMinute", "60"],
      ]),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(made.status).toBe(200);
    const { $: $made } = await parse(made);
    const key = $made("input[readonly]").val() as string;
    expect(key).toMatch(/^lm_live_/);
    expect($made('[role="status"]').text()).toContain(PARTNER_MSG.keyCreated);
    expect((await postReferral(key, referralBody())).response.status).toBe(201);

    const { $: shown, html } = await parse(await admin.fetch(path));
    expect(html).not.toContain(key);
    const prefix = key.slice(0, 20);
    const row = shown("tr").filter((_, el) => shown(el).text().includes(prefix));
    expect(row.text()).toContain("applications:write, applications:read");
    expect(row.text()).toContain("active");
    expect(row.text()).not.toMatch(/Last used\s*-/);
    const keyId = row.find('input[name="keyId"]').first().val() as string;

    const rotated = await admin.fetch(path, { form: { intent: "rotate", keyId, overlapHours: "0" } });
    expect(rotated.status).toBe(200);
    const newKey = (await parse(rotated)).$("input[readonly]").val() as string;
    expect(newKey).not.toBe(key);
    await expectApiError(await readReferral(key, "APP-ZZZZZZZZZZZZ"), 401);

    const { $: $after } = await parse(await admin.fetch(path));
    const newId = $after("tr")
      .filter((_, el) => $after(el).text().includes(newKey.slice(0, 20)))
      .find('input[name="keyId"]')
      .first()
      .val() as string;
    await expectRedirect(await admin.fetch(path, { form: { intent: "revoke", keyId: newId } }), path, "revoked");
    await expectApiError(await readReferral(newKey, "APP-ZZZZZZZZZZZZ"), 401);
    expect((await keyRow(Number(newId))).revokedAt).toBeInstanceOf(Date);

    // Another site's form post is refused (the same-origin rule of every admin form).
    const forged = await admin.fetch(path, {
      form: { intent: "create", scopes: "applications:read" },
      headers: { origin: "http://evil.test" },
    });
    expect(forged.status).toBe(403);
    const audit = await getDb().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, keyId));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["partner_key.create", "partner_key.rotate", "partner_key.use"]));
  });

  it("are for admins only", async () => {
    const { client } = await signedInApplicant();
    const res = await client.fetch("/admin/partners");
    expect([302, 303, 403, 404]).toContain(res.status);
    const anon = await new Client().fetch("/admin/partners/1", { form: { intent: "create", scopes: "applications:read" } });
    expect(anon.status).toBeGreaterThanOrEqual(300);
    expect(anon.status).not.toBe(200);
  });
});
