/**
 * The applications search: a GET form (q, status), so results are linkable and work without
 * JavaScript. With JavaScript the list updates as you type (debounced) or pick a status.
 */
import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { getStatusDisplay } from "~/features/applications";
import { BackOfficeFilterFields } from "./back-office-list";
import { SEARCH_MAX_LENGTH, STATUS_FILTERS, type AdminListParams } from "~/features/back-office/admin.schema";

const SEARCH_DEBOUNCE_MS = 300;

export function ApplicationFilters({ params }: { params: AdminListParams }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const searchRef = useRef<HTMLInputElement>(null);

  // Back/forward or a link changed the query: show it, unless the admin is typing.
  useEffect(() => {
    const el = searchRef.current;
    if (el && document.activeElement !== el && el.value !== params.q) el.value = params.q;
  }, [params.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form
      method="get"
      action="/admin"
      role="search"
      aria-label="Search applications"
      className="flex flex-wrap items-end gap-3"
      onChange={(e) => {
        const form = e.currentTarget;
        const isText = (e.target as HTMLElement).tagName === "INPUT";
        clearTimeout(timer.current);
        timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), isText ? SEARCH_DEBOUNCE_MS : 0);
      }}
    >
      <div className="min-w-[16rem] flex-1">
        <label htmlFor="admin-search" className="label">
          Search by application ID or purpose
        </label>
        <input
          ref={searchRef}
          id="admin-search"
          name="q"
          type="search"
          defaultValue={params.q}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="APP-... or working capital"
          autoComplete="off"
          className="input mt-1"
        />
      </div>
      <div>
        <label htmlFor="admin-status-filter" className="label">
          Status
        </label>
        <select id="admin-status-filter" name="status" defaultValue={params.status} className="input mt-1">
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {s === "all" ? "All statuses" : getStatusDisplay(s).label}
            </option>
          ))}
        </select>
      </div>
      <BackOfficeFilterFields key={`${params.assigned}-${params.queue}`} params={params} />
      {params.sort !== "desc" ? <input type="hidden" name="sort" value={params.sort} /> : null}
      <button type="submit" className="btn-primary">
        Search
      </button>
    </Form>
  );
}
