/** The admin's lender form (lender plus its product), server-rendered and validated on the server. */
import { Form } from "@remix-run/react";
import { LOAN_PURPOSES } from "~/content/loan-options";

export type LenderFormDefaults = { [key: string]: string | string[] | undefined; purposes?: string[] };
type Errors = Partial<Record<string, string[]>>;

function Field({ name, label, d, errors, hint }: { name: string; label: string; d: LenderFormDefaults; errors?: Errors; hint?: string }) {
  const err = errors?.[name]?.[0];
  return (
    <div>
      <label htmlFor={`lf-${name}`} className="label">
        {label}
      </label>
      <input
        id={`lf-${name}`}
        name={name}
        defaultValue={typeof d[name] === "string" ? d[name] : ""}
        className="input mt-1"
        aria-invalid={err ? true : undefined}
        aria-describedby={err ? `lf-${name}-err` : hint ? `lf-${name}-hint` : undefined}
      />
      {hint ? (
        <p id={`lf-${name}-hint`} className="mt-1 text-xs text-slate-700">
          {hint}
        </p>
      ) : null}
      {err ? (
        <p id={`lf-${name}-err`} className="mt-1 text-sm text-red-800">
          {err}
        </p>
      ) : null}
    </div>
  );
}

export function LenderForm({ d, errors, submitLabel }: { d: LenderFormDefaults; errors?: Errors; submitLabel: string }) {
  const purposes = new Set(d.purposes ?? []);
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value="save" />
      <Field name="name" label="Lender name" d={d} errors={errors} />
      <Field name="nmlsId" label="NMLS id" d={d} errors={errors} />
      <Field name="website" label="Website" d={d} errors={errors} />
      <Field name="productName" label="Product name" d={d} errors={errors} />
      <div className="sm:col-span-2">
        <Field
          name="states"
          label="States served"
          d={d}
          errors={errors}
          hint="Two-letter codes separated by spaces or commas, e.g. TX OK NM"
        />
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="label">Purposes</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-3">
          {LOAN_PURPOSES.map((p) => (
            <label key={p.value} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="purposes" value={p.value} defaultChecked={purposes.has(p.value)} />
              {p.label}
            </label>
          ))}
        </div>
        {errors?.purposes?.[0] ? <p className="mt-1 text-sm text-red-800">{errors.purposes[0]}</p> : null}
      </fieldset>
      <Field name="minAmount" label="Minimum amount (USD)" d={d} errors={errors} />
      <Field name="maxAmount" label="Maximum amount (USD)" d={d} errors={errors} />
      <Field name="termsMonths" label="Terms offered (months)" d={d} errors={errors} hint="e.g. 12 24 36" />
      <Field name="defaultTermMonths" label="Term offered by default (months)" d={d} errors={errors} />
      <Field name="noteRate" label="Standard interest rate (% a year)" d={d} errors={errors} />
      <Field name="bestNoteRate" label="Best interest rate (% a year)" d={d} errors={errors} />
      <Field
        name="bestIncomeMultiple"
        label="Best rate needs income of at least (x amount)"
        d={d}
        errors={errors}
        hint="Annual income as a multiple of the amount, e.g. 4"
      />
      <Field name="originationFee" label="Origination fee (% of amount)" d={d} errors={errors} />
      <Field name="minAnnualIncome" label="Minimum annual income (USD)" d={d} errors={errors} />
      <Field name="fundingDays" label="Time to fund (business days)" d={d} errors={errors} />
      <div className="sm:col-span-2">
        <Field name="prepayment" label="Prepayment policy" d={d} errors={errors} />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary">
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
