#!/usr/bin/env node
/**
 * Route-matching caches for the server-side copies of Remix v2 / React Router 6.30 (ADR 0010).
 *
 * Remix and React Router re-derive the whole route table several times per document request:
 * `matchRoutes` flattens, scores, sorts and compiles a RegExp for every route on each call (it is
 * called four times per document: server matching, the static handler, the lazy-discovery
 * manifest, the render), and `RemixServer` / `createStaticRouter` rebuild the route objects on every
 * render. With our ~80 routes that was about a third of a signed-in page's CPU (bench/RESULTS.md).
 * React Router fixed this upstream in v7 (remix-run/react-router#14967 and #14971, April 2026); we
 * are on v6 through Remix v2, so this script applies the same idea to the CommonJS files Node loads
 * on the server. Browser bundles use the ES module builds, which are left alone.
 *
 * The edits keep every result identical; only work that depends on nothing but the route table is
 * remembered:
 * - `matchRoutes`: the ranked branches per routes array (WeakMap), and which branch matched a given
 *   path (bounded map per routes array). `patchRoutesImpl` and `_internalSetRoutes` (the only code
 *   that changes a route table in place) start a fresh cache.
 * - `compilePath`: the RegExp and parameter list per (path, caseSensitive, end), bounded.
 * - `createStaticRouter`: the data routes per input routes array (WeakMap).
 * - `RemixServer`: the server routes per build manifest, reused while every route module is the same
 *   object (a new build or a dev rebuild makes new ones).
 * - `@remix-run/server-runtime`'s data calls: a loader or action gets the request itself when its
 *   URL has no `index`, `_data` or `_routes` parameter to strip, instead of two copies of it.
 *
 * Run by `postinstall` (npm install / npm ci). Idempotent: a patched file carries MARKER. A package
 * at another version is left alone with a warning, and `app/server/framework-patch.server.test.ts`
 * fails, so an upgrade cannot silently drop (or misapply) the patch. `--check` only reports.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MARKER = "/* lendwise: route-matching caches (scripts/patch-framework.mjs, ADR 0010) */";

/** @type {Array<{ pkg: string; version: string; file: string; edits: Array<[string, string]> }>} */
export const PATCHES = [
  {
    pkg: "@remix-run/router",
    version: "1.23.3",
    file: "dist/router.cjs.js",
    edits: [
      [
        `function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  let location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;
  let pathname = stripBasename(location.pathname || "/", basename);
  if (pathname == null) {
    return null;
  }
  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {`,
        `let rankedBranchesByRoutes = new WeakMap();
const MATCHED_BRANCH_LIMIT = 1000;
function rankedBranchesFor(routes) {
  let entry = rankedBranchesByRoutes.get(routes);
  if (!entry) {
    let branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    entry = { branches, matched: new Map() };
    rankedBranchesByRoutes.set(routes, entry);
  }
  return entry;
}
function forgetRankedBranches() {
  rankedBranchesByRoutes = new WeakMap();
}
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  let location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;
  let pathname = stripBasename(location.pathname || "/", basename);
  if (pathname == null) {
    return null;
  }
  let entry = rankedBranchesFor(routes);
  let branches = entry.branches;
  let decoded = decodePath(pathname);
  let matchedKey = (allowPartial ? "p" : "f") + decoded;
  let known = entry.matched.get(matchedKey);
  if (known === -1) {
    return null;
  }
  if (known !== undefined) {
    let again = matchRouteBranch(branches[known], decoded, allowPartial);
    if (again) {
      return again;
    }
  }
  let matches = null;
  let found = -1;
  for (let i = 0; matches == null && i < branches.length; ++i) {
    found = i;`,
      ],
      [
        `    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  return matches;
}`,
        `    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  if (entry.matched.size >= MATCHED_BRANCH_LIMIT) {
    entry.matched.clear();
  }
  entry.matched.set(matchedKey, matches == null ? -1 : found);
  return matches;
}`,
      ],
      [
        `function compilePath(path, caseSensitive, end) {
  if (caseSensitive === void 0) {`,
        `const compiledPaths = new Map();
const COMPILED_PATH_LIMIT = 2000;
function compilePath(path, caseSensitive, end) {
  let key = (caseSensitive === true ? "c" : "i") + (end === false ? "o" : "e") + path;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    compiled = compilePathUncached(path, caseSensitive, end);
    if (compiledPaths.size >= COMPILED_PATH_LIMIT) {
      compiledPaths.clear();
    }
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {
  if (caseSensitive === void 0) {`,
      ],
      [
        `  function _internalSetRoutes(newRoutes) {
    manifest = {};`,
        `  function _internalSetRoutes(newRoutes) {
    forgetRankedBranches();
    manifest = {};`,
      ],
      [
        `function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {
  var _childrenToPatch;`,
        `function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {
  forgetRankedBranches();
  var _childrenToPatch;`,
      ],
    ],
  },
  {
    pkg: "react-router-dom",
    version: "6.30.4",
    file: "server.js",
    edits: [
      [
        `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);`,
        `const staticDataRoutes = new WeakMap();
function createStaticRouter(routes, context, opts = {}) {
  let converted = staticDataRoutes.get(routes);
  if (!converted) {
    let routeManifest = {};
    converted = {
      manifest: routeManifest,
      dataRoutes: router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, routeManifest)
    };
    staticDataRoutes.set(routes, converted);
  }
  let manifest = converted.manifest;
  let dataRoutes = converted.dataRoutes;`,
      ],
    ],
  },
  {
    pkg: "@remix-run/react",
    version: "2.17.5",
    file: "dist/server.js",
    edits: [
      [
        `  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);`,
        `  let routes$1 = cachedServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);`,
      ],
      [
        `function RemixServer({`,
        `const serverRoutesByManifest = new WeakMap();
function cachedServerRoutes(manifestRoutes, routeModules, future, isSpaMode) {
  let entry = serverRoutesByManifest.get(manifestRoutes);
  if (entry && entry.future === future && entry.isSpaMode === isSpaMode) {
    let same = true;
    for (let id in manifestRoutes) {
      if (routeModules[id] !== entry.modules[id]) {
        same = false;
        break;
      }
    }
    if (same) {
      return entry.routes;
    }
  }
  let modules = {};
  for (let id in manifestRoutes) {
    modules[id] = routeModules[id];
  }
  let built = routes.createServerRoutes(manifestRoutes, routeModules, future, isSpaMode);
  serverRoutesByManifest.set(manifestRoutes, { routes: built, modules, future, isSpaMode });
  return built;
}
function RemixServer({`,
      ],
    ],
  },
  {
    // Every loader and action call copied the Request twice (index param, then _data or _routes
    // param) even when the URL had none of those parameters: two undici Requests per call, each
    // following the original's AbortSignal through a WeakRef and a FinalizationRegistry entry,
    // which young-generation GC cannot free. The copy is kept for URLs that carry the parameter.
    pkg: "@remix-run/server-runtime",
    version: "2.17.5",
    file: "dist/data.js",
    edits: [
      [
        `function stripIndexParam(request) {
  let url = new URL(request.url);`,
        `function stripIndexParam(request) {
  let url = new URL(request.url);
  if (!url.searchParams.has("index")) return request;`,
      ],
      [
        `function stripDataParam(request) {
  let url = new URL(request.url);`,
        `function stripDataParam(request) {
  let url = new URL(request.url);
  if (!url.searchParams.has("_data")) return request;`,
      ],
      [
        `function stripRoutesParam(request) {
  let url = new URL(request.url);`,
        `function stripRoutesParam(request) {
  let url = new URL(request.url);
  if (!url.searchParams.has("_routes")) return request;`,
      ],
    ],
  },
];

function packageDir(pkg) {
  return path.join(ROOT, "node_modules", ...pkg.split("/"));
}

/** The state of one patch: "patched", "unpatched", or why it cannot be applied. */
export function inspect(patch) {
  const dir = packageDir(patch.pkg);
  const file = path.join(dir, patch.file);
  if (!fs.existsSync(file)) return { state: "missing", file };
  const version = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version;
  const source = fs.readFileSync(file, "utf8");
  if (source.startsWith(MARKER)) return { state: "patched", file, version };
  if (version !== patch.version) return { state: "other-version", file, version };
  const missing = patch.edits.filter(([find]) => source.split(find).length !== 2);
  if (missing.length) return { state: "anchor-not-found", file, version, detail: missing[0][0].split("\n")[0] };
  return { state: "unpatched", file, version, source };
}

function apply(patch) {
  const found = inspect(patch);
  if (found.state !== "unpatched") return found;
  let source = found.source;
  for (const [find, replace] of patch.edits) source = source.replace(find, () => replace);
  fs.writeFileSync(found.file, `${MARKER}\n${source}`);
  return { ...found, state: "patched now", source: undefined };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  let ok = true;
  for (const patch of PATCHES) {
    const result = check ? inspect(patch) : apply(patch);
    const good = result.state === "patched" || result.state === "patched now" || (check && result.state === "unpatched");
    ok &&= result.state === "patched" || result.state === "patched now";
    const where = `${patch.pkg}@${result.version ?? "?"} ${patch.file}`;
    const line = `[patch-framework] ${where}: ${result.state}${result.detail ? ` (${result.detail})` : ""}`;
    if (good) console.info(line);
    else console.warn(`${line}; expected ${patch.pkg}@${patch.version}: see ADR 0010 before upgrading`);
  }
  // Never fail an install: the app works unpatched, only slower; the unit test reports it.
  if (check && !ok) process.exitCode = 1;
}
