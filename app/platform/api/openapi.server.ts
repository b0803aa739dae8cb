/**
 * The OpenAPI 3.1 document of the JSON API (GET /api/openapi.json) and the endpoint list of the
 * human page (/api-docs).
 *
 * Each endpoint describes itself beside its handler: the `openapi` field of its `endpoint()` in the
 * route module (summary, description, tag, operationId, request, responses). The catalogue
 * (app/routes/api.openapi[.json]/api-catalogue.server.ts, beside the route serving the document)
 * lists the API route modules and is passed in; the path comes from the module's file name, the method from its key
 * in `apiRoute`, the auth from the endpoint itself. This module adds what every operation shares:
 * the auth sentence, `security` (an empty list for public operations), `x-auth`, and the error
 * answers of the guards `apiRoute` runs (401/403, cross-site 403, 500, 503).
 */
import {
  extendZodWithOpenApi,
  OpenApiGeneratorV31,
  OpenAPIRegistry,
  type ResponseConfig,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { site } from "~/content/site";
import { ApiErrorSchema, ApiMessageSchema, ApiValidationErrorSchema } from "~/features/applications";
import { WEBHOOK_EVENT_TEXT, WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS_BY_KIND } from "~/features/partners";
import { webhookEnvelopeSchema } from "~/features/partners";
import { API_BODY_LIMIT_BYTES, type ApiAuth, type ApiEndpoints } from "./api-route.server";
import { SESSION_COOKIE_NAME } from "~/features/accounts/index.server";

extendZodWithOpenApi(z);

export type { ApiAuth };
/** One API route module: its file name under app/routes (it gives the path) and its endpoints. */
export type ApiCatalogueEntry = { route: string; endpoints: ApiEndpoints };
export type ApiEndpointSummary = {
  method: string;
  path: string;
  auth: ApiAuth;
  summary: string;
  description: string;
  tag: string;
  /** The scope a partner API key needs to call it; absent: keys are refused. */
  partnerScope?: string;
};

/** One operation's own description; method, path, auth, security and the guards' answers are added. */
export type ApiOperationDoc = Omit<RouteConfig, "method" | "path" | "tags" | "security" | "summary" | "description"> & {
  /** The group on /api-docs and the OpenAPI tag. */
  tag: string;
  summary: string;
  /** What it does; the auth sentence is appended. */
  description: string;
};

/** Helpers for writing an ApiOperationDoc; `schema` names a component (one schema per name). */
export type OpenApiKit = ReturnType<typeof makeKit>;

/** The `openapi` field of `endpoint()`: called when the document is built. */
export type ApiOperationDescriber = (kit: OpenApiKit) => ApiOperationDoc;

const AUTH_TEXT: Record<ApiAuth, string> = {
  none: "No sign-in needed.",
  user: "Signed in (any role): 401 when signed out.",
  admin: "Signed in as an admin: 401 when signed out, 403 for any other role.",
  partner: "A partner API key only (Authorization: Bearer; no cookie).",
};

/** The IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers) on every bearer call's answer. */
const rateLimitHeaders = {
  "RateLimit-Limit": { description: "Requests this key may make per window", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in the current window", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the current window ends", schema: { type: "integer" } },
  "RateLimit-Policy": { description: "The key's policy, e.g. `120;w=60` (120 requests per 60 seconds)", schema: { type: "string" } },
} as const;

function makeKit(registry: OpenAPIRegistry) {
  const components = new Map<string, { source: z.ZodTypeAny; registered: z.ZodTypeAny }>();
  /** The schema as the component `name` (registered once; the same name for another schema throws). */
  const schema = <T extends z.ZodTypeAny>(name: string, source: T): T => {
    const known = components.get(name);
    if (known && known.source !== source) throw new Error(`OpenAPI component ${name} is given two different schemas`);
    if (known) return known.registered as T;
    const registered = registry.register(name, source);
    components.set(name, { source, registered });
    return registered;
  };
  const ErrorBody = schema("Error", ApiErrorSchema);
  const ValidationError = schema("ValidationError", ApiValidationErrorSchema);
  const Message = schema("Message", ApiMessageSchema);
  const json = (s: z.ZodTypeAny, description: string): ResponseConfig => ({ description, content: { "application/json": { schema: s } } });
  const err = (description: string) => json(ErrorBody, description);
  return {
    schema,
    json,
    err,
    Message,
    /** A file's bytes (multipart field or response body). */
    binary: () => z.string().openapi({ type: "string", format: "binary" }),
    setCookie: z.object({ "Set-Cookie": z.string() }),
    /** X-Total-Count, X-Page, X-Page-Count of the admin lists. */
    pageHeaders: z.object({
      "X-Total-Count": z.string().openapi({ description: "Rows in all pages" }),
      "X-Page": z.string().openapi({ description: "This page (1-based)" }),
      "X-Page-Count": z.string().openapi({ description: "Pages in all" }),
    }),
    /** A JSON request body as `apiRoute` reads it. */
    jsonBody: (s: z.ZodTypeAny) => ({
      required: true,
      description: `JSON (Content-Type: application/json), at most ${API_BODY_LIMIT_BYTES / 1024} KB. Unknown fields are refused.`,
      content: { "application/json": { schema: s } },
    }),
    /** The answers `apiRoute` gives for a JSON body it refuses. */
    bodyErrors: {
      400: json(z.union([ValidationError, ErrorBody]), "Validation failed (with errors per field), or malformed JSON ({ message } only)"),
      413: err(`Body over ${API_BODY_LIMIT_BYTES / 1024} KB`),
      415: err("Content-Type is not application/json"),
    } satisfies Record<number, ResponseConfig>,
  };
}

function buildRegistry(routes: ApiCatalogueEntry[]) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE_NAME(),
    description:
      "The session cookie set by POST /api/auth/login or /api/auth/register (HttpOnly, SameSite=Lax). Same session as the pages.",
  });
  registry.registerComponent("securitySchemes", "partnerKey", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "lm_live_<id>_<secret>",
    description:
      "A partner API key made by an admin at /admin/partners (shown once). Send `Authorization: Bearer <key>`; no cookie and no Origin are needed. Each key has scopes (the values listed per operation), a rate limit per minute (120 unless agreed otherwise; RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset and RateLimit-Policy on every answer; 429 with Retry-After when over it), may expire and can be revoked. Unknown, expired or revoked key: 401; missing scope or wrong partner kind: 403.",
  });
  const kit = makeKit(registry);
  const { err } = kit;
  const common = { 500: err("Unexpected failure (no details)"), 503: err("The database is temporarily unavailable (Retry-After)") };
  const crossSite: Record<string, ResponseConfig> = { 403: err("Cross-site request refused (Origin of another site)") };
  const authErrors = (auth: ApiAuth): Record<string, ResponseConfig> =>
    auth === "none"
      ? {}
      : auth === "user"
        ? { 401: err("Not signed in") }
        : { 401: err("Not signed in"), 403: err("Signed in, but not an admin") };

  const summaries: ApiEndpointSummary[] = [];
  for (const { route: file, endpoints } of routes) {
    const path = routePath(file);
    for (const [method, ep] of Object.entries(endpoints)) {
      if (!ep?.openapi) throw new Error(`${method} ${path} (app/routes/${file}.ts) has no OpenAPI description`);
      const { tag, request, ...own } = ep.openapi(kit);
      const auth = ep.auth;
      const state = method !== "GET";
      const partner = ep.partner;
      const cookie = auth !== "partner";
      const idempotent = (method === "POST" || method === "PATCH") && Boolean(ep.body ?? partner?.body) && auth !== "none";
      const partnerText = partner
        ? ` Partner API keys (${partner.kinds.join(" or ")} partners) need the scope ${partner.scope}; each key has its own rate limit per minute (429 with Retry-After over it).`
        : "";
      const idempotencyText = idempotent
        ? " Accepts an Idempotency-Key header: the same key with the same body answers the first answer again (status and body, Idempotent-Replayed: true) without doing the work twice; another body with that key: 422; a request while the first with its key is still running waits up to 5 seconds for its answer, then 409. Keys are per caller and live 24 hours."
        : "";
      const partnerResponses: Record<string, ResponseConfig> = partner
        ? {
            401: err(cookie ? "Not signed in, or an unknown, expired or revoked API key" : "Missing, unknown, expired or revoked API key"),
            403: err(`The API key lacks the scope ${partner.scope}, or its partner is not a ${partner.kinds.join(" or ")} partner`),
          }
        : {};
      const idempotencyResponses: Record<string, ResponseConfig> = idempotent
        ? {
            409: err("A request with this Idempotency-Key is still in progress (Retry-After)"),
            422: err("This Idempotency-Key was used with a different request"),
          }
        : {};
      const route: RouteConfig & { "x-auth": ApiAuth; "x-partner-scope"?: string } = {
        method: method.toLowerCase() as RouteConfig["method"],
        path,
        ...own,
        // Path params are the endpoint's own schema unless the description names others.
        request: withIdempotencyHeader(
          ep.params && !request?.params ? { ...request, params: ep.params as NonNullable<RouteConfig["request"]>["params"] } : request,
          idempotent,
        ),
        tags: [tag],
        description: `${own.description}\n\n${AUTH_TEXT[auth]}${state && cookie ? " Browsers must send a same-origin Origin (cross-site: 403)." : ""}${partnerText}${idempotencyText}`,
        // A public operation says so with an empty list (no security at all reads as "unknown").
        security: [
          ...(auth === "none" ? [] : cookie ? [{ sessionCookie: [] }] : []),
          ...(partner ? [{ partnerKey: [partner.scope] }] : []),
        ],
        "x-auth": auth,
        ...(partner ? { "x-partner-scope": partner.scope } : {}),
        responses: {
          ...(cookie ? authErrors(auth) : {}),
          ...(state && cookie ? crossSite : {}),
          ...common,
          ...partnerResponses,
          ...idempotencyResponses,
          ...own.responses,
        },
      };
      if (partner) {
        const own429 = route.responses[429];
        route.responses[429] = {
          ...err("Too many requests (Retry-After)"),
          ...(own429 && "description" in own429 ? { description: own429.description } : {}),
          headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } }, ...rateLimitHeaders },
        };
      }
      if (route.request === undefined) delete route.request;
      if (auth === "admin" && state) route.responses[403] = err("Signed in but not an admin, or a cross-site request");
      registry.registerPath(route);
      summaries.push({
        method,
        path,
        auth,
        summary: own.summary,
        description: own.description.split("\n\n")[0]!,
        tag,
        ...(partner ? { partnerScope: partner.scope } : {}),
      });
    }
  }
  registerWebhooks(registry);
  return { registry, summaries };
}

/** The headers of every webhook delivery (Standard Webhooks). */
const WebhookHeaders = z.object({
  "webhook-id": z.string().openapi({ description: "The event's id (msg_...): the same on every retry and replay; deduplicate by it" }),
  "webhook-timestamp": z
    .string()
    .openapi({ description: "Seconds since the Unix epoch when this attempt was signed; refuse one far from now" }),
  "webhook-signature": z
    .string()
    .openapi({ description: "`v1,<base64 HMAC-SHA256 of webhook-id.webhook-timestamp.body>` under your endpoint's whsec_ secret" }),
});

/** The events partners receive at their endpoints (OpenAPI 3.1 `webhooks`), one per event type. */
function registerWebhooks(registry: OpenAPIRegistry) {
  for (const type of WEBHOOK_EVENT_TYPES) {
    const kind = WEBHOOK_EVENTS_BY_KIND.lender.includes(type) ? "lender" : "referral";
    const name = `Webhook_${type.replace(/[^a-z]+/gi, "_")}`;
    const body = registry.register(name, webhookEnvelopeSchema(type));
    registry.registerWebhook({
      method: "post",
      path: type,
      operationId: `webhook_${type.replace(/[^a-z]+/gi, "_")}`,
      tags: ["Partner webhooks"],
      summary: type,
      description: `${WEBHOOK_EVENT_TEXT[type]} Sent to ${kind} partners' endpoints subscribed to ${type}, signed the Standard Webhooks way (verify with the standardwebhooks library and your whsec_ secret). Answer 2xx within 10 seconds; anything else is retried with exponential backoff for 24 hours, after which the endpoint is disabled.`,
      security: [],
      request: { headers: WebhookHeaders, body: { required: true, content: { "application/json": { schema: body } } } },
      responses: {
        200: { description: "Received (any 2xx)" },
        400: { description: "Any answer other than 2xx (or none within 10 seconds) is retried" },
      },
    });
  }
}

/** The Idempotency-Key request header, added to POST and PATCH operations that take a JSON body. */
const IdempotencyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .openapi({ description: "Any 1-255 visible ASCII characters (a UUID is a good choice); per caller, kept 24 hours." }),
});

function withIdempotencyHeader(request: RouteConfig["request"], on: boolean): RouteConfig["request"] {
  if (!on) return request;
  return { ...request, headers: IdempotencyHeaders };
}

/** The document and the summaries of the given route modules. */
export function generateOpenApi(routes: ApiCatalogueEntry[]) {
  const { registry, summaries } = buildRegistry(routes);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: `${site.name} API`,
      version: "1.0.0",
      description:
        "The JSON API of the loan marketplace. Cookie sessions shared with the pages. Errors are JSON { message } (validation: also errors per field). State-changing calls from browsers must carry a same-origin Origin; clients without Origin (curl, servers) must send JSON bodies.",
    },
    servers: [{ url: "/" }],
  });
  return { document, summaries };
}

const cache = new WeakMap<ApiCatalogueEntry[], { document: object; summaries: ApiEndpointSummary[] }>();
const built = (routes: ApiCatalogueEntry[]) => cache.get(routes) ?? cache.set(routes, generateOpenApi(routes)).get(routes)!;

export function openApiDocument(routes: ApiCatalogueEntry[]): object {
  return built(routes).document;
}

/** Method, path, auth and description of every endpoint, for the human page. */
export function apiEndpointSummaries(routes: ApiCatalogueEntry[]): ApiEndpointSummary[] {
  return built(routes).summaries;
}

/** Route params whose public name (the API in docs/product.md) differs from the name the code uses: the code calls the
 *  APP- reference `reference`, the API's paths call it `{applicationId}` as docs/product.md does. */
const PUBLIC_PARAM_NAMES: Record<string, string> = { reference: "applicationId" };

/** A flat route file's name as its OpenAPI path: api.offers.$id.accept → /api/offers/{id}/accept,
 *  api.openapi[.json] → /api/openapi.json, api.loan-applications.status.$reference →
 *  /api/loan-applications/status/{applicationId}. */
export function routePath(route: string): string {
  const segments: string[] = [];
  let current = "";
  let escaped = false;
  for (const ch of route) {
    if (ch === "[") escaped = true;
    else if (ch === "]") escaped = false;
    else if (ch === "." && !escaped) {
      segments.push(current);
      current = "";
    } else current += ch;
  }
  segments.push(current);
  return "/" + segments.map((s) => (s.startsWith("$") ? `{${PUBLIC_PARAM_NAMES[s.slice(1)] ?? s.slice(1)}}` : s)).join("/");
}
