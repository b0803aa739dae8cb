/**
 * The render cache for anonymous public pages (docs/decisions/0009-render-cache.md):
 * scripts/serve.js keeps the rendered answer of a page that is the same for every anonymous
 * visitor (status, headers, body) in memory for the lifetime a CDN may keep it (s-maxage), and
 * answers the next anonymous GET/HEAD of the same page from memory without running Remix.
 *
 * Each answer from the cache still gets a fresh CSP nonce: the body is kept split at the nonce, and
 * a gzip body is kept as pre-compressed pieces around it (raw DEFLATE ending on a byte boundary,
 * the nonce as a 24-byte stored block), so a hit costs a random number, a CRC and a concat.
 *
 * This module is framework-free (no Express, no Remix): the rules and the store. The Express glue is
 * in scripts/serve.js, which reaches it through the server build (entry.server.tsx).
 */
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";

/**
 * Pages that may be kept: the ones exporting publicPageHandle or staticPageHandle (app/platform/http/cache.ts;
 * the calculator is the one left with publicPageHandle). Exact paths only.
 */
export const RENDER_CACHE_PATHS: ReadonlySet<string> = new Set([
  "/",
  "/small-business-funding",
  "/equipment-financing",
  "/working-capital-loans",
  "/commercial-real-estate",
  "/business-expansion-loans",
  "/startup-capital-loans",
  "/faq",
  "/loan-calculator",
  "/privacy-policy",
  "/terms-of-service",
  "/api-docs",
]);

/**
 * Campaign tags that no loader reads and that do not change the HTML: a page with only these in its
 * query is the same page (a marketing spike arrives with them). Any other parameter, and any query on
 * the calculator (its figures come from the query), is not cached.
 */
export const IGNORED_QUERY_PARAMS: ReadonlySet<string> = new Set([
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "utm_id",
  "gclid",
  "fbclid",
]);
const QUERY_STRICT_PATHS = new Set(["/loan-calculator"]);

export type CacheableRequest = {
  method: string;
  /** Path and query as sent (Node's `req.url`). */
  url: string;
  cookie?: string | undefined;
  authorization?: string | undefined;
};

/**
 * The cache key of a request that may be answered from (and fill) the cache, or null. Any Cookie
 * header at all (session, toast, or a third party's) and any Authorization header keep a request
 * out, as in entry.server.tsx's public Cache-Control rule: the page might be personal.
 */
export function renderCacheKey(req: CacheableRequest): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if ((req.cookie ?? "").trim() !== "" || req.authorization !== undefined) return null;
  const q = req.url.indexOf("?");
  const pathname = q === -1 ? req.url : req.url.slice(0, q);
  if (!RENDER_CACHE_PATHS.has(pathname)) return null;
  if (q !== -1) {
    const query = req.url.slice(q + 1);
    if (query !== "") {
      if (QUERY_STRICT_PATHS.has(pathname) || query.includes("#")) return null;
      for (const name of new URLSearchParams(query).keys()) if (!IGNORED_QUERY_PARAMS.has(name)) return null;
    }
  }
  return pathname;
}

/**
 * The key a rendered page's answer belongs under: its path when its query is empty or holds only
 * campaign tags (none at all on the calculator), else null (never stored).
 */
export function keyOfRenderedUrl(url: string): string | null {
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? "" : url.slice(q + 1);
  if (query === "") return pathname;
  if (QUERY_STRICT_PATHS.has(pathname)) return null;
  for (const name of new URLSearchParams(query).keys()) if (!IGNORED_QUERY_PARAMS.has(name)) return null;
  return pathname;
}

/**
 * Whether a cached answer goes out gzip-compressed for this Accept-Encoding: gzip (or `*`) listed
 * with a quality above 0 and at least that of identity, as Express's `acceptsEncodings` decides
 * (identity, when not listed, counts as `*` or else as the lowest quality listed). Anything else
 * gets the plain bytes.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let gzip: number | null = null;
  let star: number | null = null;
  let identity: number | null = null;
  let lowest = 1;
  for (const part of header.split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split("=");
      if (k?.trim().toLowerCase() === "q") q = Number(v?.trim());
    }
    if (!(q >= 0 && q <= 1)) q = 0;
    if (name) lowest = Math.min(lowest, q);
    if (name === "gzip") gzip = q;
    else if (name === "*") star = q;
    else if (name === "identity") identity = q;
  }
  const g = gzip ?? star ?? 0;
  return g > 0 && g >= (identity ?? star ?? lowest);
}

export type HeaderValue = string | number | string[] | undefined;

/** Headers never kept: recomputed for each answer (or must never be replayed). */
const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "x-cache",
  "age",
  "set-cookie",
  // Each request has its own id (server/observability.server.ts): a hit must not replay another's.
  "x-request-id",
]);

/**
 * How long an answer may be kept (ms), or null when it must not be: only a 200 HTML answer with the
 * public Cache-Control (s-maxage) entry.server.tsx gives anonymous public pages, no Set-Cookie.
 */
export function storableLifetime(status: number, headers: Record<string, HeaderValue>): number | null {
  if (status !== 200) return null;
  if (headers["set-cookie"] !== undefined) return null;
  const cc = String(headers["cache-control"] ?? "");
  if (!/^public\b/.test(cc) || /\b(no-store|private|no-cache)\b/.test(cc)) return null;
  const m = /\bs-maxage=(\d+)/.exec(cc);
  if (!m) return null;
  if (!/^text\/html\b/.test(String(headers["content-type"] ?? ""))) return null;
  const seconds = Number(m[1]);
  return seconds > 0 ? seconds * 1000 : null;
}

const NONCE_BYTES = 16;
const NONCE_LENGTH = 24; // base64 of 16 bytes
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
const DEFLATE_END = Buffer.from([0x03, 0x00]); // an empty final block
const STORED_NONCE_HEADER = Buffer.from([0x00, NONCE_LENGTH, 0x00, ~NONCE_LENGTH & 0xff, 0xff]);

type Entry = {
  version: string;
  key: string;
  status: number;
  headers: Array<[string, string | string[]]>;
  /** The CSP value split at its nonce (a single piece when it has none). */
  csp: string[] | null;
  /** The body split at the nonce (one piece when there is none). */
  pieces: Buffer[];
  /** Raw DEFLATE of each piece, each ending on a byte boundary without the final bit. */
  deflated: Buffer[];
  rawLength: number;
  gzipLength: number;
  bytes: number;
  expires: number;
  stored: number;
};

export type CachedAnswer = {
  status: number;
  headers: Array<[string, string | string[]]>;
  /**
   * The body as the pieces to write in order (the kept bytes and the fresh nonce between them):
   * written one after the other with the socket corked, no copy of the page is made per answer.
   */
  chunks: Buffer[];
  /** The body's length in bytes (Content-Length). */
  length: number;
  /** "gzip" when the body is gzip-compressed. */
  encoding: "gzip" | null;
  /** Seconds since the answer was rendered. */
  age: number;
};

export type RenderCacheOptions = {
  maxBytes: number;
  maxEntries: number;
  now?: () => number;
};

export class RenderCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly now: () => number;
  constructor(private readonly opts: RenderCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  get size() {
    return this.entries.size;
  }
  get usedBytes() {
    return this.bytes;
  }

  /**
   * Stores a rendered answer; returns false when it is not kept: not storable, too big, or not the
   * page of this key. `renderedUrl` is the path and query Remix rendered (unknown: not kept); the
   * answer is kept only when that URL has this very key, so no header or rewrite can put one page's
   * answer (or one query's figures) under another page's key.
   */
  store(
    version: string,
    key: string,
    status: number,
    headers: Record<string, HeaderValue>,
    body: Buffer,
    renderedUrl: string | undefined,
  ): boolean {
    if (renderedUrl === undefined || keyOfRenderedUrl(renderedUrl) !== key) return false;
    const lifetime = storableLifetime(status, headers);
    if (lifetime === null) return false;
    if (body.length > this.opts.maxBytes / 4) return false;
    const kept: Array<[string, string | string[]]> = [];
    let csp: string[] | null = null;
    let nonce: string | null = null;
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (value === undefined || DROPPED_HEADERS.has(lower)) continue;
      const v = Array.isArray(value) ? value : String(value);
      if (lower === "content-security-policy" && typeof v === "string") {
        const m = /'nonce-([A-Za-z0-9+/]{22}==)'/.exec(v);
        if (m) {
          nonce = m[1]!;
          csp = v.split(nonce);
        } else csp = [v];
        continue;
      }
      kept.push([lower, v]);
    }
    const pieces = splitBuffer(body, nonce);
    const deflated = pieces.map((p) => zlib.deflateRawSync(p, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    const gzipLength =
      GZIP_HEADER.length +
      deflated.reduce((n, d) => n + d.length, 0) +
      (pieces.length - 1) * (STORED_NONCE_HEADER.length + NONCE_LENGTH) +
      DEFLATE_END.length +
      8;
    const entry: Entry = {
      version,
      key,
      status,
      headers: kept,
      csp,
      pieces,
      deflated,
      rawLength: body.length,
      gzipLength,
      bytes: body.length + gzipLength + 512,
      stored: this.now(),
      expires: this.now() + lifetime,
    };
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
    return this.entries.has(key);
  }

  /**
   * The answer kept for this build and key, with a fresh nonce, or null. An entry of another build
   * (a deploy, or `remix dev`'s rebuild) or past its lifetime is dropped.
   */
  get(version: string, key: string, opts: { gzip: boolean }): CachedAnswer | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const now = this.now();
    if (entry.version !== version || entry.expires <= now) {
      this.delete(key);
      return null;
    }
    // Most recently used last (the Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    const nonce = randomBytes(NONCE_BYTES).toString("base64");
    const headers = entry.csp ? [...entry.headers, ["content-security-policy", entry.csp.join(nonce)] as [string, string]] : entry.headers;
    const nonceBuf = Buffer.from(nonce, "latin1");
    return {
      status: entry.status,
      headers,
      chunks: opts.gzip ? gzipChunks(entry, nonceBuf) : withNonces(entry.pieces, nonceBuf),
      length: opts.gzip ? entry.gzipLength : entry.rawLength,
      encoding: opts.gzip ? "gzip" : null,
      age: Math.max(0, Math.floor((now - entry.stored) / 1000)),
    };
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.bytes;
  }

  private evict() {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.opts.maxEntries && this.bytes <= this.opts.maxBytes) break;
      this.delete(key);
    }
  }
}

function splitBuffer(body: Buffer, nonce: string | null): Buffer[] {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce, "latin1");
  const out: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    out.push(body.subarray(from, at));
    from = at + needle.length;
  }
  out.push(body.subarray(from));
  return out;
}

function withNonces(pieces: Buffer[], nonce: Buffer): Buffer[] {
  if (pieces.length === 1) return pieces;
  const parts: Buffer[] = [];
  pieces.forEach((p, i) => {
    if (i > 0) parts.push(nonce);
    parts.push(p);
  });
  return parts;
}

/** One gzip member: the pre-deflated pieces with the nonce as stored blocks, then CRC-32 and size. */
function gzipChunks(entry: Entry, nonce: Buffer): Buffer[] {
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  entry.pieces.forEach((p, i) => {
    if (i > 0) {
      parts.push(STORED_NONCE_HEADER, nonce);
      crc = zlib.crc32(nonce, crc);
    }
    parts.push(entry.deflated[i]!);
    crc = zlib.crc32(p, crc);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(entry.rawLength >>> 0, 4);
  parts.push(DEFLATE_END, trailer);
  return parts;
}
