/**
 * The details' status form: new status and a note; the note is required when rejecting (it is
 * the reason the applicant's adverse-action e-mail states). Conform + the shared zod schema:
 * validated live with JavaScript, re-rendered with the same messages without it.
 */
import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { isAdminStatus, StatusOptions } from "./status-options";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ErrorList, FormError } from "~/ui/forms";
import { NOTE_MAX_LENGTH, StatusChangeSchema } from "~/features/back-office/admin.schema";
import { useIsPending } from "~/ui/misc";

export function StatusChangeForm({
  applicationDbId,
  currentStatus,
  redirectTo,
  lastResult,
  rejectRequested,
}: {
  applicationDbId: number;
  currentStatus: string;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
  rejectRequested?: boolean;
}) {
  const action = `/admin/applications/${applicationDbId}`;
  const pending = useIsPending({ formAction: action });
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const known = isAdminStatus(currentStatus);
  const [form, fields] = useForm({
    id: `status-change-${applicationDbId}`,
    constraint: getZodConstraint(StatusChangeSchema),
    lastResult,
    defaultValue: { status: rejectRequested ? "rejected" : known ? currentStatus : "", note: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StatusChangeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const rejecting = fields.status.value === "rejected";

  useEffect(() => {
    if (rejectRequested) noteRef.current?.focus();
  }, [rejectRequested]);

  const { key: selectKey, ...selectProps } = getSelectProps(fields.status);
  const { key: noteKey, ...noteProps } = getTextareaProps(fields.note);
  return (
    <Form method="post" action={action} className="space-y-3" {...getFormProps(form)}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div>
        <label htmlFor={fields.status.id} className="label">
          New status
        </label>
        <select key={selectKey} {...selectProps} className="input mt-1">
          <StatusOptions current={currentStatus} />
        </select>
        <ErrorList meta={fields.status} />
      </div>
      <div>
        <label htmlFor={fields.note.id} className="label">
          {rejecting ? "Reason for the rejection (required, e-mailed to the applicant)" : "Note (optional)"}
        </label>
        <textarea key={noteKey} {...noteProps} ref={noteRef} rows={3} maxLength={NOTE_MAX_LENGTH} className="input mt-1" />
        <ErrorList meta={fields.note} />
      </div>
      <FormError id={form.errorId} errors={form.errors} />
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? "Updating..." : "Update Status"}
      </button>
    </Form>
  );
}
