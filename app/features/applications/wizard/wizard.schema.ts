/**
 * The application wizard: its seven steps and one zod schema per form step. Pure (no server
 * imports): the step actions, Conform's live validation, the draft service and the tests all use
 * these. Form values arrive as strings; Conform's parseWithZod turns '' into undefined and numeric
 * strings into numbers before these schemas run.
 */
import { parseWithZod } from "~/platform/http/parse-form";
import { z } from "zod";
import { HAS_MONTHLY_PAYMENT } from "~/content/loan-options";
import { FIELD_LIST, fieldsOfStep, stepRules, type ApplicationFieldValues } from "~/features/applications/fields";
import { MSG } from "~/content/messages";
import { AccountFields } from "~/features/accounts";
import { newPasswordField, optionalCheckbox, requiredCheckbox } from "~/features/accounts";
import { pickAmount, plainMoney } from "./wizard-steps";

// The steps and the money helpers live in a zod-free module (the browser needs them first).
export { WIZARD_STEP_LIST, stepPath, stepTitle, pickAmount, plainMoney, type WizardStep } from "./wizard-steps";

// ---------- step 1: loan ----------
// Each application field's rule is in its entry of app/features/applications/fields.ts; a step's
// schema adds only what ties its fields together.

export const LoanStepSchema = z.preprocess(
  (raw) => (raw && typeof raw === "object" ? { ...(raw as object), amount: pickAmount(raw as Record<string, unknown>) } : raw),
  z.object(stepRules("loan")),
);
export type LoanStep = z.infer<typeof LoanStepSchema>;

// ---------- step 2: owner ----------

const usCitizenField = requiredCheckbox(MSG.mustBeCitizen);
/** The agreement to electronic records and signatures (E-SIGN), as on the sign-up page: an account is made at step 2. */
const esignField = requiredCheckbox(MSG.mustAgreeElectronicRecords);

/** Anonymous visitor: the sign-up fields without agreeToTerms. The password may be left empty
 *  when one was already chosen earlier in this draft (only its hash is kept). */
export function ownerStepSchema(opts: { signedIn: boolean; hasPassword: boolean }) {
  if (opts.signedIn) return OwnerSignedInSchema;
  return AccountFields.extend({
    password: opts.hasPassword ? newPasswordField.optional() : newPasswordField,
    usCitizen: usCitizenField,
    agreeToElectronicRecords: esignField,
  });
}

/** A signed-in applicant: the personal fields come from the account; only the declaration is asked. */
export const OwnerSignedInSchema = z.object({ usCitizen: usCitizenField });

/** What the draft keeps of step 2 (never the password). */
export const OwnerDraftSchema = AccountFields.omit({ password: true }).extend({
  usCitizen: usCitizenField,
  agreeToElectronicRecords: esignField,
});
export type OwnerDraft = z.infer<typeof OwnerDraftSchema>;

// ---------- step 3: address ----------

export const AddressStepSchema = z.object(stepRules("address"));
export type AddressStep = z.infer<typeof AddressStepSchema>;

// ---------- step 4: finances ----------

/** Money as the form shows it ("85,000", "$1,250") is a plain amount: every money field of a step. */
function plainMoneyFields(step: "finances", given: Record<string, unknown>) {
  const r: Record<string, unknown> = { ...given };
  for (const f of fieldsOfStep(step)) if (f.kind === "money") r[f.name] = plainMoney(given[f.name]);
  return r;
}

export const FinancesStepSchema = z.preprocess(
  (raw) => {
    // The monthly payment only counts for rent or mortgage: for 'own' (or no choice yet) a value
    // left in the hidden field is ignored rather than reported.
    if (!raw || typeof raw !== "object") return raw;
    const r = plainMoneyFields("finances", raw as Record<string, unknown>);
    const living = typeof r.livingSituation === "string" ? r.livingSituation.trim().toLowerCase() : "";
    return HAS_MONTHLY_PAYMENT.has(living) ? r : { ...r, monthlyPayment: undefined };
  },
  z.object(stepRules("finances")).transform((v) => ({ ...v, monthlyPayment: v.livingSituation === "own" ? 0 : (v.monthlyPayment ?? 0) })),
);
export type FinancesStep = z.infer<typeof FinancesStepSchema>;

// ---------- step 6: review ----------

export const ReviewStepSchema = z
  .object({
    agreeTerms: optionalCheckbox,
    authorizeCredit: optionalCheckbox,
    marketingConsent: optionalCheckbox,
    smsConsent: optionalCheckbox,
    submitKey: z.string().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.agreeTerms || !v.authorizeCredit) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: MSG.reviewConsentRequired });
  });
export type ReviewStep = z.infer<typeof ReviewStepSchema>;

// ---------- the stored draft ----------

/** The raw (string) values kept per step, exactly the fields of each form (never a password). */
export const STEP_FIELDS: Record<"loan" | "owner" | "address" | "finances", readonly string[]> = {
  loan: fieldsOfStep("loan").map((f) => f.name),
  owner: ["firstName", "lastName", "email", "phone", "dateOfBirth", "usCitizen", "agreeToElectronicRecords"],
  address: fieldsOfStep("address").map((f) => f.name),
  finances: fieldsOfStep("finances").map((f) => f.name),
};
const MONEY_FIELDS: ReadonlySet<string> = new Set(FIELD_LIST.filter((f) => f.kind === "money").map((f) => f.name));
export type FormStepKey = keyof typeof STEP_FIELDS;
export type RawStep = Partial<Record<string, string>>;

export type DraftData = {
  /** The step the applicant was last sent to (resume point). */
  step?: number;
  loan?: RawStep;
  owner?: RawStep;
  /** argon2id hash of the password typed at step 2 (anonymous applicants only). */
  passwordHash?: string;
  /**
   * The e-mail (lower case) the sign-up throttle admitted for this draft's account. The account
   * is created later (first upload or submission) only for this address.
   */
  signupAdmitted?: string;
  /**
   * When and from where the anonymous applicant agreed to electronic records at step 2, and to
   * which text version: recorded as a consent record when the account is made (resolveApplicant).
   */
  esign?: { version: string; language?: "en" | "es"; at: string; ip: string | null };
  address?: RawStep;
  finances?: RawStep;
  /** Random secret rendered into the review form: proves a repeated submit comes from the same browser. */
  submitKey?: string;
};

const MAX_RAW_LENGTH = 500;

/** Keeps only the step's own fields, as trimmed-to-length strings (what Back saves unvalidated). */
export function pickRaw(key: FormStepKey, source: FormData | Record<string, unknown>): RawStep {
  const out: RawStep = {};
  const get = (name: string) => (source instanceof FormData ? source.get(name) : source[name]);
  const raw =
    key === "loan" ? { amount: pickAmount(Object.fromEntries(["amount", "amountSlider", "amountShown"].map((n) => [n, get(n)]))) } : {};
  for (const name of STEP_FIELDS[key]) {
    const given = name in raw ? (raw as Record<string, unknown>)[name] : get(name);
    // Stored as plain amounts whatever the form showed ("30,000" is kept as "30000").
    const v = MONEY_FIELDS.has(name) ? plainMoney(given) : given;
    if (typeof v === "string") out[name] = v.slice(0, MAX_RAW_LENGTH);
    else if (typeof v === "number" && Number.isFinite(v)) out[name] = String(v);
  }
  return out;
}

function toSearchParams(raw: RawStep | undefined) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(raw ?? {})) if (typeof v === "string") p.set(k, v);
  return p;
}

/** Parses a stored step with the same coercion the forms get. */
export function parseStored<S extends z.ZodTypeAny>(schema: S, raw: RawStep | undefined) {
  return parseWithZod(toSearchParams(raw), { schema });
}

export type DraftValues = {
  loan: LoanStep;
  address: AddressStep;
  finances: FinancesStep;
};

/**
 * The first of steps 1-4 whose stored values do not pass its schema, or 5 when all do (5 and 6
 * have no stored fields to check). `signedIn`: step 2 then only needs the citizenship declaration.
 * `before`: only the steps before it are checked (a step's page needs no more), and it is the
 * answer when those all pass; a later step's values are not parsed on every request of an earlier one.
 */
export function firstInvalidStep(data: DraftData | null | undefined, signedIn: boolean, before = 5): number {
  const d = data ?? {};
  if (before <= 1) return before;
  if (parseStored(LoanStepSchema, d.loan).status !== "success") return 1;
  if (before <= 2) return before;
  if (signedIn) {
    if (parseStored(OwnerSignedInSchema, d.owner).status !== "success") return 2;
  } else if (parseStored(OwnerDraftSchema, d.owner).status !== "success" || !d.passwordHash) return 2;
  if (before <= 3) return before;
  if (parseStored(AddressStepSchema, d.address).status !== "success") return 3;
  if (before <= 4) return before;
  if (parseStored(FinancesStepSchema, d.finances).status !== "success") return 4;
  return 5;
}

/** The step `/apply` opens: where the applicant was, but never past the first invalid step. */
export function resumeStep(data: DraftData | null | undefined, signedIn: boolean): number {
  const invalid = firstInvalidStep(data, signedIn);
  const at = Math.min(Math.max(data?.step ?? 1, 1), 6);
  return Math.min(at, invalid === 5 ? 6 : invalid);
}

/** The validated values of steps 1, 3 and 4, or null when any is not valid. */
export function draftValues(data: DraftData | null | undefined): DraftValues | null {
  const d = data ?? {};
  const loan = parseStored(LoanStepSchema, d.loan);
  const address = parseStored(AddressStepSchema, d.address);
  const finances = parseStored(FinancesStepSchema, d.finances);
  if (loan.status !== "success" || address.status !== "success" || finances.status !== "success") return null;
  return { loan: loan.value as LoanStep, address: address.value as AddressStep, finances: finances.value as FinancesStep };
}

/**
 * A draft holding the fields someone else gave (a referral partner through the API), as the forms
 * store them, starting at step 1: the applicant reviews every step. Fields not given stay empty,
 * so the wizard asks for them; the step 2 declaration and the review's consents are always the
 * applicant's own.
 */
export function draftDataOfFields(given: Partial<ApplicationFieldValues>): DraftData {
  const data: DraftData = { step: 1 };
  for (const f of FIELD_LIST) {
    const v = given[f.name];
    if (v === undefined) continue;
    data[f.step] = { ...data[f.step], [f.name]: String(v) };
  }
  return data;
}

/** The owner details of an anonymous draft, or null. */
export function draftOwner(data: DraftData | null | undefined): OwnerDraft | null {
  const r = parseStored(OwnerDraftSchema, data?.owner);
  return r.status === "success" ? (r.value as OwnerDraft) : null;
}

/**
 * Intents that save what was typed without validating: Back (then the previous step),
 * save (the autosave as the applicant types, with JavaScript: stay) and exit (then the home page).
 */
export type SaveIntent = "back" | "save" | "exit";
export function saveIntent(formData: FormData): SaveIntent | null {
  const v = formData.get("intent");
  return v === "back" || v === "save" || v === "exit" ? v : null;
}
