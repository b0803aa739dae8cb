/**
 * The loan_applications table: the wizard's writes (create the draft application, update it,
 * submit it), THE row lock every workflow takes (lockApplication), status changes, the status
 * lookup's and the JSON API's read shapes, the marketplace's summaries and the retention purge of
 * abandoned draft applications. Lists and searches for the admin panel are in
 * application-queries.server.ts.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { getLatestOpenDraftOfUser } from "~/features/applications/wizard/application-drafts.server";
import { isDuplicate } from "~/features/accounts/index.server";
import { type DraftValues, resumeStep, stepPath } from "~/features/applications/wizard/wizard.schema";
import { type DbOrTx, getDb, preparedPerDb, schema, type Tx } from "~/platform/db/db.server";
import { generateReference, normalizeReference } from "~/features/applications/reference.server";
import type { ApiApplication } from "~/features/applications/api.schema";
import {
  columnsOfValues,
  FIELD_LIST,
  fieldValuesOfRow,
  fieldValuesOfSteps,
  type ApplicationFieldValues,
  type FieldName,
} from "~/features/applications/fields";
import { LENDER_SHARE_CONSENT, type LenderShareConsentText } from "~/content/lender-share-consent";

export type ApplicationRow = typeof schema.loanApplications.$inferSelect;

/** The values an application row takes from the wizard (owner details live on the user): the fields table's. */
export type ApplicationValues = ApplicationFieldValues;

export function valuesFromDraft(v: DraftValues): ApplicationValues {
  return fieldValuesOfSteps(v);
}

const toColumns = (v: ApplicationValues) => columnsOfValues(v) as Pick<ApplicationRow, FieldName>;

export async function getApplicationRowById(id: number, db: DbOrTx = getDb()): Promise<ApplicationRow | null> {
  const [row] = await db.select().from(schema.loanApplications).where(eq(schema.loanApplications.id, id)).limit(1);
  return row ?? null;
}

export async function getApplicationByDraftId(draftId: number, db: DbOrTx = getDb()): Promise<ApplicationRow | null> {
  const [row] = await db.select().from(schema.loanApplications).where(eq(schema.loanApplications.draftId, draftId)).limit(1);
  return row ?? null;
}

/**
 * Inserts an application with a fresh reference. `draftId` is the wizard draft it comes from, or
 * null for an application made through the API (no wizard draft). `draft_id` is UNIQUE: if the
 * draft already has its application (a concurrent request won), that row is returned instead.
 */
export async function insertApplication(
  tx: Tx,
  input: {
    userId: number;
    draftId: number | null;
    values: ApplicationValues;
    status: "draft" | "submitted";
    submittedAt?: Date | null;
    consentMarketing?: boolean;
    consentedAt?: Date | null;
    /** The consent to share with the matched partner lenders (null: not given, no lender sees it). */
    lenderShareConsent?: LenderShareConsent | null;
    /** The referral partner that sent it (partner API). */
    partnerId?: number | null;
  },
): Promise<{ row: ApplicationRow; created: boolean }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const [res] = await tx.insert(schema.loanApplications).values({
        reference: generateReference(),
        userId: input.userId,
        draftId: input.draftId,
        ...toColumns(input.values),
        status: input.status,
        stage: input.status === "submitted" ? "submitted" : "draft",
        submittedAt: input.submittedAt ?? null,
        consentMarketing: input.consentMarketing ?? false,
        consentedAt: input.consentedAt ?? null,
        ...lenderShareColumns(input.lenderShareConsent ?? null),
        partnerId: input.partnerId ?? null,
      });
      return { row: (await getApplicationRowById(res.insertId, tx))!, created: true };
    } catch (e) {
      if (!isDuplicate(e)) throw e;
      // Without a draft the only unique key that can collide is the reference.
      const existing = input.draftId === null ? null : await getApplicationByDraftId(input.draftId, tx);
      if (existing) return { row: existing, created: false };
      // Otherwise the random reference collided (about 1 in 2^60): draw another.
    }
  }
  throw new Error("could not allocate an application reference");
}

/** The consent to share with partner lenders as it is recorded: when, which text, and the text's SHA-256. */
export type LenderShareConsent = { at: Date; version: string; sha256: string };

/**
 * The consent given now to the text the review step showed (LENDER_SHARE_CONSENT; a Spanish page's
 * is its own text and version, consents-es.server.ts: the version says the language).
 */
export function lenderShareConsentGiven(at: Date, shown: LenderShareConsentText = LENDER_SHARE_CONSENT): LenderShareConsent {
  return {
    at,
    version: shown.version,
    sha256: createHash("sha256").update(shown.text, "utf8").digest("hex"),
  };
}

const lenderShareColumns = (c: LenderShareConsent | null) => ({
  lenderShareConsentAt: c?.at ?? null,
  lenderShareConsentVersion: c?.version ?? null,
  lenderShareConsentSha256: c?.sha256 ?? null,
});

/** Refreshes a not-yet-submitted application from the draft's values. */
export async function updateDraftApplication(tx: Tx, id: number, values: ApplicationValues) {
  await tx
    .update(schema.loanApplications)
    .set(toColumns(values))
    .where(and(eq(schema.loanApplications.id, id), eq(schema.loanApplications.status, "draft")));
}

/** Final values, status 'submitted', submittedAt and the consents, in the caller's transaction. */
export async function markApplicationSubmitted(
  tx: Tx,
  id: number,
  input: { values: ApplicationValues; submittedAt: Date; consentMarketing: boolean; lenderShareConsent: LenderShareConsent | null },
) {
  await tx
    .update(schema.loanApplications)
    .set({
      ...toColumns(input.values),
      status: "submitted",
      stage: "submitted",
      submittedAt: input.submittedAt,
      consentMarketing: input.consentMarketing,
      consentedAt: input.submittedAt,
      ...lenderShareColumns(input.lenderShareConsent),
    })
    .where(eq(schema.loanApplications.id, id));
}

/** For the dashboard: the user's open (unsubmitted) wizard draft and where to resume it. */
export async function getOpenDraftForUser(userId: number): Promise<{ id: number; updatedAt: Date; resumePath: string } | null> {
  const draft = await getLatestOpenDraftOfUser(userId);
  if (!draft) return null;
  return { id: draft.id, updatedAt: draft.updatedAt, resumePath: stepPath(resumeStep(draft.data, true)) };
}

/** The product's "Application status response": exactly these five fields (the API names the reference `applicationId`). */
export type ApplicationStatusView = {
  /** Database id: for the service's further reads, never sent. */
  id: number;
  reference: string;
  status: string;
  /** Where the loan is in its life (app/features/applications/domain/loan-lifecycle.ts). */
  stage: ApplicationRow["stage"];
  amount: number;
  purpose: string;
  submittedAt: string | null;
};

/**
 * Finds an application by its reference in any letter case (Crockford-normalised). Drafts are
 * never found: they have not been submitted. Returns null for input that cannot be a reference.
 */
const statusByReference = preparedPerDb((db) => {
  const t = schema.loanApplications;
  return db
    .select({
      id: t.id,
      reference: t.reference,
      status: t.status,
      stage: t.stage,
      amount: t.amount,
      purpose: t.purpose,
      submittedAt: t.submittedAt,
    })
    .from(t)
    .where(and(eq(t.reference, sql.placeholder("reference")), ne(t.status, "draft")))
    .limit(1)
    .prepare();
});

export async function getApplicationStatus(reference: string, db: DbOrTx = getDb()): Promise<ApplicationStatusView | null> {
  const ref = normalizeReference(reference);
  if (!ref) return null;
  const [row] = await statusByReference(db).execute({ reference: ref });
  if (!row) return null;
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    stage: effectiveStage(row),
    amount: Number(row.amount),
    purpose: row.purpose,
    submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
  };
}

const apps = schema.loanApplications;

/** "25000.00" -> "25000", "1500.50" -> "1500.50". */
export function apiMoney(decimal: string | number): string {
  const n = Number(decimal);
  if (!Number.isFinite(n)) return "0";
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

export function toApiApplication(row: ApplicationRow): ApiApplication {
  return {
    id: row.id,
    applicationId: row.reference,
    userId: row.userId,
    ...apiFields(row),
    status: row.status,
    stage: effectiveStage(row),
    submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
    lenderShareConsentAt: row.lenderShareConsentAt ? row.lenderShareConsentAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The application's fields in their stored types. */
export function applicationFieldValues(row: ApplicationRow): ApplicationFieldValues {
  return fieldValuesOfRow(row);
}

/** The fields as the API states them: money as a numeric string. */
function apiFields(row: ApplicationRow) {
  const out: Record<string, string> = {};
  for (const f of FIELD_LIST) out[f.name] = f.kind === "money" ? apiMoney(row[f.name]) : String(row[f.name]);
  return out as Pick<ApiApplication, FieldName>;
}

/**
 * THE application row lock: reads and row-locks an application inside the caller's transaction
 * (SELECT ... FOR UPDATE). Every workflow that must serialise on an application (status change,
 * back office, API update, offer acceptance, the retention purge) takes it through here, first.
 * `also` narrows the match (the row is then locked and returned only if it still qualifies).
 */
export async function lockApplication(tx: Tx, id: number, also?: SQL): Promise<ApplicationRow | null> {
  const [row] = await tx
    .select()
    .from(apps)
    .where(also ? and(eq(apps.id, id), also) : eq(apps.id, id))
    .limit(1)
    .for("update");
  return row ?? null;
}

/**
 * The stage of a row: a submitted row written before stages existed (or by a fixture) that still
 * says "draft" is "submitted".
 */
export function effectiveStage(row: { stage: ApplicationRow["stage"]; status: string }): ApplicationRow["stage"] {
  return row.stage === "draft" && row.status !== "draft" ? "submitted" : row.stage;
}

/** Moves the stage (and the admin status it implies) in the caller's transaction, after lockApplication. */
export async function setApplicationStage(
  tx: Tx,
  id: number,
  v: { stage: ApplicationRow["stage"]; status: ApplicationRow["status"]; fundedCents?: number; fundedOn?: string },
  now = new Date(),
) {
  await tx
    .update(apps)
    .set({
      stage: v.stage,
      status: v.status,
      updatedAt: now,
      ...(v.fundedCents != null ? { fundedCents: v.fundedCents, fundedOn: v.fundedOn } : {}),
    })
    .where(eq(apps.id, id));
}

/** Sets the status (and updatedAt) in the caller's transaction, after lockApplication. */
export async function setApplicationStatus(tx: Tx, id: number, status: ApplicationRow["status"], now = new Date()) {
  await tx.update(apps).set({ status, updatedAt: now }).where(eq(apps.id, id));
}

/** Bumps updatedAt (something about the application changed: a request, a note...). */
export async function touchApplication(tx: Tx, id: number, now = new Date()) {
  await tx.update(apps).set({ updatedAt: now }).where(eq(apps.id, id));
}

/** The same read as getApplicationRowById (the JSON API's name for it). */
export const getApplicationRow = (id: number, db: DbOrTx = getDb()) => getApplicationRowById(id, db);

/** The full rows of `ids`, in the order of `ids` (one query). */
export async function getApplicationRowsInOrder(ids: number[], db: DbOrTx = getDb()): Promise<ApplicationRow[]> {
  if (!ids.length) return [];
  const rows = await db.select().from(apps).where(inArray(apps.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ApplicationRow => Boolean(r));
}

/** What the marketplace needs of a submitted application (its owner, status and terms). */
const summaryColumns = {
  id: apps.id,
  reference: apps.reference,
  userId: apps.userId,
  status: apps.status,
  stage: apps.stage,
  amount: apps.amount,
  purpose: apps.purpose,
  state: apps.state,
  // The optional answers matching uses (Boost your offers asks for the missing ones).
  timeInBusiness: apps.timeInBusiness,
  creditScoreRange: apps.creditScoreRange,
};

/** A submitted application by its reference (any letter case), with its owner. */
export async function getSubmittedApplicationByReference(reference: string, db: DbOrTx = getDb()) {
  const [row] = await db
    .select(summaryColumns)
    .from(apps)
    .where(and(eq(apps.reference, reference.trim().toUpperCase()), ne(apps.status, "draft")))
    .limit(1);
  return row ?? null;
}

export async function getApplicationSummary(id: number, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({ ...summaryColumns, annualIncome: apps.annualIncome })
    .from(apps)
    .where(and(eq(apps.id, id), ne(apps.status, "draft")))
    .limit(1);
  return row ?? null;
}

/** The answers lenders price on that the applicant gives after submitting ("Boost your offers"), in the caller's transaction. */
export async function setPricingAnswers(
  tx: Tx,
  id: number,
  answers: Partial<Pick<ApplicationFieldValues, "timeInBusiness" | "creditScoreRange">>,
) {
  if (!Object.keys(answers).length) return;
  await tx.update(apps).set(answers).where(eq(apps.id, id));
}

/** True for an existing, non-draft application (the back office never works on drafts). */
export async function isSubmittedApplication(id: number, db: DbOrTx = getDb()) {
  const [row] = await db.select({ status: apps.status }).from(apps).where(eq(apps.id, id)).limit(1);
  return Boolean(row && row.status !== "draft");
}

const drafts = schema.applicationDrafts;
const docs = schema.documents;

/**
 * Draft applications (never submitted) untouched since `cutoff`: the row itself, its documents
 * (no upload since) and its wizard draft (no save since) are all older.
 */
const abandonedDraftApplication = (cutoff: Date) =>
  and(
    eq(apps.status, "draft"),
    isNull(apps.submittedAt),
    lt(apps.updatedAt, cutoff),
    sql`NOT EXISTS (SELECT 1 FROM ${docs} WHERE ${docs.applicationId} = ${apps.id} AND ${docs.uploadedAt} >= ${cutoff})`,
    sql`NOT EXISTS (SELECT 1 FROM ${drafts} WHERE (${drafts.loanApplicationId} = ${apps.id} OR ${drafts.id} = ${apps.draftId}) AND (${drafts.updatedAt} >= ${cutoff} OR ${drafts.submittedAt} IS NOT NULL))`,
  );

export async function listAbandonedDraftApplications(cutoff: Date, afterId: number, limit: number): Promise<number[]> {
  const rows = await getDb()
    .select({ id: apps.id })
    .from(apps)
    .where(and(abandonedDraftApplication(cutoff), gt(apps.id, afterId)))
    .orderBy(apps.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * In the caller's transaction: locks the application and, if it is still an abandoned draft,
 * deletes its documents' rows, its wizard draft and the application (its events cascade).
 * Returns the storage keys of the deleted documents (their files go after COMMIT), or null when
 * the application no longer qualifies.
 */
export async function deleteDraftApplication(
  tx: Tx,
  id: number,
  cutoff: Date,
): Promise<{ storageKeys: string[]; documentIds: number[] } | null> {
  const app = await lockApplication(tx, id, abandonedDraftApplication(cutoff));
  if (!app) return null;
  const rows = await tx.select({ id: docs.id, storageKey: docs.storageKey }).from(docs).where(eq(docs.applicationId, id)).for("update");
  if (rows.length) await tx.delete(docs).where(eq(docs.applicationId, id));
  await tx
    .delete(drafts)
    .where(and(isNull(drafts.submittedAt), or(eq(drafts.loanApplicationId, id), app.draftId ? eq(drafts.id, app.draftId) : sql`FALSE`)));
  await tx.delete(apps).where(and(eq(apps.id, id), eq(apps.status, "draft")));
  return { storageKeys: rows.map((r) => r.storageKey), documentIds: rows.map((r) => r.id) };
}
