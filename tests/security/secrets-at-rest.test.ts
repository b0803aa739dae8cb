/**
 * No plaintext TOTP secret or recovery codes in session rows (sealed with
 * AES-256-GCM while they are needed), and stored recovery codes hashed with a salt and a server key
 * (legacy unsalted SHA-256 values are upgraded in place at start-up and still work once).
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { upgradeLegacyRecoveryCodes } from "~/features/accounts/mfa/mfa.server";
import { getDb, schema } from "~/platform/db/db.server";
import { base32Decode, hotp, totpStep } from "~/features/accounts/mfa/totp.server";
import { createAdmin } from "../support/fixtures";
import { Client } from "../support/http";

const sessionRowsText = async () => JSON.stringify(await getDb().select({ data: schema.sessions.data }).from(schema.sessions));

describe("MFA secrets at rest", () => {
  it("keeps the enrolment secret and the fresh recovery codes out of session rows in plain text", async () => {
    const a = await createAdmin({ enrolled: false });
    const c = new Client();
    await c.fetch("/admin-login", { form: { email: a.email, password: a.password } });
    const html = await (await c.fetch("/admin-login/setup")).text();
    const key = /data-testid="manual-key"[^>]*>((?:[A-Z2-7]{4} ){7}[A-Z2-7]{4})</.exec(html)![1]!.replace(/ /g, "");
    expect(await sessionRowsText()).not.toContain(key);
    const done = await c.fetch("/admin-login/setup", {
      form: { code: hotp(base32Decode(key), totpStep()), enrolmentCode: a.enrolmentCode },
    });
    expect(done.headers.get("location")).toBe("/admin-login/recovery-codes");
    const rows = await sessionRowsText();
    const shown = await (await c.fetch("/admin-login/recovery-codes")).text();
    const codes = [...shown.matchAll(/>([A-Z0-9]{5}-[A-Z0-9]{5})</g)].map((m) => m[1]!);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(rows).not.toContain(code);
    expect(rows).not.toContain(key);
  });

  it("stores recovery codes salted and keyed, never as the same value twice or a bare SHA-256", async () => {
    const a = await createAdmin();
    const [row] = await getDb().select().from(schema.users).where(eq(schema.users.id, a.id));
    const stored = row!.mfaRecoveryCodes!;
    expect(stored).toHaveLength(10);
    for (const [i, code] of a.recoveryCodes.entries()) {
      const bare = createHash("sha256").update(code.replace(/-/g, "")).digest("hex");
      expect(stored[i]).not.toBe(bare);
      expect(stored[i]).toMatch(/^r2\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
    }
  });

  it("upgrades legacy unsalted hashes in place, and the code still works once", async () => {
    const a = await createAdmin();
    const code = a.recoveryCodes[0]!;
    const legacy = createHash("sha256").update(code.replace(/-/g, "").toUpperCase()).digest("hex");
    await getDb()
      .update(schema.users)
      .set({ mfaRecoveryCodes: [legacy] })
      .where(eq(schema.users.id, a.id));
    expect(await upgradeLegacyRecoveryCodes()).toBeGreaterThanOrEqual(1);
    const [row] = await getDb().select().from(schema.users).where(eq(schema.users.id, a.id));
    expect(row!.mfaRecoveryCodes![0]).toMatch(/^r2\./);
    const c = new Client();
    await c.fetch("/admin-login", { form: { email: a.email, password: a.password } });
    expect((await c.fetch("/admin-login/verify", { form: { code } })).headers.get("location")).toBe("/admin");
    const again = new Client();
    await again.fetch("/admin-login", { form: { email: a.email, password: a.password } });
    expect((await again.fetch("/admin-login/verify", { form: { code } })).status).toBe(401);
  });
});
