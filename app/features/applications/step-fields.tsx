/**
 * The inputs of a wizard step's application fields, drawn from the fields table
 * (./fields.ts): each field with a `form` gets its label, hint, input and error in the table's
 * order. Steps 3 and 4 are nothing but these; a new field of either step appears with no page edit.
 */
import type { ReactNode } from "react";
import { Field, type AnyFieldMeta } from "~/ui/forms";
import { OptionGroup, SelectField } from "~/features/applications/wizard/wizard-ui";
import { formatMoneyInput, maskMoneyInput, maskOnBlur } from "~/ui/format";
import { useT } from "~/ui/i18n";
import { FIELD_GROUPS, fieldsOfStep, type FieldForm, type FieldGroup, type FieldStep } from "./fields";

type Translate = ReturnType<typeof useT>["t"];
/** Option lists whose words are translated (namespace "apply", options.<name>); the states keep their names. */
const TRANSLATED_OPTIONS = new Set(["industry", "timeInBusiness", "creditScoreRange", "numberOfWorkers"]);

/** The field's form in the page's language (English: the fields table's words). */
function translatedForm(name: string, form: FieldForm, t: Translate): FieldForm {
  const label = t(`fields.${name}.label`, form.label);
  if (form.input === "cards")
    return {
      ...form,
      label,
      options: form.options.map((o) => ({
        ...o,
        label: t(`options.living.${o.value}.label`, o.label),
        description: o.description === undefined ? undefined : t(`options.living.${o.value}.description`, o.description),
      })),
    };
  if (form.input === "select")
    return {
      ...form,
      label,
      placeholder: t(`fields.${name}.placeholder`, form.placeholder),
      options: TRANSLATED_OPTIONS.has(name)
        ? form.options.map((o) => ({ ...o, label: t(`options.${name}.${o.value}`, o.label) }))
        : form.options,
    };
  return { ...form, label, hint: form.hint === undefined ? undefined : t(`fields.${name}.hint`, form.hint) };
}

/** Money fields: shown with separators ("85,000") from the server render on, and kept so as the
 *  applicant types (with JavaScript); the server accepts them with or without. */
function moneyInputProps(meta: AnyFieldMeta) {
  return {
    defaultValue: formatMoneyInput(typeof meta.initialValue === "string" ? meta.initialValue : ""),
    autoComplete: "off",
    onInput: (e: React.FormEvent<HTMLInputElement>) => void maskMoneyInput(e.currentTarget),
  };
}

function FieldInput({ form, meta }: { form: FieldForm; meta: AnyFieldMeta }) {
  if (form.input === "cards") {
    const checked = String(meta.initialValue ?? "").toLowerCase();
    return <OptionGroup meta={meta} legend={form.label} options={form.options} columns={form.columns} checked={checked} />;
  }
  if (form.input === "select") {
    return (
      <SelectField
        label={form.label}
        placeholder={form.placeholder}
        options={form.options}
        meta={meta}
        selectProps={form.autoComplete ? { autoComplete: form.autoComplete } : undefined}
      />
    );
  }
  const inputProps =
    form.input === "text"
      ? {
          ...(form.autoComplete ? { autoComplete: form.autoComplete } : {}),
          ...(form.inputMode ? { inputMode: form.inputMode } : {}),
          ...(form.pattern ? { pattern: form.pattern } : {}),
          ...(form.placeholder ? { placeholder: form.placeholder } : {}),
          ...(form.tidy ? { onBlur: maskOnBlur(form.tidy) } : {}),
        }
      : { ...moneyInputProps(meta), inputMode: form.input === "whole-money" ? ("numeric" as const) : ("decimal" as const) };
  const input = <Field label={form.label} meta={meta} inputProps={inputProps} hint={form.hint} />;
  return form.reveal ? (
    <div className={form.reveal.className} data-testid={form.reveal.testId}>
      {input}
    </div>
  ) : (
    input
  );
}

/** The inputs of some fields, side-by-side pairs kept together. */
function FieldRun({ list, fields }: { list: ReturnType<typeof fieldsOfStep>; fields: Record<string, AnyFieldMeta> }) {
  const { t } = useT("apply");
  const out: ReactNode[] = [];
  let pair: ReactNode[] = [];
  const flushPair = () => {
    if (pair.length)
      out.push(
        <div key={`pair-${out.length}`} className="grid gap-4 sm:grid-cols-2">
          {pair}
        </div>,
      );
    pair = [];
  };
  for (const f of list) {
    const meta = fields[f.name];
    if (!f.form || !meta) continue;
    const input = <FieldInput key={f.name} form={translatedForm(f.name, f.form, t)} meta={meta} />;
    if (f.form.pair) {
      pair.push(input);
      if (pair.length === 2) flushPair();
    } else {
      flushPair();
      out.push(input);
    }
  }
  flushPair();
  return <>{out}</>;
}

export function StepFields({ step, fields }: { step: FieldStep; fields: Record<string, AnyFieldMeta> }) {
  const { t } = useT("apply");
  // Consecutive fields of one group go in one fieldset under the group's legend.
  const runs: Array<{ group: FieldGroup | null; list: ReturnType<typeof fieldsOfStep> }> = [];
  for (const f of fieldsOfStep(step)) {
    const group = f.form?.group ?? null;
    const last = runs[runs.length - 1];
    if (last && last.group === group) last.list.push(f);
    else runs.push({ group, list: [f] });
  }
  return (
    <>
      {runs.map((run, i) =>
        run.group ? (
          <fieldset
            key={`group-${i}`}
            className="space-y-4 rounded-lg border border-slate-200 p-4"
            aria-describedby={`group-${run.group}-hint`}
          >
            <legend className="px-1 font-semibold text-slate-900">{t(`groups.${run.group}.legend`, FIELD_GROUPS[run.group].legend)}</legend>
            <p id={`group-${run.group}-hint`} className="text-sm text-slate-700">
              {t(`groups.${run.group}.hint`, FIELD_GROUPS[run.group].hint)}
            </p>
            <FieldRun list={run.list} fields={fields} />
          </fieldset>
        ) : (
          <FieldRun key={`run-${i}`} list={run.list} fields={fields} />
        ),
      )}
    </>
  );
}
