/** Form pieces shared by every form: a labelled input with its error, a checkbox, a password box. */
import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const list = errors?.filter(Boolean) ?? [];
  if (!list.length) return null;
  return (
    <div id={id} className="field-error" role="alert">
      {list.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

type FieldProps = {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string | undefined };
  errors?: string[] | null;
  errorId?: string;
  hint?: ReactNode;
  className?: string;
};

export function Field({ label, inputProps, errors, errorId, hint, className }: FieldProps) {
  const { key, ...rest } = inputProps;
  const id = rest.id;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [rest["aria-describedby"], hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input key={key} {...rest} aria-describedby={describedBy} className="input mt-1" />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function PasswordField({ label, inputProps, errors, errorId, className }: FieldProps) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const { key, ...rest } = inputProps;
  return (
    <div className={className}>
      <label htmlFor={rest.id} className="label">
        {label}
      </label>
      <div className="relative mt-1">
        <input key={key} {...rest} type={shown ? "text" : "password"} className="input pr-20" />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-blue-700"
            aria-label={shown ? "Hide password" : "Show password"}
            aria-controls={rest.id}
            aria-pressed={shown}
          >
            {shown ? "Hide" : "Show"}
          </button>
        ) : null}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function CheckboxField({
  label,
  inputProps,
  errors,
  errorId,
  className,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string | undefined };
  errors?: string[] | null;
  errorId?: string;
  className?: string;
}) {
  const { key, ...rest } = inputProps;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input key={key} {...rest} type="checkbox" className="mt-1 h-4 w-4 shrink-0 rounded border-slate-500" />
        <label htmlFor={rest.id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A form-level error (e.g. a failed sign-in) shown above the submit button. */
export function FormError({ errors, id }: { errors?: string[] | null; id?: string }) {
  const list = errors?.filter(Boolean) ?? [];
  if (!list.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {list.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}
