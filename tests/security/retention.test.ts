/**
 * Retention (`npm run purge`): abandoned anonymous wizard drafts and never-submitted draft
 * applications untouched for 30 days are deleted, the applications with their documents' rows
 * (wrapped keys) and files, each written to the audit log; anything touched within 30 days, any
 * signed-in user's wizard draft and any submitted application stays. Dead sessions and stale
 * throttle counters go too. Rows are aged by moving their timestamps back.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { hashSessionId } from "~/features/accounts/session/sessions.server";
import { insertDraft } from "~/features/applications/wizard/application-drafts.server";
import { purgeAbandoned, type PurgeReport } from "~/features/applications/retention.server";
import { getDb, schema } from "~/platform/db/db.server";
import { createDraftVia, signedInApplicant } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { createDocument } from "../support/documents";
import { samplePdf } from "../fixtures/documents";
import { LOAN } from "../support/wizard";

const ROOT = path.resolve(__dirname, "../..");
const DAY = 24 * 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const tag = Math.random().toString(36).slice(2, 8);
const docsDir = () => path.join(inject("dataDir"), "documents");

const ids = {} as Record<string, number>;
const files = {} as Record<string, string>;
let report: PurgeReport;
let client: Awaited<ReturnType<typeof signedInApplicant>>["client"];

async function ageApplication(id: number, ms: number) {
  await getDb()
    .update(schema.loanApplications)
    .set({ updatedAt: ago(ms) })
    .where(eq(schema.loanApplications.id, id));
}
async function ageDocumentsOf(applicationId: number, ms: number) {
  await getDb()
    .update(schema.documents)
    .set({ uploadedAt: ago(ms) })
    .where(eq(schema.documents.applicationId, applicationId));
}
async function storageKeysOf(applicationId: number) {
  const rows = await getDb()
    .select({ k: schema.documents.storageKey })
    .from(schema.documents)
    .where(eq(schema.documents.applicationId, applicationId));
  return rows.map((r) => r.k);
}
const exists = async (table: typeof schema.applicationDrafts | typeof schema.loanApplications, id: number) =>
  (await getDb().select({ id: table.id }).from(table).where(eq(table.id, id))).length === 1;

beforeAll(async () => {
  // Anonymous wizard drafts: one abandoned 31 days ago, one 29 days ago, one submitted long ago.
  ids.oldAnonymous = await insertDraft({ userId: null, data: { step: 2, loan: LOAN } });
  ids.recentAnonymous = await insertDraft({ userId: null, data: { step: 2, loan: LOAN } });
  ids.submittedAnonymous = await insertDraft({ userId: null, data: { step: 2, loan: LOAN } });
  const { client: c, user } = await signedInApplicant();
  client = c;
  ids.userDraft = await insertDraft({ userId: user.id, data: { step: 2, loan: LOAN } });
  const d = schema.applicationDrafts;
  await getDb()
    .update(d)
    .set({ updatedAt: ago(31 * DAY) })
    .where(inArray(d.id, [ids.oldAnonymous, ids.userDraft]));
  await getDb()
    .update(d)
    .set({ updatedAt: ago(29 * DAY) })
    .where(eq(d.id, ids.recentAnonymous));
  await getDb()
    .update(d)
    .set({ updatedAt: ago(400 * DAY), submittedAt: ago(400 * DAY) })
    .where(eq(d.id, ids.submittedAnonymous));

  // Draft applications of the API with documents.
  const abandoned = await createDraftVia(client, { amount: "25000", streetAddress: `${tag} Abandoned Road` });
  const freshUpload = await createDraftVia(client, { amount: "25000" });
  const freshWizard = await createDraftVia(client, { amount: "25000" });
  ids.abandoned = abandoned.id;
  ids.freshUpload = freshUpload.id;
  ids.freshWizard = freshWizard.id;
  for (const id of [abandoned.id, freshUpload.id, freshWizard.id]) {
    await createDocument({ applicationId: id, userId: user.id, data: samplePdf(`retention-${tag}`), name: "old.pdf" });
  }
  ids.abandonedDoc = (
    await getDb().select({ id: schema.documents.id }).from(schema.documents).where(eq(schema.documents.applicationId, abandoned.id))
  )[0]!.id;
  [files.abandoned] = await storageKeysOf(abandoned.id);
  for (const id of [abandoned.id, freshUpload.id, freshWizard.id]) await ageApplication(id, 31 * DAY);
  await ageDocumentsOf(abandoned.id, 31 * DAY);
  await ageDocumentsOf(freshWizard.id, 31 * DAY);
  // freshUpload: a document uploaded just now keeps it. freshWizard: its wizard draft was saved 2 days ago.
  ids.freshWizardDraft = await insertDraft({ userId: user.id, data: { step: 5, loan: LOAN } });
  await getDb()
    .update(d)
    .set({ loanApplicationId: freshWizard.id, updatedAt: ago(2 * DAY) })
    .where(eq(d.id, ids.freshWizardDraft));

  // A submitted application two years old, with a document: never purged by this job.
  const old = await createSubmittedApplication({ userId: user.id, submittedAt: ago(730 * DAY) });
  ids.submitted = old.id;
  await createDocument({ applicationId: old.id, userId: user.id, data: samplePdf("kept"), name: "kept.pdf" });
  await ageApplication(old.id, 730 * DAY);
  await ageDocumentsOf(old.id, 730 * DAY);
  [files.submitted] = await storageKeysOf(old.id);

  // Sessions and throttle counters.
  const s = schema.sessions;
  const session = async (name: string, v: { userId?: number | null; lastSeenAt: Date; expiresAt: Date }) => {
    await getDb()
      .insert(s)
      .values({
        idHash: hashSessionId(`${tag}-${name}`),
        data: {},
        userId: v.userId ?? null,
        lastSeenAt: v.lastSeenAt,
        expiresAt: v.expiresAt,
      });
  };
  await session("expired", { lastSeenAt: ago(DAY), expiresAt: ago(1000) });
  await session("idle-user", { userId: user.id, lastSeenAt: ago(25 * 3600_000), expiresAt: new Date(Date.now() + 5 * DAY) });
  await session("anon-2-days", { lastSeenAt: ago(2 * DAY), expiresAt: new Date(Date.now() + 20 * DAY) });
  await session("live-user", { userId: user.id, lastSeenAt: ago(3600_000), expiresAt: new Date(Date.now() + 5 * DAY) });
  await getDb().execute(sql`INSERT INTO rate_limits (bucket, window_start, hits) VALUES
    (${`test:${tag}:stale`}, UTC_TIMESTAMP(3) - INTERVAL 2 HOUR, 3), (${`test:${tag}:live`}, UTC_TIMESTAMP(3), 3)`);

  report = await purgeAbandoned();
});

describe("retention purge", () => {
  it("deletes anonymous drafts untouched for 30 days, nothing younger, no signed-in user's and no submitted one", async () => {
    expect(await exists(schema.applicationDrafts, ids.oldAnonymous)).toBe(false);
    expect(await exists(schema.applicationDrafts, ids.recentAnonymous)).toBe(true);
    expect(await exists(schema.applicationDrafts, ids.submittedAnonymous)).toBe(true);
    expect(await exists(schema.applicationDrafts, ids.userDraft)).toBe(true);
    expect(report.anonymousDrafts).toBeGreaterThanOrEqual(1);
  });

  it("deletes an abandoned draft application with its documents' rows and files, and audits it", async () => {
    expect(await exists(schema.loanApplications, ids.abandoned)).toBe(false);
    expect(await storageKeysOf(ids.abandoned)).toEqual([]);
    expect(fs.existsSync(path.join(docsDir(), files.abandoned!))).toBe(false);
    const events = await getDb().select().from(schema.applicationEvents).where(eq(schema.applicationEvents.applicationId, ids.abandoned));
    expect(events).toEqual([]);
    const [audit] = await getDb()
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, "retention.application_purged"),
          eq(schema.auditLog.targetType, "application"),
          eq(schema.auditLog.targetId, String(ids.abandoned)),
        ),
      );
    expect(audit?.details).toContain(String(ids.abandonedDoc));
    expect(report.draftApplications).toBeGreaterThanOrEqual(1);
    expect(report.filesRemoved).toBeGreaterThanOrEqual(1);
    // And it is gone for its owner too.
    expect((await client.fetch(`/api/documents/download/${ids.abandonedDoc}`)).status).toBe(404);
  });

  it("keeps draft applications touched within 30 days (a new upload, a wizard save) and submitted ones of any age", async () => {
    for (const id of [ids.freshUpload, ids.freshWizard, ids.submitted]) {
      expect(await exists(schema.loanApplications, id!)).toBe(true);
      expect((await storageKeysOf(id!)).length).toBeGreaterThan(0);
    }
    expect(fs.existsSync(path.join(docsDir(), files.submitted!))).toBe(true);
    expect(await exists(schema.applicationDrafts, ids.freshWizardDraft)).toBe(true);
  });

  it("removes sessions that can no longer be used and stale throttle counters, nothing live", async () => {
    const hashes = ["expired", "idle-user", "anon-2-days", "live-user"].map((n) => hashSessionId(`${tag}-${n}`));
    const left = await getDb().select({ h: schema.sessions.idHash }).from(schema.sessions).where(inArray(schema.sessions.idHash, hashes));
    expect(left.map((r) => r.h).sort()).toEqual([hashes[2], hashes[3]].sort());
    const buckets = await getDb()
      .select({ b: schema.rateLimits.bucket })
      .from(schema.rateLimits)
      .where(sql`${schema.rateLimits.bucket} LIKE ${`test:${tag}:%`}`);
    expect(buckets.map((r) => r.b)).toEqual([`test:${tag}:live`]);
  });

  it("writes a summary to the audit log, and `npm run purge` runs the same job", async () => {
    const [summary] = await getDb()
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "retention.purge"))
      .orderBy(sql`${schema.auditLog.id} DESC`)
      .limit(1);
    expect(summary?.details).toMatch(
      /anonymous drafts \d+, draft applications \d+, documents \d+ \(files \d+\), sessions \d+, rate limits \d+/,
    );
    const out = await new Promise<{ code: number | null; text: string }>((resolve, reject) => {
      const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/purge.ts"], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let text = "";
      child.stdout.on("data", (d) => (text += d));
      child.stderr.on("data", (d) => (text += d));
      child.on("error", reject);
      child.on("exit", (code) => resolve({ code, text }));
    });
    expect(out.text).toMatch(
      /\[purge\] untouched since .*: \d+ anonymous drafts, \d+ draft applications, \d+ documents \(\d+ files\) deleted/,
    );
    expect(out.code).toBe(0);
  });
});
