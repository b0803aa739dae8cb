/**
 * Writes of loan applications made by the wizard (create the draft application, update it,
 * submit it) and the small read shapes the wizard and the dashboard need.
 */
import { and, eq } from "drizzle-orm";
import { getLatestOpenDraftOfUser } from "~/models/draft.server";
import { isDuplicate } from "~/models/user.server";
import { resumeStep, stepPath, type DraftValues } from "~/schemas/wizard";
import { getDb, schema, type DbOrTx, type Tx } from "~/models/db.server";
import { generateReference } from "~/utils/reference.server";

export type ApplicationRow = typeof schema.loanApplications.$inferSelect;
type Purpose = ApplicationRow["purpose"];
type Living = ApplicationRow["livingSituation"];

/** The values an application row takes from the wizard (owner details live on the user). */
export type ApplicationValues = {
  amount: number;
  purpose: Purpose;
  annualIncome: number;
  livingSituation: Living;
  monthlyPayment: number;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
};

export function valuesFromDraft(v: DraftValues): ApplicationValues {
  return {
    amount: v.loan.amount,
    purpose: v.loan.purpose,
    annualIncome: v.finances.annualIncome,
    livingSituation: v.finances.livingSituation,
    monthlyPayment: v.finances.livingSituation === "own" ? 0 : v.finances.monthlyPayment,
    streetAddress: v.address.streetAddress,
    city: v.address.city,
    state: v.address.state,
    zipCode: v.address.zipCode,
  };
}

const toColumns = (v: ApplicationValues) => ({
  amount: v.amount.toFixed(2),
  purpose: v.purpose,
  annualIncome: v.annualIncome.toFixed(2),
  livingSituation: v.livingSituation,
  monthlyPayment: v.monthlyPayment.toFixed(2),
  streetAddress: v.streetAddress,
  city: v.city,
  state: v.state,
  zipCode: v.zipCode,
});

export async function getApplicationRowById(id: number, db: DbOrTx = getDb()): Promise<ApplicationRow | null> {
  const [row] = await db.select().from(schema.loanApplications).where(eq(schema.loanApplications.id, id)).limit(1);
  return row ?? null;
}

export async function getApplicationByDraftId(draftId: number, db: DbOrTx = getDb()): Promise<ApplicationRow | null> {
  const [row] = await db.select().from(schema.loanApplications).where(eq(schema.loanApplications.draftId, draftId)).limit(1);
  return row ?? null;
}

/**
 * Inserts the application of a draft with a fresh reference. `draft_id` is UNIQUE: if the draft
 * already has its application (a concurrent request won), that row is returned instead.
 */
export async function insertApplication(
  tx: Tx,
  input: {
    userId: number;
    draftId: number;
    values: ApplicationValues;
    status: "draft" | "submitted";
    submittedAt?: Date | null;
    consentMarketing?: boolean;
    consentedAt?: Date | null;
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
        submittedAt: input.submittedAt ?? null,
        consentMarketing: input.consentMarketing ?? false,
        consentedAt: input.consentedAt ?? null,
      });
      return { row: (await getApplicationRowById(res.insertId, tx))!, created: true };
    } catch (e) {
      if (!isDuplicate(e)) throw e;
      const existing = await getApplicationByDraftId(input.draftId, tx);
      if (existing) return { row: existing, created: false };
      // Otherwise the random reference collided (about 1 in 2^60): draw another.
    }
  }
  throw new Error("could not allocate an application reference");
}

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
  input: { values: ApplicationValues; submittedAt: Date; consentMarketing: boolean },
) {
  await tx
    .update(schema.loanApplications)
    .set({
      ...toColumns(input.values),
      status: "submitted",
      submittedAt: input.submittedAt,
      consentMarketing: input.consentMarketing,
      consentedAt: input.submittedAt,
    })
    .where(eq(schema.loanApplications.id, id));
}

/** For the dashboard: the user's open (unsubmitted) wizard draft and where to resume it. */
export async function getOpenDraftForUser(
  userId: number,
): Promise<{ id: number; updatedAt: Date; resumePath: string } | null> {
  const draft = await getLatestOpenDraftOfUser(userId);
  if (!draft) return null;
  return { id: draft.id, updatedAt: draft.updatedAt, resumePath: stepPath(resumeStep(draft.data, true)) };
}
