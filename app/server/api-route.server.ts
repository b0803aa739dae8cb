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
import type { PublicUser } from "~/models/users.server";
import { throttle, type ThrottleRule } from "~/services/throttle.server";
import { isDatabaseUnavailable, serviceUnavailableResponse } from "~/utils/db-errors.server";
import { getEnv } from "~/utils/env.server";
import { logError } from "~/utils/log.server";
import { MSG } from "~/utils/messages";
import { checkOrigin } from "~/utils/origin.server";
import { getClientIp } from "~/utils/request.server";
import { applySecurityHeaders } from "~/utils/security-headers.server";
import type { ApiOperationDescriber } from "./openapi.server";
import { getUser, requireAdmin } from "./session.server";

export const API_BODY_LIMIT_BYTES = 64 * 1024;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiMethod = Method;
export type ApiAuth = "none" | "user" | "admin";
type Auth = ApiAuth;
type UserFor<A extends Auth> = A extends "none" ? PublicUser | null : PublicUser;
type Out<S> = S extends z.ZodTypeAny ? z.output<S> : undefined;

export type ApiContext<A extends Auth, B, Q, P> = {
  request: Request;
  context: AppLoadContext;
  user: UserFor<A>;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  ip: string;
};

export type Endpoint<A extends Auth = Auth, B = unknown, Q = unknown, P = unknown> = {
  auth: A;
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
>(def: Endpoint<A, B, Q, P>): Endpoint<A, B, Q, P> {
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

/** Reads at most `limit` bytes of JSON (never more into memory), then parses it. */
export async function readJsonBody(request: Request, limit = API_BODY_LIMIT_BYTES): Promise<BodyRead> {
  if (!isJsonContentType(request.headers.get("content-type"))) return { ok: false, response: apiError(415, MSG.apiJsonRequired) };
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) return { ok: false, response: apiError(413, MSG.apiBodyTooLarge) };
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
        return { ok: false, response: apiError(413, MSG.apiBodyTooLarge) };
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

type Methods = Partial<Record<Method, Endpoint<Auth, unknown, unknown, unknown>>>;
/** What the OpenAPI document needs of a route's endpoints. */
export type ApiEndpoints = Partial<Record<Method, Pick<Endpoint, "auth" | "params" | "query" | "body" | "openapi">>>;

async function run(ep: Endpoint<Auth, unknown, unknown, unknown>, args: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
  const { request, context } = args;
  const refused = crossSiteRefusal(request);
  if (refused) return refused;

  const user =
    ep.auth === "admin" ? await requireApiAdmin(request) : ep.auth === "user" ? await requireApiUser(request) : await getUser(request);

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
  if (ep.rateLimit) {
    const { rule, keys } = ep.rateLimit({ user, ip });
    const limited = await throttle(rule, keys);
    if (limited) return apiError(429, limited.message, undefined, limited.headers);
  }

  let body: unknown = undefined;
  if (ep.body) {
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = (ep.body as z.ZodTypeAny).safeParse(read.value, { errorMap: noEchoErrorMap });
    if (!parsed.success) return zodErrorResponse(parsed.error);
    body = parsed.data;
  }

  return ep.handler({ request, context, user, body, query, params, ip } as ApiContext<Auth, unknown, unknown, unknown>);
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
    try {
      if (!ep) return methodNotAllowed(methods);
      return finish(await run(ep, args));
    } catch (e) {
      if (e instanceof Response) return finish(e);
      if (isDatabaseUnavailable(e)) return finish(serviceUnavailableResponse());
      logError(`api ${method} ${new URL(args.request.url).pathname.replace(/APP-[A-Za-z0-9]+/gi, "APP-***")}`, e);
      return apiError(500, MSG.apiServerError);
    }
  };
  return {
    loader: (args: LoaderFunctionArgs) => handle(args),
    action: (args: ActionFunctionArgs) => handle(args),
    endpoints: methods as ApiEndpoints,
  };
}
