/** The API route builder on its own (no server entry in front): its refusals and its error answers. */
import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { apiJson, apiRoute, endpoint, isJsonContentType } from "./api-route.server";
import { DatabaseUnavailableError } from "~/platform/db/db-errors.server";
import { logSink } from "~/platform/observability/log.server";
import { MSG } from "~/content/messages";

const Body = z.object({ name: z.string().min(1, "Name is required"), kind: z.enum(["a", "b"]) }).strict();
let handled = 0;
const route = apiRoute({
  POST: endpoint({
    auth: "none",
    body: Body,
    async handler({ body }) {
      handled++;
      return apiJson({ ok: body.name }, 201);
    },
  }),
  GET: endpoint({
    auth: "none",
    async handler() {
      throw new Error("Failed query: select * from users where email = ? params: jamie@example.com");
    },
  }),
  PUT: endpoint({
    auth: "none",
    async handler() {
      throw new DatabaseUnavailableError("pool exhausted");
    },
  }),
});

const call = (init: RequestInit & { url?: string } = {}) => {
  const request = new Request(init.url ?? "http://app.test/api/x", { ...init, ...(init.body ? { duplex: "half" } : {}) } as RequestInit);
  const args = { request, params: {}, context: { clientIp: "127.0.0.1" } as AppLoadContext };
  return request.method === "GET" || request.method === "HEAD" ? route.loader(args) : route.action(args);
};
const post = (body: BodyInit, headers: Record<string, string> = { "content-type": "application/json" }) =>
  call({ method: "POST", body, headers: { host: "app.test", ...headers } });

describe("apiRoute", () => {
  it("runs the handler with the parsed body and sets the API headers", async () => {
    const res = await post(JSON.stringify({ name: "x", kind: "a" }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: "x" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers 405 with Allow for a method it lacks", async () => {
    const res = await call({ method: "DELETE", headers: { host: "app.test" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST, GET, PUT, HEAD");
  });

  it("refuses a cross-site state-changing request itself, before reading the body", async () => {
    const before = handled;
    const res = await post(JSON.stringify({ name: "x", kind: "a" }), { "content-type": "application/json", origin: "https://evil.test" });
    expect(res.status).toBe(403);
    expect(handled).toBe(before);
  });

  it("answers 415 for other content types, 400 for malformed JSON or invalid UTF-8", async () => {
    expect((await post("name=x", { "content-type": "application/x-www-form-urlencoded" })).status).toBe(415);
    expect((await post("{}", {})).status).toBe(415);
    expect((await (await post("{nope")).json()).message).toBe(MSG.apiMalformedJson);
    expect((await post(new Uint8Array([0x7b, 0xff, 0x7d]))).status).toBe(400);
  });

  it("answers 413 for a streamed body over 64 KB without reading all of it", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 1000) return controller.close();
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    });
    const res = await post(stream);
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });

  it("answers field errors without echoing the input", async () => {
    const res = await post(JSON.stringify({ name: "", kind: "<script>secret</script>", extra: 1 }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toEqual({
      message: MSG.apiValidationFailed,
      errors: { name: ["Name is required"], kind: ["Expected one of: a, b"] },
      formErrors: [MSG.apiUnknownFields],
    });
    expect(JSON.stringify(body)).not.toContain("secret");
  });

  it("turns a thrown error into a generic 500 and logs it without the query's parameters", async () => {
    const log = vi.spyOn(logSink, "write").mockImplementation(() => {});
    const res = await call({ method: "GET" });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: MSG.apiServerError });
    const logged = log.mock.calls.flat().join(" ");
    expect(logged).toMatch(/"level":"error"/);
    expect(logged).not.toContain("jamie@example.com");
    log.mockRestore();
  });
});

it("answers 503 with Retry-After when the database is unreachable", async () => {
  const res = await call({ method: "PUT", headers: { host: "app.test" } });
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(await res.json()).toEqual({ message: MSG.serviceUnavailable });
});

describe("isJsonContentType", () => {
  it.each([
    ["application/json", true],
    ["application/json; charset=utf-8", true],
    ["Application/JSON;charset=UTF-8", true],
    ["application/problem+json", true],
    ["application/json; charset=latin1", false],
    ["text/json", false],
    ["text/plain", false],
    [null, false],
  ])("%s -> %s", (value, expected) => {
    expect(isJsonContentType(value)).toBe(expected);
  });
});

describe("bodies and answers that are not JSON", () => {
  // Like the document upload and download: no `body` schema, the handler reads the stream itself
  // and answers a file with its own headers.
  const raw = apiRoute({
    POST: endpoint({
      auth: "none",
      async handler({ request }) {
        let bytes = 0;
        const reader = request.body!.getReader();
        for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
        return new Response(`got ${bytes}`, { status: 201, headers: { "Content-Type": "text/plain", "Referrer-Policy": "no-referrer" } });
      },
    }),
  });

  it("leaves the body to the handler and keeps the handler's own headers", async () => {
    const request = new Request("http://app.test/api/raw", {
      method: "POST",
      headers: { host: "app.test", "content-type": "multipart/form-data; boundary=x" },
      body: new Uint8Array(200 * 1024),
      duplex: "half",
    } as RequestInit);
    const res = await raw.action({ request, params: {}, context: { clientIp: "127.0.0.1" } as AppLoadContext });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe(`got ${200 * 1024}`);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});
