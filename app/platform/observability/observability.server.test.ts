import http from "node:http";
import { Socket } from "node:net";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { renderMetrics, setOutboxStatsSource, setPoolStatsSource } from "~/platform/observability/metrics.server";
import { createObservability, type ManifestRoute } from "./observability.server";

// A slice of the build's route manifest: layouts, nested pages, a resource route with a
// reference in its path, and the public splat that catches every other path.
const manifest: Record<string, ManifestRoute> = {
  root: { id: "root", path: "" },
  "routes/_public": { id: "routes/_public", parentId: "root" },
  "routes/_public.$": { id: "routes/_public.$", parentId: "routes/_public", path: "*" },
  "routes/apply": { id: "routes/apply", parentId: "root", path: "apply" },
  "routes/apply.loan": { id: "routes/apply.loan", parentId: "routes/apply", path: "loan" },
  "routes/api.loan-applications.status.$reference": {
    id: "routes/api.loan-applications.status.$reference",
    parentId: "root",
    path: "api/loan-applications/status/:reference",
  },
};

let obs: ReturnType<typeof createObservability>;
beforeAll(() => {
  Object.assign(process.env, {
    SESSION_SECRET: "unit-test-session-secret-0123456789abcdef",
    DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
    ACCESS_LOG: "0",
  });
  delete process.env.METRICS_TOKEN;
  delete process.env.METRICS_PORT;
  obs = createObservability({ routes: manifest, buildDir: "build" });
  // No database here: the pool and outbox gauges stay empty.
  setPoolStatsSource(() => null);
  setOutboxStatsSource(async () => null);
});

function exchange(method: string, url: string) {
  const req = new http.IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  const res = new http.ServerResponse(req);
  return { req, res };
}

describe("observability", () => {
  it("has no /metrics on the app's port without METRICS_TOKEN", () => {
    const { req, res } = exchange("GET", "/metrics");
    const next = vi.fn();
    obs.metricsRoute(req, res, next);
    expect(next).toHaveBeenCalledOnce();
    expect(res.headersSent).toBe(false);
  });

  it("gives every answer an id and times it by route id, never by path", async () => {
    const paths = [
      "/apply/loan",
      "/apply/loan.data?_routes=routes%2Fapply.loan",
      "/api/loan-applications/status/APP-7KQ2M9XTR4WZ",
      "/build/_shared/chunk-X.js",
      "/healthz",
      "/someone@example.com/anything",
    ];
    for (const p of paths) {
      const { req, res } = exchange("GET", p);
      obs.observe(req, res);
      expect(res.getHeader("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      res.statusCode = 200;
      res.emit("close");
    }
    const { body } = await renderMetrics();
    const routes = [...body.matchAll(/http_request_duration_seconds_count\{method="GET",route="([^"]+)",status="200"\} (\d+)/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(routes.sort()).toEqual(
      ["healthz 1", "routes/_public.$ 1", "routes/api.loan-applications.status.$reference 1", "routes/apply.loan 2", "static 1"].sort(),
    );
    expect(body).not.toContain("7KQ2M9XTR4WZ");
    expect(body).not.toContain("example.com");
  });
});
