/**
 * Configuration from the environment, validated with zod once at boot. Outside production a
 * missing secret is generated once, kept in DATA_DIR and reported with a one-line warning, so the
 * app runs with no configuration; in production a missing secret stops the start (fail closed).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/** An on/off switch: 1/true or 0/false; unset stays undefined (each switch says its default). */
const flag = z
  .enum(["0", "1", "true", "false"])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "1" || v === "true"));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .url()
    .refine((v) => /^mysql:\/\//.test(v), "DATABASE_URL must start with mysql://")
    .default("mysql://root@127.0.0.1:3306/loan_marketplace"),
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
  TRUST_PROXY: flag.transform((v) => v ?? false),
  /** Cookies marked Secure (and a __Host- session cookie) and, in production, HSTS. Default: on in
   *  production; COOKIE_SECURE=false serves production over plain HTTP (tests on 127.0.0.1). */
  COOKIE_SECURE: flag,
  /** The address the HTTP server listens on (default: every interface). */
  HOST: z.string().min(1).optional(),
  /** The PII-free access log (scripts/serve.js): on unless 0/false. */
  ACCESS_LOG: flag.transform((v) => v ?? true),
  /** Shutdown: keep serving (readiness 503) this long before closing the listener, for a load balancer. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** Shutdown: how long in-flight requests may take to finish. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(25_000),
  /** Set by `remix dev`: where to announce that the development server is ready. */
  REMIX_DEV_ORIGIN: z.string().url().optional(),
  /** Extra origins allowed to POST (comma separated), e.g. the public https origin behind a proxy. */
  ALLOWED_ORIGINS: z.string().optional(),
  /** Public origin for links in e-mails (verification, password reset), e.g. https://lendwise.example.
   *  Never taken from the request's Host header. Default: http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** Deadline for getting a pooled connection and for each query; past it: DatabaseUnavailableError (503). */
  DB_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
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
  /** The in-memory render cache of anonymous public pages (scripts/serve.js, docs/decisions/0009):
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
      console.warn(`[config] ${envName} is not set: generated one and saved it in ${full} (set ${envName} in production).`);
      return value;
    } catch {
      // Another process created it first: use theirs.
      return fs.readFileSync(full, "utf8").trim();
    }
  }
}

/** The secrets production must be given: generating them next to the data would fail open. */
export const PRODUCTION_SECRETS = ["SESSION_SECRET", "DOCUMENT_ENCRYPTION_KEY"] as const;

export class MissingProductionSecretError extends Error {
  constructor(readonly variable: string) {
    super(`[config] ${variable} is not set. In production it must be set explicitly (see README, "Production"): refusing to start.`);
  }
}

/** Production fails closed: a missing secret stops the start with a message naming it (development generates one). */
function requireSecretsInProduction(v: { NODE_ENV: string } & Partial<Record<(typeof PRODUCTION_SECRETS)[number], string>>) {
  if (v.NODE_ENV !== "production") return;
  for (const name of PRODUCTION_SECRETS) if (!v[name]) throw new MissingProductionSecretError(name);
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
