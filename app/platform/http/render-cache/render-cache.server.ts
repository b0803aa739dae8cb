/**
 * The render cache for anonymous public pages (docs/decisions/0009-render-cache.md): the rendered
 * HTML of a page that is the same for every anonymous visitor is kept in memory (lru-cache) for the
 * lifetime a CDN may keep it (s-maxage), and the next anonymous GET/HEAD of the same page is
 * answered from memory without running Remix.
 *
 * Which pages: a route declares itself with `handle.renderCache` (app/platform/http/cache.ts:
 * publicPageHandle, staticPageHandle), read at request time by entry.server.tsx when it renders
 * the page; no list of paths here.
 *
 * Each answer from the cache still gets a fresh CSP nonce: the HTML is kept split at the nonce.
 * For gzip it is also kept as pre-compressed pieces around it (raw DEFLATE ending on a byte
 * boundary, the nonce as a 24-byte stored block), so a gzip hit costs a random number, a CRC and a
 * concat. Compressing each hit instead (the `compression` middleware, as every other answer) was
 * measured at 8 to 10 times the CPU per hit and a tenth of the throughput (bench/RESULTS.md,
 * "Render cache: gzip hits"): no maintained package compresses around a fresh nonce, so this one
 * part stays hand-written. Which encoding a client gets is decided by `accepts` (the negotiation
 * Express and `compression` use), in the server entry.
 */
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import { publicPagesGeneration } from "./generation.server";
import { anonymousLanguage } from "~/platform/http/negotiate-language.server";

/**
 * What a route declares in its handle (`handle.renderCache`): `query: "campaign-tags"` keeps the
 * page also when its query holds only campaign tags (the same HTML); `query: "none"` keeps it only
 * without any query (a page whose figures come from its query, such as the calculator).
 */
export type RenderCacheRule = { query: "campaign-tags" | "none" };

/** The route handle's render cache rule, or null when the route does not declare one. */
export function renderCacheRule(handle: unknown): RenderCacheRule | null {
  const rule = handle && typeof handle === "object" ? (handle as { renderCache?: unknown }).renderCache : undefined;
  if (!rule || typeof rule !== "object") return null;
  const query = (rule as { query?: unknown }).query;
  return query === "none" || query === "campaign-tags" ? { query } : null;
}

/**
 * Campaign tags that no loader reads and that do not change the HTML: a page with only these in its
 * query is the same page (a marketing spike arrives with them).
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

export type CacheableRequest = {
  method: string;
  /** Path and query as sent (Node's `req.url`). */
  url: string;
  cookie?: string | null | undefined;
  authorization?: string | null | undefined;
  /** The Accept-Language header: with `?lng=`, it decides the page's language (issue 30). */
  acceptLanguage?: string | null | undefined;
};

function splitUrl(url: string) {
  const q = url.indexOf("?");
  return q === -1 ? { pathname: url, query: "" } : { pathname: url.slice(0, q), query: url.slice(q + 1) };
}

function onlyCampaignTags(query: string) {
  if (query.includes("#")) return false;
  for (const name of new URLSearchParams(query).keys()) if (name !== "lng" && !IGNORED_QUERY_PARAMS.has(name)) return false;
  return true;
}

/** Nothing in the query but the language (`lng=en|es`, once), or nothing at all. */
function onlyLanguage(query: string) {
  if (query === "") return true;
  const params = [...new URLSearchParams(query)];
  return params.length === 1 && params[0]![0] === "lng" && (params[0]![1] === "en" || params[0]![1] === "es");
}

/** A `lng` parameter that names no language exactly (lng=ES, lng=fr, twice) keeps the page out. */
function languageParamIsExact(query: string) {
  const values = new URLSearchParams(query).getAll("lng");
  return values.length === 0 || (values.length === 1 && (values[0] === "en" || values[0] === "es"));
}

/** English pages keep the plain path as key; another language's page its path and the language. */
const keyIn = (pathname: string, language: string) => (language === "en" ? pathname : `${pathname}\n${language}`);

/**
 * The key under which a request may find its page, or null: an anonymous GET/HEAD (any Cookie
 * header at all, and any Authorization header, keep a request out: the page might be personal)
 * whose query is empty or holds campaign tags only. The key is the path; whether the page is kept
 * at all is the route's declaration, met when it was rendered.
 */
export function renderCacheKey(req: CacheableRequest): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if ((req.cookie ?? "").trim() !== "" || (req.authorization ?? null) !== null) return null;
  const { pathname, query } = splitUrl(req.url);
  if (query !== "" && (!onlyCampaignTags(query) || !languageParamIsExact(query))) return null;
  return keyIn(pathname, anonymousLanguage(query, req.acceptLanguage));
}

/**
 * The key a rendered page belongs under (its path and query as Remix rendered them), by the route's
 * rule, or null (never kept): the path when the query is empty, or holds only campaign tags on a
 * `campaign-tags` route.
 */
export function keyOfRenderedUrl(pathAndQuery: string, rule: RenderCacheRule, language = "en"): string | null {
  const { pathname, query } = splitUrl(pathAndQuery);
  if (query === "") return keyIn(pathname, language);
  if (!languageParamIsExact(query)) return null;
  if (onlyLanguage(query)) return keyIn(pathname, language);
  return rule.query === "campaign-tags" && onlyCampaignTags(query) ? keyIn(pathname, language) : null;
}

/**
 * How long an answer may be kept (ms), or null when it must not be: only a 200 HTML answer with the
 * public Cache-Control (s-maxage) entry.server.tsx gives anonymous public pages, no Set-Cookie.
 */
export function storableLifetime(status: number, headers: Headers): number | null {
  if (status !== 200) return null;
  if (headers.has("set-cookie")) return null;
  const cc = headers.get("cache-control") ?? "";
  if (!/^public\b/.test(cc) || /\b(no-store|private|no-cache)\b/.test(cc)) return null;
  const m = /\bs-maxage=(\d+)/.exec(cc);
  if (!m) return null;
  if (!/^text\/html\b/.test(headers.get("content-type") ?? "")) return null;
  const seconds = Number(m[1]);
  return seconds > 0 ? seconds * 1000 : null;
}

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

const NONCE_BYTES = 16;
const NONCE_LENGTH = 24; // base64 of 16 bytes
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
const DEFLATE_END = Buffer.from([0x03, 0x00]); // an empty final block
const STORED_NONCE_HEADER = Buffer.from([0x00, NONCE_LENGTH, 0x00, ~NONCE_LENGTH & 0xff, 0xff]);

type Entry = {
  rule: RenderCacheRule;
  status: number;
  headers: Array<[string, string]>;
  /** The CSP value split at its nonce (a single piece when it has none). */
  csp: string[] | null;
  /** The body split at the nonce (one piece when there is none). */
  pieces: Buffer[];
  /** Raw DEFLATE of each piece, each ending on a byte boundary without the final bit. */
  deflated: Buffer[];
  length: number;
  gzipLength: number;
  stored: number;
  /** publicPagesGeneration() when the page began rendering: an older one is never answered. */
  generation: number;
};

export type CachedAnswer = {
  status: number;
  headers: Array<[string, string]>;
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
  private readonly entries: LRUCache<string, Entry>;
  private readonly now: () => number;
  private readonly maxBodyBytes: number;
  constructor(opts: RenderCacheOptions) {
    this.now = opts.now ?? Date.now;
    this.maxBodyBytes = opts.maxBytes / 4;
    this.entries = new LRUCache<string, Entry>({
      max: opts.maxEntries,
      maxSize: opts.maxBytes,
      sizeCalculation: (e) => e.length + e.gzipLength + 512,
      perf: { now: this.now },
      // Read the clock on every lookup (the default caches it for a millisecond on a timer).
      ttlResolution: 0,
    });
  }

  get size() {
    return this.entries.size;
  }
  get usedBytes() {
    return this.entries.calculatedSize;
  }

  /**
   * Keeps a rendered answer under the key of the URL that was rendered (`pathAndQuery`, by the
   * route's rule); returns false when it is not kept: not storable, too big, or a URL that is not
   * a page of its own. So no header or rewrite can put one page's answer (or one query's figures)
   * under another page's key.
   */
  store(
    pathAndQuery: string,
    rule: RenderCacheRule,
    status: number,
    headers: Headers,
    body: Buffer,
    generation: number = publicPagesGeneration(),
    language = "en",
  ): boolean {
    const key = keyOfRenderedUrl(pathAndQuery, rule, language);
    if (key === null || generation !== publicPagesGeneration()) return false;
    const lifetime = storableLifetime(status, headers);
    if (lifetime === null || body.length > this.maxBodyBytes) return false;
    const kept: Array<[string, string]> = [];
    let csp: string[] | null = null;
    let nonce: string | null = null;
    for (const [name, value] of headers) {
      if (DROPPED_HEADERS.has(name)) continue;
      if (name === "content-security-policy") {
        const m = /'nonce-([A-Za-z0-9+/]{22}==)'/.exec(value);
        if (m) {
          nonce = m[1]!;
          csp = value.split(nonce);
        } else csp = [value];
        continue;
      }
      kept.push([name, value]);
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
      rule,
      status,
      headers: kept,
      csp,
      pieces,
      deflated,
      length: body.length,
      gzipLength,
      stored: this.now(),
      generation,
    };
    this.entries.set(key, entry, { ttl: lifetime });
    return this.entries.has(key);
  }

  /** The answer kept for this request (its key and query), with a fresh nonce, plain or gzip, or null. */
  get(req: CacheableRequest, opts: { gzip: boolean } = { gzip: false }): CachedAnswer | null {
    const key = renderCacheKey(req);
    if (key === null) return null;
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.generation !== publicPagesGeneration()) {
      this.entries.delete(key);
      return null;
    }
    if (entry.rule.query === "none" && !onlyLanguage(splitUrl(req.url).query)) return null;
    const nonce = randomBytes(NONCE_BYTES).toString("base64");
    const headers: Array<[string, string]> = entry.csp
      ? [...entry.headers, ["content-security-policy", entry.csp.join(nonce)]]
      : entry.headers;
    const nonceBuf = Buffer.from(nonce, "latin1");
    return {
      status: entry.status,
      headers,
      chunks: opts.gzip ? gzipChunks(entry, nonceBuf) : withNonces(entry.pieces, nonceBuf),
      length: opts.gzip ? entry.gzipLength : entry.length,
      encoding: opts.gzip ? "gzip" : null,
      age: Math.max(0, Math.floor((this.now() - entry.stored) / 1000)),
    };
  }

  clear() {
    this.entries.clear();
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
  trailer.writeUInt32LE(entry.length >>> 0, 4);
  parts.push(DEFLATE_END, trailer);
  return parts;
}
