/**
 * "Boost your offers" on the offers page: which missing answer would unlock or improve which named
 * lender's offer, and a plain POST form (no JavaScript needed) taking the missing answers.
 */
import { Form, useNavigation } from "@remix-run/react";
import { CREDIT_SCORE_RANGES, TIMES_IN_BUSINESS } from "~/content/loan-options";
import type { BoostField } from "~/features/marketplace/domain/boost-hints";
import { useT } from "~/ui/i18n";
import { useMessage } from "~/ui/use-message";

const QUESTIONS: Record<BoostField, ReadonlyArray<{ value: string; label: string }>> = {
  creditScoreRange: CREDIT_SCORE_RANGES,
  timeInBusiness: TIMES_IN_BUSINESS,
};

export type BoostView = {
  hints: Array<{ lenderName: string; text: string; fields?: BoostField[]; effect?: "unlock" | "improve" }>;
  missing: BoostField[];
};

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
  const { t } = useT("offers");
  const { t: ta } = useT("apply");
  const message = useMessage();
  // A hint from its parts, in the page's language (English: boost-hints.ts's words); as written otherwise.
  const hintText = (h: BoostView["hints"][number]) =>
    h.fields && h.effect
      ? t(`boost.${h.effect}`, { asks: h.fields.map((f) => t(`boost.asks.${f}`)).join(t("boost.asksJoin")), lender: h.lenderName })
      : h.text;
  return (
    <section className="mt-6 card space-y-4" aria-labelledby="boost-heading" data-testid="boost-offers">
      <h2 id="boost-heading" className="text-xl font-semibold">
        {t("boost.heading")}
      </h2>
      {boost.hints.length ? (
        <ul className="list-disc space-y-1 pl-6 text-slate-800" data-testid="boost-hints">
          {boost.hints.map((h) => (
            <li key={h.lenderName}>{hintText(h)}</li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">{t("boost.noHints")}</p>
      )}
      <p className="text-sm text-slate-700">{t("boost.keep")}</p>
      <Form method="post" action={action} className="space-y-4" aria-describedby={formError ? "boost-error" : undefined}>
        <div className="grid gap-4 sm:grid-cols-2">
          {boost.missing.map((name) => {
            const options = QUESTIONS[name];
            const errors = fieldErrors?.[name];
            return (
              <div key={name}>
                <label htmlFor={`boost-${name}`} className="label">
                  {t(`boost.labels.${name}`)}
                </label>
                <select
                  id={`boost-${name}`}
                  name={name}
                  className="input mt-1"
                  defaultValue=""
                  aria-invalid={errors?.length ? true : undefined}
                  aria-describedby={errors?.length ? `boost-${name}-error` : undefined}
                >
                  <option value="">{t("boost.notAnswered")}</option>
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {ta(`options.${name}.${o.value}`, o.label)}
                    </option>
                  ))}
                </select>
                {errors?.length ? (
                  <p id={`boost-${name}-error`} className="mt-1 text-sm text-red-700">
                    {message(errors[0]!)}
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
          {busy ? t("boost.busy") : t("boost.submit")}
        </button>
      </Form>
    </section>
  );
}
