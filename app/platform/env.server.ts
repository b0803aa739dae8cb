/**
 * Configuration from the environment, validated with zod once at boot. Outside production a
 * missing secret is generated once, kept in DATA_DIR and reported with a one-line warning, so the
 * app runs with no configuration; in production a missing secret stops the start (fail closed).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { log } from "~/platform/observability/log.server";
import { databaseTargets } from "~/platform/db/database-url.server";

/** http(s)://host[:port] with nothing after it but an optional "/". */
function isPlainOrigin(value: string) {
  try {
    const u = new URL(value);
    return (
      (u.protocol === "http:" || u.protocol === "https:") &&
      !u.username &&
      !u.password &&
      u.pathname === "/" &&
      !u.search &&
      !u.hash &&
      !value.includes("?") &&
      !value.includes("#")
    );
  } catch {
    return false;
  }
}

/** An on/off switch: 1/true or 0/false; unset stays undefined (each switch says its default). */
const flag = z
  .enum(["0", "1", "true", "false"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "1" || v === "true"));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** One host, or an ordered list of hosts (`mysql://u:p@db1:3306,db2:3306/name`) for a Galera
   *  cluster: the app writes to the first that answers and fails over down the list
   *  (utils/database-url.server.ts, docs/deploy.md). */
  DATABASE_URL: z
    .string()
    .default("mysql://root@127.0.0.1:3306/loan_marketplace")
    .superRefine((v, ctx) => {
      try {
        databaseTargets(v);
      } catch (e) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: (e as Error).message });
      }
    }),
  /** The ordered host list (`db1:3306,db2:3306`), replacing DATABASE_URL's host when set. */
  DATABASE_HOSTS: z.string().optional(),
  /** Apply pending migrations when the server starts (default on). Off (0) when a release job runs
   *  `npm run db:migrate` first: the server then refuses to start on a database that lacks them. */
  MIGRATE_ON_START: flag.transform((v) => v ?? true),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  DOCUMENT_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, "base64").length === 32, "DOCUMENT_ENCRYPTION_KEY must be 32 bytes in base64")
    .optional(),
  /** Earlier master keys (comma-separated, base64 32 bytes each), kept only to read data keys
   *  wrapped before a rotation; `npm run keys:rotate` rewraps them under DOCUMENT_ENCRYPTION_KEY. */
  DOCUMENT_ENCRYPTION_PREVIOUS_KEYS: z
    .string()
    .refine(
      (v) => v.split(",").every((k) => k.trim() === "" || Buffer.from(k.trim(), "base64").length === 32),
      "DOCUMENT_ENCRYPTION_PREVIOUS_KEYS must be base64 32-byte keys separated by commas",
    )
    .optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Lendwise <no-reply@lendwise.example>"),
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{5,20}$/, "META_PIXEL_ID must be digits")
    .optional(),
  /**
   * The marketplace's own NMLS unique identifier. With it the footer states the licence and links
   * to its record on NMLS Consumer Access; without it the footer makes no licence claim.
   */
  MARKETPLACE_NMLS_ID: z
    .string()
    .regex(/^\d{1,12}$/, "MARKETPLACE_NMLS_ID must be the NMLS unique identifier (digits)")
    .optional(),
  /**
   * The company that runs the marketplace and its postal address, stated in the footer and on the
   * licences and security pages. Defaults: "Lendwise Marketplace, Inc." and
   * "100 Example Avenue, Suite 400, Wilmington, DE 19801" (the demo's; set both in production).
   */
  LEGAL_ENTITY_NAME: z.string().trim().min(1).max(120).default("Lendwise Marketplace, Inc."),
  LEGAL_ENTITY_ADDRESS: z.string().trim().min(1).max(200).default("100 Example Avenue, Suite 400, Wilmington, DE 19801"),
  TRUST_PROXY: flag.transform((v) => v ?? false),
  /** Cookies marked Secure (and a __Host- session cookie) and, in production, HSTS. Default: on in
   *  production; COOKIE_SECURE=false serves production over plain HTTP (tests on 127.0.0.1). */
  COOKIE_SECURE: flag,
  /** Development only: partner webhook endpoints may use http and private, loopback or link-local
   *  addresses (a receiver on the developer's machine). Refused in production (the start stops). */
  WEBHOOKS_ALLOW_LOCAL_URLS: flag.transform((v) => v ?? false),
  /** The webhook sender of this server (default on). WEBHOOK_WORKER=false leaves delivery to other
   *  servers, or to a test that drives it itself. */
  WEBHOOK_WORKER: flag.transform((v) => v ?? true),
  /** The address the HTTP server listens on (default: every interface). */
  HOST: z.string().min(1).optional(),
  /** The PII-free access log (app/platform/server/index.ts): on unless 0/false. */
  ACCESS_LOG: flag.transform((v) => v ?? true),
  /** Shutdown: keep serving (readiness 503) this long before closing the listener, for a load balancer. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** Shutdown: how long in-flight requests may take to finish. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(25_000),
  /** Set by `remix dev`: where to announce that the development server is ready. */
  REMIX_DEV_ORIGIN: z.string().url().optional(),
  /** Extra origins allowed to POST (comma separated), e.g. the public https origin behind a proxy. */
  ALLOWED_ORIGINS: z.string().optional(),
  /** The public origin, e.g. https://lendwise.example: every e-mailed link is built from it, the URL
   *  Remix routes on is built from it, and a request for another host is refused (app/server/
   *  request-host.server.ts). Never taken from the request's Host header. Required in production;
   *  elsewhere the default is http://localhost:PORT. An origin only: no path, query or credentials. */
  PUBLIC_URL: z
    .string()
    .url()
    .refine(isPlainOrigin, "PUBLIC_URL must be an http:// or https:// origin, e.g. https://lendwise.example (no path or query)")
    .optional(),
  /** Deadline for getting a pooled connection and for each query; past it: DatabaseUnavailableError (503).
   *  15 s sits above the pause of a Galera cluster that loses a node (evs.suspect_timeout 5 s, then
   *  up to evs.install_timeout 7.5 s to agree on the new membership), during which the surviving
   *  nodes hold commits: a request caught in that pause finishes instead of answering 503 for a
   *  commit that then happens anyway. A single MySQL that stops answering is also given up on
   *  after 15 s. */
  DB_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Deadline for opening one new connection (TCP and handshake) to one host; a host that does not
   *  answer within it is passed over for the next in the list. Capped by DB_TIMEOUT_MS. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3000),
  /** With several hosts: how long a host that failed is skipped before the app tries it again
   *  (it returns to the first healthy host in list order, so all servers converge on one writer). */
  DB_FAILBACK_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** On a Galera cluster, reads wait until the node has applied every write the cluster committed
   *  before them (`wsrep_sync_wait=1`), so a page never shows older data than the last write a user
   *  made through another server or node. Default on; no effect off Galera. */
  DB_CAUSAL_READS: flag.transform((v) => v ?? true),
  /** Connections per app server (N servers use N x this many; keep it under the server's max_connections). */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** Queries waiting for a connection (a page runs several at once, so 50 busy visitors can queue a few
   *  hundred); more are refused at once with 503. Each still waits at most DB_TIMEOUT_MS. */
  DB_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(1000),
  /** Where encrypted documents live: the local directory under DATA_DIR, or S3-compatible storage. */
  DOCUMENT_STORE: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (http://host/bucket/key), which MinIO, Ceph and local servers need. Default: on when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z.enum(["0", "1", "true", "false"]).optional(),
  /** The in-memory render cache of anonymous public pages (app/platform/server/index.ts, docs/decisions/0009):
   *  on unless "0"/"false". Its budget: at most this many bytes and pages (least recently used out first). */
  RENDER_CACHE: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  RENDER_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(2 ** 31)
    .default(32 * 1024 * 1024),
  RENDER_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(200),
  /** Log lines below this level are dropped (JSON on stdout, utils/log.server.ts). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Prometheus metrics on a listener of their own (server/observability.server.ts); unset: none. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The metrics listener's address: loopback unless set (anything else needs METRICS_TOKEN). */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** Bearer token for /metrics: required on the metrics port when set, and the only way to reach
   *  /metrics on the app's own port (without it that path does not exist there). */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** Key prefix inside the bucket (e.g. "prod/"). */
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "S3_PREFIX may hold letters, digits and !_.*'()/- only")
    .default(""),
});

export type Env = Omit<z.infer<typeof schema>, "COOKIE_SECURE"> & {
  COOKIE_SECURE: boolean;
  SESSION_SECRET: string;
  DOCUMENT_ENCRYPTION_KEY: string;
  DATA_DIR: string;
};

function emptyToUndefined(source: NodeJS.ProcessEnv) {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(source)) out[k] = v === "" ? undefined : v;
  return out;
}

/** Reads a secret kept in the data directory, creating it once if it is missing. */
function persistedSecret(dataDir: string, file: string, make: () => string, envName: string): string {
  const full = path.join(dataDir, file);
  try {
    return fs.readFileSync(full, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const value = make();
    try {
      fs.writeFileSync(full, value + "\n", { mode: 0o600, flag: "wx" });
      log.warn(`[config] ${envName} is not set: generated one and saved it in ${full} (set ${envName} in production).`);
      return value;
    } catch {
      // Another process created it first: use theirs.
      return fs.readFileSync(full, "utf8").trim();
    }
  }
}

/** The secrets production must be given: generating them next to the data would fail open. */
export const PRODUCTION_SECRETS = ["SESSION_SECRET", "DOCUMENT_ENCRYPTION_KEY"] as const;
/** What production must be given besides: a guessed public origin would e-mail links to localhost. */
export const PRODUCTION_REQUIRED = [...PRODUCTION_SECRETS, "PUBLIC_URL"] as const;

export class MissingProductionSecretError extends Error {
  constructor(readonly variable: string) {
    super(`[config] ${variable} is not set. In production it must be set explicitly (see README, "Production"): refusing to start.`);
  }
}

/** Production fails closed: a missing secret or public origin stops the start with a message naming
 *  it (development generates the secrets and uses http://localhost:PORT). */
function requireSecretsInProduction(v: { NODE_ENV: string } & Partial<Record<(typeof PRODUCTION_REQUIRED)[number], string>>) {
  if (v.NODE_ENV !== "production") return;
  for (const name of PRODUCTION_REQUIRED) if (!v[name]) throw new MissingProductionSecretError(name);
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(emptyToUndefined(process.env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration: ${lines.join("; ")}`);
  }
  const v = parsed.data;
  requireSecretsInProduction(v);
  // Metrics are never public: a listener on a non-loopback address needs the token.
  if (v.METRICS_PORT && !v.METRICS_TOKEN && !/^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(v.METRICS_HOST)) {
    throw new Error(`Invalid configuration: METRICS_HOST ${v.METRICS_HOST} is not a loopback address: set METRICS_TOKEN too`);
  }
  if (v.NODE_ENV === "production" && v.WEBHOOKS_ALLOW_LOCAL_URLS) {
    throw new Error("Invalid configuration: WEBHOOKS_ALLOW_LOCAL_URLS is for development only and is refused in production");
  }
  const dataDir = path.resolve(v.DATA_DIR);
  cached = {
    ...v,
    DATA_DIR: dataDir,
    COOKIE_SECURE: v.COOKIE_SECURE ?? v.NODE_ENV === "production",
    SESSION_SECRET:
      v.SESSION_SECRET ?? persistedSecret(dataDir, "session-secret", () => randomBytes(32).toString("base64url"), "SESSION_SECRET"),
    DOCUMENT_ENCRYPTION_KEY:
      v.DOCUMENT_ENCRYPTION_KEY ??
      persistedSecret(dataDir, "document-key", () => randomBytes(32).toString("base64"), "DOCUMENT_ENCRYPTION_KEY"),
  };
  return cached;
}

export const isProduction = () => getEnv().NODE_ENV === "production";

/** Cookies are marked Secure (COOKIE_SECURE, default: in production). */
export const cookieSecure = () => getEnv().COOKIE_SECURE;

/** Strict-Transport-Security: in production unless served over plain HTTP (COOKIE_SECURE=false). */
export const sendsHsts = () => isProduction() && cookieSecure();

/** The public origin (scheme://host[:port], no trailing slash): PUBLIC_URL, else http://localhost:PORT outside production. */
export function publicOrigin() {
  const env = getEnv();
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
}

/** An absolute link for e-mails (and anything else that leaves the site): the public origin plus a path. */
export function publicLink(pathAndQuery: string) {
  return `${publicOrigin()}${pathAndQuery.startsWith("/") ? "" : "/"}${pathAndQuery}`;
}
