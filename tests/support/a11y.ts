/**
 * The accessibility audit (axe-core, WCAG 2.2 AA; serious and critical violations count), used by
 * the one accessibility sweep (tests/e2e/a11y-sweep-*.test.ts) and by `auditPage` of the browser
 * harness. axe needs timers, which do not run with JavaScript off, so the page's DOM as it is now
 * (scripts stripped, stylesheets kept) is audited in a separate JavaScript-enabled page, at each
 * width asked for; those audit pages are reused, axe staying loaded in them. An audit that cannot
 * run (the page unreadable, its stylesheets not loaded, axe failing) throws: it is never read as
 * "no violations".
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";

const AXE_SOURCE = fs.readFileSync(path.resolve(__dirname, "../../node_modules/axe-core/axe.min.js"), "utf8");
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The rules whose outcome depends on the layout (what is visible, overlapping, scrolled, how big):
 * at the second and later widths only these run; the rest read the same DOM and give the same
 * answer at every width.
 */
export const LAYOUT_RULES = ["color-contrast", "scrollable-region-focusable", "target-size", "link-in-text-block", "meta-viewport"];

export type A11yViolation = { url: string; id: string; impact: string; help: string; targets: string[]; width?: number };

/** Why an audit could not run: the sweep fails on it like on a violation. */
export class AuditError extends Error {
  constructor(url: string, reason: string) {
    super(`accessibility audit could not run on ${url}: ${reason}`);
    this.name = "AuditError";
  }
}

/** The page's DOM now, without scripts and transitions, with a base URL for its stylesheets and images. */
async function snapshotOf(page: Page, baseUrl: string) {
  const url = page.url();
  if (!url.startsWith(baseUrl)) throw new AuditError(url, `not a page of the server under test (${baseUrl})`);
  let contentType: unknown;
  let html: string;
  try {
    contentType = await page.evaluate("document.contentType");
    html = await page.content();
  } catch (e) {
    throw new AuditError(url, `the page could not be read (${(e as Error).message.split("\n")[0]})`);
  }
  if (contentType !== "text/html") throw new AuditError(url, `not an HTML page (${String(contentType)})`);
  // Only stylesheets, fonts and images of our own server load (a policy, not request
  // interception: that would turn off the HTTP cache, and every audit would fetch them again).
  const origin = new URL(baseUrl).origin;
  const policy = `default-src 'none'; style-src ${origin} 'unsafe-inline'; font-src ${origin} data:; img-src ${origin} data:`;
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "")
    .replace(
      /<head>/i,
      `<head><meta http-equiv="Content-Security-Policy" content="${policy}"><base href="${url}"><style>*,*::before,*::after{transition:none!important;animation:none!important}</style>`,
    );
}

/**
 * The snapshot as the cache compares it: three differences between a page with JavaScript and the
 * same page without it that change nothing axe looks at are taken out, so the second mode's DOM is
 * recognised as audited already (measured on the back office's states: without this no state of
 * JavaScript on matched its state without, with it about half do). Only the key is normalised;
 * the audit runs on the snapshot itself.
 * - the toasts' region while it holds no toast: placed in the page's flow without JavaScript and
 *   floating with it (an empty box either way; a region with a toast in it is compared as it is);
 * - `value=""` on an input: React writes the empty value of a controlled input as an attribute,
 *   the server leaves it out; the input is empty either way;
 * - `?index` in the address: a form posted without JavaScript to an index route comes back at
 *   `path?index`, the same route and page as `path`.
 */
export function sameForAxe(snapshot: string) {
  return snapshot
    .replace(/<div tabindex="-1" role="region" aria-label="Notifications \(F8\)"[^>]*><\/div>/g, "<toasts-empty>")
    .replace(/(<input\b[^>]*?) value=""/g, "$1")
    .replace(/(<(?:html|base)\b[^>]*?(?:data-path|href)="[^"?]*)\?index"/g, '$1"');
}

/**
 * Audits `page` as it is now at each of `widths` (default: the page's own width): every WCAG 2.2 AA
 * rule at the first width, the layout rules (LAYOUT_RULES) at the others. Returns the serious and
 * critical violations, each with the URL and width. Throws an AuditError when the page cannot be
 * read or axe does not run.
 */
export async function auditPage(
  auditContext: BrowserContext,
  page: Page,
  baseUrl: string,
  widths: number[] = [page.viewportSize()?.width ?? 1280],
  /** Audits already made, by DOM and widths: the same DOM (a page identical with JavaScript on and off) is audited once. */
  cache?: Map<string, Promise<A11yViolation[]>>,
): Promise<A11yViolation[]> {
  const snapshot = await snapshotOf(page, baseUrl);
  if (!cache) return auditSnapshot(auditContext, page.url(), snapshot, widths);
  const key = createHash("sha256").update(JSON.stringify(widths)).update(sameForAxe(snapshot)).digest("hex");
  let audit = cache.get(key);
  if (!audit) {
    audit = auditSnapshot(auditContext, page.url(), snapshot, widths);
    cache.set(key, audit);
  }
  return audit;
}

/**
 * The audit pages of each audit context that are free: an audit borrows one and gives it back, so
 * a sweep opens a page per concurrent audit, not one per audit. `setContent` rewrites the document
 * in place (document.open keeps the window), so axe, loaded once into a page, stays there for the
 * next snapshot; it is loaded again whenever it is not (a new page, a window that did change).
 */
const freeAuditPages = new WeakMap<BrowserContext, Page[]>();

async function borrowAuditPage(auditContext: BrowserContext) {
  const free = freeAuditPages.get(auditContext) ?? [];
  freeAuditPages.set(auditContext, free);
  const reused = free.pop();
  if (reused && !reused.isClosed()) return reused;
  return auditContext.newPage();
}

async function auditSnapshot(auditContext: BrowserContext, url: string, snapshot: string, widths: number[]) {
  const audit = await borrowAuditPage(auditContext);
  let reusable = false;
  try {
    const out: A11yViolation[] = [];
    for (const [i, width] of widths.entries()) {
      await audit.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      if (i === 0) {
        await audit.setContent(snapshot, { waitUntil: "load" });
        // Audited without its stylesheets, the page would be another page (contrast, sizes, layout).
        const unstyled = await audit.evaluate(
          `[...document.querySelectorAll('link[rel="stylesheet"]')].filter((l) => !l.sheet).map((l) => l.href)`,
        );
        if (!Array.isArray(unstyled) || unstyled.length) throw new AuditError(url, `stylesheets did not load (${String(unstyled)})`);
      }
      let result: unknown;
      try {
        if (i === 0 && !(await audit.evaluate("typeof window.axe === 'object' && typeof window.axe.run === 'function'")))
          await audit.evaluate(`${AXE_SOURCE}\n;void 0`);
        const runOnly = i === 0 ? { type: "tag", values: AXE_TAGS } : { type: "rule", values: LAYOUT_RULES };
        result = await audit.evaluate(
          `axe.run(document, { runOnly: ${JSON.stringify(runOnly)}, resultTypes: ["violations"] }).then(r => r.violations.map(v => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map(n => n.target.join(" ")) })))`,
        );
      } catch (e) {
        throw new AuditError(url, `axe failed (${(e as Error).message.split("\n")[0]})`);
      }
      if (!Array.isArray(result)) throw new AuditError(url, "axe gave no result");
      for (const v of result as Omit<A11yViolation, "url" | "width">[]) {
        if (v.impact === "serious" || v.impact === "critical") out.push({ ...v, url, width });
      }
    }
    reusable = true;
    return out;
  } finally {
    // A page whose audit failed is closed, not lent again.
    if (reusable) freeAuditPages.get(auditContext)!.push(audit);
    else await audit.close();
  }
}

export const formatViolations = (vs: A11yViolation[]) =>
  vs.map((v) => `${v.url}${v.width ? ` @${v.width}px` : ""}: [${v.impact}] ${v.id} - ${v.help} at ${v.targets.join(", ")}`).join("\n");
