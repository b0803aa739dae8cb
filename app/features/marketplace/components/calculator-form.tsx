/**
 * The loan calculator: a GET form (amount, apr, term) whose figures come from the one pure
 * function in ~/utils/loan-math. Without JavaScript the server renders the figures for the
 * query; with JavaScript they are recalculated as you type, and a field that does not parse to
 * a non-zero number leaves the last figures unchanged (docs/product.md, "Public pages").
 */
import { Form, Link } from "@remix-run/react";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  CALCULATOR_DEFAULTS,
  TERM_OPTIONS,
  calculateLoan,
  parseCalculatorInput,
  type LoanInput,
  type LoanResult,
} from "~/features/marketplace/domain/loan-math";
import { useT } from "~/ui/i18n";
import { useFormat } from "~/ui/locale-format";

export const CALCULATOR_PATH = "/loan-calculator";

export type CalculatorValues = { amount: string; apr: string; term: string };

export const DEFAULT_VALUES: CalculatorValues = {
  amount: String(CALCULATOR_DEFAULTS.amount),
  apr: String(CALCULATOR_DEFAULTS.apr),
  term: String(CALCULATOR_DEFAULTS.termMonths),
};

/**
 * The input and figures for the typed values, or null when any value does not parse to a
 * non-zero number (or the term is not one the select offers, which only a hand-edited URL sends).
 */
export function evaluateCalculator(values: CalculatorValues): { input: LoanInput; result: LoanResult } | null {
  const input = parseCalculatorInput(values);
  if (!input || !(TERM_OPTIONS as readonly number[]).includes(input.termMonths)) return null;
  const result = calculateLoan(input);
  return result ? { input, result } : null;
}

const DEFAULT_EVALUATION = evaluateCalculator(DEFAULT_VALUES)!;

/**
 * The values and figures for a query string: the typed values, and their figures; when they do
 * not parse, the figures that were on screen (sent along as shown*, so the
 * results stay unchanged), else the defaults'.
 */
export function calculatorFromQuery(params: URLSearchParams) {
  const has = ["amount", "apr", "term"].some((k) => params.has(k));
  const values: CalculatorValues = has
    ? { amount: params.get("amount") ?? "", apr: params.get("apr") ?? "", term: params.get("term") ?? "" }
    : DEFAULT_VALUES;
  const shown: CalculatorValues = {
    amount: params.get("shownAmount") ?? "",
    apr: params.get("shownApr") ?? "",
    term: params.get("shownTerm") ?? "",
  };
  return { values, input: (evaluateCalculator(values) ?? evaluateCalculator(shown) ?? DEFAULT_EVALUATION).input };
}

/** Apply Now starts the wizard with the calculator's amount (step 1 takes whole dollars in its range). */
export function applyHref(amount: number): string {
  return `/loan-application?amount=${Math.round(amount)}`;
}

function Figure({ label, value, big = false, testId }: { label: string; value: string; big?: boolean; testId: string }) {
  return (
    <div className={big ? "rounded-lg bg-blue-50 p-4 text-center" : "flex items-baseline justify-between gap-4"}>
      <dt className={big ? "text-sm font-medium text-slate-700" : "text-slate-700"}>{label}</dt>
      <dd className={big ? "mt-1 text-4xl font-extrabold text-blue-800" : "text-lg font-semibold text-slate-900"} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function LoanCalculator({ initialValues, initialInput }: { initialValues: CalculatorValues; initialInput: LoanInput }) {
  const hydrated = useHydrated();
  const { t, i18n } = useT("public");
  const { money2: formatMoney2 } = useFormat();
  const [values, setValues] = useState(initialValues);
  const [input, setInput] = useState(initialInput);
  // A new query from the server (form submitted, back/forward) replaces what is on screen; while
  // typing, the query does not change. (React's "adjust state while rendering" pattern.)
  const serverKey = JSON.stringify(initialValues);
  const [shownKey, setShownKey] = useState(serverKey);
  if (shownKey !== serverKey) {
    setShownKey(serverKey);
    setValues(initialValues);
    setInput(initialInput);
  }
  // initialInput always comes from evaluateCalculator, so this is never null in practice.
  const result = calculateLoan(input) ?? DEFAULT_EVALUATION.result;

  const onChange = (name: keyof CalculatorValues) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const next = { ...values, [name]: e.target.value };
    setValues(next);
    const evaluated = evaluateCalculator(next);
    if (evaluated) setInput(evaluated.input);
  };
  // With JavaScript the figures are already current; submitting only puts them in the URL to share.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!evaluateCalculator(values)) e.preventDefault();
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section className="card" aria-labelledby="calc-form-heading">
        <h2 id="calc-form-heading" className="text-xl font-semibold text-slate-900">
          {t("calculator.details")}
        </h2>
        <Form method="get" action={CALCULATOR_PATH} preventScrollReset noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <div>
            <label htmlFor="calc-amount" className="label">
              {t("calculator.amountLabel")}
            </label>
            <input
              id="calc-amount"
              name="amount"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              className="input mt-1"
              value={values.amount}
              onChange={onChange("amount")}
            />
          </div>
          <div>
            <label htmlFor="calc-apr" className="label">
              {t("calculator.aprLabel")}
            </label>
            <input
              id="calc-apr"
              name="apr"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              className="input mt-1"
              value={values.apr}
              onChange={onChange("apr")}
            />
          </div>
          <div>
            <label htmlFor="calc-term" className="label">
              {t("calculator.termLabel")}
            </label>
            <select id="calc-term" name="term" className="input mt-1" value={values.term} onChange={onChange("term")}>
              {TERM_OPTIONS.map((m) => (
                <option key={m} value={String(m)}>
                  {t("calculator.months", { count: m })}
                </option>
              ))}
            </select>
          </div>
          {/* The figures on screen: without JavaScript, an invalid entry leaves them unchanged. */}
          {hydrated ? null : (
            <>
              <input type="hidden" name="shownAmount" value={String(input.amount)} />
              <input type="hidden" name="shownApr" value={String(input.apr)} />
              <input type="hidden" name="shownTerm" value={String(input.termMonths)} />
            </>
          )}
          {/* A GET form replaces the query: the page's language (when not English) goes along. */}
          {i18n.language === "en" ? null : <input type="hidden" name="lng" value={i18n.language} />}
          <button type="submit" className="btn-primary w-full">
            {t("calculator.calculate")}
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="calc-summary-heading" data-testid="calculator-summary">
        <h2 id="calc-summary-heading" className="text-xl font-semibold text-slate-900">
          {t("calculator.summary")}
        </h2>
        <div aria-live="polite">
          <dl className="mt-4 space-y-4">
            <Figure big label={t("calculator.monthlyPayment")} value={formatMoney2(result.monthlyPayment)} testId="monthly-payment" />
            <Figure label={t("calculator.totalPayment")} value={formatMoney2(result.totalPayment)} testId="total-payment" />
            <Figure label={t("calculator.totalInterest")} value={formatMoney2(result.totalInterest)} testId="total-interest" />
          </dl>
          <h3 className="mt-6 border-t border-slate-200 pt-4 font-semibold text-slate-900">{t("calculator.details")}</h3>
          <dl className="mt-2 space-y-2 text-sm">
            <Figure label={t("calculator.loanAmount")} value={formatMoney2(input.amount)} testId="echo-amount" />
            <Figure label={t("calculator.interestRate")} value={t("calculator.aprValue", { apr: input.apr })} testId="echo-apr" />
            <Figure label={t("calculator.termLabel")} value={t("calculator.months", { count: input.termMonths })} testId="echo-term" />
          </dl>
        </div>
        <Link to={applyHref(input.amount)} className="btn-primary mt-6 w-full">
          {t("calculator.applyNow")}
        </Link>
      </section>
    </div>
  );
}
