/**
 * The request's host and request line never decide what is rendered or cached
 * (app/platform/http/request-host.server.ts, app/platform/http/remix-handler.server.ts, app/platform/server/index.ts):
 * - a Host holding a path, a query or another host, and (behind TRUST_PROXY) such an
 *   X-Forwarded-Host, are answered 400 before the render cache and Remix, and the next anonymous
 *   visitor of the attacked page gets that page, rendered afresh (nothing was kept);
 * - an absolute-form request line (`GET http://host/faq HTTP/1.1`) is answered 400, not 500;
 * - a POST whose forwarded host is not this site, or whose Origin is another site's, is refused
 *   with a 4xx before its action runs, not a 500;
 * - legacy `?_data=` requests (answered 200, 400, 403 or 404) write nothing to the server's log.
 * One server of this file's own (the run's settings, TRUST_PROXY on), so its render cache and its
 * log hold only what this file did, on a database of its own: the pages show the active catalogue
 * (product count, rates), which other files change while this one runs, and a visitor's page is
 * compared with one rendered a moment later (a CI run failed on a lender added in between).
 */
import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { isolatedDatabase, type AppServer } from "../support/server";

const db = isolatedDatabase("lm_hosthdr");
let server: AppServer;
let host: string;

beforeAll(async () => {
  server = await db.server("host-header");
  host = new URL(server.origin).host;
});

type RawAnswer = { status: number; headers: string; body: string };

/** One request written byte for byte on a socket (fetch cannot send these request lines and Hosts). */
function raw(requestLine: string, headers: Record<string, string>, body = ""): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1");
    let data = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      const lines = [requestLine, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), "Connection: close"];
      if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
      socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
    });
    socket.on("data", (c) => (data += c));
    socket.on("error", reject);
    socket.on("end", () => {
      const [head = "", ...rest] = data.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body: rest.join("\r\n\r\n") });
    });
  });
}

const nonceFree = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');

/** The page as the next anonymous visitor gets it, and as Remix renders it for a request the cache never answers. */
async function nextVisitorAndFresh(path: string) {
  const visitor = await fetch(server.origin + path);
  // Any Cookie header keeps a request out of the render cache: this is the page rendered now.
  const fresh = await fetch(server.origin + path, { headers: { cookie: "fresh=1" } });
  return { visitor, visitorBody: await visitor.text(), freshBody: await fresh.text() };
}

describe("Host and X-Forwarded-Host", () => {
  // Each attack aims at a page nobody has asked this server for yet, so the render cache would
  // keep whatever the attack made Remix render.
  const attacks = [
    {
      what: "a Host with a path and a query (the calculator with the attacker's figures)",
      page: "/working-capital-loans",
      headers: () => ({ Host: `${host}/loan-calculator?amount=1000000&z=` }),
    },
    { what: "a Host with a path", page: "/equipment-financing", headers: () => ({ Host: `${host}/faq#` }) },
    { what: "a Host with a query", page: "/loan-calculator", headers: () => ({ Host: `${host}?amount=1000000&z=` }) },
    { what: "another site's Host", page: "/startup-capital-loans", headers: () => ({ Host: "evil.example" }) },
    {
      what: "an X-Forwarded-Host with a path and a query",
      page: "/business-expansion-loans",
      headers: () => ({ Host: host, "X-Forwarded-Host": "127.0.0.1/faq?z=" }),
    },
    {
      what: "another site's X-Forwarded-Host",
      page: "/commercial-real-estate",
      headers: () => ({ Host: host, "X-Forwarded-Host": "evil.example" }),
    },
  ];

  for (const a of attacks) {
    it(`answers 400 to ${a.what}, and the next visitor of ${a.page} gets that page`, async () => {
      const res = await raw(`GET ${a.page} HTTP/1.1`, a.headers());
      expect(res.status).toBe(400);
      expect(res.headers).toMatch(/cache-control: no-store/i);
      expect(res.body).not.toContain("<html");
      const { visitor, visitorBody, freshBody } = await nextVisitorAndFresh(a.page);
      expect(visitor.status).toBe(200);
      // Nothing was kept for the page by the attack: the visitor's copy is rendered now, and it is the page itself.
      expect(visitor.headers.get("x-cache")).toBe("MISS");
      expect(nonceFree(visitorBody)).toBe(nonceFree(freshBody));
      expect(visitorBody).not.toContain("1,000,000");
    });
  }

  it("serves this site's own host, by name or address, as before", async () => {
    expect((await raw("GET /faq HTTP/1.1", { Host: host })).status).toBe(200);
    expect((await raw("GET /faq HTTP/1.1", { Host: `localhost:${server.port}` })).status).toBe(200);
    expect((await raw("GET /faq HTTP/1.1", { Host: host, "X-Forwarded-Host": host })).status).toBe(200);
    // A load balancer probes the health checks by the server's own address.
    expect((await raw("GET /healthz HTTP/1.1", { Host: "10.0.0.7:3000" })).status).toBe(200);
  });
});

describe("request line", () => {
  it("answers an absolute-form request line with 400, not 500", async () => {
    const res = await raw(`GET http://${host}/faq HTTP/1.1`, { Host: host });
    expect(res.status).toBe(400);
    expect(res.body).not.toMatch(/Internal Server Error/);
    const other = await raw("GET http://evil.example/working-capital-loans HTTP/1.1", { Host: host });
    expect(other.status).toBe(400);
  });
});

describe("forwarded host and Origin on a POST", () => {
  const form = "email=nobody%40example.com&password=Not-The-Password-9";
  const post = (headers: Record<string, string>) =>
    raw(
      "POST /login HTTP/1.1",
      { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.23", ...headers },
      form,
    );

  it("answers 400, before the action, when the forwarded host is not this site", async () => {
    const res = await post({ Host: host, Origin: server.origin, "X-Forwarded-Host": "evil.example" });
    expect(res.status).toBe(400);
    expect(res.headers).not.toMatch(/set-cookie/i);
  });

  it("refuses with 403 (cross-site) when the Origin is another site's and the forwarded host is ours", async () => {
    const res = await post({ Host: host, Origin: "http://evil.example", "X-Forwarded-Host": host });
    expect(res.status).toBe(403);
    expect(res.headers).not.toMatch(/set-cookie/i);
  });
});

describe("legacy ?_data requests", () => {
  it("write no log line, whatever they are answered", async () => {
    const before = server.log();
    const targets = [
      "/?_data=root",
      "/faq?_data=routes/_public.faq",
      "/faq?_data=routes/nothing",
      "/no-such-page?_data=root",
      "/no-such-page?_data=routes/_public.%24",
      "/api-docs?_data=routes/_public.api-docs",
    ];
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (const t of targets) {
        const res = await fetch(server.origin + t);
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    }
    // The answers are the router's (200, 400, 403, 404), never a 500...
    expect(statuses.every((s) => s < 500)).toBe(true);
    expect(new Set(statuses).size).toBeGreaterThan(1);
    // ...and none of them wrote to the log (the server writes errors synchronously, before it
    // answers). Only this test's requests count: the server's own background work (its outbox
    // worker sends the other files' e-mails from the shared database) logs info lines of its own.
    const written = server.log().slice(before.length).split("\n").filter(Boolean);
    expect(written.filter((line) => !/"level":"(info|debug)"/.test(line) || line.includes("_data"))).toEqual([]);
  });
});
