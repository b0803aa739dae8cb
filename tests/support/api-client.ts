/**
 * Typed clients of the JSON API for the tests: openapi-fetch over the types `npm run api:types`
 * generates from the OpenAPI document (./openapi-types.ts), so every path, body and answer a test
 * writes is checked against the document the app serves. `data` is the answer's body when it is a
 * success, `error` when not, `response` the raw Response (status, headers).
 */
import createClient, { type Middleware } from "openapi-fetch";
import { expect } from "vitest";
import type { components, paths } from "./openapi-types";
import { baseUrl, randomIp, type Client } from "./http";

export type ApiSchemas = components["schemas"];
export type PartnerReferralAnswer = ApiSchemas["PartnerReferral"];

/** Each call from its own address, as many integrators' servers would (the per-IP limits stay out of the way). */
const freshIp: Middleware = {
  onRequest({ request }) {
    request.headers.set("x-forwarded-for", randomIp());
    return request;
  },
};

/**
 * The API as an integrator's server calls it with a partner key: bearer, no cookie, no Origin.
 * `headers` go on every call (an Idempotency-Key for one call goes in that call's `headers`).
 */
export function partnerApi(key: string, headers: Record<string, string> = {}) {
  const api = createClient<paths>({ baseUrl: baseUrl(), headers: { authorization: `Bearer ${key}`, ...headers } });
  api.use(freshIp);
  return api;
}

/** The API with a signed-in test client's session cookie (what the product's own pages send). */
export function sessionApi(client: Client) {
  return createClient<paths>({
    baseUrl: client.origin,
    fetch: async (request: Request) => {
      const body = request.body ? await request.text() : undefined;
      const path = new URL(request.url).pathname + new URL(request.url).search;
      return client.fetch(path, { method: request.method, headers: Object.fromEntries(request.headers), body });
    },
  });
}

/** GET /api/partner/referrals/{applicationId} with `key`. */
export function readReferral(key: string, applicationId: string) {
  return partnerApi(key).GET("/api/partner/referrals/{applicationId}", { params: { path: { applicationId } } });
}

/** POST /api/loan-applications with a referral partner's key. */
export function postReferral(key: string, body: ApiSchemas["PartnerReferralRequest"], headers: Record<string, string> = {}) {
  return partnerApi(key).POST("/api/loan-applications", { body, headers });
}

/**
 * A body the document does not allow, sent on purpose (the tests of the API's refusals): typed as
 * whatever the call expects, so the compiler lets the test send it.
 */
export const malformed = (body: unknown) => body as never;

/** Every API error answer, through the typed client: JSON with a string message, not cached, no sniffing. */
export async function expectApiError(result: { response: Response; error?: unknown }, status: number) {
  expect(result.response.status).toBe(status);
  expect(result.response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(result.response.headers.get("cache-control")).toBe("no-store");
  expect(result.response.headers.get("x-content-type-options")).toBe("nosniff");
  const error = result.error as { message: unknown; errors?: Record<string, string[]> };
  expect(typeof error.message).toBe("string");
  expect(JSON.stringify(error)).not.toMatch(/\bat \S+ \(|\.ts:\d+|Failed query|params:|\bselect\b.+\bfrom\b|insert into|ER_[A-Z_]+/i);
  return error as { message: string; errors?: Record<string, string[]>; requiredScope?: string };
}
