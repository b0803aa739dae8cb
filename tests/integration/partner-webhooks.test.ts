/**
 * Partner webhooks: events written with the change that causes them arrive at a real local HTTP
 * receiver signed the Standard Webhooks way (verified here with the `standardwebhooks` library);
 * a receiver that is down gets the event once it is up again; an endpoint whose deliveries fail for
 * 24 hours is disabled and its contact and the admins are e-mailed; URLs that are not https on a
 * public address are refused (at registration and again at delivery); deliveries can be replayed;
 * a partner sees only its own deliveries.
 *
 * The test server runs with WEBHOOK_WORKER=false and the production URL policy, so it never sends
 * these rows itself: this file drives the sender (drainWebhooksOnce) with the ids of its own rows,
 * the development policy (the receiver is on 127.0.0.1) and, for retries, a moved clock.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it } from "vitest";
import { WEBHOOK_RETRY_WINDOW_MS } from "~/features/partners/domain/webhook-events";
import { drainWebhooksOnce } from "~/features/partners/webhook-delivery.server";
import { enqueueWebhookEvent, registerEndpoint } from "~/features/partners/webhooks.server";
import { getDb, schema, transaction } from "~/platform/db/db.server";
import type { PartnerKind, PartnerScope } from "~/content/enums";
import { samplePdf } from "../fixtures/documents";
import { applicationPayload, signedInApplicant } from "../support/api";
import { adminClient, createAdmin } from "../support/fixtures";
import { parse } from "../support/html";
import { Client, expectRedirect } from "../support/http";
import { startAppServer } from "../support/server";
import { createTestKey, createTestPartner, referralSubmittedByOwner } from "../support/partners";
import { expectApiError, partnerApi } from "../support/api-client";

/** POST /api/partner/webhooks/deliveries/{id}/replay with `key`. */
const replayOf = (key: string, id: number) =>
  partnerApi(key).POST("/api/partner/webhooks/deliveries/{id}/replay", { params: { path: { id: String(id) } } });

const LOCAL = { allowLocal: true } as const;

// ---------------------------------------------------------------------------------------------
// A real receiver on 127.0.0.1

type Received = { headers: Record<string, string>; body: string };

class Receiver {
  received: Received[] = [];
  status = 204;
  private server: http.Server | null = null;
  port = 0;
  private waiters: Array<() => void> = [];

  async start(port = 0) {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
        this.received.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
        res.statusCode = this.status;
        res.end();
        for (const w of this.waiters.splice(0)) w();
      });
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  async stop() {
    const s = this.server;
    this.server = null;
    if (s) await new Promise((r) => s.close(r));
  }

  url(path = "/hooks") {
    return `http://127.0.0.1:${this.port}${path}`;
  }
}

const receivers: Receiver[] = [];
async function receiver(port = 0) {
  const r = await new Receiver().start(port);
  receivers.push(r);
  return r;
}
afterAll(async () => {
  for (const r of receivers) await r.stop();
});

// ---------------------------------------------------------------------------------------------
// Helpers

let registrarId: number | null = null;
/** The admin recorded as the endpoints' creator. */
async function registrar() {
  registrarId ??= (await createAdmin()).id;
  return registrarId;
}

async function partnerWithEndpoint(
  kind: PartnerKind,
  url: string,
  events: string[],
  opts: { contactEmail?: string; lenderId?: number } = {},
) {
  const partner = await createTestPartner(kind, opts.lenderId ?? null);
  const scopes: PartnerScope[] = ["webhooks:manage", "applications:read", "applications:write"];
  const { key } = await createTestKey(partner.id, { scopes });
  const out = await registerEndpoint(
    { id: partner.id, kind },
    { url, events: events as never, contactEmail: opts.contactEmail },
    { adminId: await registrar() },
    "127.0.0.1",
    LOCAL,
  );
  if (!out.ok) throw new Error(JSON.stringify(out));
  return { partner, key, endpoint: out.endpoint, secret: out.secret };
}

async function deliveryRows(partnerId: number) {
  return getDb().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.partnerId, partnerId));
}

async function deliveryRow(id: number) {
  const [row] = await getDb().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.id, id));
  return row!;
}

/** An event for the partner, written the way every trigger writes one (in a transaction). */
async function emit(partnerId: number, type: Parameters<typeof enqueueWebhookEvent>[2] = "application.status_changed") {
  const ids = await transaction((tx) =>
    enqueueWebhookEvent(tx, [partnerId], type, {
      applicationId: "APP-TESTTESTTEST",
      fromStage: "submitted",
      stage: "offers-ready",
      status: "submitted",
    }),
  );
  expect(ids).toHaveLength(1);
  return ids[0]!;
}

function verify(secret: string, r: Received) {
  return new Webhook(secret).verify(r.body, r.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
}

// ---------------------------------------------------------------------------------------------

describe("delivery", () => {
  it("sends a referral's stage change, signed, to the referral partner's endpoint; it verifies with the standardwebhooks library", async () => {
    const r = await receiver();
    const { partner, key, secret } = await partnerWithEndpoint("referral", r.url(), [
      "application.status_changed",
      "application.offers_ready",
    ]);
    // The partner starts the draft; the business owner submits it (a partner cannot).
    const { applicationId } = await referralSubmittedByOwner(key, applicationPayload());
    // Written in the submission's own transaction: there when the answer is.
    const rows = await deliveryRows(partner.id);
    expect(rows.map((d) => d.eventType)).toContain("application.status_changed");
    expect(rows.every((d) => d.status === "pending")).toBe(true);

    const drained = await drainWebhooksOnce({ ids: rows.map((d) => d.id), policy: LOCAL });
    expect(drained).toEqual({ delivered: rows.length, failed: 0 });
    expect(r.received).toHaveLength(rows.length);
    for (const got of r.received) {
      expect(got.headers["content-type"]).toBe("application/json");
      expect(got.headers["webhook-id"]).toMatch(/^msg_/);
      expect(got.headers["webhook-signature"]).toMatch(/^v1,/);
      const event = verify(secret, got);
      expect(event.data.applicationId).toBe(applicationId);
      expect(JSON.stringify(event)).not.toMatch(/Robin|Springfield|@example\.com/);
    }
    const changed = r.received.map((g) => verify(secret, g)).find((e) => e.type === "application.status_changed")!;
    expect(changed.data).toMatchObject({ fromStage: "submitted", stage: expect.stringMatching(/^(offers-ready|no-lender-match)$/) });
    if (changed.data.stage === "offers-ready") expect(r.received.map((g) => verify(secret, g).type)).toContain("application.offers_ready");

    // A body changed in transit, or another secret, does not verify.
    const first = r.received[0]!;
    expect(() => verify(secret, { ...first, body: first.body.replace("application", "applicatiom") })).toThrow();
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString("base64")}`, first)).toThrow();

    // The partner's log says so.
    const log = (await partnerApi(key).GET("/api/partner/webhooks/deliveries")).data!;
    expect(log.deliveries).toHaveLength(rows.length);
    for (const d of log.deliveries)
      expect(d).toMatchObject({ status: "delivered", attempts: 1, lastResponseCode: 204, nextAttemptAt: null });
  });

  it("tells a lender partner its lender matched a submitted application, with that lender's offers only", async () => {
    const r = await receiver();
    const lenders = await getDb().select({ id: schema.lenders.id }).from(schema.lenders).where(eq(schema.lenders.status, "active"));
    const made = [];
    for (const l of lenders)
      made.push({
        lenderId: l.id,
        ...(await partnerWithEndpoint("lender", r.url(`/l${l.id}`), ["application.matched"], { lenderId: l.id })),
      });
    const referrer = await createTestPartner("referral");
    const { key } = await createTestKey(referrer.id, { scopes: ["applications:write"] });
    const { applicationId } = await referralSubmittedByOwner(key, applicationPayload({ amount: "30000", state: "TX", zipCode: "75201" }));
    const [app] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.reference, applicationId));
    const offers = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, app!.id));
    expect(offers.length).toBeGreaterThan(0);
    const ids = (await Promise.all(made.map((m) => deliveryRows(m.partner.id)))).flat().map((d) => d.id);
    await drainWebhooksOnce({ ids, policy: LOCAL });
    expect(made.filter((m) => offers.some((o) => o.lenderId === m.lenderId)).length).toBeGreaterThan(0);
    for (const m of made) {
      const mine = offers.filter((o) => o.lenderId === m.lenderId).map((o) => o.id);
      const got = r.received.filter((g) => {
        try {
          return (verify(m.secret, g).data.applicationId as string) === applicationId;
        } catch {
          return false;
        }
      });
      if (!mine.length) expect(got).toHaveLength(0);
      else {
        expect(got).toHaveLength(1);
        expect(verify(m.secret, got[0]!)).toMatchObject({
          type: "application.matched",
          data: { applicationId, offerIds: mine.sort((a, b) => a - b) },
        });
      }
    }
  });

  it("tells a lender partner with an open offer that the applicant uploaded a document (its type, never the file)", async () => {
    const r = await receiver();
    const { client } = await signedInApplicant();
    const created = await client.fetch("/api/loan-applications", {
      json: { ...applicationPayload({ amount: "30000", state: "TX", zipCode: "75201" }), status: "submitted", shareWithLenders: true },
    });
    const { applicationId, id } = (await created.json()) as { applicationId: string; id: number };
    const [offer] = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, id));
    const { partner, secret } = await partnerWithEndpoint("lender", r.url(), ["application.documents_uploaded"], {
      lenderId: offer!.lenderId!,
    });
    const fd = new FormData();
    fd.set("applicationId", String(id));
    fd.set("documentType", "ein");
    fd.set("file", new Blob([new Uint8Array(samplePdf())], { type: "application/pdf" }), "ein letter.pdf");
    const up = await client.fetch("/api/documents/upload", { method: "POST", body: fd });
    expect(up.status).toBe(201);
    const { id: documentId } = (await up.json()) as { id: number };
    // The partner's lender is a seeded one: other files' uploads to applications it has offers on
    // reach this partner too, at the same moment. Only this application's deliveries count here.
    const rows = (await deliveryRows(partner.id)).filter((d) => d.payload.includes(applicationId));
    expect(rows.map((d) => d.eventType)).toEqual(["application.documents_uploaded"]);
    await drainWebhooksOnce({ ids: rows.map((d) => d.id), policy: LOCAL });
    expect(r.received).toHaveLength(1);
    expect(verify(secret, r.received[0]!)).toMatchObject({
      type: "application.documents_uploaded",
      data: { applicationId, documentId, documentType: "ein" },
    });
    expect(r.received[0]!.body).not.toContain("ein letter");
  });

  it("tells the lender partner whose offer the applicant accepted, and no other lender partner", async () => {
    const r = await receiver();
    const { client } = await signedInApplicant();
    const created = await client.fetch("/api/loan-applications", {
      json: { ...applicationPayload({ amount: "30000", state: "TX", zipCode: "75201" }), status: "submitted", shareWithLenders: true },
    });
    const { applicationId, id } = (await created.json()) as { applicationId: string; id: number };
    const offers = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, id));
    const chosen = offers[0]!;
    const winner = await partnerWithEndpoint("lender", r.url("/winner"), ["application.offer_accepted"], { lenderId: chosen.lenderId! });
    const other = offers.find((o) => o.lenderId !== chosen.lenderId);
    const loser = other
      ? await partnerWithEndpoint("lender", r.url("/other"), ["application.offer_accepted"], { lenderId: other.lenderId! })
      : null;
    const { disclosureSha256 } = (await (await client.fetch(`/api/offers/${chosen.id}`)).json()) as { disclosureSha256: string };
    const accepted = await client.fetch(`/api/offers/${chosen.id}/accept`, {
      json: { signerName: "Jamie Rivera", confirmRead: true, disclosureSha256 },
    });
    expect(accepted.status).toBeLessThan(300);
    // Other files accept offers of the same lenders at the same time: only this application's deliveries count.
    const ours = async (partnerId: number) => (await deliveryRows(partnerId)).filter((d) => d.payload.includes(applicationId));
    const rows = await ours(winner.partner.id);
    expect(rows.map((d) => d.eventType)).toEqual(["application.offer_accepted"]);
    if (loser) expect(await ours(loser.partner.id)).toEqual([]);
    await drainWebhooksOnce({ ids: rows.map((d) => d.id), policy: LOCAL });
    expect(r.received).toHaveLength(1);
    expect(verify(winner.secret, r.received[0]!)).toMatchObject({
      type: "application.offer_accepted",
      data: { applicationId, offerId: chosen.id },
    });
  });

  it("keeps an event for a receiver that is down and delivers it once the receiver is up (the retry clock moved, no waiting)", async () => {
    const r = await receiver();
    const port = r.port;
    await r.stop();
    const { partner, secret } = await partnerWithEndpoint("referral", `http://127.0.0.1:${port}/hooks`, ["application.status_changed"]);
    const id = await emit(partner.id);

    expect(await drainWebhooksOnce({ ids: [id], policy: LOCAL })).toEqual({ delivered: 0, failed: 1 });
    const waiting = await deliveryRow(id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastResponseCode: null });
    expect(waiting.lastError).toBeTruthy();
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: a pass now does not touch it.
    expect(await drainWebhooksOnce({ ids: [id], policy: LOCAL })).toEqual({ delivered: 0, failed: 0 });

    const up = await receiver(port);
    expect(await drainWebhooksOnce({ ids: [id], policy: LOCAL, now: waiting.nextAttemptAt })).toEqual({ delivered: 1, failed: 0 });
    expect(up.received).toHaveLength(1);
    expect(verify(secret, up.received[0]!).type).toBe("application.status_changed");
    expect(up.received[0]!.headers["webhook-id"]).toBe(waiting.eventId);
    expect(await deliveryRow(id)).toMatchObject({ status: "delivered", attempts: 2, lastResponseCode: 204 });
  });

  it("disables an endpoint whose deliveries failed for 24 hours and e-mails its contact and the admins", async () => {
    const r = await receiver();
    r.status = 500;
    const contact = `hooks.${Date.now()}@partner.example`;
    const admin = await createAdmin();
    const { partner, endpoint } = await partnerWithEndpoint("referral", r.url(), ["application.status_changed"], { contactEmail: contact });
    const first = await emit(partner.id);
    const second = await emit(partner.id);
    expect(await drainWebhooksOnce({ ids: [first], policy: LOCAL })).toEqual({ delivered: 0, failed: 1 });
    expect(await deliveryRow(first)).toMatchObject({ status: "pending", attempts: 1, lastResponseCode: 500 });

    const created = (await deliveryRow(first)).createdAt;
    const later = new Date(created.getTime() + WEBHOOK_RETRY_WINDOW_MS + 60_000);
    expect(await drainWebhooksOnce({ ids: [first], policy: LOCAL, now: later })).toEqual({ delivered: 0, failed: 1 });
    expect(await deliveryRow(first)).toMatchObject({ status: "failed", attempts: 2, lastResponseCode: 500 });
    // The endpoint is off, its other waiting delivery given up, and no new event is written for it.
    const [row] = await getDb().select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ status: "disabled", disabledReason: expect.stringContaining("24 hours") });
    expect((await deliveryRow(second)).status).toBe("failed");
    expect(await transaction((tx) => enqueueWebhookEvent(tx, [partner.id], "application.status_changed", {}))).toEqual([]);

    const mails = await getDb()
      .select()
      .from(schema.outbox)
      .where(inArray(schema.outbox.toEmail, [contact, admin.email]));
    const disabledMails = mails.filter((m) => m.kind === "webhook_endpoint_disabled");
    expect(disabledMails.map((m) => m.toEmail).sort()).toEqual([contact, admin.email].sort());
    expect(disabledMails[0]!.bodyText).toContain(r.url());
    expect(r.received.length).toBe(2);
  });
});

describe("URLs that could reach inside", () => {
  it("are refused at registration through the API (https on a public address only, in production)", async () => {
    const partner = await createTestPartner("referral");
    const { key } = await createTestKey(partner.id, { scopes: ["webhooks:manage"] });
    const refused = [
      "http://93.184.215.14/hooks",
      "https://127.0.0.1/hooks",
      "https://10.1.2.3/hooks",
      "https://192.168.1.10/hooks",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hooks",
      "https://[::ffff:127.0.0.1]/hooks",
      "https://localhost/hooks",
      "https://user:pw@93.184.215.14/hooks",
    ];
    for (const url of refused) {
      const res = await partnerApi(key).POST("/api/partner/webhooks", { body: { url, events: ["application.status_changed"] } });
      const body = await expectApiError(res, 400);
      expect(body.errors?.url, url).toBeDefined();
    }
    const wrongEvent = await partnerApi(key).POST("/api/partner/webhooks", {
      body: { url: "https://93.184.215.14/hooks", events: ["application.matched"] },
    });
    expect((await expectApiError(wrongEvent, 400)).errors?.events).toBeDefined();

    const ok = await partnerApi(key).POST("/api/partner/webhooks", {
      body: { url: "https://93.184.215.14/hooks", events: ["application.funded"], description: "Main" },
    });
    expect(ok.response.status).toBe(201);
    const made = ok.data!;
    expect(made).toMatchObject({ url: "https://93.184.215.14/hooks", events: ["application.funded"], status: "active" });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // Shown once: the list never carries it, and the row holds it sealed.
    const list = (await partnerApi(key).GET("/api/partner/webhooks")).data;
    expect(JSON.stringify(list)).not.toContain(made.secret);
    const [row] = await getDb().select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, made.id));
    expect(row!.secretSealed).not.toContain(made.secret.slice(6));
  });

  it("cannot be allowed in production: the development switch stops a production server from starting", async () => {
    const err = await startAppServer({
      name: "webhooks-local-in-production",
      env: { WEBHOOKS_ALLOW_LOCAL_URLS: "1", ACCESS_LOG: "0" },
    }).then(
      async (s) => {
        await s.stop();
        return null;
      },
      (e: Error) => e,
    );
    expect(err?.message).toContain("WEBHOOKS_ALLOW_LOCAL_URLS is for development only");
  });

  it("are refused again at delivery (an address that turned local since registration is never connected to)", async () => {
    const r = await receiver();
    const { partner } = await partnerWithEndpoint("referral", r.url(), ["application.status_changed"]);
    const id = await emit(partner.id);
    // The production policy, as on the server: the loopback receiver is refused before connecting.
    expect(await drainWebhooksOnce({ ids: [id], policy: { allowLocal: false } })).toEqual({ delivered: 0, failed: 1 });
    expect(r.received).toHaveLength(0);
    expect((await deliveryRow(id)).lastError).toMatch(/^Refused: /);
  });
});

describe("replay and isolation", () => {
  it("replays a delivered event with the same webhook-id, for its partner only", async () => {
    const r = await receiver();
    const a = await partnerWithEndpoint("referral", r.url(), ["application.status_changed"]);
    const b = await partnerWithEndpoint("referral", r.url("/b"), ["application.status_changed"]);
    const id = await emit(a.partner.id);
    const other = await emit(b.partner.id);

    // Still being tried: no replay yet.
    await expectApiError(await replayOf(a.key, id), 409);
    await drainWebhooksOnce({ ids: [id, other], policy: LOCAL });

    // Each partner sees its own deliveries only, and cannot replay or remove another's.
    const logA = (await partnerApi(a.key).GET("/api/partner/webhooks/deliveries")).data!.deliveries;
    const logB = (await partnerApi(b.key).GET("/api/partner/webhooks/deliveries")).data!.deliveries;
    expect(logA.map((d) => d.id)).toEqual([id]);
    expect(logB.map((d) => d.id)).toEqual([other]);
    await expectApiError(await replayOf(b.key, id), 404);
    await expectApiError(
      await partnerApi(b.key).DELETE("/api/partner/webhooks/{id}", { params: { path: { id: String(a.endpoint.id) } } }),
      404,
    );
    const endpointsB = (await partnerApi(b.key).GET("/api/partner/webhooks")).data!.endpoints;
    expect(endpointsB.map((e) => e.id)).toEqual([b.endpoint.id]);

    const replay = await replayOf(a.key, id);
    expect(replay.response.status).toBe(202);
    const again = replay.data!;
    expect(again).toMatchObject({ status: "pending", replayOfId: id, attempts: 0 });
    await drainWebhooksOnce({ ids: [again.id], policy: LOCAL });
    const original = await deliveryRow(id);
    const sameId = r.received.filter((g) => g.headers["webhook-id"] === original.eventId);
    expect(sameId).toHaveLength(2);
    for (const g of sameId) expect(verify(a.secret, g).type).toBe("application.status_changed");
  });

  it("refuses a key without the webhooks:manage scope", async () => {
    const partner = await createTestPartner("referral");
    const { key } = await createTestKey(partner.id, { scopes: ["applications:read"] });
    const res = await partnerApi(key).GET("/api/partner/webhooks/deliveries");
    expect((await expectApiError(res, 403)).requiredScope).toBe("webhooks:manage");
  });
});

describe("the admin partner page without JavaScript", () => {
  it("registers an endpoint (secret shown once), refuses a local URL, lists deliveries, replays one and turns the endpoint off", async () => {
    const admin = await adminClient(await createAdmin());
    const partner = await createTestPartner("referral");
    const path = `/admin/partners/${partner.id}`;
    const form = (pairs: Array<[string, string]>) => ({
      method: "POST",
      body: new URLSearchParams(pairs),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

    const local = await admin.fetch(
      path,
      form([
        ["intent", "webhook-create"],
        ["url", "https://127.0.0.1/hooks"],
        ["events", "application.funded"],
      ]),
    );
    expect(local.status).toBe(400);
    expect((await parse(local)).$("#webhook-url-error").text()).toBe("The URL must point to a public address");
    const noEvent = await admin.fetch(
      path,
      form([
        ["intent", "webhook-create"],
        ["url", "https://93.184.215.14/hooks"],
      ]),
    );
    expect(noEvent.status).toBe(400);

    const made = await admin.fetch(
      path,
      form([
        ["intent", "webhook-create"],
        ["url", "https://93.184.215.14/partner-hooks"],
        ["events", "application.funded"],
        ["events", "application.status_changed"],
        ["contactEmail", "ops@partner.example"],
      ]),
    );
    expect(made.status).toBe(200);
    const { $ } = await parse(made);
    const secret = String($("input[readonly]").last().val());
    expect(secret).toMatch(/^whsec_/);

    const id = await emit(partner.id);
    const { $: page, html } = await parse(await admin.fetch(path));
    expect(html).not.toContain(secret);
    expect(page("[data-testid=webhook-endpoints]").text()).toContain("https://93.184.215.14/partner-hooks");
    const row = page(`[data-delivery-id=${id}]`);
    expect(row.text()).toContain("application.status_changed");
    expect(row.text()).toContain("pending");
    expect(row.find("button").length).toBe(0);

    // A delivery given up on can be replayed from the page.
    await getDb().update(schema.webhookDeliveries).set({ status: "failed" }).where(eq(schema.webhookDeliveries.id, id));
    const replayed = await admin.fetch(
      path,
      form([
        ["intent", "webhook-replay"],
        ["deliveryId", String(id)],
      ]),
    );
    await expectRedirect(replayed, path, "replayed");
    const rows = await deliveryRows(partner.id);
    expect(rows.find((d) => d.replayOfId === id)).toMatchObject({ status: "pending" });

    const [endpoint] = await getDb().select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.partnerId, partner.id));
    await expectRedirect(
      await admin.fetch(
        path,
        form([
          ["intent", "webhook-disable"],
          ["endpointId", String(endpoint!.id)],
        ]),
      ),
      path,
      "off",
    );
    expect((await parse(await admin.fetch(path))).$("[data-testid=webhook-endpoints]").text()).toContain("disabled");
    // Another partner's delivery is not found from this page.
    const otherPartner = await createTestPartner("referral");
    const notMine = await admin.fetch(
      `/admin/partners/${otherPartner.id}`,
      form([
        ["intent", "webhook-replay"],
        ["deliveryId", String(id)],
      ]),
    );
    expect(notMine.status).toBe(404);
  });
});

describe("the partner guide on /api-docs", () => {
  it("explains registering an endpoint and verifying a delivery with the standardwebhooks library", async () => {
    const { $ } = await parse(await new Client().fetch("/api-docs"));
    const guide = $("section[aria-labelledby=partner-guide]").text();
    expect(guide).toContain('POST "$BASE_URL/api/partner/webhooks"');
    expect(guide).toContain('import { Webhook } from "standardwebhooks"');
    expect(guide).toContain("wh.verify(");
    expect(guide).toContain("webhook-signature");
  });
});
