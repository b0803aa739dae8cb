/** Form pieces shared by every form: a labelled input with its error, a checkbox, a password box.
 *  Each takes Conform's field metadata (`meta={fields.email}`) and derives from it the name, id,
 *  default value, constraints, the error list and its id, and aria-invalid / aria-describedby. */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useT } from "~/ui/i18n";
import { useMessage } from "~/ui/use-message";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any form
export type AnyFieldMeta = FieldMetadata<any, any, any>;

type ErrorListProps = { meta: AnyFieldMeta } | { id?: string; errors?: string[] | null; meta?: undefined };

/** The errors of one field: `meta={fields.x}`, or `id` and `errors` for errors kept outside Conform. */
export function ErrorList(props: ErrorListProps) {
  const id = props.meta ? props.meta.errorId : props.id;
  const errors: string[] | null | undefined = props.meta ? props.meta.errors : props.errors;
  const list = errors?.filter(Boolean) ?? [];
  const message = useMessage();
  if (!list.length) return null;
  return (
    <div id={id} className="field-error" role="alert">
      {list.map((e) => (
        <p key={e}>{message(e)}</p>
      ))}
    </div>
  );
}

type TextType = "text" | "email" | "tel" | "date" | "number" | "url" | "search";

/** Attributes added to (or overriding) the ones Conform derives from the field. */
type ExtraInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type">;

type FieldProps = {
  meta: AnyFieldMeta;
  label: ReactNode;
  /** The input type; "text" by default. */
  type?: TextType;
  inputProps?: ExtraInputProps;
  hint?: ReactNode;
  className?: string;
};

export function Field({ meta, label, type = "text", inputProps, hint, className }: FieldProps) {
  const { key, ...conform } = getInputProps(meta, { type });
  const rest = { ...conform, ...inputProps };
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const describedBy = [rest["aria-describedby"], hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <input key={key} {...rest} aria-describedby={describedBy} className="input mt-1" />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList meta={meta} />
    </div>
  );
}

export function PasswordField({ meta, label, inputProps, className }: Omit<FieldProps, "type" | "hint">) {
  const hydrated = useHydrated();
  const { t } = useT("auth");
  const [shown, setShown] = useState(false);
  const { key, ...conform } = getInputProps(meta, { type: "password" });
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <div className="relative mt-1">
        <input key={key} {...conform} {...inputProps} type={shown ? "text" : "password"} className="input pr-20" />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-blue-700"
            aria-label={shown ? t("hidePassword") : t("showPassword")}
            aria-controls={meta.id}
            aria-pressed={shown}
          >
            {shown ? t("hide") : t("show")}
          </button>
        ) : null}
      </div>
      <ErrorList meta={meta} />
    </div>
  );
}

export function CheckboxField({ meta, label, inputProps, className }: Omit<FieldProps, "type" | "hint">) {
  const { key, ...conform } = getInputProps(meta, { type: "checkbox" });
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input key={key} {...conform} {...inputProps} type="checkbox" className="mt-1 h-4 w-4 shrink-0 rounded border-slate-500" />
        <label htmlFor={meta.id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <ErrorList meta={meta} />
    </div>
  );
}

/** A form-level error (e.g. a failed sign-in) shown above the submit button. */
export function FormError({ errors, id }: { errors?: string[] | null; id?: string }) {
  const list = errors?.filter(Boolean) ?? [];
  const message = useMessage();
  if (!list.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {list.map((e) => (
        <p key={e}>{message(e)}</p>
      ))}
    </div>
  );
}
