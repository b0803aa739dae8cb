/**
 * Step 5: Business Document Upload. Six areas, several files each, removable until submission.
 * The first upload registers the applicant when needed and creates the draft application; the
 * document service streams, checks, encrypts and commits the file. No document is required.
 * With JavaScript a tile uploads one file as soon as it is chosen (`?area=`); without it the step
 * is one multipart form whose every button (Upload, Remove, Back, Continue) sends the chosen
 * files too, so none is lost.
 */
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useUploadsInFlight } from "~/features/documents/components/upload-progress";
import { ErrorSummary } from "~/ui/error-summary";
import { DocumentArea, DOCUMENTS_ACTION, DOCUMENTS_FORM_ID } from "~/features/documents/components/document-area";
import { Notice, StepHeading, WizardNav } from "~/features/applications/wizard/wizard-ui";
import { DOCUMENT_AREAS, DOCUMENT_PROTECTION, isDocumentType, shortenFileName } from "~/content/document-types";
import { stepPath } from "~/features/applications/wizard/wizard.schema";
import { draftApplicationId, loadStep, saveStep } from "~/features/applications/wizard/draft.server";
import { listDocuments, removeDocument } from "~/features/documents/document-records.server";
import { uploadDocuments, wizardUploadDestination } from "~/features/documents/document-upload.server";
import { areaRefusal, removeReplaced, uploadWizardFile } from "~/features/documents/page-uploads.server";
import { getClientIp } from "~/platform/http/request.server";
import { UPLOAD_QUOTA_TEXT } from "~/content/constants";
import { uploadedManyToast, uploadedToast, type ToastMessage } from "~/content/messages";
import { redirectWithToast } from "~/platform/http/toast.server";
import { useActionToast } from "~/ui/toast-bus";
import { useT } from "~/ui/i18n";
import { useUploadMessage } from "~/features/documents/components/upload-message";

export { retryAfterHeaders as headers } from "~/platform/http/headers";

export const handle = { step: 5 };

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await loadStep(request, 5);
  const applicationId = await draftApplicationId(ctx);
  const docs = applicationId ? await listDocuments(applicationId) : [];
  return {
    documents: docs.map((d) => ({
      id: d.id,
      documentType: d.documentType,
      fileName: d.fileName,
      fileSize: d.fileSize,
      contentType: d.contentType,
    })),
  };
}

const failed = (area: string | null, r: { message: string; toast: ToastMessage; status: number; headers?: Record<string, string> }) =>
  data(
    { upload: { area: area ?? "", message: r.message }, toast: { ...r.toast, id: crypto.randomUUID() } },
    { status: r.status, headers: r.headers },
  );

const withCookies = (cookies: string[]) => {
  const headers = new Headers();
  for (const c of cookies) headers.append("set-cookie", c);
  return headers;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await loadStep(request, 5);
  const areaParam = new URL(request.url).searchParams.get("area");
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "") && areaParam === null)
    return onePageForm(ctx, request, context);
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    // One tile's file, sent by a fetcher (JavaScript without the upload route).
    const out = await uploadWizardFile(request, ctx, areaParam, getClientIp(request, context));
    if (!out.ok) return failed(out.area, out);
    return redirectWithToast(DOCUMENTS_ACTION, out.toast, { headers: withCookies(out.cookies) });
  }
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "remove") {
    const applicationId = await draftApplicationId(ctx);
    const documentId = Number(formData.get("documentId"));
    if (applicationId && Number.isSafeInteger(documentId))
      await removeDocument(documentId, applicationId, { actorUserId: ctx.user?.id ?? null });
    return redirect(DOCUMENTS_ACTION);
  }
  if (intent === "back") return redirect(stepPath(4), { headers: await saveStep(ctx, {}, 4) });
  return redirect(stepPath(6), { headers: await saveStep(ctx, {}, 6) });
}

/**
 * Without JavaScript: the step's one form. Every chosen file is uploaded first (all or none),
 * then the button's intent: Upload stays here, Remove removes, Back and Continue move on.
 */
async function onePageForm(ctx: Awaited<ReturnType<typeof loadStep>>, request: Request, context: AppLoadContext) {
  const result = await uploadDocuments(request, wizardUploadDestination(ctx, getClientIp(request, context)), {
    ip: getClientIp(request, context),
  });
  if (!result.ok) {
    // A refusal before the body was read (too large) belongs to the tile whose Upload was pressed.
    const tile = new URL(request.url).searchParams.get("tile");
    const area = result.area ?? (isDocumentType(tile) ? tile : null);
    return failed(area, areaRefusal(area, result));
  }
  const intent = result.fields.intent ?? "";
  for (const d of result.documents)
    await removeReplaced(
      ctx,
      result.fields[`replace-${d.documentType}`],
      result.documents.map((n) => n.id),
    );
  const saved = result.documents.map((d) => d.fileName);
  const headers = withCookies(result.cookies);
  const toast =
    saved.length === 1 ? uploadedToast(shortenFileName(saved[0]!, 25)) : saved.length > 1 ? uploadedManyToast(saved.length) : null;
  const go = async (to: string) => (toast ? redirectWithToast(to, toast, { headers }) : redirect(to, { headers }));
  if (intent.startsWith("remove:")) {
    const applicationId = await draftApplicationId(ctx);
    const documentId = Number(intent.slice("remove:".length));
    if (applicationId && Number.isSafeInteger(documentId))
      await removeDocument(documentId, applicationId, { actorUserId: ctx.user?.id ?? null });
    return go(DOCUMENTS_ACTION);
  }
  if (intent === "back") {
    for (const [k, v] of await saveStep(ctx, {}, 4)) headers.append(k, v);
    return go(stepPath(4));
  }
  if (intent === "continue") {
    for (const [k, v] of await saveStep(ctx, {}, 6)) headers.append(k, v);
    return go(stepPath(6));
  }
  // Upload: back to this step, at the tile that was used.
  const area = intent.startsWith("upload:") ? intent.slice("upload:".length) : "";
  return go(isDocumentType(area) ? `${DOCUMENTS_ACTION}#area-${area}` : DOCUMENTS_ACTION);
}

export default function DocumentsStep() {
  const { documents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT("apply");
  const message = useUploadMessage();
  useActionToast(actionData?.toast);
  // Continue waits for running uploads, so the review lists every file chosen here.
  const uploading = useUploadsInFlight("upload-");
  // A refused upload without JavaScript: the card's own summary (DocumentArea) links to its file
  // input; a refusal of no card (the form itself) has its summary at the top.
  const refused = actionData?.upload;
  const summary = refused && !isDocumentType(refused.area) ? [{ href: "#documents-error", message: message(refused.message) }] : [];
  return (
    <>
      <StepHeading step={5} heading={t("documents.heading")}>
        {t("documents.intro")} {t("documents.quota", UPLOAD_QUOTA_TEXT)}
      </StepHeading>
      <ErrorSummary items={summary} />
      <Notice tone="info">{t("documents.protection", DOCUMENT_PROTECTION)}</Notice>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {DOCUMENT_AREAS.map((a) => (
          <DocumentArea
            key={a.type}
            type={a.type}
            label={t(`documents.labels.${a.type}`, a.label)}
            hint={t(`documents.hints.${a.type}`, a.hint)}
            accept={a.accept}
            files={documents.filter((d) => d.documentType === a.type)}
            serverError={actionData?.upload?.area === a.type ? message(actionData.upload.message) : null}
          />
        ))}
      </div>
      {actionData?.upload && !actionData.upload.area ? (
        <p id="documents-error" role="alert" className="field-error mt-4">
          {message(actionData.upload.message)}
        </p>
      ) : null}
      <Form id={DOCUMENTS_FORM_ID} method="post" action={DOCUMENTS_ACTION} encType="multipart/form-data">
        <WizardNav formAction={DOCUMENTS_ACTION} continueDisabled={uploading} />
      </Form>
    </>
  );
}
