/**
 * "Forgot password" must not tell, by how long it takes, whether an address has an account. The
 * page answers before any work that depends on the address: the test holds a lock on the account's
 * row, which issuing that account's reset link starts by taking (and any write for the account
 * waits for), and the answer still comes, the same as for an address nobody has; the e-mail
 * follows once the lock goes. Then both paths are timed over several requests each.
 */
import mysql from "mysql2/promise";
import { describe, expect, inject, it } from "vitest";
import { ACCOUNT_MSG } from "~/content/messages";
import { createApplicant } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";
import { mailsTo, waitForMail } from "../support/mail";

const html = (s: string) => s.replace(/'/g, "&#x27;");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function ask(email: string) {
  const c = new Client();
  const t0 = performance.now();
  const res = await c.fetch("/forgot-password", { form: { email } });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - t0 };
}

describe("forgot password", () => {
  it("answers a known address without waiting for any work on its account, like an unknown one", async () => {
    const user = await createApplicant();
    const unknown = await ask(uniqueEmail("nobody"));
    const conn = await mysql.createConnection(inject("databaseUrl"));
    let known: Awaited<ReturnType<typeof ask>>;
    try {
      await conn.beginTransaction();
      await conn.query("SELECT id FROM users WHERE id = ? FOR UPDATE", [user.id]);
      known = await ask(user.email);
      expect(await mailsTo(user.email, "password_reset")).toEqual([]);
    } finally {
      await conn.rollback();
      await conn.end();
    }
    for (const r of [known, unknown]) {
      expect(r.status).toBe(200);
      expect(r.text).toContain(html(ACCOUNT_MSG.forgotSent));
    }
    // The link is still sent, after the answer.
    expect(await waitForMail(user.email, "password_reset")).toHaveLength(1);
  });

  it("takes the same time for known and unknown addresses (medians of several requests)", async () => {
    const known = await Promise.all(Array.from({ length: 7 }, () => createApplicant()));
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < known.length; i++) {
      times.known.push((await ask(known[i]!.email)).ms);
      times.unknown.push((await ask(uniqueEmail("nobody"))).ms);
    }
    const [k, u] = [median(times.known), median(times.unknown)];
    // Generous: the two paths do the same work before answering, so only noise separates them.
    expect(Math.max(k, u)).toBeLessThanOrEqual(2 * Math.min(k, u) + 50);
    await waitForMail(known.at(-1)!.email, "password_reset");
  });
});
