/**
 * Partner API keys: stored only as a hash; unknown, malformed, revoked and expired keys
 * answer 401; a missing scope, the wrong partner kind and another partner's referral 403; bearer
 * calls skip the browser same-origin rule (only with a valid key) while cookie calls keep it; the
 * per-key rate limit answers 429 with Retry-After and the RateLimit headers; every use is audited
 * without the key. Calls go through the typed client built from the OpenAPI document.
 */
import { createHash } from "node:crypto";
import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { revokeKey } from "~/features/partners/partner-keys.server";
import { PARTNER_MSG } from "~/content/messages";
import { PARTNER_KINDS, PARTNER_SCOPES } from "~/content/enums";
import { API_ROUTES } from "~/routes/api.openapi[.json]/api-catalogue.server";
import { routePath } from "~/platform/api/openapi.server";
import { builtRoutes } from "../support/build-routes";
import { Client } from "../support/http";
import { applicationPayload, expectCrossSiteRefusal, expectJsonError, signedInApplicant } from "../support/api";
import { expectApiError, partnerApi, type PartnerReferralAnswer, postReferral, readReferral } from "../support/api-client";
import {
  applicationsOfPartner,
  bearerFetch,
  createTestKey,
  createTestPartner,
  keyRow,
  referralBody,
  referralPartnerWithKey,
} from "../support/partners";

const EVIL = { origin: "http://evil.test", "sec-fetch-site": "cross-site" };

async function auditOf(keyId: number | string) {
  const a = schema.auditLog;
  return getDb()
    .select()
    .from(a)
    .where(and(eq(a.action, "partner_key.use"), eq(a.targetId, String(keyId))))
    .orderBy(desc(a.id));
}

describe("partner API keys at rest", () => {
  it("are shown once with a recognisable prefix and stored only as their SHA-256", async () => {
    const { id, key, prefix } = await referralPartnerWithKey();
    expect(key).toMatch(/^lm_live_[a-z2-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(`${prefix}_`)).toBe(true);
    const row = await keyRow(id);
    expect(row.secretHash).toBe(createHash("sha256").update(key).digest("hex"));
    const secret = key.slice(21);
    expect(JSON.stringify(row)).not.toContain(secret);
    const [audit] = await getDb()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, "partner_key.create"),
          eq(schema.auditLog.targetType, "partner_key"),
          eq(schema.auditLog.targetId, String(id)),
        ),
      );
    expect(audit?.details).toContain(prefix);
    expect(audit?.details).not.toContain(secret);
  });
});

describe("bearer authentication", () => {
  it("answers 401 JSON for an unknown, malformed, revoked or expired key", async () => {
    const { partner, key, id } = await referralPartnerWithKey();
    const unknown = key.slice(0, 21) + "A".repeat(43);
    const expired = await createTestKey(partner.id, { expiresAt: new Date(Date.now() - 1000) });
    const revoked = await createTestKey(partner.id);
    await revokeKey((await keyRow(id)).createdBy!, partner.id, revoked.id, "127.0.0.1");
    for (const token of [unknown, "lm_live_nope", "not a key", expired.key, revoked.key]) {
      const res = await postReferral(token, referralBody());
      expect(res.response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect((await expectApiError(res, 401)).message).toBe(PARTNER_MSG.keyInvalid);
    }
    // The valid key of the same partner still works.
    expect((await postReferral(key, referralBody())).response.status).toBe(201);
    expect(await applicationsOfPartner(partner.id)).toHaveLength(1);
  });

  it("answers 403 for a missing scope, the wrong partner kind, or an endpoint that takes no keys", async () => {
    const readOnly = await referralPartnerWithKey({ scopes: ["applications:read"] });
    const res = await postReferral(readOnly.key, referralBody());
    expect(await expectApiError(res, 403)).toMatchObject({ message: PARTNER_MSG.keyScopeMissing, requiredScope: "applications:write" });

    const [lender] = await getDb().select().from(schema.lenders).limit(1);
    const lenderPartner = await createTestPartner("lender", lender!.id);
    const lenderKey = await createTestKey(lenderPartner.id, { scopes: ["applications:read", "applications:write"] });
    expect((await expectApiError(await postReferral(lenderKey.key, referralBody()), 403)).message).toBe(PARTNER_MSG.keyKindNotAllowed);
    expect((await expectApiError(await partnerApi(readOnly.key).GET("/api/partner/applications"), 403)).message).toBe(
      PARTNER_MSG.keyKindNotAllowed,
    );
    expect((await expectApiError(await partnerApi(lenderKey.key).GET("/api/admin/applications"), 403)).message).toBe(
      PARTNER_MSG.keyNotAccepted,
    );
  });

  it("lets a referral partner read its own referral only: another partner's is 403, an unknown one 404", async () => {
    const mine = await referralPartnerWithKey();
    const other = await referralPartnerWithKey();
    const created = (await postReferral(mine.key, referralBody())).data as PartnerReferralAnswer;
    const own = await readReferral(mine.key, created.applicationId.toLowerCase());
    expect(own.response.status).toBe(200);
    expect(own.data).toEqual(created);
    const theirs = await readReferral(other.key, created.applicationId);
    expect((await expectApiError(theirs, 403)).message).toBe(PARTNER_MSG.referralNotYours);
    // An application nobody referred is not any partner's either.
    const { client } = await signedInApplicant();
    const direct = await (await client.fetch("/api/loan-applications", { json: { amount: "20000" } })).json();
    await expectApiError(await readReferral(mine.key, direct.applicationId), 403);
    await expectApiError(await readReferral(mine.key, "APP-ZZZZZZZZZZZZ"), 404);
  });
});

describe("bearer calls and the browser's same-origin rule", () => {
  it("a valid key's POST needs no Origin and is not refused for a foreign one", async () => {
    const { key, partner } = await referralPartnerWithKey();
    expect((await postReferral(key, referralBody())).response.status).toBe(201);
    expect((await postReferral(key, referralBody(), EVIL)).response.status).toBe(201);
    expect(await applicationsOfPartner(partner.id)).toHaveLength(2);
  });

  it("an invalid key with a foreign Origin is refused (401) and does nothing", async () => {
    const { key, partner } = await referralPartnerWithKey();
    const forged = key.slice(0, -4) + "AAAA";
    await expectApiError(await postReferral(forged, referralBody(), EVIL), 401);
    expect(await applicationsOfPartner(partner.id)).toHaveLength(0);
  });

  it("cookie calls keep the same-origin rule, and a Bearer header never falls back to the cookie", async () => {
    const { client, user } = await signedInApplicant();
    await expectCrossSiteRefusal(await client.fetch("/api/loan-applications", { json: applicationPayload(), headers: EVIL }));
    const bogus = await client.fetch("/api/loan-applications", {
      json: applicationPayload(),
      headers: { authorization: "Bearer lm_live_x" },
    });
    await expectJsonError(bogus, 401);
    const [n] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.userId, user.id));
    expect(n).toBeUndefined();
  });

  it("partner-only endpoints refuse a cookie session", async () => {
    const { client } = await signedInApplicant();
    const res = await client.fetch("/api/partner/referrals/APP-ZZZZZZZZZZZZ");
    expect((await expectJsonError(res, 401)).message).toBe(PARTNER_MSG.keyRequired);
  });
});

describe("per-key rate limit", () => {
  it("counts down RateLimit-Remaining, then answers 429 with Retry-After and the RateLimit headers", async () => {
    const { key, partner } = await referralPartnerWithKey({ rateLimitPerMinute: 3 });
    const other = await createTestKey(partner.id, { rateLimitPerMinute: 3 });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { response } = await readReferral(key, "APP-ZZZZZZZZZZZZ");
      expect(response.status).toBe(404);
      expect(response.headers.get("ratelimit-limit")).toBe("3");
      expect(response.headers.get("ratelimit-policy")).toBe("3;w=60");
      remaining.push(response.headers.get("ratelimit-remaining")!);
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const limited = await postReferral(key, referralBody());
    expect((await expectApiError(limited, 429)).message).toBe(PARTNER_MSG.rateLimited);
    const retry = Number(limited.response.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(limited.response.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(limited.response.headers.get("ratelimit-reset"))).toBe(retry);
    expect(await applicationsOfPartner(partner.id)).toHaveLength(0);
    // The limit is the key's own: another key of the partner is not held.
    expect((await readReferral(other.key, "APP-ZZZZZZZZZZZZ")).response.status).toBe(404);
  });
});

describe("audit of key use", () => {
  it("writes one row per call with the outcome, never the key", async () => {
    const { key, id } = await referralPartnerWithKey({ scopes: ["applications:write"] });
    await postReferral(key, referralBody());
    await readReferral(key, "APP-ZZZZZZZZZZZZ");
    const rows = await auditOf(id);
    expect(rows.map((r) => [r.outcome, r.details?.replace(/ partner \d+$/, "")])).toEqual([
      ["denied", "GET /api/partner/referrals/APP-*** -> 403"],
      ["success", "POST /api/loan-applications -> 201"],
    ]);
    const secret = key.slice(21);
    for (const r of rows) expect(JSON.stringify(r)).not.toContain(secret);
    expect((await keyRow(id)).lastUsedAt).toBeInstanceOf(Date);

    const unknown = key.slice(0, 21) + "B".repeat(43);
    await readReferral(unknown, "APP-ZZZZZZZZZZZZ");
    const publicId = key.slice(8, 20);
    const denied = await getDb()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "partner_key.use"), like(schema.auditLog.targetId, `unknown:${publicId}`)));
    expect(denied.map((r) => r.outcome)).toEqual(["denied"]);
  });
});

describe("every partner API route of the build", () => {
  it("refuses no key, a cookie session, the wrong partner kind and a key without the scope", async () => {
    // Every api/partner route the build serves is described in the catalogue (so walked below).
    const built = (await builtRoutes()).filter((r) => /^api\/partner\//.test(r.pattern)).map((r) => `/${r.pattern}`);
    const catalogued = API_ROUTES.filter((r) => r.route.startsWith("api.partner."));
    const paths = catalogued.map((r) => routePath(r.route));
    expect(built.map((p) => p.replace(/:reference/g, "{applicationId}").replace(/:(\w+)/g, "{$1}")).sort()).toEqual([...paths].sort());
    expect(paths).toEqual(
      expect.arrayContaining(["/api/partner/applications/{applicationId}/offers", "/api/partner/applications/{applicationId}/funded"]),
    );

    const [lender] = await getDb().select().from(schema.lenders).limit(1);
    const partners = {
      lender: await createTestPartner("lender", lender!.id),
      referral: await createTestPartner("referral"),
    };
    const { client: cookie } = await signedInApplicant();
    for (const entry of catalogued) {
      const url = routePath(entry.route)
        .replace("{applicationId}", "APP-ZZZZZZZZZZZZ")
        .replace(/\{\w+\}/g, "1");
      for (const [method, ep] of Object.entries(entry.endpoints)) {
        const partner = ep?.partner;
        const where = `${method} ${url}`;
        expect(partner, `${where} takes partner keys`).toBeDefined();
        const init = method === "GET" ? { method } : { method, json: {} };
        if (ep!.auth === "partner") {
          const anonymous = await new Client().fetch(url, method === "GET" ? {} : { method, json: {} });
          expect(anonymous.status, `${where} without a key`).toBe(401);
          const viaCookie = await cookie.fetch(url, method === "GET" ? {} : { method, json: {} });
          expect((await expectJsonError(viaCookie, 401)).message, `${where} with a cookie`).toBe(PARTNER_MSG.keyRequired);
        }
        for (const kind of PARTNER_KINDS.filter((k) => !partner!.kinds.includes(k))) {
          const wrong = await createTestKey(partners[kind].id, { scopes: [...PARTNER_SCOPES] });
          expect((await expectJsonError(await bearerFetch(wrong.key, url, init), 403)).message, `${where} ${kind} key`).toBe(
            PARTNER_MSG.keyKindNotAllowed,
          );
        }
        const kind = partner!.kinds[0]!;
        const lacking = await createTestKey(partners[kind].id, { scopes: PARTNER_SCOPES.filter((sc) => sc !== partner!.scope) });
        expect(await expectJsonError(await bearerFetch(lacking.key, url, init), 403), `${where} without ${partner!.scope}`).toMatchObject({
          message: PARTNER_MSG.keyScopeMissing,
          requiredScope: partner!.scope,
        });
      }
    }
  });
});
