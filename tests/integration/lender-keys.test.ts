/**
 * /lender/keys over HTTP as a browser without JavaScript: a lender user lists its own lender
 * partner's keys, creates one (shown once, then only its prefix), revokes and rotates it; another
 * lender's keys are neither shown nor touched (404); each change is audited with the lender user as
 * the actor. A lender without a partner account is told to ask an admin.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PARTNER_MSG } from "~/content/messages";
import { getDb, schema } from "~/platform/db/db.server";
import { parse } from "../support/html";
import { Client } from "../support/http";
import { createLenderUser, postPairs, signInLenderOverHttp, twoLenders } from "../support/lenders";
import { bearerFetch, createTestKey, createTestPartner, keyRow } from "../support/partners";

let lenderA: { id: number; name: string };
let lenderB: { id: number; name: string };
let userA: Awaited<ReturnType<typeof createLenderUser>>;
let clientA: Client;
let partnerA: { id: number; name: string };
let keyB: { id: number; key: string; prefix: string };

const auditsBy = (userId: number, action: string) =>
  getDb()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.actorUserId, userId), eq(schema.auditLog.action, action)));

beforeAll(async () => {
  [lenderA, lenderB] = await twoLenders();
  partnerA = await createTestPartner("lender", lenderA.id);
  keyB = await createTestKey((await createTestPartner("lender", lenderB.id)).id, { scopes: ["applications:read"] });
  userA = await createLenderUser(lenderA.id);
  clientA = await signInLenderOverHttp(new Client(), userA);
});

describe("a lender user's own keys", () => {
  it("creates a key shown once, lists it by prefix, and the key works for its lender", async () => {
    const empty = await parse(await clientA.fetch("/lender/keys"));
    expect(empty.status).toBe(200);
    expect(empty.text()).toContain(partnerA.name);
    expect(empty.html).not.toContain(keyB.prefix);
    expect(empty.$('a[href="/lender/keys"]').length).toBeGreaterThan(0);

    const refused = await postPairs(clientA, "/lender/keys", [
      ["intent", "create"],
      ["partnerId", String(partnerA.id)],
      ["label", "no scope"],
    ]);
    expect(refused.status).toBe(400);
    expect((await parse(refused)).text()).toContain("Choose at least one scope");

    const made = await parse(
      await postPairs(clientA, "/lender/keys", [
        ["intent", "create"],
        ["partnerId", String(partnerA.id)],
        ["label", "core banking"],
        ["scopes", "applications:read"],
        ["scopes", "offers:write"],
        ["expiresInDays", "30"],
      ]),
    );
    expect(made.status).toBe(200);
    expect(made.text()).toContain(PARTNER_MSG.keyCreated);
    const key = made.$('[data-testid="new-key"] input').val() as string;
    expect(key).toMatch(/^lm_live_[a-z2-9]{12}_[A-Za-z0-9_-]{43}$/);
    const prefix = key.slice(0, 20);

    const listed = await parse(await clientA.fetch("/lender/keys"));
    expect(listed.html).toContain(prefix);
    expect(listed.html).not.toContain(key);
    const item = listed.$(`[data-testid="lender-keys"] li:contains("${prefix}")`);
    expect(item.text()).toContain("applications:read, offers:write");
    expect(item.text()).toContain("active");

    expect((await bearerFetch(key, "/api/partner/applications")).status).toBe(200);
    const [created] = await getDb()
      .select()
      .from(schema.partnerApiKeys)
      .where(eq(schema.partnerApiKeys.publicId, prefix.slice(8)));
    expect(created).toMatchObject({ partnerId: partnerA.id, createdBy: userA.id, rateLimitPerMinute: 120 });
    expect((await auditsBy(userA.id, "partner_key.create")).map((a) => a.targetId)).toContain(String(created!.id));

    // Rotation: a new key; the old one keeps working through the overlap.
    const rotated = await parse(
      await clientA.fetch("/lender/keys", { form: { intent: "rotate", keyId: String(created!.id), overlapHours: "1" } }),
    );
    expect(rotated.text()).toContain(PARTNER_MSG.keyRotated);
    const newKey = rotated.$('[data-testid="new-key"] input').val() as string;
    expect((await bearerFetch(newKey, "/api/partner/applications")).status).toBe(200);
    expect((await bearerFetch(key, "/api/partner/applications")).status).toBe(200);

    // Revoking stops the key at once.
    const [next] = await getDb()
      .select()
      .from(schema.partnerApiKeys)
      .where(eq(schema.partnerApiKeys.publicId, newKey.slice(8, 20)));
    const revoked = await clientA.fetch("/lender/keys", { form: { intent: "revoke", keyId: String(next!.id) } });
    expect(revoked.status).toBe(302);
    expect((await bearerFetch(newKey, "/api/partner/applications")).status).toBe(401);
    const after = await parse(await clientA.fetch("/lender/keys"));
    expect(after.$(`[data-key-id="${next!.id}"]`).text()).toContain("revoked");
    expect(after.$(`[data-key-id="${next!.id}"] button`).length).toBe(0);
    expect((await auditsBy(userA.id, "partner_key.revoke")).map((a) => a.targetId)).toContain(String(next!.id));
    expect((await auditsBy(userA.id, "partner_key.rotate")).map((a) => a.targetId)).toContain(String(created!.id));
  });

  it("refuses another lender's key ids and partner (404): nothing changes, the refusal is audited", async () => {
    const forms: Array<Record<string, string>> = [
      { intent: "revoke", keyId: String(keyB.id) },
      { intent: "rotate", keyId: String(keyB.id), overlapHours: "0" },
      { intent: "revoke", keyId: "2000000000" },
    ];
    for (const form of forms) {
      expect((await clientA.fetch("/lender/keys", { form })).status, JSON.stringify(form)).toBe(404);
    }
    const otherPartner = (await keyRow(keyB.id)).partnerId;
    const create = await postPairs(clientA, "/lender/keys", [
      ["intent", "create"],
      ["partnerId", String(otherPartner)],
      ["scopes", "applications:read"],
    ]);
    expect(create.status).toBe(404);
    const row = await keyRow(keyB.id);
    expect(row.revokedAt).toBeNull();
    expect(row.expiresAt).toBeNull();
    expect((await bearerFetch(keyB.key, "/api/partner/applications")).status).toBe(200);
    expect(
      (await getDb().select().from(schema.partnerApiKeys).where(eq(schema.partnerApiKeys.partnerId, otherPartner))).map((k) => k.id),
    ).toEqual([keyB.id]);
    const denied = await getDb()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.actorUserId, userA.id), eq(schema.auditLog.outcome, "denied")));
    expect(denied.map((a) => a.action)).toEqual(expect.arrayContaining(["partner_key.revoke", "partner_key.rotate", "partner_key.create"]));
  });

  it("a lender without a partner account is told to ask an admin, and gets no key form", async () => {
    // A lender of its own (paused: it matches nobody and lists nowhere public) that no partner acts for.
    const [made] = await getDb()
      .insert(schema.lenders)
      .values({ name: `Keyless Lender ${Date.now().toString(36)}`, nmlsId: "0000000", status: "paused" });
    const u = await createLenderUser(made.insertId);
    const page = await parse(await (await signInLenderOverHttp(new Client(), u)).fetch("/lender/keys"));
    expect(page.status).toBe(200);
    expect(page.text('[data-testid="no-partner"]')).toBe(PARTNER_MSG.lenderNoPartner);
    expect(page.$('button[value="create"]').length).toBe(0);
  });
});
