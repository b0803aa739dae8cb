/**
 * The inputs of a wizard step's application fields, drawn from the fields table
 * (./fields.ts): each field with a `form` gets its label, hint, input and error in the table's
 * order. Step 4's page is nothing but these; a new field of step 4 appears here with no page edit.
 */
import { Field, type AnyFieldMeta } from "~/components/forms";
import { OptionGroup } from "~/components/wizard/wizard-ui";
import { formatMoneyInput, maskMoneyInput } from "~/utils/format";
import { fieldsOfStep, type FieldStep } from "./fields";

/** Money fields: shown with separators ("85,000") from the server render on, and kept so as the
 *  applicant types (with JavaScript); the server accepts them with or without. */
function moneyInputProps(meta: AnyFieldMeta) {
  return {
    defaultValue: formatMoneyInput(typeof meta.initialValue === "string" ? meta.initialValue : ""),
    autoComplete: "off",
    onInput: (e: React.FormEvent<HTMLInputElement>) => void maskMoneyInput(e.currentTarget),
  };
}

export function StepFields({ step, fields }: { step: FieldStep; fields: Record<string, AnyFieldMeta> }) {
  return (
    <>
      {fieldsOfStep(step).map((f) => {
        const meta = fields[f.name];
        const form = f.form;
        if (!form || !meta) return null;
        if (form.input === "cards") {
          const checked = String(meta.initialValue ?? "").toLowerCase();
          return (
            <OptionGroup key={f.name} meta={meta} legend={form.label} options={form.options} columns={form.columns} checked={checked} />
          );
        }
        const inputProps =
          form.input === "text"
            ? undefined
            : { ...moneyInputProps(meta), inputMode: form.input === "whole-money" ? ("numeric" as const) : ("decimal" as const) };
        const input = <Field key={f.name} label={form.label} meta={meta} inputProps={inputProps} hint={form.hint} />;
        return form.reveal ? (
          <div key={f.name} className={form.reveal.className} data-testid={form.reveal.testId}>
            {input}
          </div>
        ) : (
          input
        );
      })}
    </>
  );
}
