/**
 * The framework patches in patches/ (ADR 0010, applied by patch-package at install): applied to the
 * files Node loads on the server, giving exactly the answers the uncached code gives, and checked
 * at a production server's start.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { maskText } from "~/platform/observability/log.server";
import {
  assertFrameworkPatched,
  FRAMEWORK_PATCH_MARKER,
  PATCHED_FILES,
  unpatchedFrameworkFiles,
} from "~/platform/framework-patches.server";

// The CommonJS builds, as the server loads them (Vite would otherwise pick the ES module builds).
const load = createRequire(import.meta.url);
type AnyRoute = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: AnyRoute[] };
type Match = { route: { id: string }; params: Record<string, string | undefined>; pathname: string; pathnameBase: string };
const router = load("@remix-run/router") as {
  matchRoutes(routes: AnyRoute[], path: string, basename?: string): Match[] | null;
  matchPath(pattern: { path: string; caseSensitive?: boolean; end?: boolean }, pathname: string): { params: object } | null;
  createMemoryHistory(): unknown;
  createRouter(init: { routes: AnyRoute[]; history: unknown }): {
    initialize(): unknown;
    routes: AnyRoute[];
    patchRoutes(routeId: string | null, children: AnyRoute[]): void;
    dispose(): void;
  };
};
const server = load("react-router-dom/server") as {
  createStaticRouter(routes: AnyRoute[], context: { matches: Match[] }): { routes: AnyRoute[]; state: { matches: Match[] } };
};

const ROOT = path.resolve(__dirname, "../..");

/** A route table with what the matcher distinguishes: layouts, index routes, params, optional and splat segments, case. */
function routeTable(): AnyRoute[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        {
          id: "public",
          children: [
            { id: "faq", path: "faq" },
            { id: "status", path: "application-status" },
            { id: "catch-all", path: "*" },
          ],
        },
        {
          id: "apply",
          path: "apply",
          children: [
            { id: "apply-index", index: true },
            { id: "apply-loan", path: "loan" },
            { id: "apply-step", path: ":step" },
          ],
        },
        { id: "offers", path: "dashboard/applications/:reference/offers" },
        { id: "dashboard", path: "dashboard" },
        { id: "lang", path: ":lang?/pricing" },
        { id: "Case", path: "CaseOnly", caseSensitive: true },
        { id: "files", path: "files/*" },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/faq",
  "/faq/",
  "/FAQ",
  "/application-status",
  "/apply",
  "/apply/loan",
  "/apply/owner",
  "/apply/owner/extra",
  "/dashboard",
  "/dashboard/applications/APP-4VK2NQAKAX4H/offers",
  "/dashboard/applications/a%20b/offers",
  "/pricing",
  "/en/pricing",
  "/CaseOnly",
  "/caseonly",
  "/files",
  "/files/a/b.pdf",
  "/nowhere/at/all",
];

const summary = (matches: Match[] | null) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase })) ?? null;

describe("the framework patches at install and at start", () => {
  it("are applied to the packages Node loads on the server, one diff in patches/ per file", () => {
    expect(unpatchedFrameworkFiles(ROOT)).toEqual([]);
    // The compiler's diff (@remix-run/dev, ADR 0010's update of 2026-12-03) changes the browser
    // build, not a file Node loads on the server: tests/integration/client-modules.test.ts checks it.
    const diffs = fs.readdirSync(path.join(ROOT, "patches")).filter((f) => f.endsWith(".patch") && !f.startsWith("@remix-run+dev+"));
    expect(diffs.map((d) => d.replace(/\+[^+]+\.patch$/, "").replace("+", "/")).sort()).toEqual(PATCHED_FILES.map((p) => p.pkg).sort());
    for (const d of diffs) expect(fs.readFileSync(path.join(ROOT, "patches", d), "utf8")).toContain(`+${FRAMEWORK_PATCH_MARKER}\n`);
  });

  it("refuse a production start, naming the files, when an install left them unpatched", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "lw-unpatched-"));
    try {
      for (const { pkg, file } of PATCHED_FILES) {
        const target = path.join(root, "node_modules", pkg, file);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        // As `npm ci --ignore-scripts` leaves them: the package's own file, without the marker.
        fs.writeFileSync(
          target,
          fs
            .readFileSync(path.join(ROOT, "node_modules", pkg, file), "utf8")
            .split("\n")
            .slice(1)
            .join("\n"),
        );
      }
      expect(unpatchedFrameworkFiles(root)).toHaveLength(PATCHED_FILES.length);
      expect(() => assertFrameworkPatched(root)).toThrow(
        expect.objectContaining({
          userMessage: expect.stringMatching(
            /Refusing to start in production.*in node_modules: .*@remix-run\/router\/dist\/router\.cjs\.js.*npm ci/,
          ),
        }),
      );
      // As the server logs it (through the log's masking of e-mail addresses), the files are still named.
      const refusal = (() => {
        try {
          assertFrameworkPatched(root);
        } catch (e) {
          return maskText((e as { userMessage: string }).userMessage);
        }
        return "";
      })();
      expect(refusal).toContain("@remix-run/router/dist/router.cjs.js");
      expect(refusal).not.toContain("[email]");
      // Patched again: it starts.
      const router = path.join(root, "node_modules/@remix-run/router/dist/router.cjs.js");
      fs.writeFileSync(router, `${FRAMEWORK_PATCH_MARKER}\n${fs.readFileSync(router, "utf8")}`);
      expect(unpatchedFrameworkFiles(root)).toHaveLength(PATCHED_FILES.length - 1);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("match every path as a fresh route table does, the first time and again", () => {
    const shared = routeTable();
    for (const pass of [1, 2, 3]) {
      for (const p of PATHS) {
        const fresh = router.matchRoutes(routeTable(), p);
        expect(summary(router.matchRoutes(shared, p)), `${p} (pass ${pass})`).toEqual(summary(fresh));
      }
    }
    expect(router.matchRoutes(shared, "/apply/owner")?.at(-1)?.route.id).toBe("apply-step");
    expect(router.matchRoutes(shared, "/apply/owner")?.at(-1)?.params).toEqual({ step: "owner" });
    expect(router.matchRoutes(shared, "/en/pricing")?.at(-1)?.params).toEqual({ lang: "en" });
    expect(router.matchRoutes(shared, "/caseonly")?.at(-1)?.route.id).toBe("catch-all");
    expect(router.matchRoutes(shared, "/x", "/base")).toBeNull();
  });

  it("returns new match objects each time, so a caller changing one cannot change the next answer", () => {
    const shared = routeTable();
    const first = router.matchRoutes(shared, "/apply/owner")!;
    first.at(-1)!.params.step = "changed";
    expect(router.matchRoutes(shared, "/apply/owner")!.at(-1)!.params.step).toBe("owner");
  });

  it("see routes added in place by patchRoutes (lazy route discovery)", () => {
    const r = router.createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }],
      history: router.createMemoryHistory(),
    });
    r.initialize();
    expect(router.matchRoutes(r.routes, "/b")).toBeNull();
    r.patchRoutes("root", [{ id: "b", path: "b" }]);
    expect(router.matchRoutes(r.routes, "/b")?.at(-1)?.route.id).toBe("b");
    r.dispose();
  });

  it("match path patterns by case sensitivity and end as before, call after call (compiled patterns are reused)", () => {
    for (let i = 0; i < 2; i++) {
      expect(router.matchPath({ path: "/users/:id" }, "/Users/5")?.params).toEqual({ id: "5" });
      expect(router.matchPath({ path: "/users/:id", caseSensitive: true }, "/Users/5")).toBeNull();
      expect(router.matchPath({ path: "/users", end: false }, "/users/5")).not.toBeNull();
      expect(router.matchPath({ path: "/users" }, "/users/5")).toBeNull();
    }
  });

  it("build a static router's data routes once per route table, with this request's matches", () => {
    const routes = routeTable();
    const matchesFor = (p: string) => router.matchRoutes(routes, p)!;
    const a = server.createStaticRouter(routes, { matches: matchesFor("/faq") });
    const b = server.createStaticRouter(routes, { matches: matchesFor("/dashboard") });
    expect(b.routes).toBe(a.routes);
    expect(a.state.matches.map((m) => m.route.id)).toEqual(["root", "public", "faq"]);
    expect(b.state.matches.map((m) => m.route.id)).toEqual(["root", "dashboard"]);
    // The matches point at the static router's own route objects, as without the cache.
    expect(b.state.matches[1]!.route).toBe(b.routes[0]!.children!.find((c) => c.id === "dashboard"));
  });
});

describe("request copies of @remix-run/server-runtime (patches/)", () => {
  type DataFunction = (a: { request: Request }) => unknown;
  type CallArgs = { request: Request; params: object; loadContext: object; routeId: string; singleFetch: boolean };
  const data = load("@remix-run/server-runtime/dist/data.js") as {
    callRouteLoader(args: CallArgs & { loader: DataFunction }): Promise<unknown>;
    callRouteAction(args: CallArgs & { action: DataFunction }): Promise<unknown>;
  };
  const seen = async (request: Request, singleFetch: boolean) => {
    let got: Request | null = null;
    await data.callRouteLoader({
      loader: ({ request: r }) => ((got = r), null),
      request,
      params: {},
      loadContext: {},
      routeId: "root",
      singleFetch,
    });
    return got!;
  };

  it("hands a loader the request itself when its URL has nothing to strip", async () => {
    const request = new Request("http://localhost/dashboard?tab=documents", { headers: { cookie: "a=b" } });
    expect(await seen(request, true)).toBe(request);
    expect(await seen(request, false)).toBe(request);
  });

  it("hands an action its form post, the request itself or (with ?index) a copy that still reads the form", async () => {
    const post = (url: string) =>
      new Request(url, { method: "POST", body: "amount=30000", headers: { "content-type": "application/x-www-form-urlencoded" } });
    for (const [url, same] of [
      ["http://localhost/apply/loan", true],
      ["http://localhost/apply?index", false],
    ] as const) {
      const request = post(url);
      let got: Request | null = null;
      let amount: FormDataEntryValue | null = null;
      await data.callRouteAction({
        action: async ({ request: r }) => ((got = r), (amount = (await r.formData()).get("amount")), null),
        request,
        params: {},
        loadContext: {},
        routeId: "apply",
        singleFetch: true,
      });
      expect(got === request).toBe(same);
      expect(amount).toBe("30000");
    }
  });

  it("still strips index, _data and _routes, keeping everything else", async () => {
    const indexed = await seen(new Request("http://localhost/apply?index&_routes=root&step=2", { headers: { cookie: "a=b" } }), true);
    expect(indexed.url).toBe("http://localhost/apply?step=2");
    expect(indexed.headers.get("cookie")).toBe("a=b");
    expect((await seen(new Request("http://localhost/faq?_data=root&q=1"), false)).url).toBe("http://localhost/faq?q=1");
  });
});
