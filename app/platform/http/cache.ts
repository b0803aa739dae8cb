/**
 * Public pages whose HTML is the same for every anonymous visitor mark themselves with this
 * handle; entry.server then lets a CDN keep them (see docs/decisions/0004-cdn-cache.md) and the
 * server's render cache keeps their anonymous answer in memory (`renderCache`, read at request time
 * by entry.server.tsx; app/platform/http/render-cache/render-cache.server.ts). A page whose HTML depends on its query
 * declares `renderCache: { query: "none" }` instead (the calculator).
 */
export const publicPageHandle = { publicCache: true, renderCache: { query: "campaign-tags" } } as const;

/**
 * A public page that needs no JavaScript at all (plain links, a details menu, the FAQ's native
 * exclusive accordion and its /faq#<id> deep links): root.tsx then sends it without Remix's
 * scripts to an anonymous visitor with no toast (no hydration: nothing to download, parse or run).
 * A signed-in visitor, or one with a toast, gets the scripts as on every other page. Pages with an
 * enhancement (calculator, status lookup, wizard) keep publicPageHandle.
 */
export const staticPageHandle = { publicCache: true, hydrate: false, renderCache: { query: "campaign-tags" } } as const;

/** True for a route handle that asks to be sent without scripts (see staticPageHandle). */
export function isScriptFreeHandle(handle: unknown) {
  return Boolean(handle && typeof handle === "object" && (handle as { hydrate?: unknown }).hydrate === false);
}

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=60";

export function isPublicCacheHandle(handle: unknown) {
  return Boolean(handle && typeof handle === "object" && (handle as { publicCache?: unknown }).publicCache === true);
}
