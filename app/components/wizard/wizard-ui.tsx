/** Pieces shared by the wizard's steps: progress, step heading, Back/Continue, option cards, select. */
import { parseWithZod } from "@conform-to/zod";
import { useNavigation } from "@remix-run/react";
import type { ReactNode, SelectHTMLAttributes } from "react";
import { z } from "zod";
import { ErrorList } from "~/components/forms";
import { stepTitle } from "~/schemas/wizard";
import { WIZARD_STEPS } from "~/utils/constants";

export function WizardProgress({ step }: { step: number }) {
  const pct = Math.round((step / WIZARD_STEPS) * 100);
  return (
    <div className="mb-6">
      <div className="flex items-center justify-between text-sm font-medium text-slate-700">
        <p>
          Step {step} of {WIZARD_STEPS}
        </p>
        <p>{pct}% complete</p>
      </div>
      <div
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Application progress"
        aria-valuemin={1}
        aria-valuemax={WIZARD_STEPS}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${WIZARD_STEPS}: ${stepTitle(step)}`}
      >
        <div className="h-full rounded-full bg-blue-700 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** The step's title (h1) and its question (h2). */
export function StepHeading({ step, heading, children }: { step: number; heading: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold text-slate-900">{stepTitle(step)}</h1>
      <h2 className="mt-1 text-lg font-medium text-slate-700">{heading}</h2>
      {children ? <div className="mt-2 text-sm text-slate-700">{children}</div> : null}
    </div>
  );
}

/**
 * Back saves what was typed without validating (formNoValidate + intent=back, also without
 * JavaScript); Continue validates. `continueLabel` for the review step's submit.
 */
export function WizardNav({ formAction, continueLabel = "Continue", pendingLabel = "Saving...", continueDisabled = false, backLabel = "Back" }: {
  formAction: string;
  continueLabel?: string;
  pendingLabel?: string;
  continueDisabled?: boolean;
  backLabel?: string;
}) {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formAction === formAction && nav.formMethod === "POST";
  const goingBack = busy && nav.formData?.get("intent") === "back";
  return (
    <div className="wizard-nav mt-8 flex items-center justify-between gap-4 border-t border-slate-200 pt-6">
      {/* The form's default button (the first submit button in tree order) is what Enter in a
          field presses: Continue, not Back. Invisible and out of the tab order; the visible
          Continue below stays where people expect it. */}
      <button type="submit" name="intent" value="continue" tabIndex={-1} aria-hidden="true" className="sr-only" disabled={busy || continueDisabled}>
        {continueLabel}
      </button>
      <button type="submit" name="intent" value="back" formNoValidate className="btn-outline" disabled={busy}>
        {backLabel}
      </button>
      <button type="submit" name="intent" value="continue" className="btn-primary min-w-32" disabled={busy || continueDisabled}>
        {busy && !goingBack ? pendingLabel : continueLabel}
      </button>
    </div>
  );
}

const passThrough = z.object({}).passthrough();
/** Conform's onValidate for a step: Back skips validation, anything else uses the step's schema. */
export function validateStep(schema: z.ZodTypeAny) {
  return ({ formData }: { formData: FormData }) =>
    parseWithZod(formData, { schema: formData.get("intent") === "back" ? passThrough : schema });
}

/** A radio input drawn as a card (works without JavaScript: it is a plain radio). */
export function OptionCard({
  name,
  value,
  label,
  description,
  defaultChecked,
  invalid,
  describedBy,
  formId,
}: {
  name: string;
  value: string;
  label: string;
  description?: string;
  defaultChecked?: boolean;
  invalid?: boolean;
  describedBy?: string;
  formId?: string;
}) {
  const id = `${name}-${value}`;
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-lg border-2 border-slate-300 bg-white p-4 text-left transition-colors hover:border-blue-400 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700"
    >
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        form={formId}
        defaultChecked={defaultChecked}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="mt-1 h-4 w-4 shrink-0 accent-blue-700"
      />
      <span>
        <span className="block font-semibold text-slate-900">{label}</span>
        {description ? <span className="mt-0.5 block text-sm text-slate-700">{description}</span> : null}
      </span>
    </label>
  );
}

export function OptionGroup({ legend, errors, errorId, children, className }: { legend: string; errors?: string[]; errorId: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={className}>
      <legend className="label mb-2">{legend}</legend>
      {children}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

export function SelectField({
  label,
  selectProps,
  options,
  placeholder,
  errors,
  errorId,
}: {
  label: string;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { key?: string | undefined };
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
  errors?: string[];
  errorId?: string;
}) {
  const { key, ...rest } = selectProps;
  return (
    <div>
      <label htmlFor={rest.id} className="label">
        {label}
      </label>
      <select key={key} {...rest} className="input mt-1">
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A form-level notice (role="alert" when it reports a problem). */
export function Notice({ tone, children, id }: { tone: "success" | "info" | "error"; children: ReactNode; id?: string }) {
  const cls =
    tone === "success"
      ? "border-green-300 bg-green-50 text-green-900"
      : tone === "error"
        ? "border-red-300 bg-red-50 text-red-800"
        : "border-blue-200 bg-blue-50 text-blue-900";
  return (
    <div id={id} role={tone === "error" ? "alert" : "status"} className={`rounded-md border p-3 text-sm ${cls}`}>
      {children}
    </div>
  );
}
