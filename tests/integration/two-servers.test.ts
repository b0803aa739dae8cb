/**
 * Scale-out: two app servers on different ports against one MySQL (the run's) and one document
 * store (the run's data directory, as a shared volume would be; tests/integration/s3-store.test.ts
 * does the same with S3 and no shared disk). Whatever one server makes, the other sees: a session,
 * a draft, a throttle counter, a document. Nothing that must be shared lives in a process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../fixtures/documents";
import { createSubmittedApplication } from "../support/applications";
import { createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";
import { startAppServer, type AppServer } from "../support/server";
import { LOAN, owner } from "../support/wizard";

let a: AppServer;
let b: AppServer;

beforeAll(async () => {
  [a, b] = await Promise.all([startAppServer({ name: "scale-a" }), startAppServer({ name: "scale-b" })]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

/** One visitor (one cookie jar, one address) whose requests a load balancer spreads over A and B. */
class Balanced {
  readonly via = { a: new Client(), b: new Client() };
  constructor() {
    this.via.a.origin = a.origin;
    this.via.b.origin = b.origin;
    this.via.b.ip = this.via.a.ip;
    // One cookie jar for both.
    this.via.b.cookies = this.via.a.cookies;
  }
}

describe("two app servers, one database", () => {
  it("a session made on A works on B, and a logout on B ends it on A", async () => {
    const user = await createApplicant();
    const v = new Balanced();
    expect((await v.via.a.fetch("/login", { form: { email: user.email, password: TEST_PASSWORD } })).status).toBe(302);
    const onB = await v.via.b.fetch("/dashboard");
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain(user.firstName);

    const cookieBefore = v.via.a.cookieHeader();
    expect((await v.via.b.fetch("/logout", { method: "POST" })).status).toBe(302);
    // Even the old cookie, replayed on A, is refused: the session row is gone.
    const replay = new Client(a.origin);
    replay.ip = v.via.a.ip;
    for (const part of cookieBefore.split("; ")) {
      const i = part.indexOf("=");
      replay.cookies.set(part.slice(0, i), part.slice(i + 1));
    }
    const onA = await replay.fetch("/dashboard");
    expect(onA.status).toBe(302);
    expect(onA.headers.get("location")).toMatch(/^\/login/);
  });

  it("a draft saved through A is read and continued through B", async () => {
    const v = new Balanced();
    const step1 = await v.via.a.fetch("/apply/loan", { form: { ...LOAN, amount: "35000", intent: "continue" } });
    expect(step1.status).toBe(302);
    expect(step1.headers.get("location")).toBe("/apply/owner");

    const page = await v.via.b.fetch("/apply/loan");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('value="35,000"');

    const step2 = await v.via.b.fetch("/apply/owner", {
      form: { ...owner(uniqueEmail("scale")), password: TEST_PASSWORD, intent: "continue" },
    });
    expect(step2.status).toBe(302);
    expect(step2.headers.get("location")).toBe("/apply/address");
    // Back on A, the wizard resumes where B left it.
    const resume = await v.via.a.fetch("/apply");
    expect(resume.status).toBe(302);
    expect(resume.headers.get("location")).toBe("/apply/address");
  });

  it("the sign-in throttle counts attempts on both servers together: the 11th gets 429", async () => {
    const user = await createApplicant();
    const v = new Balanced();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const via = i % 2 === 0 ? v.via.a : v.via.b;
      const res = await via.fetch("/login", { form: { email: user.email, password: "Wrong-Password-99" } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The same client is refused on the other server too, even with the right password ...
    expect((await v.via.b.fetch("/login", { form: { email: user.email, password: TEST_PASSWORD } })).status).toBe(429);
    // ... while the owner on a clean client still gets in (lockouts an attacker cannot aim).
    const owner = new Client(b.origin);
    expect((await owner.fetch("/login", { form: { email: user.email, password: TEST_PASSWORD } })).status).toBe(302);
  });

  it("a document uploaded through A downloads through B, byte for byte", async () => {
    const user = await createApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const v = new Balanced();
    expect((await v.via.a.fetch("/login", { form: { email: user.email, password: TEST_PASSWORD } })).status).toBe(302);
    const file = samplePdf(`scale-${Date.now()}`);
    const fd = new FormData();
    fd.set("applicationId", String(app.id));
    fd.set("documentType", "ein");
    fd.set("file", new Blob([new Uint8Array(file)]), "ein.pdf");
    const up = await v.via.a.fetch("/api/documents/upload", { method: "POST", body: fd });
    expect(up.status).toBe(201);
    const { id } = (await up.json()) as { id: number };

    const down = await v.via.b.fetch(`/api/documents/download/${id}`);
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(file)).toBe(true);
  });
});
