/**
 * Same-origin check for state-changing requests (CSRF defence together with SameSite=Lax).
 * Browsers send Origin on every POST and Sec-Fetch-Site on every request; a request from another
 * site is refused. A request with neither header comes from a non-browser client (curl, an
 * integrator's server) and carries no ambient cookie of a victim, so it is let through.
 */
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
export const CROSS_SITE_MESSAGE = "Cross-site request refused";

export type OriginInput = {
  method: string;
  origin?: string | null;
  secFetchSite?: string | null;
  host?: string | null;
  allowedOrigins?: string[];
};

export function checkOrigin(i: OriginInput): { ok: true } | { ok: false; message: string } {
  if (SAFE.has(i.method.toUpperCase())) return { ok: true };
  const site = i.secFetchSite?.toLowerCase();
  if (site && site !== "same-origin" && site !== "none") return { ok: false, message: CROSS_SITE_MESSAGE };
  if (i.origin == null || i.origin === "") return { ok: true };
  if (i.origin === "null") return { ok: false, message: CROSS_SITE_MESSAGE };
  let originHost: string;
  try {
    originHost = new URL(i.origin).host;
  } catch {
    return { ok: false, message: CROSS_SITE_MESSAGE };
  }
  if (i.host && originHost.toLowerCase() === i.host.toLowerCase()) return { ok: true };
  if (i.allowedOrigins?.some((o) => o.replace(/\/$/, "").toLowerCase() === i.origin!.toLowerCase())) return { ok: true };
  return { ok: false, message: CROSS_SITE_MESSAGE };
}
