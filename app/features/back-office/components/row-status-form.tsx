/**
 * The status control of one table row: a real form (select + Update) that works without
 * JavaScript. With JavaScript it submits as soon as a status is picked; picking 'rejected' opens
 * the details instead, where the reason for the rejection is asked.
 */
import { Form, useNavigate, useSubmit } from "@remix-run/react";
import { isAdminStatus, StatusOptions } from "./status-options";
import { useHydrated } from "remix-utils/use-hydrated";

export function RowStatusForm({
  id,
  reference,
  status,
  listHref,
  detailsHref,
}: {
  id: number;
  reference: string;
  status: string;
  listHref: string;
  detailsHref: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigate = useNavigate();
  const known = isAdminStatus(status);
  const selectId = `row-status-${id}`;
  return (
    <Form
      method="post"
      action={`/admin/applications/${id}`}
      preventScrollReset
      className="flex items-center gap-2"
      data-testid="row-status-form"
    >
      <input type="hidden" name="redirectTo" value={listHref} />
      <label htmlFor={selectId} className="sr-only">
        Status of {reference}
      </label>
      <select
        id={selectId}
        name="status"
        defaultValue={known ? status : ""}
        className="input w-auto py-1 text-sm"
        onChange={
          hydrated
            ? (e) => {
                const value = e.currentTarget.value;
                if (value === "rejected") {
                  e.currentTarget.value = known ? status : "";
                  navigate(detailsHref, { state: { reject: true }, preventScrollReset: true });
                  return;
                }
                submit(e.currentTarget.form, { replace: true, preventScrollReset: true });
              }
            : undefined
        }
      >
        <StatusOptions current={status} />
      </select>
      <button type="submit" className="btn-outline px-3 py-1">
        Update
        <span className="sr-only"> status of {reference}</span>
      </button>
    </Form>
  );
}
