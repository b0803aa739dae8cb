/**
 * The one builder for the JSON API's resource routes. In this order it: answers 405 (with Allow)
 * for a method the route lacks; refuses a cross-site state-changing request (the server entry
 * already does; repeated here so the API is safe under any entry); checks the session (401 JSON
 * when signed out, 403 JSON when the role is wrong); parses path params (404) and the query; applies
 * a throttle (429); for a JSON body checks the content type (415), its size (413), the JSON itself
 * (400) and the zod schema (400 with field errors); runs the handler; answers 503 (Retry-After) when
 * the database is unreachable and turns anything else thrown into a generic 500 without details
 * (logged without PII). Every answer has `Cache-Control: no-store` and
 * `X-Content-Type-Options: nosniff`; every error is JSON `{ message }`.
 *
 * Partner API keys: a request with `Authorization: Bearer` is checked first instead of
 * the same-origin rule and the session (see PartnerAccess and admitBearer), gets the key's RateLimit
 * headers and one audit row. POST and PATCH with a JSON body and a known caller honour an
 * `Idempotency-Key` around the handler (see `idempotent`).
 *
 *   export const { loader, action, endpoints } = apiRoute({
 *     POST: endpoint({ auth: "user", body: Schema, openapi: (api) => ({ ...its OpenAPI description }), handler }),
 *   });
 *
 * Each endpoint carries its own OpenAPI description (`openapi`); the route module exports
 * `endpoints` and is listed in ./api-catalogue.server, from which ./openapi.server builds the
 * document (a unit test fails when an API route or an endpoint has no description).
 *
 * Bodies and answers that are not JSON: without `body` the builder never touches the request's
 * body, so a handler may stream it itself (the document upload parses its multipart body as it
 * arrives); a handler may answer any Response (the document download answers the file with its
 * own headers, which the builder keeps).
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import type { PublicUser } from "~/features/accounts/index.server";
import type { PartnerKind, PartnerScope } from "~/content/enums";
import { beginIdempotent, finishIdempotent, isValidIdempotencyKey } from "~/platform/api/idempotency.server";
import { auditKeyUse, authenticateKey, bearerToken, countKeyCall, type PartnerCaller } from "~/features/partners/index.server";
import { throttle, type ThrottleRule } from "~/platform/security/throttle.server";
import { isDatabaseUnavailable, serviceUnavailableResponse } from "~/platform/db/db-errors.server";
import { getEnv } from "~/platform/env.server";
import { logError } from "~/platform/observability/log.server";
import { MSG, PARTNER_MSG } from "~/content/messages";
import { checkOrigin } from "~/platform/http/origin.server";
import { getClientIp } from "~/platform/http/request.server";
import { applySecurityHeaders } from "~/platform/http/security-headers.server";
import type { ApiOperationDescriber } from "./openapi.server";
import { getUser, requireAdmin } from "~/features/accounts/index.server";

export const API_BODY_LIMIT_BYTES = 64 * 1024;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiMethod = Method;
/** "partner": only partner API keys (Authorization: Bearer), never a cookie session. */
export type ApiAuth = "none" | "user" | "admin" | "partner";
type Auth = ApiAuth;
type UserFor<A extends Auth> = A extends "none" ? PublicUser | null : A extends "partner" ? null : PublicUser;
type PartnerFor<A extends Auth> = A extends "partner" ? PartnerCaller : null;
type Out<S> = S extends z.ZodTypeAny ? z.output<S> : undefined;

export type ApiContext<A extends Auth, B, Q, P> = {
  request: Request;
  context: AppLoadContext;
  user: UserFor<A>;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  ip: string;
  /** The partner behind the bearer key (auth "partner"); null for cookie and public calls. */
  partner: PartnerFor<A>;
};

/** A bearer call's context: the partner instead of a user. */
export type PartnerApiContext<B, Q, P> = Omit<ApiContext<"partner", B, Q, P>, "user">;

/**
 * Partner API keys on an endpoint. A call with `Authorization: Bearer <key>` is checked
 * here: unknown, revoked or expired key 401, wrong partner kind or missing scope 403, over the
 * key's rate limit 429; it is never subject to the browser same-origin rule and never uses a
 * cookie. With auth "partner" the endpoint's `handler` answers it; on an endpoint of another auth
 * (cookie callers unchanged) `handler` here answers bearer calls, with its own `body` schema.
 */
export type PartnerAccess<PB = unknown, Q = unknown, P = unknown> = {
  scope: PartnerScope;
  kinds: readonly PartnerKind[];
  body?: PB;
  handler?(c: PartnerApiContext<PB, Q, P>): Promise<Response>;
};

export type Endpoint<A extends Auth = Auth, B = unknown, Q = unknown, P = unknown, PB = unknown> = {
  auth: A;
  /** Partner API keys accepted by this endpoint (see PartnerAccess); required with auth "partner". */
  partner?: PartnerAccess<PB, Q, P>;
  /** Path params schema; a param that does not parse is a 404 with `notFoundMessage`. */
  params?: P;
  notFoundMessage?: string;
  /** Query schema (search params as an object of strings). */
  query?: Q;
  /** JSON body schema; without it the body is never read (the handler may stream `request.body`). */
  body?: B;
  /** Throttle taken before the body is read (keys from the caller). */
  rateLimit?(c: { user: UserFor<A>; ip: string }): { rule: ThrottleRule; keys: string[] };
  /** The OpenAPI description of this operation (see ./openapi.server); every API endpoint has one. */
  openapi?: ApiOperationDescriber;
  handler(c: ApiContext<A, B, Q, P>): Promise<Response>;
};

/** Types an endpoint's context from its schemas. */
export function endpoint<
  A extends Auth,
  B extends z.ZodTypeAny | undefined = undefined,
  Q extends z.ZodTypeAny | undefined = undefined,
  P extends z.ZodTypeAny | undefined = undefined,
  PB extends z.ZodTypeAny | undefined = undefined,
>(def: Endpoint<A, B, Q, P, PB>): Endpoint<A, B, Q, P, PB> {
  return def;
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** The API's headers on any answer. A handler's own security headers stay (a document answers
 *  with `Referrer-Policy: no-referrer` and its sandbox CSP); nothing is ever cached. */
function finish(res: Response): Response {
  const defaults = new Headers();
  applySecurityHeaders(defaults);
  for (const [name, value] of defaults) if (!res.headers.has(name)) res.headers.set(name, value);
  res.headers.set("Cache-Control", "no-store");
  res.headers.set("X-Content-Type-Options", "nosniff");
  return res;
}

export function apiJson(data: unknown, status = 200, headers?: HeadersInit): Response {
  return finish(Response.json(data, { status, headers }));
}

export function apiError(status: number, message: string, extra?: Record<string, unknown>, headers?: HeadersInit): Response {
  return apiJson({ message, ...extra }, status, headers);
}

export function apiValidationError(errors: Record<string, string[] | undefined>, formErrors: string[] = []): Response {
  const clean: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors)) if (v?.length) clean[k] = v;
  return apiError(400, MSG.apiValidationFailed, { errors: clean, ...(formErrors.length ? { formErrors } : {}) });
}

/**
 * Zod's default messages for enums and literals repeat the value that was sent; the API answers
 * never echo input, so those become generic. Messages the schemas set themselves are kept.
 */
const noEchoErrorMap: z.ZodErrorMap = (issue, ctx) => {
  // ctx.defaultError already carries a schema's own errorMap message; only zod's defaults echo.
  const zodDefault = (prefix: string) => ctx.defaultError.startsWith(prefix);
  switch (issue.code) {
    case z.ZodIssueCode.invalid_enum_value:
      return { message: zodDefault("Invalid enum value") ? `Expected one of: ${issue.options.map(String).join(", ")}` : ctx.defaultError };
    case z.ZodIssueCode.invalid_literal:
      return { message: zodDefault("Invalid literal value") ? "Invalid value" : ctx.defaultError };
    case z.ZodIssueCode.unrecognized_keys:
      return { message: MSG.apiUnknownFields };
    default:
      return { message: ctx.defaultError };
  }
};

export function zodErrorResponse(error: z.ZodError): Response {
  const flat = error.flatten();
  return apiValidationError(flat.fieldErrors as Record<string, string[] | undefined>, [...new Set(flat.formErrors)]);
}

// ---------------------------------------------------------------------------------------------
// Guards
// ---------------------------------------------------------------------------------------------

/** The signed-in user, or a thrown 401 JSON answer. */
export async function requireApiUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) throw apiError(401, MSG.authRequired);
  return user;
}

/** A signed-in admin, or a thrown 401 (signed out) / 403 (any other role) JSON answer. The pages'
 *  admin guard runs too, so whatever it demands of an admin session holds for the API as well. */
export async function requireApiAdmin(request: Request): Promise<PublicUser> {
  const user = await requireApiUser(request);
  if (user.role !== "admin") throw apiError(403, MSG.accessDenied);
  try {
    return await requireAdmin(request);
  } catch (e) {
    if (e instanceof Response) throw apiError(403, MSG.accessDenied);
    throw e;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function crossSiteRefusal(request: Request): Response | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const verdict = checkOrigin({
    method: request.method,
    origin: request.headers.get("origin"),
    secFetchSite: request.headers.get("sec-fetch-site"),
    host: request.headers.get("host") ?? new URL(request.url).host,
    allowedOrigins: (getEnv().ALLOWED_ORIGINS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  });
  return verdict.ok ? null : apiError(403, verdict.message);
}

// ---------------------------------------------------------------------------------------------
// Body
// ---------------------------------------------------------------------------------------------

export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const [type, ...params] = value.split(";").map((s) => s.trim().toLowerCase());
  if (!type || !(type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type))) return false;
  const charset = params.find((p) => p.startsWith("charset="));
  return !charset || /^charset="?utf-8"?$/.test(charset);
}

type BodyRead = { ok: true; value: unknown } | { ok: false; response: Response };

/** A body refused before it was all read: the connection is closed after the answer (RFC 9112, 9.6),
 *  or a client reusing it would send its next request after our unread bytes and be reset. */
const tooLarge = () => apiError(413, MSG.apiBodyTooLarge, undefined, { connection: "close" });

/** Reads at most `limit` bytes of JSON (never more into memory), then parses it. */
export async function readJsonBody(request: Request, limit = API_BODY_LIMIT_BYTES): Promise<BodyRead> {
  if (!isJsonContentType(request.headers.get("content-type"))) return { ok: false, response: apiError(415, MSG.apiJsonRequired) };
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) return { ok: false, response: tooLarge() };
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return { ok: false, response: tooLarge() };
      }
      chunks.push(value);
    }
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    return { ok: false, response: apiError(400, MSG.apiMalformedJson) };
  }
  if (!text.trim()) return { ok: false, response: apiError(400, MSG.apiMalformedJson) };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: apiError(400, MSG.apiMalformedJson) };
  }
}

// ---------------------------------------------------------------------------------------------
// The builder
// ---------------------------------------------------------------------------------------------

type AnyEndpoint = Endpoint<Auth, unknown, unknown, unknown, unknown>;
type Methods = Partial<Record<Method, AnyEndpoint>>;
/** What the OpenAPI document needs of a route's endpoints. */
export type ApiEndpoints = Partial<Record<Method, Pick<Endpoint, "auth" | "params" | "query" | "body" | "openapi" | "partner">>>;

/** What a bearer call leaves for the answer: its key's caller (for the audit) and RateLimit headers. */
type BearerState = { token: string | null; caller: PartnerCaller | null; headers: Record<string, string> };

const invalidKey = () => apiError(401, PARTNER_MSG.keyInvalid, undefined, { "WWW-Authenticate": 'Bearer error="invalid_token"' });

/** Checks a bearer call's key against the endpoint; an answer when refused, else null. */
async function admitBearer(ep: AnyEndpoint, token: string, state: BearerState): Promise<Response | null> {
  const caller = await authenticateKey(token);
  if (!caller) return invalidKey();
  state.caller = caller;
  if (!ep.partner) return apiError(403, PARTNER_MSG.keyNotAccepted);
  if (!ep.partner.kinds.includes(caller.kind)) return apiError(403, PARTNER_MSG.keyKindNotAllowed);
  if (!caller.scopes.includes(ep.partner.scope)) return apiError(403, PARTNER_MSG.keyScopeMissing, { requiredScope: ep.partner.scope });
  const counted = await countKeyCall(caller);
  state.headers = counted.headers;
  if (counted.limited) return apiError(429, PARTNER_MSG.rateLimited);
  return null;
}

/**
 * Runs `work` under the request's Idempotency-Key (POST and PATCH with a JSON body and a known
 * caller; see ~/platform/api/idempotency.server): a replay, a 422 or 409, or the work's answer stored.
 */
async function idempotent(request: Request, scope: string | null, body: unknown, work: () => Promise<Response>): Promise<Response> {
  const key = request.headers.get("idempotency-key");
  if (key === null || scope === null || (request.method !== "POST" && request.method !== "PATCH")) return work();
  if (!isValidIdempotencyKey(key)) return apiError(400, PARTNER_MSG.idempotencyKeyInvalid);
  const begun = await beginIdempotent({ scope, key, method: request.method, path: new URL(request.url).pathname, body });
  if (begun.kind === "mismatch") return apiError(422, PARTNER_MSG.idempotencyMismatch);
  if (begun.kind === "in-progress") return apiError(409, PARTNER_MSG.idempotencyInProgress, undefined, { "Retry-After": "1" });
  if (begun.kind === "replay") {
    return new Response(begun.answer.body || null, {
      status: begun.answer.status,
      headers: { "Content-Type": "application/json; charset=utf-8", "Idempotent-Replayed": "true" },
    });
  }
  let res: Response;
  try {
    res = await work();
  } catch (e) {
    await finishIdempotent(begun.id, e instanceof Response && e.status < 500 ? { status: e.status, body: await e.clone().text() } : null);
    throw e;
  }
  await finishIdempotent(begun.id, { status: res.status, body: await res.clone().text() });
  return res;
}

async function run(ep: AnyEndpoint, args: LoaderFunctionArgs | ActionFunctionArgs, bearer: BearerState): Promise<Response> {
  const { request, context } = args;
  if (bearer.token !== null) {
    // A valid key replaces the browser rules: no cookie is read and no same-origin check applies
    // (a browser cannot send this header cross-site without a CORS preflight, which is never granted).
    const refused = await admitBearer(ep, bearer.token, bearer);
    if (refused) return refused;
  } else {
    const refused = crossSiteRefusal(request);
    if (refused) return refused;
    if (ep.auth === "partner") return apiError(401, PARTNER_MSG.keyRequired, undefined, { "WWW-Authenticate": "Bearer" });
  }
  const partner = bearer.caller;

  const user = partner
    ? null
    : ep.auth === "admin"
      ? await requireApiAdmin(request)
      : ep.auth === "user"
        ? await requireApiUser(request)
        : await getUser(request);

  let params: unknown = undefined;
  if (ep.params) {
    const parsed = (ep.params as z.ZodTypeAny).safeParse(args.params);
    if (!parsed.success) return apiError(404, ep.notFoundMessage ?? MSG.apiNotFound);
    params = parsed.data;
  }

  let query: unknown = undefined;
  if (ep.query) {
    const search = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = (ep.query as z.ZodTypeAny).safeParse(search, { errorMap: noEchoErrorMap });
    if (!parsed.success) return zodErrorResponse(parsed.error);
    query = parsed.data;
  }

  const ip = getClientIp(request, context);
  if (ep.rateLimit && !partner) {
    const { rule, keys } = ep.rateLimit({ user, ip });
    const limited = await throttle(rule, keys);
    if (limited) return apiError(429, limited.message, undefined, limited.headers);
  }

  const bodySchema = (partner ? (ep.partner?.body ?? ep.body) : ep.body) as z.ZodTypeAny | undefined;
  let body: unknown = undefined;
  let raw: unknown = undefined;
  if (bodySchema) {
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    raw = read.value;
    const parsed = bodySchema.safeParse(read.value, { errorMap: noEchoErrorMap });
    if (!parsed.success) return zodErrorResponse(parsed.error);
    body = parsed.data;
  }

  const scope = partner ? `key:${partner.keyId}` : user ? `user:${user.id}` : null;
  return idempotent(request, bodySchema ? scope : null, raw, () => {
    if (partner && ep.auth !== "partner" && ep.partner?.handler) {
      const handler = ep.partner.handler as (c: Record<string, unknown>) => Promise<Response>;
      return handler({ request, context, partner, body, query, params, ip });
    }
    return ep.handler({ request, context, user, partner, body, query, params, ip } as ApiContext<Auth, unknown, unknown, unknown>);
  });
}

function methodNotAllowed(methods: Methods) {
  const allow = Object.keys(methods);
  if (allow.includes("GET")) allow.push("HEAD");
  return apiError(405, MSG.methodNotAllowed, undefined, { Allow: allow.join(", ") });
}

/** Builds a resource route's `loader` (GET/HEAD) and `action` (every other method); `endpoints`
 *  (the definitions given) is for the OpenAPI catalogue. */
export function apiRoute<M extends Methods>(methods: M) {
  const handle = async (args: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> => {
    const method = (args.request.method === "HEAD" ? "GET" : args.request.method) as Method;
    const ep = methods[method];
    const bearer: BearerState = { token: bearerToken(args.request), caller: null, headers: {} };
    const answer = async (): Promise<Response> => {
      try {
        if (!ep) return methodNotAllowed(methods);
        return finish(await run(ep, args, bearer));
      } catch (e) {
        if (e instanceof Response) return finish(e);
        if (isDatabaseUnavailable(e)) return finish(serviceUnavailableResponse());
        logError(`api ${method} ${new URL(args.request.url).pathname.replace(/APP-[A-Za-z0-9]+/gi, "APP-***")}`, e);
        return apiError(500, MSG.apiServerError);
      }
    };
    const res = await answer();
    if (bearer.token === null) return res;
    for (const [name, value] of Object.entries(bearer.headers)) if (!res.headers.has(name)) res.headers.set(name, value);
    await auditKeyUse({
      caller: bearer.caller,
      token: bearer.token,
      method: args.request.method,
      path: new URL(args.request.url).pathname,
      status: res.status,
      ip: getClientIp(args.request, args.context),
    });
    return res;
  };
  return {
    loader: (args: LoaderFunctionArgs) => handle(args),
    action: (args: ActionFunctionArgs) => handle(args),
    endpoints: methods as ApiEndpoints,
  };
}
