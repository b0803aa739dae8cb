/**
 * The JSON API's read shapes of loan applications (spec section 3: every field, money as numeric
 * strings, dates ISO 8601) and the row lock its writes take. Filtering, search and paging of the
 * admin list stay in application-read.server.ts; this only loads the full rows of a page.
 */
import { eq, inArray } from "drizzle-orm";
import type { ApiApplication, ApplicationFieldValues } from "~/schemas/api";
import { getDb, schema, type DbOrTx, type Tx } from "~/models/db.server";

type Row = typeof schema.loanApplications.$inferSelect;
const apps = schema.loanApplications;

/** "25000.00" -> "25000", "1500.50" -> "1500.50". */
export function apiMoney(decimal: string | number): string {
  const n = Number(decimal);
  if (!Number.isFinite(n)) return "0";
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

export function toApiApplication(row: Row): ApiApplication {
  return {
    id: row.id,
    applicationId: row.reference,
    userId: row.userId,
    amount: apiMoney(row.amount),
    purpose: row.purpose,
    annualIncome: apiMoney(row.annualIncome),
    livingSituation: row.livingSituation,
    monthlyPayment: apiMoney(row.monthlyPayment),
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    status: row.status,
    submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The application's fields in their stored types. */
export function applicationFieldValues(row: Row): ApplicationFieldValues {
  return {
    amount: Number(row.amount),
    purpose: row.purpose,
    annualIncome: Number(row.annualIncome),
    livingSituation: row.livingSituation,
    monthlyPayment: Number(row.monthlyPayment),
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
  };
}

/** Reads and row-locks an application inside a transaction (SELECT ... FOR UPDATE). */
export async function lockApplicationRow(tx: Tx, id: number): Promise<Row | null> {
  const [row] = await tx.select().from(apps).where(eq(apps.id, id)).limit(1).for("update");
  return row ?? null;
}

export async function getApplicationRow(id: number, db: DbOrTx = getDb()): Promise<Row | null> {
  const [row] = await db.select().from(apps).where(eq(apps.id, id)).limit(1);
  return row ?? null;
}

/** The full rows of `ids`, in the order of `ids` (one query). */
export async function getApplicationRowsInOrder(ids: number[], db: DbOrTx = getDb()): Promise<Row[]> {
  if (!ids.length) return [];
  const rows = await db.select().from(apps).where(inArray(apps.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is Row => Boolean(r));
}
