/**
 * No dead internal links: starting at "/", every same-site link (header, footer, page bodies) of
 * every public page is fetched, redirects are followed, and the pages reached are crawled in turn.
 * A visitor's session is used (a fresh client, as someone arriving without an account).
 */
import { describe, expect, it } from "vitest";
import { loanProducts } from "~/content/products";
import { Client } from "../support/http";

/** Links that are actions or private resources, not pages to read. */
const EXCLUDED = [/^\/logout(\/|$|\?)/, /^\/documents(\/|$)/, /^\/api(\/|$)/];

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

function internalLinks(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/gi)) {
    const href = decode(m[1]!);
    if (!href.startsWith("/") || href.startsWith("//")) continue;
    const target = href.split("#")[0]!;
    if (!target || EXCLUDED.some((r) => r.test(target))) continue;
    out.push(target);
  }
  return out;
}

type Visit = { status: number; html: string; chain: string[] };

async function visit(client: Client, path: string): Promise<Visit> {
  const chain = [path];
  let current = path;
  for (let hops = 0; hops < 5; hops++) {
    const res = await client.fetch(current);
    if (res.status >= 300 && res.status < 400) {
      await res.arrayBuffer();
      const next = new URL(res.headers.get("location")!, "http://internal");
      current = next.pathname + next.search;
      chain.push(current);
      continue;
    }
    const isHtml = (res.headers.get("content-type") ?? "").includes("text/html");
    return { status: res.status, html: isHtml ? await res.text() : (await res.arrayBuffer(), ""), chain };
  }
  return { status: 310, html: "", chain };
}

describe("link check", () => {
  it("finds no dead internal link on any public page", async () => {
    const client = new Client();
    const seen = new Map<string, Visit>();
    const foundOn = new Map<string, string>();
    const queue = ["/"];
    foundOn.set("/", "(start)");
    while (queue.length) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      const v = await visit(client, path);
      seen.set(path, v);
      for (const link of internalLinks(v.html)) {
        if (!foundOn.has(link)) foundOn.set(link, path);
        if (!seen.has(link) && !queue.includes(link)) queue.push(link);
      }
      expect(seen.size, "the crawl should stay small").toBeLessThan(200);
    }

    const broken = [...seen]
      .filter(([, v]) => v.status >= 400)
      .map(([p, v]) => `${p} -> ${v.status} (via ${v.chain.join(" -> ")}, linked from ${foundOn.get(p)})`);
    expect(broken).toEqual([]);

    // The crawl really covered the public pages: every product, the tools, the legal pages.
    const requested = new Set(seen.keys());
    for (const p of [
      ...loanProducts.map((x) => x.path),
      "/loan-application",
      "/application-status",
      "/loan-calculator",
      "/faq",
      "/terms-of-service",
      "/privacy-policy",
      "/login",
      "/signup",
    ]) {
      expect(requested, `linked and checked: ${p}`).toContain(p);
    }
  });
});
