/**
 * Redirect targets that come from a client (`redirectTo`): parsed the way a browser parses them
 * (WHATWG URL, which drops tab, CR and LF and reads a backslash as a slash) against our own origin.
 * Only a path on our origin comes back; anything else gives `fallback`. Never throws.
 */
const BASE = "http://app.invalid";

export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  let url: URL;
  try {
    url = new URL(target, `${BASE}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || url.username || url.password) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path the browser would read as another host ("//evil", "/\evil") after its own parsing.
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}
