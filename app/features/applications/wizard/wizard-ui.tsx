/** Pieces shared by the wizard's steps: progress, step heading, Back/Continue, option cards, select. */
import { getSelectProps } from "@conform-to/react";
import { Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode, type SelectHTMLAttributes } from "react";
import type { ZodTypeAny } from "zod";
import { ErrorList, type AnyFieldMeta } from "~/ui/forms";
import { minutesLeft, stepTitle } from "~/features/applications/wizard/wizard-steps";
import type { validateStep as ValidateStep } from "./validate-step";
import { useT } from "~/ui/i18n";
import { useMessage } from "~/ui/use-message";
import { WIZARD_STEP_LIST } from "~/features/applications/wizard/wizard-steps";

/** The step's slug, the key of its title and short name in the translations. */
const slugOf = (step: number) => WIZARD_STEP_LIST[Math.min(Math.max(step, 1), 7) - 1]!.slug;

/** Short names for the tracker; the full titles stay the steps' headings. */
const SHORT_NAMES = ["Loan", "Owner", "Address", "Finances", "Documents", "Review", "Done"] as const;
import { WIZARD_STEPS } from "~/content/constants";
import { MSG } from "~/content/messages";

export function WizardProgress({ step }: { step: number }) {
  const pct = Math.round((step / WIZARD_STEPS) * 100);
  const left = minutesLeft(step);
  const { t } = useT("wizard");
  const title = t(`titles.${slugOf(step)}`, stepTitle(step));
  return (
    <div className="mb-6">
      <div className="flex flex-wrap items-center justify-between gap-x-4 text-sm font-medium text-slate-700">
        <p>
          {t("stepOf", { step, total: WIZARD_STEPS })}
          <span className="hidden sm:inline">{t("complete", { pct })}</span>
        </p>
        <p data-testid="time-left">{left > 0 ? t("minutesLeft", { count: left }) : t("allDone")}</p>
      </div>
      <div
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={t("progress")}
        aria-valuemin={1}
        aria-valuemax={WIZARD_STEPS}
        aria-valuenow={step}
        aria-valuetext={
          left > 0
            ? t("progressTextLeft", { step, total: WIZARD_STEPS, title, count: left })
            : t("progressText", { step, total: WIZARD_STEPS, title })
        }
      >
        <div className="h-full rounded-full bg-blue-700 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      {/* Named steps: all of them from the small tablet up; on a phone the bar and the count say it. */}
      <ol className="mt-3 hidden grid-cols-7 gap-1 text-center text-xs sm:grid" aria-label={t("steps")}>
        {SHORT_NAMES.map((name, i) => {
          const n = i + 1;
          const state = n < step ? "done" : n === step ? "current" : "todo";
          return (
            <li
              key={name}
              aria-current={state === "current" ? "step" : undefined}
              className={state === "current" ? "font-semibold text-blue-800" : state === "done" ? "text-slate-800" : "text-slate-600"}
            >
              <span
                aria-hidden="true"
                className={`mx-auto mb-1 flex h-5 w-5 items-center justify-center rounded-full text-[11px] ${state === "todo" ? "border border-slate-300 bg-white" : state === "current" ? "bg-blue-700 text-white" : "bg-blue-100 text-blue-800"}`}
              >
                {state === "done" ? "\u2713" : n}
              </span>
              {t(`shortNames.${slugOf(n)}`, name)}
              <span className="sr-only">{state === "done" ? t("completed") : state === "current" ? t("currentStep") : ""}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The step's title (h1) and its question (h2). */
export function StepHeading({ step, heading, children }: { step: number; heading?: string; children?: ReactNode }) {
  const h1 = useRef<HTMLHeadingElement>(null);
  const { key, pathname } = useLocation();
  const shown = useRef<string | null>(null);
  const { t } = useT("wizard");
  // After a client-side move to this step (Continue, Back, Edit), focus goes to its heading, as a
  // new page's would be announced; the first page load ("default" key) leaves focus where it is,
  // and so does a new location on the same step (an upload's or a removal's redirect back to step
  // 5), so focus stays in the tile the applicant is working in.
  useEffect(() => {
    if (key !== "default" && shown.current !== pathname) h1.current?.focus();
    shown.current = pathname;
  }, [key, pathname]);
  return (
    <div className="mb-6">
      <h1 ref={h1} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
        {t(`titles.${slugOf(step)}`, stepTitle(step))}
      </h1>
      {heading ? <h2 className="mt-1 text-lg font-medium text-slate-700">{heading}</h2> : null}
      {children ? <div className="mt-2 text-sm text-slate-700">{children}</div> : null}
    </div>
  );
}

/**
 * Back saves what was typed without validating (formNoValidate + intent=back, also without
 * JavaScript); Continue validates. `continueLabel` for the review step's submit.
 */
export function WizardNav({
  formAction,
  continueLabel: continueGiven,
  pendingLabel: pendingGiven,
  continueDisabled = false,
  backLabel: backGiven,
  autosave = false,
}: {
  formAction: string;
  continueLabel?: string;
  pendingLabel?: string;
  continueDisabled?: boolean;
  backLabel?: string;
  /** Save what is typed as the applicant goes (with JavaScript), and warn before leaving unsaved. */
  autosave?: boolean;
}) {
  const { t } = useT("wizard");
  const continueLabel = continueGiven ?? t("continue");
  const pendingLabel = pendingGiven ?? t("saving");
  const backLabel = backGiven ?? t("back");
  const navRef = useRef<HTMLDivElement>(null);
  const saveState = useDraftAutosave(navRef, formAction, autosave);
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formAction === formAction && nav.formMethod === "POST";
  const goingBack = busy && nav.formData?.get("intent") === "back";
  return (
    <>
      {saveState === "expired" ? <SessionExpiredNotice className="mt-6" /> : null}
      {/* On a phone the buttons stay at the bottom of the screen (sticky, inside the card). */}
      <div
        ref={navRef}
        className="wizard-nav sticky bottom-0 z-10 -mx-6 mt-8 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-slate-200 bg-white/95 px-6 pb-4 pt-4 backdrop-blur sm:static sm:mx-0 sm:bg-transparent sm:px-0 sm:pb-0 sm:pt-6 sm:backdrop-blur-none"
      >
        {/* The form's default button (the first submit button in tree order) is what Enter in a
          field presses: Continue, not Back. Invisible and out of the tab order; the visible
          Continue below stays where people expect it. */}
        <button
          type="submit"
          name="intent"
          value="continue"
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
          disabled={busy || continueDisabled}
        >
          {continueLabel}
        </button>
        <button type="submit" name="intent" value="back" formNoValidate className="btn-outline" disabled={busy}>
          {backLabel}
        </button>
        <button type="submit" name="intent" value="continue" className="btn-primary min-w-32" disabled={busy || continueDisabled}>
          {busy && !goingBack ? pendingLabel : continueLabel}
        </button>
        {autosave ? (
          <p className="order-last w-full text-right text-xs text-slate-600" data-save-state={saveState}>
            {saveState === "saving"
              ? t("draftSaving", MSG.draftSaving)
              : saveState === "saved"
                ? t("draftSaved", MSG.draftSaved)
                : saveState === "failed"
                  ? t("draftSaveFailed", MSG.draftSaveFailed)
                  : "\u00a0"}
          </p>
        ) : null}
      </div>
    </>
  );
}

type SaveState = "idle" | "dirty" | "saving" | "saved" | "failed" | "expired";
/** The pending autosave of the step on screen, for Exit Application to send at once. */
let flushPending: (() => void) | null = null;
/** Sends what is typed on the current step now (Exit Application, with JavaScript). */
export function flushDraft() {
  flushPending?.();
}

const AUTOSAVE_DELAY_MS = 800;

/**
 * With JavaScript, each change of the step's form is saved (debounced) with intent=save: the
 * server stores it without validating, like Back. Until it is saved, leaving the page asks first.
 * A redirect instead of an answer means the session is gone: the step says so, with Sign in.
 */
function useDraftAutosave(anchor: React.RefObject<HTMLElement>, action: string, enabled: boolean): SaveState {
  const [state, setState] = useState<SaveState>("idle");
  const stateRef = useRef<SaveState>("idle");
  const set = (s: SaveState) => {
    stateRef.current = s;
    setState(s);
  };
  useEffect(() => {
    const form = anchor.current?.closest("form");
    if (!enabled || !form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let submitting = false;
    let inFlight: Promise<unknown> | null = null;
    const save = () => {
      clearTimeout(timer);
      timer = undefined;
      if (submitting || stateRef.current !== "dirty") return;
      const body = new FormData(form);
      body.set("intent", "save");
      set("saving");
      const sent = fetch(action, { method: "POST", body, credentials: "same-origin", redirect: "manual", keepalive: true })
        .then((res) => {
          if (stateRef.current !== "saving") return; // typed again meanwhile: a newer save follows
          set(res.type === "opaqueredirect" || res.status === 401 ? "expired" : res.ok ? "saved" : "failed");
        })
        .catch(() => stateRef.current === "saving" && set("failed"))
        .finally(() => {
          if (inFlight === sent) inFlight = null;
        });
      inFlight = sent;
    };
    const onChange = () => {
      if (submitting) return;
      set("dirty");
      clearTimeout(timer);
      timer = setTimeout(save, AUTOSAVE_DELAY_MS);
    };
    const onSubmit = (e: SubmitEvent) => {
      if (inFlight) {
        // A save is still on its way: Back or Continue waits for its answer. Sent side by side, the
        // two would race; on step 1 without a draft yet each would start a draft and a session of
        // its own, and the later answer's session (the save's, without the purpose picked since)
        // would win: the next step would send the applicant back. Stopped here, on the form, the
        // submit reaches neither the browser nor Remix's handler; it is made again once saved.
        e.preventDefault();
        e.stopImmediatePropagation();
        const submitter = e.submitter;
        inFlight.then(() => form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined));
        return;
      }
      // Back and Continue save it themselves.
      submitting = true;
      clearTimeout(timer);
      set("idle");
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (stateRef.current !== "dirty" && stateRef.current !== "saving") return;
      save();
      e.preventDefault();
      e.returnValue = "";
    };
    form.addEventListener("input", onChange);
    form.addEventListener("change", onChange);
    form.addEventListener("submit", onSubmit);
    window.addEventListener("beforeunload", onBeforeUnload);
    flushPending = save;
    return () => {
      form.removeEventListener("input", onChange);
      form.removeEventListener("change", onChange);
      form.removeEventListener("submit", onSubmit);
      window.removeEventListener("beforeunload", onBeforeUnload);
      if (flushPending === save) flushPending = null;
      // Leaving the step inside the app (e.g. a link): what is typed is sent first.
      save();
    };
  }, [anchor, action, enabled]);
  return state;
}

type StepValidate = ReturnType<typeof ValidateStep>;

/**
 * Conform's onValidate for a step, loaded at the visitor's first interaction with the page (a
 * pointer, a key or focus, so zod and @conform-to/zod are neither loaded nor evaluated while
 * the page loads and hydrates). Until it has loaded it is undefined: Conform lets a submit through
 * and the server validates it, as without JavaScript; from then on validation is instant (on
 * submit, then as the applicant types), as before. `loadSchema` is read once, at mount.
 */
export function useStepValidation(loadSchema: () => Promise<ZodTypeAny>): StepValidate | undefined {
  const [validate, setValidate] = useState<StepValidate>();
  const loadRef = useRef(loadSchema);
  useEffect(() => {
    let live = true;
    const cancel = onFirstInteraction(() => {
      Promise.all([import("./validate-step"), loadRef.current()]).then(
        ([m, schema]) => live && setValidate(() => m.validateStep(schema)),
        () => {}, // offline or a new deploy: the server still validates
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return validate;
}

const INTERACTIONS = ["pointerdown", "keydown", "focusin"] as const;
/** Runs `fn` once, at the first pointer, key or focus event anywhere on the page. */
function onFirstInteraction(fn: () => void): () => void {
  const run = () => {
    stop();
    fn();
  };
  const stop = () => INTERACTIONS.forEach((t) => window.removeEventListener(t, run, true));
  INTERACTIONS.forEach((t) => window.addEventListener(t, run, { capture: true, passive: true }));
  // Already focused in a field (autofocus, or focus moved before hydration finished).
  if (document.activeElement && document.activeElement !== document.body) run();
  return stop;
}

/** A radio input drawn as a card (works without JavaScript: it is a plain radio). */
function OptionCard({
  name,
  value,
  label,
  description,
  defaultChecked,
  invalid,
  describedBy,
  formId,
  compact = false,
}: {
  name: string;
  value: string;
  label: string;
  description?: string;
  defaultChecked?: boolean;
  invalid?: boolean;
  describedBy?: string;
  formId?: string;
  /** On a phone: a short radio row (the name only, less padding); a card from the small tablet up. */
  compact?: boolean;
}) {
  const id = `${name}-${value}`;
  return (
    <label
      htmlFor={id}
      className={`flex cursor-pointer items-start gap-3 rounded-lg border-2 border-slate-300 bg-white ${compact ? "px-3 py-2.5 sm:p-4" : "p-4"} text-left transition-colors hover:border-blue-400 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700`}
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
        {description ? (
          <span className={`mt-0.5 text-sm text-slate-700 ${compact ? "hidden sm:block" : "block"}`}>{description}</span>
        ) : null}
      </span>
    </label>
  );
}

const OPTION_COLUMNS = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-3" } as const;

/** A radio group of option cards for one field: the field's name, checked value, error and aria. */
export function OptionGroup({
  meta,
  legend,
  options,
  columns,
  checked = typeof meta.initialValue === "string" ? meta.initialValue : undefined,
  className,
  compact = false,
}: {
  meta: AnyFieldMeta;
  legend: string;
  options: ReadonlyArray<{ value: string; label: string; description?: string }>;
  columns: keyof typeof OPTION_COLUMNS;
  /** The value checked at first (default: the field's initial value). */
  checked?: string;
  className?: string;
  /** A compact list of radio rows on a phone (see OptionCard). */
  compact?: boolean;
}) {
  return (
    // The id is the field's: the error summary's link to this question lands on it.
    <fieldset id={meta.id} tabIndex={-1} className={`${className ?? ""} focus:outline-none`}>
      <legend className="label mb-2">{legend}</legend>
      <div className={`grid ${compact ? "gap-2 sm:gap-3" : "gap-3"} ${OPTION_COLUMNS[columns]}`}>
        {options.map((o) => (
          <OptionCard
            key={o.value}
            name={meta.name}
            value={o.value}
            label={o.label}
            description={o.description}
            defaultChecked={checked === o.value}
            invalid={!meta.valid}
            describedBy={!meta.valid ? meta.errorId : undefined}
            compact={compact}
          />
        ))}
      </div>
      <ErrorList meta={meta} />
    </fieldset>
  );
}

export function SelectField({
  meta,
  label,
  selectProps,
  options,
  placeholder,
}: {
  meta: AnyFieldMeta;
  label: string;
  /** Attributes added to the ones Conform derives from the field. */
  selectProps?: Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
}) {
  const { key, ...conform } = getSelectProps(meta);
  const rest = { ...conform, ...selectProps };
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
      <ErrorList meta={meta} />
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

/**
 * "Your session has expired ... Sign in" with a sign-in link that comes back to the wizard, and
 * what a visitor without an account can do (the server cannot tell the two apart once the
 * session is gone: both are told).
 */
export function SessionExpiredNotice({ className }: { className?: string }) {
  const { t } = useT("apply");
  const message = useMessage();
  return (
    <div className={className} data-testid="session-expired">
      <Notice tone="error">
        {message(MSG.sessionExpired)}{" "}
        <Link to="/login?redirectTo=/apply" className="font-semibold underline">
          {t("signIn")}
        </Link>
        <span className="mt-1 block">{message(MSG.sessionLostNoAccount)}</span>
      </Notice>
    </div>
  );
}
