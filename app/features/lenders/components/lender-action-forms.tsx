/**
 * The lender's action forms on an application: firm offer, decline with reasons from the
 * shared list, request documents, confirm or withdraw an instant offer. Plain POST forms (they work
 * without JavaScript); each re-shows its values and errors after a refused post.
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { DECLINE_REASON_CODES, DECLINE_REASON_TEXT, MAX_DECLINE_REASONS } from "~/content/decline-reasons";
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from "~/content/document-types";
import { replySummary, type SummaryItem } from "~/ui/error-summary";

export type LenderFormReply = { intent: string; errors: Record<string, string[]>; message: string | null; values: Record<string, string> };

function Err({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className="mt-1 text-sm text-red-800">
      {errors[0]}
    </p>
  ) : null;
}

function Input({
  name,
  label,
  reply,
  type = "text",
  inputMode,
  step,
  hint,
  defaultValue,
}: {
  name: string;
  label: string;
  reply?: LenderFormReply;
  type?: string;
  inputMode?: "decimal" | "numeric";
  step?: string;
  hint?: string;
  defaultValue?: string;
}) {
  const id = `firm-${name}`;
  const errors = reply?.intent === "firm-offer" ? reply.errors[name] : undefined;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-700">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        step={step}
        required
        defaultValue={reply?.intent === "firm-offer" ? reply.values[name] : defaultValue}
        className="input mt-1 w-full"
        aria-invalid={errors ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : "", errors ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
      />
      <Err id={`${id}-error`} errors={errors} />
    </div>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card space-y-3" aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A refused action's errors for the page's "There is a problem" summary: each links to its field
 * (or, for a refusal of the whole form, to the form's message; for an instant offer, to its row).
 */
export function lenderReplySummary(reply: LenderFormReply | undefined, orphanId: string | null): SummaryItem[] {
  if (!reply) return [];
  const { intent, values } = reply;
  const fieldId = (name: string): string => {
    if (intent === "firm-offer") return `firm-${name}`;
    if (intent === "mark-funded") return `funded-${name}`;
    if (intent === "decline") return "decline-reasons";
    if (intent === "request-documents") return name === "message" ? "request-message" : "request-types";
    if (intent === "withdraw-offer") return `withdraw-reason-${values.offerId ?? ""}`;
    return `${intent}-message`;
  };
  const items = replySummary(reply.errors, fieldId);
  if (reply.message) {
    const target =
      orphanId ?? (intent === "confirm-offer" || intent === "withdraw-offer" ? `offer-${values.offerId ?? ""}` : `${intent}-message`);
    items.push({ href: `#${target}`, message: reply.message });
  }
  return items;
}

function FormMessage({ reply, intent }: { reply?: LenderFormReply; intent: string }) {
  return reply?.intent === intent && reply.message ? (
    <p id={`${intent}-message`} role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      {reply.message}
    </p>
  ) : null;
}

export function FirmOfferForm({ reply, amount, prepayment }: { reply?: LenderFormReply; amount: number; prepayment: string }) {
  return (
    <Panel id="firm-offer-h" title="Make a firm offer">
      <p className="text-sm text-slate-700">
        Priced with the standard disclosure (estimated APR on the funding provided, fee included). The applicant sees it beside the instant
        offers, labelled as a firm offer from your lender.
      </p>
      <FormMessage reply={reply} intent="firm-offer" />
      <Form method="post" className="grid gap-3 sm:grid-cols-2" aria-label="Firm offer">
        <input type="hidden" name="intent" value="firm-offer" />
        <Input name="amount" label="Amount (USD)" inputMode="decimal" reply={reply} defaultValue={String(amount)} />
        <Input name="termMonths" label="Term (months)" inputMode="numeric" reply={reply} defaultValue="24" />
        <Input name="noteRate" label="Note rate (% a year)" inputMode="decimal" reply={reply} />
        <Input name="originationFee" label="Origination fee (USD)" inputMode="decimal" reply={reply} defaultValue="0" />
        <Input name="prepayment" label="Prepayment terms" reply={reply} defaultValue={prepayment} />
        <Input name="validityDays" label="Valid for (days)" inputMode="numeric" reply={reply} defaultValue="14" />
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary">
            Send firm offer
          </button>
        </div>
      </Form>
    </Panel>
  );
}

export function DeclineForm({ reply, afterReview = false }: { reply?: LenderFormReply; afterReview?: boolean }) {
  const errors = reply?.intent === "decline" ? reply.errors.reasons : undefined;
  return (
    <Panel id="decline-h" title={afterReview ? "Decline after review" : "Decline"}>
      <p className="text-sm text-slate-700">
        The applicant is sent a notice of action taken naming your lender and these principal reasons (at most {MAX_DECLINE_REASONS}).{" "}
        {afterReview
          ? "The applicant accepted your offer: the application is closed as declined and no loan is made."
          : "Your open offers on this application are withdrawn."}
      </p>
      <FormMessage reply={reply} intent="decline" />
      <Form method="post" className="space-y-3" aria-label="Decline">
        <input type="hidden" name="intent" value="decline" />
        <fieldset aria-describedby={errors ? "decline-reasons-error" : undefined}>
          <legend className="label">Principal reasons</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {DECLINE_REASON_CODES.map((code, i) => (
              <label key={code} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="reasons"
                  value={code}
                  className="mt-1"
                  id={i === 0 ? "decline-reasons" : undefined}
                  aria-describedby={i === 0 && errors ? "decline-reasons-error" : undefined}
                />
                {DECLINE_REASON_TEXT[code]}
              </label>
            ))}
          </div>
          <Err id="decline-reasons-error" errors={errors} />
        </fieldset>
        <button type="submit" className="btn-danger">
          {afterReview ? "Decline after review" : "Decline application"}
        </button>
      </Form>
    </Panel>
  );
}

export function DocumentRequestForm({ reply }: { reply?: LenderFormReply }) {
  const errors = reply?.intent === "request-documents" ? reply.errors : undefined;
  return (
    <Panel id="request-h" title="Request documents">
      <FormMessage reply={reply} intent="request-documents" />
      <Form method="post" className="space-y-3" aria-label="Request documents">
        <input type="hidden" name="intent" value="request-documents" />
        <fieldset aria-describedby={errors?.documentTypes ? "request-types-error" : undefined}>
          <legend className="label">Documents</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {DOCUMENT_TYPES.map((t, i) => (
              <label key={t} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="documentTypes"
                  value={t}
                  id={i === 0 ? "request-types" : undefined}
                  aria-describedby={i === 0 && errors?.documentTypes ? "request-types-error" : undefined}
                />
                {DOCUMENT_TYPE_LABELS[t]}
              </label>
            ))}
          </div>
          <Err id="request-types-error" errors={errors?.documentTypes} />
        </fieldset>
        <div>
          <label htmlFor="request-message" className="label">
            Message to the applicant
          </label>
          <textarea
            id="request-message"
            name="message"
            required
            rows={3}
            className="input mt-1 w-full"
            defaultValue={reply?.intent === "request-documents" ? reply.values.message : ""}
            aria-describedby={errors?.message ? "request-message-error" : undefined}
          />
          <Err id="request-message-error" errors={errors?.message} />
        </div>
        <button type="submit" className="btn-primary">
          Send request
        </button>
      </Form>
    </Panel>
  );
}

/** Confirm or withdraw one of the lender's instant offers. */
export function InstantOfferActions({ offerId, reply }: { offerId: number; reply?: LenderFormReply }) {
  const errors = reply?.intent === "withdraw-offer" && reply.values.offerId === String(offerId) ? reply.errors.reason : undefined;
  return (
    <div className="mt-2 flex flex-wrap items-end gap-3">
      <Form method="post" aria-label={`Confirm offer ${offerId}`}>
        <input type="hidden" name="intent" value="confirm-offer" />
        <input type="hidden" name="offerId" value={offerId} />
        <button type="submit" className="btn-primary">
          Confirm offer
        </button>
      </Form>
      <Form method="post" className="flex flex-wrap items-end gap-2" aria-label={`Withdraw offer ${offerId}`}>
        <input type="hidden" name="intent" value="withdraw-offer" />
        <input type="hidden" name="offerId" value={offerId} />
        <div>
          <label htmlFor={`withdraw-reason-${offerId}`} className="label">
            Reason to withdraw
          </label>
          <input
            id={`withdraw-reason-${offerId}`}
            name="reason"
            required
            maxLength={200}
            className="input mt-1"
            aria-describedby={errors ? `withdraw-reason-${offerId}-error` : undefined}
          />
          <Err id={`withdraw-reason-${offerId}-error`} errors={errors} />
        </div>
        <button type="submit" className="btn-outline">
          Withdraw offer
        </button>
      </Form>
    </div>
  );
}

/** The applicant accepted this lender's offer: start verifying. */
export function MarkVerifyingForm({ reply }: { reply?: LenderFormReply }) {
  return (
    <Panel id="verifying-h" title="Mark verifying">
      <p className="text-sm text-slate-700">
        The applicant accepted your offer. Tell them you are verifying their application (identity, income, documents).
      </p>
      <FormMessage reply={reply} intent="mark-verifying" />
      <Form method="post" aria-label="Mark verifying">
        <input type="hidden" name="intent" value="mark-verifying" />
        <button type="submit" className="btn-primary">
          Mark verifying
        </button>
      </Form>
    </Panel>
  );
}

/** The lender sent the money: the amount (USD) and the funding date. */
export function MarkFundedForm({ reply, amount, today }: { reply?: LenderFormReply; amount: string; today: string }) {
  const mine = reply?.intent === "mark-funded" ? reply : undefined;
  const field = (name: "amount" | "fundedOn", label: string, hint: string, defaultValue: string, inputMode?: "decimal") => {
    const id = `funded-${name}`;
    const errors = mine?.errors[name];
    return (
      <div>
        <label htmlFor={id} className="label">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-700">
          {hint}
        </p>
        <input
          id={id}
          name={name}
          type={name === "fundedOn" ? "date" : "text"}
          inputMode={inputMode}
          required
          defaultValue={mine ? mine.values[name] : defaultValue}
          className="input mt-1 w-full"
          aria-invalid={errors ? true : undefined}
          aria-describedby={[`${id}-hint`, errors ? `${id}-error` : ""].filter(Boolean).join(" ")}
        />
        <Err id={`${id}-error`} errors={errors} />
      </div>
    );
  };
  return (
    <Panel id="funded-h" title="Mark funded">
      <p className="text-sm text-slate-700">Record the money sent to the applicant: at most the accepted offer&apos;s amount.</p>
      <FormMessage reply={reply} intent="mark-funded" />
      <Form method="post" className="grid gap-3 sm:grid-cols-2" aria-label="Mark funded">
        <input type="hidden" name="intent" value="mark-funded" />
        {field("amount", "Amount sent (USD)", "For example 30000 or 29,500.00", amount, "decimal")}
        {field("fundedOn", "Funding date", "YYYY-MM-DD, today or earlier", today)}
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary">
            Mark funded
          </button>
        </div>
      </Form>
    </Panel>
  );
}
