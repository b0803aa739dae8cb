/**
 * The pages the throughput and profile benches load, as autocannon options for any server of the
 * run (the app, a build of old main, the minimal Remix app, bare Node): every server shares the
 * bench's database and session secret, so the same cookies sign in on each of them.
 */
import type { Options } from "autocannon";
import type { BenchContext } from "./context";
import { Client, expectRedirect, nextIp } from "./http";

export const STEP1 = "amount=30000&purpose=equipment-financing&amountShown=25000&intent=continue";

export type PageId = "landing" | "faq" | "dashboard" | "step1-get" | "step1-post" | "status" | "admin";

export type Page = {
  id: PageId;
  label: string;
  /** Path (with query) of the page, for capturing its bytes. */
  path: string;
  expect: number;
  /** Cookie header for a capture (first wizard session for step 1). */
  captureCookie?: string;
  /** autocannon options for a server at `origin`. */
  opts(origin: string): Omit<Options, "connections" | "duration">;
};

export type Pages = { pages: Page[]; reference: string };

/**
 * Sessions and cookies made once per run: the signed-in applicant (toast shown once, so later pages
 * carry only the session), the admin (both factors), and one anonymous wizard session per connection
 * (each with its own address and draft: draft creation is throttled per client).
 */
export async function makePages(ctx: BenchContext, connections: number): Promise<Pages> {
  const { client: applicant, application } = await ctx.applicant();
  await (await applicant.fetch("/dashboard")).arrayBuffer();
  const { client: admin } = await ctx.admin();
  await (await admin.fetch("/admin")).arrayBuffer();
  const reference = application.reference;

  const sessions: Array<{ cookie: string; ip: string }> = [];
  for (let i = 0; i < connections; i++) {
    const c = new Client(ctx.origin);
    await expectRedirect(
      await c.fetch("/apply/loan", { body: STEP1, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      "/apply/owner",
      "step 1",
    );
    sessions.push({ cookie: c.cookieHeader(), ip: c.ip });
  }
  // Each autocannon client takes the next wizard session (one per connection).
  const perClient = (origin: string, extra: Record<string, string>) => {
    let next = 0;
    return (client: { setHeaders(h: Record<string, string>): void }) => {
      const s = sessions[next++ % sessions.length]!;
      client.setHeaders({ ...extra, origin, cookie: s.cookie, "x-forwarded-for": s.ip });
    };
  };
  const withCookie = (cookie: string) => ({ headers: { cookie } });

  const pages: Page[] = [
    { id: "landing", label: "GET / (anonymous)", path: "/", expect: 200, opts: (o) => ({ url: `${o}/` }) },
    { id: "faq", label: "GET /faq (anonymous)", path: "/faq", expect: 200, opts: (o) => ({ url: `${o}/faq` }) },
    {
      id: "dashboard",
      label: "GET /dashboard (signed in)",
      path: "/dashboard",
      expect: 200,
      captureCookie: applicant.cookieHeader(),
      opts: (o) => ({ url: `${o}/dashboard`, ...withCookie(applicant.cookieHeader()) }),
    },
    {
      id: "step1-get",
      label: "GET /apply/loan (step 1, with a session)",
      path: "/apply/loan",
      expect: 200,
      captureCookie: sessions[0]!.cookie,
      opts: (o) => ({ url: `${o}/apply/loan`, setupClient: perClient(o, {}) }),
    },
    {
      id: "step1-post",
      label: "POST /apply/loan (step 1, with a session)",
      path: "/apply/loan",
      expect: 302,
      opts: (o) => ({
        url: `${o}/apply/loan`,
        method: "POST",
        body: STEP1,
        setupClient: perClient(o, { "content-type": "application/x-www-form-urlencoded" }),
      }),
    },
    {
      id: "status",
      label: "GET /application-status?id=<ref> (status lookup)",
      path: `/application-status?id=${reference}`,
      expect: 200,
      opts: (o) => ({
        url: `${o}/application-status?id=${reference}`,
        // 30 lookups per minute per client: every request comes from its own address.
        requests: [{ method: "GET", setupRequest: (req) => ({ ...req, headers: { ...req.headers, "x-forwarded-for": nextIp() } }) }],
      }),
    },
    {
      id: "admin",
      label: "GET /admin (admin list, signed in)",
      path: "/admin",
      expect: 200,
      captureCookie: admin.cookieHeader(),
      opts: (o) => ({ url: `${o}/admin`, ...withCookie(admin.cookieHeader()) }),
    },
  ];
  return { pages, reference };
}
