/**
 * Step 5: Business Document Upload. Six areas, several files each, removable until submission.
 * The first upload registers the applicant when needed and creates the draft application; the
 * document service streams, checks, encrypts and commits the file. No document is required.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DocumentArea, DOCUMENTS_ACTION } from "~/components/wizard/document-area";
import { Notice, StepHeading, WizardNav } from "~/components/wizard/wizard-ui";
import { DOCUMENT_AREAS, isDocumentType, shortenFileName } from "~/content/documents";
import { stepPath } from "~/schemas/wizard";
import { ApplicantExistsError, applicationForUpload, draftApplicationId, DraftNotReadyError, loadStep, saveStep, signInKeepingDraft } from "~/services/draft.server";
import { listDocuments, removeDocument, saveUpload, stageUpload, UploadQuotaError } from "~/services/documents.server";
import type { PublicUser } from "~/models/user.server";
import { logError } from "~/utils/log.server";
import { UPLOAD_QUOTA_TEXT } from "~/utils/constants";
import { MSG, TOASTS, uploadedToast, type ToastMessage } from "~/utils/messages";
import { redirectWithToast } from "~/utils/toast.server";
import { useActionToast } from "~/utils/toast-bus";

export const handle = { step: 5 };

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await loadStep(request, 5);
  const applicationId = await draftApplicationId(ctx);
  const docs = applicationId ? await listDocuments(applicationId) : [];
  return { documents: docs.map((d) => ({ id: d.id, documentType: d.documentType, fileName: d.fileName, fileSize: d.fileSize })) };
}

const failed = (area: string | null, message: string, toast: ToastMessage, status: number) =>
  data({ upload: { area: area ?? "", message }, toast: { ...toast, id: crypto.randomUUID() } }, { status });

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await loadStep(request, 5);
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    const areaParam = new URL(request.url).searchParams.get("area");
    const area = isDocumentType(areaParam) ? areaParam : null;
    const staged = await stageUpload(request);
    if (!staged.ok) return failed(area, staged.message, staged.toast, staged.status);
    const out: { registered: PublicUser | null } = { registered: null };
    try {
      const doc = await saveUpload(staged.upload, applicationForUpload(ctx, out));
      const headers = new Headers();
      if (out.registered && ctx.draft) headers.append("set-cookie", await signInKeepingDraft(ctx.session, out.registered, ctx.draft.id));
      return redirectWithToast(DOCUMENTS_ACTION, uploadedToast(shortenFileName(doc.fileName, 25)), { headers });
    } catch (e) {
      if (e instanceof UploadQuotaError) return failed(area, e.message, { ...TOASTS.uploadFailed, description: e.message }, e.status);
      if (e instanceof ApplicantExistsError) return failed(area, MSG.userExists, { ...TOASTS.uploadFailed, description: MSG.userExists }, 409);
      if (e instanceof DraftNotReadyError) {
        const message = e.reason === "missing" ? MSG.uploadMissingId : MSG.draftCreateFailed;
        return failed(area, message, { ...TOASTS.uploadFailed, description: message }, 409);
      }
      logError("wizard.upload", e);
      return failed(area, `${TOASTS.uploadFailed.title} - ${TOASTS.uploadFailed.description}`, TOASTS.uploadFailed, 500);
    }
  }
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "remove") {
    const applicationId = await draftApplicationId(ctx);
    const documentId = Number(formData.get("documentId"));
    if (applicationId && Number.isSafeInteger(documentId)) await removeDocument(documentId, applicationId, { actorUserId: ctx.user?.id ?? null });
    return redirect(DOCUMENTS_ACTION);
  }
  if (intent === "back") return redirect(stepPath(4), { headers: await saveStep(ctx, {}, 4) });
  return redirect(stepPath(6), { headers: await saveStep(ctx, {}, 6) });
}

export default function DocumentsStep() {
  const { documents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  return (
    <>
      <StepHeading step={5} heading="Upload your business documents">
        Upload what you have now; every document is optional and you can continue without any. Each file may be up to 10MB. {UPLOAD_QUOTA_TEXT}
      </StepHeading>
      <Notice tone="info">Your documents are encrypted with 256-bit SSL and are never shared without your consent.</Notice>
      <div className="mt-6 grid gap-4">
        {DOCUMENT_AREAS.map((a) => (
          <DocumentArea
            key={a.type}
            type={a.type}
            label={a.label}
            hint={a.hint}
            accept={a.accept}
            files={documents.filter((d) => d.documentType === a.type)}
            serverError={actionData?.upload?.area === a.type ? actionData.upload.message : null}
          />
        ))}
      </div>
      {actionData?.upload && !actionData.upload.area ? (
        <p role="alert" className="field-error mt-4">
          {actionData.upload.message}
        </p>
      ) : null}
      <Form method="post" action={DOCUMENTS_ACTION}>
        <WizardNav formAction={DOCUMENTS_ACTION} />
      </Form>
    </>
  );
}
