/**
 * Webhook delivery latency: from the event (the committed stage change that writes the webhook
 * outbox row) to a receiver on 127.0.0.1 getting the signed request.
 *
 * A referral partner with an endpoint for application.status_changed (registered with the
 * development URL policy, which allows a local http receiver); BENCH_WEBHOOK_EVENTS (200) submitted
 * applications of that partner; an admin rejects them one by one through the production bench
 * server (PATCH /api/admin/applications/{id}/status) at BENCH_WEBHOOK_RATE (10) a second: each
 * rejection is a stage move whose transaction writes the event's delivery row. The rows are sent by
 * a second server of the same build in development mode with WEBHOOKS_ALLOW_LOCAL_URLS (a
 * production server refuses a local receiver) and its webhook sender on (the bench server's is
 * off), sharing the database. Every request is verified with the `standardwebhooks` library.
 * Latency: the receiver's clock when the request ended minus the event's own timestamp (set in
 * the transaction); same machine, same clock.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import type { BenchContext } from "./lib/context";
import type { SectionResult } from "./lib/report";
import { startBenchServer } from "./lib/server";
import { ms, percentile } from "./lib/stats";

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS || 200);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE || 10);
/** How long to wait for the last delivery after the last event. */
const WAIT_MS = 60_000;

type Received = { at: number; body: string; headers: Record<string, string> };

function startReceiver() {
  const received: Received[] = [];
  let onReceive = () => {};
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const at = Date.now();
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      received.push({ at, body: Buffer.concat(chunks).toString("utf8"), headers });
      res.statusCode = 204;
      res.end();
      onReceive();
    });
  });
  return new Promise<{ url: string; received: Received[]; until(n: number, ms: number): Promise<void>; stop(): Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        received,
        until: (n, timeoutMs) =>
          new Promise<void>((done, fail) => {
            const t = setTimeout(() => fail(new Error(`${received.length} of ${n} webhooks arrived within ${timeoutMs} ms`)), timeoutMs);
            onReceive = () => {
              if (received.length >= n) {
                clearTimeout(t);
                done();
              }
            };
            onReceive();
          }),
        stop: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

async function referralApplications(ownerId: number, partnerId: number) {
  const { getDb, schema } = await import("~/platform/db/db.server");
  const { generateReference } = await import("~/features/applications/reference.server");
  const { eq, asc } = await import("drizzle-orm");
  await getDb()
    .insert(schema.loanApplications)
    .values(
      Array.from({ length: EVENTS }, () => ({
        reference: generateReference(),
        userId: ownerId,
        partnerId,
        amount: "25000",
        purpose: "working-capital" as const,
        annualIncome: "90000",
        livingSituation: "rent" as const,
        monthlyPayment: "1500",
        streetAddress: "100 Main Street",
        city: "Springfield",
        state: "TX",
        zipCode: "75001",
        status: "submitted" as const,
        stage: "submitted" as const,
        submittedAt: new Date(),
      })),
    );
  const rows = await getDb()
    .select({ id: schema.loanApplications.id, reference: schema.loanApplications.reference })
    .from(schema.loanApplications)
    .where(eq(schema.loanApplications.partnerId, partnerId))
    .orderBy(asc(schema.loanApplications.id));
  return rows;
}

export async function webhookLatency(ctx: BenchContext): Promise<SectionResult> {
  const { admin, client } = await ctx.admin();
  const owner = await ctx.bulkOwner();
  const receiver = await startReceiver();
  const { createTestPartner } = await import("../tests/support/partners");
  const { registerEndpoint } = await import("~/features/partners/webhooks.server");
  const partner = await createTestPartner("referral");
  const registered = await registerEndpoint(
    { id: partner.id, kind: "referral" },
    { url: receiver.url, events: ["application.status_changed"] },
    { adminId: admin.id },
    "127.0.0.1",
    { allowLocal: true },
  );
  if (!registered.ok) throw new Error(`webhook endpoint: ${JSON.stringify(registered)}`);
  const apps = await referralApplications(owner.id, partner.id);
  const ids = apps.map((a) => a.id);

  const sender = await startBenchServer({
    logName: "bench-webhook-sender.log",
    env: { NODE_ENV: "development", WEBHOOKS_ALLOW_LOCAL_URLS: "true", WEBHOOK_WORKER: "true" },
  });
  // The second half of the events is committed on the sender's own server, which wakes its sender
  // at the commit; the first half on the other server, whose events wait for the sender's pass.
  const { Client } = await import("./lib/http");
  const onSender = new Client(sender.origin);
  for (const [k, v] of client.cookies) onSender.cookies.set(k, v);
  const wokenApps = apps.slice(Math.floor(apps.length / 2));
  const woken = new Set<number>(wokenApps.map((a) => a.id));
  const wokenRefs = new Set<string>(wokenApps.map((a) => a.reference));
  const statuses = new Map<number, number>();
  const started = Date.now();
  try {
    const interval = 1000 / RATE;
    const calls: Array<Promise<void>> = [];
    for (const [i, id] of ids.entries()) {
      const due = started + i * interval;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      calls.push(
        (woken.has(id) ? onSender : client)
          .fetch(`/api/admin/applications/${id}/status`, { method: "PATCH", json: { status: "rejected", note: "Bench rejection" } })
          .then(async (res) => {
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            await res.arrayBuffer();
          }),
      );
    }
    await Promise.all(calls);
    if ((statuses.get(200) ?? 0) !== EVENTS) throw new Error(`status changes answered ${JSON.stringify([...statuses])}`);
    await receiver.until(EVENTS, WAIT_MS);
  } finally {
    await sender.stop();
    await receiver.stop();
  }
  const producedSeconds = (Date.now() - started) / 1000;
  const secret = registered.secret;
  const latencies: number[] = [];
  const wokenLatencies: number[] = [];
  const passLatencies: number[] = [];
  let verified = 0;
  for (const r of receiver.received) {
    const event = new Webhook(secret).verify(r.body, r.headers) as { type: string; timestamp: string; data: { applicationId?: string } };
    if (event.type === "application.status_changed") verified++;
    const latency = r.at - Date.parse(event.timestamp);
    latencies.push(latency);
    (wokenRefs.has(String(event.data.applicationId)) ? wokenLatencies : passLatencies).push(latency);
  }
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  const max = Math.max(...latencies);
  console.info(`  ${latencies.length} webhooks: p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(max)}`);
  const row = (label: string, l: number[]) =>
    l.length
      ? [label, l.length, ms(percentile(l, 50)), ms(percentile(l, 95)), ms(Math.max(...l)), ms(Math.min(...l))]
      : [label, 0, "-", "-", "-", "-"];
  return {
    tables: [
      {
        title: `Webhook delivery latency: ${EVENTS} stage changes at ${RATE} a second to a receiver on 127.0.0.1`,
        columns: ["Committed on", "Events", "p50", "p95", "Max", "Min"],
        rows: [
          row("the sender's server (woken at commit)", wokenLatencies),
          row("another server (the sender's 5 s pass)", passLatencies),
          ["all", `${latencies.length} (${verified} verified)`, ms(p50), ms(p95), ms(max), ms(Math.min(...latencies))],
        ],
        notes: [
          "Event: an admin's rejection (PATCH /api/admin/applications/{id}/status) of a referral partner's application; the stage move's transaction writes the delivery row (the outbox). The first half go through the production bench server (sender off), the second half through the sender's own server, which wakes its sender once the transaction commits.",
          "Sender: a second server of the same build, NODE_ENV=development with WEBHOOKS_ALLOW_LOCAL_URLS (production refuses a local http receiver), its webhook sender on with its pass every 5 s (20 rows a claim, again at once while full); the bench server's sender is off.",
          "Latency: the receiver's clock at the end of the request minus the event's timestamp (taken in the transaction). Every request verified with the standardwebhooks library.",
          `${producedSeconds.toFixed(0)} s from the first event to the last delivery.`,
        ],
      },
    ],
    checks: [
      {
        name: `webhooks: every one of ${EVENTS} events delivered once, signed`,
        pass: verified === EVENTS && receiver.received.length === EVENTS,
        detail: `${verified} verified of ${receiver.received.length} received`,
      },
    ],
  };
}
