/**
 * Every admin page, loader, action and admin API of the BUILD (its route manifest, not a
 * hand-picked list) refuses an anonymous visitor, a signed-in applicant and an admin who passed
 * only the password: a redirect to the admin sign-in (or its second-factor step) or 401/403/404/405,
 * never the data. Each loader is also fetched on its own (single fetch `_routes`), because a parent
 * route's guard does not protect its children. A fully signed-in admin gets the same URLs with the
 * data, which shows the checks would notice a leak.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { createSubmittedApplication } from "../support/applications";
import { builtRoutes, fillPattern, isAdminPattern, type BuiltRoute } from "../support/build-routes";
import { createDocument, uploadFromDashboard } from "../support/documents";
import { adminClient, createAdmin, createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { samplePdf } from "../fixtures/documents";
import { Client } from "../support/http";

const tag = Math.random().toString(36).slice(2, 8);
const SENTINEL = { firstName: `Guarded${tag}`, lastName: `Applicant${tag}`, fileName: `guarded-${tag}.pdf` };

type Actor = { label: string; client: Client; login: RegExp };
type Target = { route: BuiltRoute; url: string };

let routes: BuiltRoute[] = [];
let adminTargets: Target[] = [];
let reference = "";
let secrets: string[] = [];
let actors: Actor[] = [];
let fullAdmin: Client;

async function signedInApplicant() {
  const u = await createApplicant();
  const c = new Client();
  const res = await c.fetch("/login", { form: { email: u.email, password: TEST_PASSWORD } });
  expect(res.headers.get("location")).toBe("/dashboard");
  return c;
}

async function passwordOnlyAdmin() {
  const admin = await createAdmin();
  const c = new Client();
  const res = await c.fetch("/admin-login", { form: { email: admin.email, password: admin.password } });
  expect(res.headers.get("location")).toBe("/admin-login/verify");
  return c;
}

beforeAll(async () => {
  routes = await builtRoutes();
  const owner = await createApplicant({ firstName: SENTINEL.firstName, lastName: SENTINEL.lastName });
  const app = await createSubmittedApplication({ userId: owner.id, annualIncome: 987_654 });
  const doc = await createDocument({ applicationId: app.id, userId: owner.id, data: samplePdf(`guarded-${tag}`), name: SENTINEL.fileName });
  reference = app.reference;
  secrets = [reference, SENTINEL.firstName, SENTINEL.lastName, owner.email, SENTINEL.fileName];
  const values = { id: app.id, applicationId: reference, documentId: doc.id };
  adminTargets = routes
    .filter((r) => isAdminPattern(r.pattern) && (r.hasLoader || r.hasAction))
    .map((route) => ({ route, url: fillPattern(route.pattern, values) }));
  actors = [
    { label: "anonymous", client: new Client(), login: /^\/admin-login(\?|$)/ },
    { label: "applicant", client: await signedInApplicant(), login: /^\/admin-login(\?|$)/ },
    { label: "admin without the second factor", client: await passwordOnlyAdmin(), login: /^\/admin-login\/verify(\?|$)/ },
  ];
  fullAdmin = await adminClient(await createAdmin());
});

const withQuery = (url: string, q: Record<string, string>) => `${url}${url.includes("?") ? "&" : "?"}${new URLSearchParams(q)}`;
const dataUrl = (t: Target) => withQuery(`${t.url === "/" ? "/_root" : t.url}.data`, { _routes: t.route.id, q: reference });

/** The requests an attacker can make against one route. */
function requestsFor(
  t: Target,
): Array<{ what: string; path: string; init: RequestInit & { form?: Record<string, string>; json?: unknown } }> {
  const api = t.route.pattern.startsWith("api/");
  const get = (what: string, path: string) => ({ what, path, init: {} });
  if (api) {
    const body = { status: "approved", note: "guard test", role: "admin", userId: 1 };
    return [
      get("GET", withQuery(t.url, { q: reference })),
      { what: "POST json", path: t.url, init: { method: "POST", json: body } },
      { what: "PATCH json", path: t.url, init: { method: "PATCH", json: body } },
    ];
  }
  const form = { status: "approved", note: "guard test", intent: "status", redirectTo: "/admin" };
  const postUrl = t.route.index ? withQuery(t.url, { index: "" }) : t.url;
  const out = [
    get("GET document", withQuery(t.url, { q: reference })),
    get("GET single-fetch data", dataUrl(t)),
    get("GET ?_data", withQuery(t.url, { _data: t.route.id, q: reference })),
  ];
  if (t.route.hasAction) {
    out.push({ what: "POST form", path: postUrl, init: { form } } as never);
    out.push({ what: "POST single-fetch", path: withQuery(`${t.url}.data`, t.route.index ? { index: "" } : {}), init: { form } } as never);
  }
  return out;
}

async function expectRefused(actor: Actor, what: string, path: string, res: Response) {
  const where = `${actor.label}: ${what} ${path} -> ${res.status} ${res.headers.get("location") ?? ""}`;
  const body = await res.text();
  for (const s of secrets) expect(body.includes(s), `${where} leaks ${s}`).toBe(false);
  if (res.status >= 300 && res.status < 400) {
    expect(res.headers.get("location") ?? "", where).toMatch(actor.login);
    return;
  }
  if (res.status === 204 && res.headers.has("x-remix-redirect")) {
    // A legacy `?_data` request: the redirect travels in a header.
    expect(res.headers.get("x-remix-redirect"), where).toMatch(actor.login);
    return;
  }
  if (res.status === 202 || res.status === 200) {
    // A single-fetch answer (turbo-stream) may only be the redirect to the admin sign-in.
    expect(body, where).toMatch(/"redirect"/);
    const target = /"redirect","([^"]+)"/.exec(body)?.[1] ?? "";
    expect(target, where).toMatch(actor.login);
    return;
  }
  expect([401, 403, 404, 405], where).toContain(res.status);
}

describe("admin routes from the build", () => {
  it("lists the admin pages, loaders and APIs the build serves", () => {
    const patterns = adminTargets.map((t) => t.route.pattern);
    // The manifest walk found the known ones; any new admin route is covered without editing this file.
    expect(patterns).toEqual(
      expect.arrayContaining(["admin", "admin/applications/:id", "admin/documents", "api/admin/applications", "api/admin/documents"]),
    );
    expect(adminTargets.every((t) => !t.url.includes(":"))).toBe(true);
  });

  it.each(["anonymous", "applicant", "admin without the second factor"])("refuses every admin route to: %s", async (label) => {
    const actor = actors.find((a) => a.label === label)!;
    let checked = 0;
    for (const t of adminTargets) {
      for (const r of requestsFor(t)) {
        const res = await actor.client.fetch(r.path, r.init);
        await expectRefused(actor, r.what, r.path, res);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(adminTargets.length * 3);
  });

  it("gives a fully signed-in admin the same URLs with the data (the checks above can see a leak)", async () => {
    const details = adminTargets.find((t) => t.route.pattern === "admin/applications/:id")!;
    const page = await fullAdmin.fetch(details.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(reference);
    expect(html).toContain(SENTINEL.firstName);
    const data = await fullAdmin.fetch(dataUrl(details));
    expect(data.status).toBe(200);
    expect(await data.text()).toContain(reference);
    const api = await fullAdmin.fetch(withQuery("/api/admin/applications", { q: reference }));
    expect(api.status).toBe(200);
    expect(await api.text()).toContain(reference);
  });
});

/** An applicant signed in at /login (the answer: a redirect). */
async function signedIn(email: string, password: string) {
  const c = new Client();
  const res = await c.fetch("/login", { form: { email, password } });
  expect(res.status).toBe(302);
  return c;
}

// Moved from tests/e2e/admin.test.ts (it used no browser): the same requests and checks.
describe("admin routes refuse everyone but admins", () => {
  it("anonymous visitors and applicants get a redirect to /admin-login and no data, for every page, data request and action", async () => {
    const applicant = await createApplicant();
    const app = await createSubmittedApplication({ userId: applicant.id, amount: 31337 });
    const ref = app.reference;
    const ac = await signedIn(applicant.email, applicant.password);
    const doc = await uploadFromDashboard(ac, app.id, "statement.pdf", samplePdf("SECRET-MARKER"));
    const pages = ["/admin", `/admin?q=${ref}`, "/admin/documents", `/admin/applications/${app.id}`];
    // Each loader on the details URL, fetched on its own (a parent's guard protects no child).
    const routeIds = ["routes/admin", "routes/admin._applications", "routes/admin._applications.applications.$id"];
    const dataUrls = [
      `/admin.data?q=${ref}`,
      "/admin/documents.data",
      `/admin/applications/${app.id}.data`,
      ...routeIds.map((id) => `/admin/applications/${app.id}.data?_routes=${encodeURIComponent(id)}`),
    ];
    for (const c of [new Client(), ac]) {
      for (const p of pages) {
        const res = await c.fetch(p);
        expect(res.status, p).toBe(302);
        expect(res.headers.get("location"), p).toBe("/admin-login");
        const body = await res.text();
        expect(body, p).not.toContain(ref);
        expect(body, p).not.toContain("statement.pdf");
      }
      for (const p of dataUrls) {
        const res = await c.fetch(p);
        const body = await res.text();
        expect([202, 204, 302, 400, 403, 404, 405], p).toContain(res.status);
        expect(body, p).not.toContain(ref);
        expect(body, p).not.toContain("31337");
        expect(body, p).not.toContain("statement.pdf");
        if (res.status === 202) expect(body, p).toContain("/admin-login");
      }
      for (const [p, form] of [
        [`/admin/applications/${app.id}`, { status: "approved", redirectTo: "/admin" }],
        [`/admin/applications/${app.id}.data`, { status: "rejected", note: "x" }],
        ["/admin", { status: "approved" }],
        ["/admin/documents", { status: "approved" }],
      ] as const) {
        const res = await c.fetch(p, { form });
        const body = await res.text();
        expect([202, 302, 403, 404, 405], p).toContain(res.status);
        if (res.status === 302) expect(res.headers.get("location"), p).toBe("/admin-login");
        expect(body, p).not.toContain(ref);
      }
    }
    const [row] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.id, app.id));
    expect(row!.status).toBe("submitted");
    const events = await getDb().select().from(schema.applicationEvents).where(eq(schema.applicationEvents.applicationId, app.id));
    expect(events.filter((e) => e.type === "status_changed")).toHaveLength(0);

    // The owner can open their own document; a second applicant gets 404.
    expect((await ac.fetch(`/documents/${doc.id}/preview`)).status).toBe(200);
    const other = await createApplicant();
    const oc = await signedIn(other.email, other.password);
    expect((await oc.fetch(`/documents/${doc.id}/preview`)).status).toBe(404);
    expect((await oc.fetch(`/documents/${doc.id}/download`)).status).toBe(404);
  });
});
