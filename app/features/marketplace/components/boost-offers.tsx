/**
 * "Boost your offers" on the offers page: which missing answer would unlock or improve which named
 * lender's offer, and a plain POST form (no JavaScript needed) taking the missing answers.
 */
import { Form, useNavigation } from "@remix-run/react";
import { CREDIT_SCORE_RANGES, TIMES_IN_BUSINESS } from "~/content/loan-options";
import type { BoostField } from "~/features/marketplace/domain/boost-hints";

const QUESTIONS: Record<BoostField, { label: string; options: ReadonlyArray<{ value: string; label: string }> }> = {
  creditScoreRange: { label: "Your credit score, your estimate", options: CREDIT_SCORE_RANGES },
  timeInBusiness: { label: "Time in business", options: TIMES_IN_BUSINESS },
};

export type BoostView = { hints: Array<{ lenderName: string; text: string }>; missing: BoostField[] };

export function BoostOffers({
  boost,
  action,
  formError,
  fieldErrors,
}: {
  boost: BoostView;
  action: string;
  formError?: string | null;
  fieldErrors?: Partial<Record<string, string[]>>;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mt-6 card space-y-4" aria-labelledby="boost-heading" data-testid="boost-offers">
      <h2 id="boost-heading" className="text-xl font-semibold">
        Boost your offers
      </h2>
      {boost.hints.length ? (
        <ul className="list-disc space-y-1 pl-6 text-slate-800" data-testid="boost-hints">
          {boost.hints.map((h) => (
            <li key={h.lenderName}>{h.text}</li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">Answering these optional questions helps our partner lenders price your loan.</p>
      )}
      <p className="text-sm text-slate-700">
        Offers you already have stay as they are. We check your application again with the lenders that have not made you an offer yet.
      </p>
      <Form method="post" action={action} className="space-y-4" aria-describedby={formError ? "boost-error" : undefined}>
        <div className="grid gap-4 sm:grid-cols-2">
          {boost.missing.map((name) => {
            const q = QUESTIONS[name];
            const errors = fieldErrors?.[name];
            return (
              <div key={name}>
                <label htmlFor={`boost-${name}`} className="label">
                  {q.label}
                </label>
                <select
                  id={`boost-${name}`}
                  name={name}
                  className="input mt-1"
                  defaultValue=""
                  aria-invalid={errors?.length ? true : undefined}
                  aria-describedby={errors?.length ? `boost-${name}-error` : undefined}
                >
                  <option value="">Not answered</option>
                  {q.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
                {errors?.length ? (
                  <p id={`boost-${name}-error`} className="mt-1 text-sm text-red-700">
                    {errors[0]}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        {formError ? (
          <p id="boost-error" role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Checking again..." : "Boost my offers"}
        </button>
      </Form>
    </section>
  );
}
