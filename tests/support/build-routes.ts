/**
 * The route table of the production build under test (BUILD_DIR), read from the server build's
 * own `routes` manifest, so security tests cover every route the build serves, including routes
 * added later, rather than a hand-picked list.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(__dirname, "../..");

export type BuiltRoute = {
  id: string;
  /** The full URL pattern without a leading slash ("" for the root), e.g. "admin/applications/:id". */
  pattern: string;
  index: boolean;
  hasLoader: boolean;
  hasAction: boolean;
  hasComponent: boolean;
};

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: Record<string, unknown> };

export async function builtRoutes(): Promise<BuiltRoute[]> {
  const file = path.join(ROOT, process.env.BUILD_DIR || "build", "index.js");
  const build = (await import(pathToFileURL(file).href)) as { routes: Record<string, ManifestRoute> };
  const routes = build.routes;
  const full = (r: ManifestRoute): string => {
    const parts: string[] = [];
    for (let cur: ManifestRoute | undefined = r; cur; cur = cur.parentId ? routes[cur.parentId] : undefined) {
      if (cur.path) parts.unshift(cur.path.replace(/^\/|\/$/g, ""));
    }
    return parts.filter(Boolean).join("/");
  };
  return Object.values(routes)
    .map((r) => ({
      id: r.id,
      pattern: full(r),
      index: Boolean(r.index),
      hasLoader: typeof r.module.loader === "function",
      hasAction: typeof r.module.action === "function",
      hasComponent: typeof r.module.default === "function",
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Fills a pattern's dynamic segments (":name", "*") from `values` (missing ones: "1"). */
export function fillPattern(pattern: string, values: Record<string, string | number>): string {
  const filled = pattern
    .split("/")
    .map((seg) => {
      if (seg === "*") return String(values["*"] ?? "anything");
      const m = /^:(\w+)(\?)?$/.exec(seg);
      if (m) return String(values[m[1]!] ?? "1");
      return seg;
    })
    .join("/");
  return `/${filled}`;
}

export const isAdminPattern = (p: string) => /^admin(\/|$)/.test(p) || /^api\/admin(\/|$)/.test(p);
