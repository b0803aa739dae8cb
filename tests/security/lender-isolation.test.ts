/**
 * Lender isolation: a lender user reads and acts on only the applications shared with its
 * own lender. By id or by guessing, another lender's applications, offers and documents, and
 * applications shared with nobody, answer exactly like ones that do not exist (404), pages and
 * document routes alike; actions on them change nothing. Applicants, admins and visitors never reach
 * /lender; a lender session reaches no applicant or admin page.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { createSubmittedApplication } from "../support/applications";
import { builtRoutes, fillPattern } from "../support/build-routes";
import { createDocument } from "../support/documents";
import { adminClient, createAdmin, createApplicant } from "../support/fixtures";
import { parse } from "../support/html";
import { Client } from "../support/http";
import { createLenderUser, shareWithLender, signInLenderOverHttp, twoLenders, type TestLenderUser } from "../support/lenders";
import { signInApplicantOverHttp } from "../support/sign-in";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

let lenderA: { id: number; name: string };
let lenderB: { id: number; name: string };
let userA: TestLenderUser;
let clientA: Client;
/** Shared with B only, shared with both, shared with nobody. */
let onlyB: { id: number; docId: number; offerId: number };
let both: { id: number; offerIdB: number };
let nobody: { id: number; docId: number };

beforeAll(async () => {
  [lenderA, lenderB] = await twoLenders();
  userA = await createLenderUser(lenderA.id);
  clientA = await signInLenderOverHttp(new Client(), userA);
  const applicant = await createApplicant();
  const b = (await createSubmittedApplication({ userId: applicant.id }))!;
  const bDoc = await createDocument({ applicationId: b.id, userId: applicant.id, data: PDF, name: "b-statement.pdf" });
  onlyB = { id: b.id, docId: bDoc.id, offerId: await shareWithLender(b.id, lenderB.id) };
  const x = (await createSubmittedApplication({ userId: applicant.id }))!;
  await shareWithLender(x.id, lenderA.id);
  both = {
    id: x.id,
    offerIdB: await shareWithLender(x.id, lenderB.id, { amountCents: 2_500_000, termMonths: 36, noteRateBps: 1777, feeCents: 12_345 }),
  };
  const n = (await createSubmittedApplication({ userId: applicant.id }))!;
  const nDoc = await createDocument({ applicationId: n.id, userId: applicant.id, data: PDF, name: "n-statement.pdf" });
  nobody = { id: n.id, docId: nDoc.id };
});

describe("a lender user sees only its lender's applications", () => {
  it("another lender's application, one shared with nobody and a guessed id are all 404", async () => {
    for (const id of [onlyB.id, nobody.id, 2_000_000_000, "abc"]) {
      const res = await clientA.fetch(`/lender/applications/${id}`);
      expect(res.status, `application ${id}`).toBe(404);
    }
    const denied = await getDb()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.actorUserId, userA.id),
          eq(schema.auditLog.action, "lender.application_viewed"),
          eq(schema.auditLog.outcome, "denied"),
        ),
      );
    expect(denied.length).toBeGreaterThanOrEqual(2);
  });

  it("the queue lists only applications shared with its lender", async () => {
    const queue = await parse(await clientA.fetch("/lender"));
    expect(queue.$(`[data-application-id="${both.id}"]`).length).toBe(1);
    expect(queue.$(`[data-application-id="${onlyB.id}"]`).length).toBe(0);
    expect(queue.$(`[data-application-id="${nobody.id}"]`).length).toBe(0);
  });

  it("an application shared with two lenders shows neither the other lender nor its offer", async () => {
    const page = await parse(await clientA.fetch(`/lender/applications/${both.id}`));
    expect(page.status).toBe(200);
    expect(page.html).not.toContain(lenderB.name);
    expect(page.$(`[data-offer-id="${both.offerIdB}"]`).length).toBe(0);
    expect(page.html).not.toContain("17.77");
  });

  it("documents of another lender's or an unshared application are 404 on the lender and the general document routes", async () => {
    for (const docId of [onlyB.docId, nobody.docId, 2_000_000_000]) {
      for (const kind of ["preview", "download"]) {
        expect((await clientA.fetch(`/lender/documents/${docId}/${kind}`)).status, `lender ${kind} ${docId}`).toBe(404);
        expect((await clientA.fetch(`/documents/${docId}/${kind}`)).status, `general ${kind} ${docId}`).toBe(404);
      }
    }
  });

  it("a document of a shared application opens, and the read is audited", async () => {
    const applicant = await createApplicant();
    const app = (await createSubmittedApplication({ userId: applicant.id }))!;
    await shareWithLender(app.id, lenderA.id);
    const doc = await createDocument({ applicationId: app.id, userId: applicant.id, data: PDF, name: "shared.pdf" });
    const res = await clientA.fetch(`/lender/documents/${doc.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    const rows = await getDb()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.actorUserId, userA.id),
          eq(schema.auditLog.action, "document.download"),
          eq(schema.auditLog.targetId, String(doc.id)),
        ),
      );
    expect(rows.map((r) => r.outcome)).toContain("success");
    // Not through the general route: that one is the owner's and the admins'.
    expect((await clientA.fetch(`/documents/${doc.id}/download`)).status).toBe(404);
  });

  it("actions on another lender's application change nothing", async () => {
    const before = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, onlyB.id));
    const posts: Array<Record<string, string>> = [
      {
        intent: "firm-offer",
        amount: "20000",
        termMonths: "12",
        noteRate: "9",
        originationFee: "0",
        prepayment: "None",
        validityDays: "5",
      },
      { intent: "decline", reasons: "insufficient-income" },
      { intent: "request-documents", documentTypes: "ein", message: "Send it" },
      { intent: "confirm-offer", offerId: String(onlyB.offerId) },
      { intent: "withdraw-offer", offerId: String(onlyB.offerId), reason: "x" },
    ];
    for (const form of posts) expect((await clientA.fetch(`/lender/applications/${onlyB.id}`, { form })).status, form.intent).toBe(404);
    // B's offer by id through A's own shared application: refused too.
    for (const intent of ["confirm-offer", "withdraw-offer"])
      expect(
        (await clientA.fetch(`/lender/applications/${both.id}`, { form: { intent, offerId: String(both.offerIdB), reason: "x" } })).status,
      ).toBe(404);
    const after = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, onlyB.id));
    expect(after).toEqual(before);
    expect(await getDb().select().from(schema.lenderDeclines).where(eq(schema.lenderDeclines.applicationId, onlyB.id))).toHaveLength(0);
    expect(await getDb().select().from(schema.documentRequests).where(eq(schema.documentRequests.applicationId, onlyB.id))).toHaveLength(0);
    const [bOffer] = await getDb().select().from(schema.offers).where(eq(schema.offers.id, both.offerIdB));
    expect(bOffer!.status).toBe("offered");
    expect(bOffer!.lenderConfirmedAt).toBeNull();
  });
});

describe("who reaches /lender", () => {
  it("visitors, applicants and admins are sent to the lender sign-in", async () => {
    const applicant = await createApplicant();
    const applicantClient = await signInApplicantOverHttp(new Client(), applicant);
    const admin = await adminClient(await createAdmin());
    for (const [who, c] of [
      ["visitor", new Client()],
      ["applicant", applicantClient],
      ["admin", admin],
    ] as const) {
      for (const path of ["/lender", `/lender/applications/${both.id}`, `/lender/documents/${onlyB.docId}/preview`]) {
        const res = await c.fetch(path);
        expect(res.status, `${who} ${path}`).toBe(302);
        expect(res.headers.get("location"), `${who} ${path}`).toBe("/lender/login");
      }
      const post = await c.fetch(`/lender/applications/${both.id}`, { form: { intent: "decline", reasons: "insufficient-income" } });
      expect(post.status, `${who} POST`).toBe(302);
    }
    expect(await getDb().select().from(schema.lenderDeclines).where(eq(schema.lenderDeclines.applicationId, both.id))).toHaveLength(0);
  });

  it("a lender session reaches no admin page and no applicant page", async () => {
    expect((await clientA.fetch("/admin")).headers.get("location")).toBe("/admin-login");
    expect((await clientA.fetch("/dashboard")).headers.get("location")).toBe("/lender");
    expect((await clientA.fetch("/api/admin/applications")).status).toBe(403);
  });

  it("a lender user without a second factor in the session counts as signed out", async () => {
    const u = await createLenderUser(lenderA.id);
    const c = new Client();
    await c.fetch("/lender/login", { form: { email: u.email, password: u.password } });
    expect((await c.fetch(`/lender/applications/${both.id}`)).headers.get("location")).toBe("/lender/login/verify");
    expect((await c.fetch(`/lender/documents/${onlyB.docId}/download`)).headers.get("location")).toBe("/lender/login/verify");
  });

  it("the lender sign-in throttles like the admin sign-in", async () => {
    const u = await createLenderUser(lenderA.id);
    const c = new Client();
    let last = 0;
    for (let i = 0; i < 12; i++) last = (await c.fetch("/lender/login", { form: { email: u.email, password: "Wrong-Password-1" } })).status;
    expect(last).toBe(429);
  });
});

describe("every lender route of the build", () => {
  /** The workspace's routes from the build's manifest (its sign-in and invitation pages aside), filled with B's ids. */
  async function workspaceTargets() {
    const routes = (await builtRoutes()).filter(
      (r) => /^lender(\/|$)/.test(r.pattern) && !/^lender\/(login|invite)/.test(r.pattern) && (r.hasLoader || r.hasAction),
    );
    return routes.map((route) => ({
      route,
      url: fillPattern(route.pattern, { id: route.pattern.includes("documents") ? onlyB.docId : onlyB.id }),
    }));
  }

  it("refuses visitors, applicants and admins (document, single-fetch data, POST) and answers another lender's user 404", async () => {
    const targets = await workspaceTargets();
    expect(targets.map((t) => t.route.pattern)).toEqual(
      expect.arrayContaining([
        "lender",
        "lender/keys",
        "lender/applications/:id",
        "lender/review/:id",
        "lender/documents/:id/preview",
        "lender/documents/:id/download",
      ]),
    );
    const applicant = await signInApplicantOverHttp(new Client(), await createApplicant());
    const admin = await adminClient(await createAdmin());
    for (const [who, c] of [
      ["visitor", new Client()],
      ["applicant", applicant],
      ["admin", admin],
    ] as const) {
      for (const t of targets) {
        const data = `${t.url}.data?_routes=${encodeURIComponent(t.route.id)}`;
        for (const [what, res] of [
          ["GET", await c.fetch(t.url)],
          ["data", await c.fetch(data)],
          ...(t.route.hasAction
            ? [["POST", await c.fetch(t.url, { form: { intent: "decline", reasons: "insufficient-income" } })] as const]
            : []),
        ] as const) {
          const body = await res.text();
          const where = `${who} ${what} ${t.url} -> ${res.status}`;
          if (res.status >= 300 && res.status < 400) expect(res.headers.get("location"), where).toBe("/lender/login");
          else expect(/"redirect","\/lender\/login"/.test(body), where).toBe(true);
        }
      }
    }
    // The pages about one application or document: B's ids are 404 for A. The queues (the list and
    // the review workspace's) and A's own keys page are A's.
    for (const t of targets.filter((t) => !["lender", "lender/keys", "lender/review"].includes(t.route.pattern))) {
      expect((await clientA.fetch(t.url)).status, `lender A ${t.url}`).toBe(404);
    }
  });
});
