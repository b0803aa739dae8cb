/**
 * Public pages whose HTML is the same for every anonymous visitor mark themselves with this
 * handle; entry.server then lets a CDN keep them (see docs/decisions/0004-cdn-cache.md).
 */
export const publicPageHandle = { publicCache: true } as const;

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=60";

export function isPublicCacheHandle(handle: unknown) {
  return Boolean(handle && typeof handle === "object" && (handle as { publicCache?: unknown }).publicCache === true);
}
