/**
 * Page weight: for `/`, `/faq`, `/apply/loan` and `/admin` (signed-in admin), the document and every
 * stylesheet and script it references (link rel=stylesheet, link rel=modulepreload, script src),
 * plus the inline scripts (Remix's context and module bootstrap), each gzipped with zlib level 6.
 * Budget: JavaScript on the landing page (external + inline) under 100 KB gzip (1 KB = 1024 B); the
 * FAQ, sent without Remix's scripts to an anonymous visitor (staticPageHandle), loads no script file.
 */
import { gzipSync } from "node:zlib";
import type { BenchContext } from "./lib/context";
import { Client } from "./lib/http";
import type { SectionResult } from "./lib/report";
import { kb } from "./lib/stats";

export const LANDING_JS_BUDGET = 100 * 1024;

const gz = (b: Buffer | string) => gzipSync(b, { level: 6 }).length;

function attributes(s: string) {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    out[m[1]!.toLowerCase()] = (m[2] ?? m[3] ?? m[4] ?? "").replace(/&amp;/g, "&");
  }
  return out;
}

/** The assets a document references, and its inline scripts. */
export function referencedAssets(html: string) {
  const css = new Set<string>();
  const js = new Set<string>();
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const a = attributes(m[1]!);
    const rel = (a.rel ?? "").toLowerCase().split(/\s+/);
    if (!a.href) continue;
    if (rel.includes("stylesheet") || (rel.includes("preload") && a.as === "style")) css.add(a.href);
    if (rel.includes("modulepreload") || (rel.includes("preload") && a.as === "script")) js.add(a.href);
  }
  const inline: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const a = attributes(m[1]!);
    if (a.src) {
      js.add(a.src);
      continue;
    }
    const type = (a.type ?? "").toLowerCase();
    if (type === "" || type === "module" || type.includes("javascript")) inline.push(m[2]!);
  }
  return { css: [...css], js: [...js], inline };
}

async function fetchBytes(client: Client, url: string) {
  const res = await client.fetch(url.startsWith("http") ? new URL(url).pathname + new URL(url).search : url, {
    headers: { "accept-encoding": "identity" },
  });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

export type PageWeight = {
  path: string;
  html: number;
  htmlRaw: number;
  css: number;
  cssFiles: number;
  js: number;
  jsFiles: number;
  inlineJs: number;
  jsTotal: number;
};

export async function measurePage(client: Client, path: string): Promise<PageWeight> {
  const html = await fetchBytes(client, path);
  const { css, js, inline } = referencedAssets(html.toString("utf8"));
  let cssBytes = 0;
  for (const u of css) cssBytes += gz(await fetchBytes(client, u));
  let jsBytes = 0;
  for (const u of js) jsBytes += gz(await fetchBytes(client, u));
  const inlineJs = inline.length ? gz(inline.join("\n")) : 0;
  return {
    path,
    html: gz(html),
    htmlRaw: html.length,
    css: cssBytes,
    cssFiles: css.length,
    js: jsBytes,
    jsFiles: js.length,
    inlineJs,
    jsTotal: jsBytes + inlineJs,
  };
}

export async function pageWeight(ctx: BenchContext): Promise<SectionResult> {
  const { client: adminClient } = await ctx.admin();
  const pages = [
    { path: "/", client: new Client(ctx.origin), who: "anonymous" },
    { path: "/faq", client: new Client(ctx.origin), who: "anonymous" },
    { path: "/apply/loan", client: new Client(ctx.origin), who: "anonymous" },
    { path: "/admin", client: adminClient, who: "admin (MFA)" },
  ];
  const rows: PageWeight[] = [];
  for (const p of pages) rows.push(await measurePage(p.client, p.path));
  const landing = rows[0]!;
  const faq = rows[1]!;
  return {
    tables: [
      {
        title: "Page weight (gzip level 6, per file as served)",
        columns: ["Page", "Visitor", "HTML", "CSS", "JS files", "JS inline", "JS total", "Total"],
        rows: rows.map((r, i) => [
          r.path,
          pages[i]!.who,
          `${kb(r.html)} (${kb(r.htmlRaw)} raw)`,
          `${kb(r.css)} (${r.cssFiles})`,
          `${kb(r.js)} (${r.jsFiles})`,
          kb(r.inlineJs),
          kb(r.jsTotal),
          kb(r.html + r.css + r.js),
        ]),
        notes: [
          "JS files: every script the document loads at start (link rel=modulepreload + script src), gzipped one by one; (n) = number of files.",
          "JS inline: the document's inline scripts (Remix context and bootstrap), already inside the HTML figure; JS total = files + inline.",
          "Route modules fetched later (on navigation, lazy route discovery) are not in these figures; the low-end phone table shows what Chromium actually downloaded.",
        ],
      },
    ],
    checks: [
      {
        name: "JavaScript on the landing page under 100 KB gzip",
        pass: landing.jsTotal < LANDING_JS_BUDGET,
        detail: `${kb(landing.jsTotal)} of ${kb(LANDING_JS_BUDGET)}`,
      },
      {
        name: "No script file on the FAQ for an anonymous visitor",
        pass: faq.jsFiles === 0,
        detail: `${faq.jsFiles} script files (${kb(faq.js)}), ${kb(faq.inlineJs)} inline`,
      },
    ],
  };
}
