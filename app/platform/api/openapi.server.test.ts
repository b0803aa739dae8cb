/**
 * The OpenAPI document. Every API route describes itself, and every description has its route: the
 * catalogue lists each app/routes/api.* module (the file names give the paths), each endpoint has
 * an `openapi` description that declares the request parts the endpoint parses, and the document
 * has exactly the catalogue's operations. And the document passes `redocly lint` (its recommended
 * rules) with no error. One file, so the route modules are imported once.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { ApiEndpoints } from "./api-route.server";
import { API_ROUTES, NOT_DESCRIBED } from "~/routes/api.openapi[.json]/api-catalogue.server";
import { generateOpenApi, routePath } from "./openapi.server";
import { WEBHOOK_EVENT_TYPES } from "~/features/partners/domain/webhook-events";

const ROUTES_DIR = path.resolve(__dirname, "../../routes");
// Route modules: app/routes/api.x.ts files and app/routes/api.x/ folders (their route.ts).
const apiFiles = readdirSync(ROUTES_DIR, { withFileTypes: true })
  .filter((e) => e.name.startsWith("api.") && (e.isDirectory() || (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))))
  .map((e) => e.name.replace(/\.tsx?$/, ""));
const catalogued = API_ROUTES.map((e) => e.route);

describe("the API catalogue", () => {
  it("turns a route file's name into its path", () => {
    expect(routePath("api.offers.$id.accept")).toBe("/api/offers/{id}/accept");
    expect(routePath("api.loan-applications")).toBe("/api/loan-applications");
    expect(routePath("api.openapi[.json]")).toBe("/api/openapi.json");
  });

  it("lists every app/routes/api.* file once, and only those", () => {
    expect(new Set(catalogued).size).toBe(catalogued.length);
    const missing = apiFiles.filter((f) => !catalogued.includes(f) && !(f in NOT_DESCRIBED));
    expect(missing, "API routes without an OpenAPI description: add them to app/server/api-catalogue.server.ts").toEqual([]);
    const gone = [...catalogued, ...Object.keys(NOT_DESCRIBED)].filter((r) => !apiFiles.includes(r));
    expect(gone, "described routes that have no file in app/routes").toEqual([]);
  });

  it.each(API_ROUTES)("$route: the catalogue holds the module's own endpoints", async ({ route, endpoints }) => {
    const mod = (await import(path.join(ROUTES_DIR, `${route}.ts`))) as { endpoints?: ApiEndpoints; loader?: unknown; action?: unknown };
    expect(mod.loader ?? mod.action, `${route} is a route module`).toBeDefined();
    // Every API route is on apiRoute: it exports its endpoints and the catalogue holds exactly those.
    expect(mod.endpoints, `${route} does not export apiRoute's endpoints`).toBeDefined();
    expect(endpoints).toBe(mod.endpoints);
  });

  it.each(API_ROUTES)("$route: every endpoint has a description that declares what it parses", ({ route, endpoints }) => {
    const { document } = generateOpenApi([{ route, endpoints }]) as unknown as {
      document: { paths: Record<string, Record<string, { requestBody?: unknown; parameters?: Array<{ in: string }> }>> };
    };
    const ops = document.paths[routePath(route)] ?? {};
    expect(Object.keys(endpoints).length).toBeGreaterThan(0);
    for (const [method, ep] of Object.entries(endpoints)) {
      expect(ep?.openapi, `${method} ${route}`).toBeTypeOf("function");
      const op = ops[method.toLowerCase()];
      expect(op, `${method} ${route} is in the document`).toBeDefined();
      if (ep!.body) expect(op!.requestBody, `${method} ${route} declares its body`).toBeDefined();
      if (ep!.params)
        expect(
          op!.parameters?.some((p) => p.in === "path"),
          `${method} ${route} declares its path params`,
        ).toBe(true);
      if (ep!.query)
        expect(
          op!.parameters?.some((p) => p.in === "query"),
          `${method} ${route} declares its query`,
        ).toBe(true);
    }
  });

  it("builds a document with exactly the catalogue's operations, each operationId once", () => {
    const { document, summaries } = generateOpenApi(API_ROUTES) as unknown as {
      document: {
        paths: Record<string, Record<string, { operationId: string; security?: unknown[]; "x-auth": string; "x-partner-scope"?: string }>>;
      };
      summaries: Array<{ method: string; path: string }>;
    };
    const expected = API_ROUTES.flatMap(({ route, endpoints }) => Object.keys(endpoints).map((m) => `${m} ${routePath(route)}`));
    const inDocument = Object.entries(document.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(inDocument).toEqual(expected);
    expect(summaries.map((s) => `${s.method} ${s.path}`)).toEqual(expected);
    const ids = Object.values(document.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of Object.values(document.paths).flatMap((ops) => Object.values(ops))) {
      // Cookie sessions unless public or partner-only; a partner API key where the endpoint takes one.
      const cookie = op["x-auth"] === "none" || op["x-auth"] === "partner" ? [] : [{ sessionCookie: [] }];
      const key = op["x-partner-scope"] ? [{ partnerKey: [op["x-partner-scope"]] }] : [];
      expect(op.security, op.operationId).toEqual([...cookie, ...key]);
    }
  });
});

type LintReport = {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
};

const redocly = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");

describe("the OpenAPI document, linted", () => {
  it("passes redocly lint with no error", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
    try {
      const file = path.join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(generateOpenApi(API_ROUTES).document, null, 2));
      // cwd: the temporary folder, so no redocly.yaml of the machine changes the rules.
      const run = await promisify(execFile)(process.execPath, [redocly, "lint", "--format=json", "--extends=recommended", file], {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((e: { stdout?: string; stderr?: string }) => e);
      const report = JSON.parse(run.stdout ?? "") as LintReport;
      const errors = report.problems
        .filter((p) => p.severity === "error")
        .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the webhooks partners receive", () => {
  it("are declared as OpenAPI 3.1 webhooks, one per event type, with the Standard Webhooks headers", () => {
    const document = generateOpenApi(API_ROUTES).document as unknown as {
      webhooks: Record<string, { post: { parameters: Array<{ name: string; in: string }>; requestBody: unknown } }>;
    };
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const hook of Object.values(document.webhooks)) {
      expect(hook.post.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
        "header:webhook-id",
        "header:webhook-signature",
        "header:webhook-timestamp",
      ]);
      expect(hook.post.requestBody).toBeDefined();
    }
  });
});
