/** The admin's legal hold on an application: while set, the retention run keeps its documents. */
import { Form } from "@remix-run/react";

export function LegalHoldForm({ hold }: { hold: { at: string; reason: string | null } | null }) {
  return (
    <section aria-labelledby="legal-hold-heading" className="rounded-lg border border-slate-200 p-4" data-testid="legal-hold">
      <h3 id="legal-hold-heading" className="font-semibold text-slate-900">
        Legal hold
      </h3>
      {hold ? (
        <p className="mt-1 text-sm text-slate-700">
          On hold since {new Date(hold.at).toISOString().slice(0, 10)}
          {hold.reason ? `: ${hold.reason}` : ""}. The retention run keeps this application&apos;s documents until the hold is cleared.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-700">
          Not on hold. Once declined, withdrawn or closed without an offer, its documents are deleted after 25 months.
        </p>
      )}
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="legal-hold" />
        <input type="hidden" name="hold" value={hold ? "off" : "on"} />
        {hold ? null : (
          <div>
            <label htmlFor="legal-hold-reason" className="label">
              Reason (optional)
            </label>
            <input id="legal-hold-reason" name="reason" maxLength={200} className="input mt-1" />
          </div>
        )}
        <button type="submit" className="btn-outline">
          {hold ? "Clear legal hold" : "Place legal hold"}
        </button>
      </Form>
    </section>
  );
}
