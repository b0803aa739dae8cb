/**
 * /admin/applications/:id: one application's details (a dialog over the list with JavaScript,
 * a page without) and its status change action.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ApplicationDetails, DetailsTitle } from "~/features/back-office/components/application-details";
import { RouteDialog } from "~/features/back-office/components/details-dialog";
import {
  BACK_OFFICE_SECTION,
  BackOfficePanel,
  backOfficeSummary,
  ColleagueNotice,
} from "~/features/back-office/components/back-office-panel";
import { ErrorSummary, replySummary } from "~/ui/error-summary";
import { isBackOfficeIntent } from "~/features/back-office/back-office.schema";
import { handleBackOfficeForm } from "~/features/back-office/back-office-form.server";
import { backOfficeDetails, recordColleagueChange } from "~/features/back-office/back-office.server";
import { site } from "~/content/site";
import { recordAdminRead } from "~/features/back-office/admin-list-audit.server";
import { listAuditForApplication } from "~/platform/audit-log.server";
import { getApplicationForAdmin } from "~/features/back-office/admin-queries.server";
import { StatusChangeSchema } from "~/features/back-office/admin.schema";
import {
  ApplicationNotFoundError,
  changeStatus,
  RejectionReasonRequiredError,
  StatusChangeRefusedError,
} from "~/features/applications/application-status.server";
import { cancelApplication, lifecycleViewById } from "~/features/marketplace/loan-stage.server";
import { CancelApplicationForm, LifecycleAdminPanel } from "~/features/back-office/components/lifecycle-admin";
import { CancelApplicationSchema } from "~/features/back-office/admin.schema";
import { TOASTS } from "~/content/messages";
import { getClientIp } from "~/platform/http/request.server";
import { requireAdmin, safeRedirect } from "~/features/accounts/session/session.server";
import { redirectWithToast, toastReply } from "~/platform/http/toast.server";
import { useActionToast } from "~/ui/toast-bus";
import { log } from "~/platform/observability/log.server";
import { getLegalHold, setLegalHold } from "~/features/applications/closed-retention.server";
import { LegalHoldForm } from "~/features/back-office/components/legal-hold-form";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.application.reference ?? "Application"} | Admin | ${site.name}` },
];

function applicationIdParam(raw: string | undefined) {
  const id = Number(raw);
  if (!raw || !/^\d{1,10}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  return id;
}

/** Only back into the admin panel; `section` is the fragment of the part acted on (#notes), so the
 *  long page opens there again, without JavaScript as with it. */
function adminRedirect(to: string | undefined, fallback: string, section: string) {
  const safe = safeRedirect(to, fallback);
  const back = /^\/admin(\/|\?|$)/.test(safe) ? safe : fallback;
  // Only the details page itself is long and has the sections; the list (a row's form) is left as sent.
  const toDetails = back.split(/[?#]/)[0] === fallback;
  return toDetails ? `${back.split("#")[0]}#${section}` : back;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = applicationIdParam(params.id);
  const application = await getApplicationForAdmin(id);
  if (!application) throw data(null, { status: 404 });
  await recordAdminRead(admin.id, getClientIp(request, context), "page", { kind: "application", part: "details", applicationId: id });
  const audit = await listAuditForApplication(
    id,
    application.documents.map((d) => d.id),
  );
  const auditTrail = audit.map(({ at, ...entry }) => ({ ...entry, at: at.toISOString() }));
  const [backOffice, lifecycle, hold] = await Promise.all([
    backOfficeDetails(
      id,
      application.documents.map((d) => d.id),
      admin.id,
    ),
    lifecycleViewById(id),
    getLegalHold(id),
  ]);
  const legalHold = hold ? { at: hold.at.toISOString(), reason: hold.reason } : null;
  return { application, auditTrail, backOffice, lifecycle, legalHold };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = applicationIdParam(params.id);
  const formData = await request.formData();
  // Back office: assignment, document requests, reviews and notes post here too.
  const intent = formData.get("intent");
  if (isBackOfficeIntent(intent)) {
    const out = await handleBackOfficeForm(admin.id, id, intent, formData, { ip: getClientIp(request, context) });
    if (!out.ok && out.status === 404) throw data(null, { status: 404 });
    if (!out.ok) return data({ result: undefined, toast: null, backOffice: { intent: out.intent, errors: out.errors } }, { status: 400 });
    return redirectWithToast(adminRedirect(out.redirectTo, `/admin/applications/${id}`, BACK_OFFICE_SECTION[intent]), out.toast);
  }
  // The legal hold (retention keeps a held application's documents); audited by setLegalHold.
  if (intent === "legal-hold") {
    const hold = formData.get("hold") === "on";
    const reason = String(formData.get("reason") ?? "")
      .trim()
      .slice(0, 200);
    const found = await setLegalHold({ applicationId: id, hold, reason, actorUserId: admin.id, ip: getClientIp(request, context) });
    if (!found) throw data(null, { status: 404 });
    return redirectWithToast(`/admin/applications/${id}`, {
      title: hold ? "Legal hold placed" : "Legal hold cleared",
      description: hold ? "Its documents are kept until the hold is cleared." : "The retention schedule applies again.",
    });
  }
  // The explicit, reasoned cancellation (the only way back from an accepted offer).
  if (intent === "cancel-application") {
    const cancel = parseWithZod(formData, { schema: CancelApplicationSchema });
    if (cancel.status !== "success") return data({ result: undefined, toast: null, cancel: cancel.reply() }, { status: 400 });
    const out = await cancelApplication(id, cancel.value.reason, { userId: admin.id, role: "admin", ip: getClientIp(request, context) });
    if (!out.ok && out.status === 404) throw data(null, { status: 404 });
    if (!out.ok)
      return data({ result: undefined, toast: null, cancel: cancel.reply({ formErrors: [out.message] }) }, { status: out.status });
    await recordColleagueChange(admin.id, id, `cancelled: ${out.result.from} -> withdrawn`, { ip: getClientIp(request, context) });
    return redirectWithToast(`/admin/applications/${id}#status`, {
      title: "Application cancelled",
      description: "The applicant has been e-mailed the reason.",
    });
  }
  const submission = parseWithZod(formData, { schema: StatusChangeSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null }, { status: 400 });
  }
  const { status, note, redirectTo } = submission.value;
  try {
    const change = await changeStatus(admin.id, id, status, note, { ip: getClientIp(request, context) });
    if (change.changed)
      await recordColleagueChange(admin.id, id, `status ${change.from} -> ${change.to}`, { ip: getClientIp(request, context) });
  } catch (e) {
    if (e instanceof ApplicationNotFoundError) throw data(null, { status: 404 });
    if (e instanceof RejectionReasonRequiredError)
      return data({ result: submission.reply({ fieldErrors: { note: [e.message] } }), toast: null }, { status: 400 });
    if (e instanceof StatusChangeRefusedError)
      return data({ result: submission.reply({ formErrors: [e.message] }), toast: null }, { status: 409 });
    log.error("[admin] status change failed");
    return toastReply(submission, TOASTS.statusUpdateFailed, { status: 500 });
  }
  return redirectWithToast(adminRedirect(redirectTo, `/admin/applications/${id}`, "status"), TOASTS.statusUpdated);
}

export default function ApplicationDetailsRoute() {
  const { application, auditTrail, backOffice, lifecycle, legalHold } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const hydrated = useHydrated();
  useActionToast(actionData?.toast);
  const listHref = `/admin${location.search}`;
  const selfHref = `${location.pathname}${location.search}`;
  const rejectRequested = Boolean((location.state as { reject?: boolean } | null)?.reject);
  const titleId = "application-details-title";
  // A refused form: its errors at the top, each a link to its field further down.
  const statusFormId = `status-change-${application.id}`;
  const cancelFormId = `cancel-application-${application.id}`;
  const summary = [
    ...replySummary(actionData?.result?.error, (name) => (name ? `${statusFormId}-${name}` : `${statusFormId}-error`)),
    ...replySummary(actionData && "cancel" in actionData ? actionData.cancel?.error : null, (name) =>
      name ? `${cancelFormId}-${name}` : `${cancelFormId}-error`,
    ),
    ...backOfficeSummary(actionData && "backOffice" in actionData ? actionData.backOffice : null, application.id),
  ];
  const details = (
    <>
      <ErrorSummary items={summary} />
      <ApplicationDetails
        key={`${application.id}-${application.status}`}
        application={application}
        redirectTo={selfHref}
        lastResult={actionData?.result}
        rejectRequested={rejectRequested}
        auditTrail={auditTrail}
        statusNotice={
          <>
            {lifecycle ? <LifecycleAdminPanel view={lifecycle} /> : null}
            {lifecycle ? (
              <CancelApplicationForm
                applicationDbId={application.id}
                stage={lifecycle.stage}
                lastResult={actionData && "cancel" in actionData ? actionData.cancel : undefined}
              />
            ) : null}
            <ColleagueNotice view={backOffice} />
            <LegalHoldForm hold={legalHold} />
          </>
        }
        backOffice={
          <BackOfficePanel
            key={`${backOffice.notes.length}-${backOffice.requests.length}-${Object.values(backOffice.reviews)
              .map((r) => r.reviewedAt)
              .join()}-${backOffice.assignment?.assigneeUserId ?? 0}`}
            applicationDbId={application.id}
            documents={application.documents}
            view={backOffice}
            redirectTo={selfHref}
            errors={actionData && "backOffice" in actionData ? actionData.backOffice : null}
          />
        }
      />
    </>
  );
  if (hydrated) {
    return (
      <RouteDialog labelledBy={titleId} closeHref={listHref} title={<DetailsTitle application={application} id={titleId} />}>
        {details}
      </RouteDialog>
    );
  }
  return (
    <section aria-labelledby={titleId} className="card space-y-4">
      <Link to={listHref} className="link">
        ← Back to applications
      </Link>
      <DetailsTitle application={application} id={titleId} />
      {details}
    </section>
  );
}
