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

export type SampleOfferView = { label: string; rows: Array<[string, string]> };

/** What the product would offer a sample applicant: priced by the same money module as real offers. */
export function SampleOffer({ samples }: { samples: SampleOfferView[] | null | undefined }) {
  if (!samples) return null;
  return (
    <section
      className="rounded-md border border-blue-200 bg-blue-50 p-3 sm:col-span-2"
      aria-labelledby="sample-h"
      data-testid="sample-offer"
    >
      <h3 id="sample-h" className="font-semibold text-slate-900">
        Sample offer
      </h3>
      {samples.length === 0 ? (
        <p className="text-sm text-slate-800">No sample: the product cannot make offers as it is.</p>
      ) : (
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {samples.map((s) => (
            <div key={s.label}>
              <p className="text-sm font-medium text-slate-900">{s.label}</p>
              <dl className="mt-1 grid grid-cols-2 gap-x-3 text-sm">
                {s.rows.map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="text-slate-700">{k}</dt>
                    <dd className="font-medium text-slate-900">{v}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

export function LenderForm({
  d,
  errors,
  submitLabel,
  sample,
}: {
  d: LenderFormDefaults;
  errors?: Errors;
  submitLabel: string;
  sample?: SampleOfferView[] | null;
}) {
  const purposes = new Set(d.purposes ?? []);
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
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
          {LOAN_PURPOSES.map((p, i) => (
            <label key={p.value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="purposes"
                value={p.value}
                defaultChecked={purposes.has(p.value)}
                id={i === 0 ? "lf-purposes" : undefined}
                aria-describedby={i === 0 && errors?.purposes?.[0] ? "lf-purposes-err" : undefined}
              />
              {p.label}
            </label>
          ))}
        </div>
        {errors?.purposes?.[0] ? (
          <p id="lf-purposes-err" className="mt-1 text-sm text-red-800">
            {errors.purposes[0]}
          </p>
        ) : null}
      </fieldset>
      <Field name="minAmount" label="Minimum amount (USD)" d={d} errors={errors} />
      <Field name="maxAmount" label="Maximum amount (USD)" d={d} errors={errors} />
      <Field name="termsMonths" label="Terms offered (months)" d={d} errors={errors} hint="e.g. 12 24 36" />
      <Field name="defaultTermMonths" label="Term offered by default (months)" d={d} errors={errors} />
      <Field
        name="noteRate"
        label="Standard interest rate (% a year)"
        d={d}
        errors={errors}
        hint="Required; at least 1% a year (the pricing floor)"
      />
      <Field name="bestNoteRate" label="Best interest rate (% a year)" d={d} errors={errors} hint="Required; at least 1% a year" />
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
        <Field
          name="prepayment"
          label="Prepayment policy"
          d={d}
          errors={errors}
          hint='e.g. "No prepayment penalty" or "A prepayment fee of 2% of the balance repaid applies during the first 12 months"'
        />
      </div>
      <div className="sm:col-span-2">
        <Field name="collateral" label="Collateral requirements" d={d} errors={errors} hint='e.g. "None: the loan is unsecured."' />
      </div>
      <div className="sm:col-span-2">
        <Field
          name="avoidableFees"
          label="Avoidable fees (late payment, returned payment)"
          d={d}
          errors={errors}
          hint="The fees an applicant can avoid, with their amounts"
        />
      </div>
      <SampleOffer samples={sample} />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" name="intent" value="save" className="btn-primary">
          {submitLabel}
        </button>
        <button type="submit" name="intent" value="preview" className="btn-outline">
          Preview sample offer
        </button>
      </div>
    </Form>
  );
}
