/** The status lookup's read model: what a visitor holding a reference may see, nothing more. */
import { and, eq, ne } from "drizzle-orm";
import { getDb, schema, type DbOrTx } from "~/models/db.server";
import { normalizeReference } from "~/utils/reference.server";

/** The spec's "Application status response": exactly these five fields (the API names the reference `applicationId`). */
export type ApplicationStatusView = {
  reference: string;
  status: string;
  amount: number;
  purpose: string;
  submittedAt: string | null;
};

/**
 * Finds an application by its reference in any letter case (Crockford-normalised). Drafts are
 * never found: they have not been submitted. Returns null for input that cannot be a reference.
 */
export async function getApplicationStatus(reference: string, db: DbOrTx = getDb()): Promise<ApplicationStatusView | null> {
  const ref = normalizeReference(reference);
  if (!ref) return null;
  const t = schema.loanApplications;
  const [row] = await db
    .select({ reference: t.reference, status: t.status, amount: t.amount, purpose: t.purpose, submittedAt: t.submittedAt })
    .from(t)
    .where(and(eq(t.reference, ref), ne(t.status, "draft")))
    .limit(1);
  if (!row) return null;
  return {
    reference: row.reference,
    status: row.status,
    amount: Number(row.amount),
    purpose: row.purpose,
    submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
  };
}
