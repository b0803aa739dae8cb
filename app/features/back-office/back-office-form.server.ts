/**
 * The back-office forms of an application's details page (one POST to /admin/applications/:id,
 * told apart by `intent`): parse with the shared schema, run the workflow, and say where to go or
 * which field errors to show. The route calls this after its own admin guard.
 */
import { parseWithZod } from "@conform-to/zod";
import {
  AddNoteFormSchema,
  AssignFormSchema,
  BACK_OFFICE_MSG,
  BACK_OFFICE_TOASTS,
  RequestDocumentsFormSchema,
  ReviewDocumentFormSchema,
  type BackOfficeIntent,
} from "~/features/back-office/back-office.schema";
import type { ToastMessage } from "~/content/messages";
import {
  addInternalNote,
  assignApplication,
  AssigneeNotAdminError,
  BackOfficeNotFoundError,
  requestDocuments,
  reviewDocument,
} from "./back-office.server";

export type BackOfficeFormResult =
  | { ok: true; toast: ToastMessage; redirectTo: string | undefined }
  | { ok: false; status: 400 | 404; intent: BackOfficeIntent; errors: Record<string, string[]> };

const invalid = (
  intent: BackOfficeIntent,
  errors: Record<string, string[] | null | undefined> | null | undefined,
): BackOfficeFormResult => {
  const clean: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors ?? {})) if (v?.length) clean[k] = v;
  return { ok: false, status: 400, intent, errors: clean };
};

export async function handleBackOfficeForm(
  adminId: number,
  applicationId: number,
  intent: BackOfficeIntent,
  formData: FormData,
  meta: { ip?: string | null },
): Promise<BackOfficeFormResult> {
  try {
    switch (intent) {
      case "request-documents": {
        const s = parseWithZod(formData, { schema: RequestDocumentsFormSchema });
        if (s.status !== "success") return invalid(intent, s.error);
        const { held } = await requestDocuments(adminId, applicationId, s.value, meta);
        // Say what really happened: an e-mail to an unverified address is held, not sent.
        return {
          ok: true,
          toast: held ? BACK_OFFICE_TOASTS.requestCreatedHeld : BACK_OFFICE_TOASTS.requestCreated,
          redirectTo: s.value.redirectTo,
        };
      }
      case "review-document": {
        const s = parseWithZod(formData, { schema: ReviewDocumentFormSchema });
        if (s.status !== "success") return invalid(intent, s.error);
        const { documentId, redirectTo, intent: _i, ...review } = s.value;
        await reviewDocument(adminId, documentId, review, { ...meta, applicationId });
        return { ok: true, toast: BACK_OFFICE_TOASTS.reviewSaved, redirectTo };
      }
      case "add-note": {
        const s = parseWithZod(formData, { schema: AddNoteFormSchema });
        if (s.status !== "success") return invalid(intent, s.error);
        await addInternalNote(adminId, applicationId, s.value.body, meta);
        return { ok: true, toast: BACK_OFFICE_TOASTS.noteAdded, redirectTo: s.value.redirectTo };
      }
      case "assign": {
        const s = parseWithZod(formData, { schema: AssignFormSchema });
        if (s.status !== "success") return invalid(intent, s.error);
        await assignApplication(adminId, applicationId, s.value.assigneeId === "none" ? null : s.value.assigneeId, meta);
        return { ok: true, toast: BACK_OFFICE_TOASTS.assigned, redirectTo: s.value.redirectTo };
      }
    }
  } catch (e) {
    if (e instanceof BackOfficeNotFoundError) return { ok: false, status: 404, intent, errors: {} };
    if (e instanceof AssigneeNotAdminError) return invalid(intent, { assigneeId: [BACK_OFFICE_MSG.assigneeInvalid] });
    throw e;
  }
}
