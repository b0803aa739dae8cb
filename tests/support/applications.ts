/** Submitted applications inserted straight into the run's database, for read-side tests. */
import { eq } from "drizzle-orm";
import { getDb, schema } from "~/platform/db/db.server";
import { generateReference } from "~/features/applications/reference.server";
import { lenderShareConsentGiven } from "~/features/applications/applications.server";

type Status = (typeof schema.APPLICATION_STATUSES_DB)[number];
type Purpose = (typeof schema.PURPOSES_DB)[number];

export async function createSubmittedApplication(opts: {
  userId: number;
  amount?: number;
  purpose?: Purpose;
  status?: Status;
  /** The loan's stage; by default the one the status implies before any matching. */
  stage?: (typeof schema.APPLICATION_STAGES_DB)[number];
  annualIncome?: number;
  livingSituation?: "rent" | "mortgage" | "own";
  monthlyPayment?: number;
  submittedAt?: Date;
  /** The applicant agreed to share it with the matched partner lenders (as the wizard's Submit does); default: yes, unless a draft. */
  shareWithLenders?: boolean;
}) {
  const reference = generateReference();
  const submittedAt = opts.status === "draft" ? null : (opts.submittedAt ?? new Date());
  const consent = submittedAt && opts.shareWithLenders !== false ? lenderShareConsentGiven(submittedAt) : null;
  const [res] = await getDb()
    .insert(schema.loanApplications)
    .values({
      reference,
      userId: opts.userId,
      amount: String(opts.amount ?? 25000),
      purpose: opts.purpose ?? "working-capital",
      annualIncome: String(opts.annualIncome ?? 120000),
      livingSituation: opts.livingSituation ?? "rent",
      monthlyPayment: String(opts.monthlyPayment ?? 1500),
      streetAddress: "100 Main Street",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      status: opts.status ?? "submitted",
      stage: opts.stage ?? (opts.status === "draft" ? "draft" : opts.status === "rejected" ? "declined" : "submitted"),
      submittedAt,
      lenderShareConsentAt: consent?.at ?? null,
      lenderShareConsentVersion: consent?.version ?? null,
      lenderShareConsentSha256: consent?.sha256 ?? null,
    });
  const [row] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.id, res.insertId));
  return row;
}
