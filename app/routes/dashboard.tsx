/**
 * /dashboard: the signed-in applicant's applications, progress, recent activity, quick actions
 * (including Upload Documents to a submitted application) and account summary.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useActivityText } from "~/features/applications/components/activity";
import { useFormat } from "~/ui/locale-format";
import { useT } from "~/ui/i18n";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { ApplicationCard } from "~/features/applications/components/application-card";
import { QUICK_UPLOAD_FORM, UploadDocumentsForm } from "~/features/documents/components/upload-form";
import { AppHeader, AppShell } from "~/ui/app-header";
import { errorPageTitle, RouteErrorCard } from "~/ui/route-error";
import { VerifyEmailBanner } from "~/features/accounts/components/verify-email-banner";
import { site } from "~/content/site";
import {
  getOpenDraftForUser,
  listApplicantDocumentRequests,
  listApplicantDocuments,
  listApplicationRowsForUser,
  listRecentActivityForUser,
  withHistory,
} from "~/features/applications/applicant-views.server";
import { lifecycleViewsByIds } from "~/features/marketplace/loan-stage.server";
import { listApplicantNotices } from "~/features/marketplace/applicant-visible.server";
import { offerAnnouncements } from "~/features/marketplace/marketplace.server";
import { offersPath } from "~/features/marketplace";
import { SentNotices } from "~/features/marketplace/components/sent-notices";
import { dashboardFormId, uploadDashboardFile } from "~/features/documents/page-uploads.server";
import { ActionNeededBanner, DocumentsAndRequests } from "~/features/documents/components/documents-and-requests";
import { getClientIp } from "~/platform/http/request.server";
import { getLanguage } from "~/platform/http/language.server";
import { requireUser, resolveSessionUser } from "~/features/accounts/session/session.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { useActionToast } from "~/ui/toast-bus";

export const meta: MetaFunction = ({ error, matches }) => {
  const lng = languageOfMatches(matches);
  const { dashboard } = resourcesFor(lng);
  return [
    { title: error ? errorPageTitle(error, lng) : fill(dashboard.pageTitle, { site: site.name }) },
    { name: "description", content: dashboard.description },
  ];
};

const DASHBOARD_LINKS = [
  { to: "/", label: "Home" },
  { to: "/account", label: "Account settings" },
  { to: "/account/data", label: "My data" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [rows, activity, draft, account] = await Promise.all([
    listApplicationRowsForUser(user.id),
    listRecentActivityForUser(user.id),
    getOpenDraftForUser(user.id),
    // The account row requireUser just read (memoized for this request): no second query.
    resolveSessionUser(request).then((r) => r.record),
  ]);
  // Then, at once, what hangs off those applications: their progress, the back office's open
  // requests and each document's review state, as the applicant may see them (never who reviewed).
  const appIds = rows.map((a) => a.id);
  // A no-lender-match's reasons and next steps in the page's language (the rest is translated at render).
  const language = await getLanguage(request);
  const [applications, requests, documents, lifecycle, notices, announcements] = await Promise.all([
    withHistory(rows),
    listApplicantDocumentRequests(appIds),
    listApplicantDocuments(appIds),
    lifecycleViewsByIds(appIds, language),
    listApplicantNotices(appIds),
    offerAnnouncements(appIds),
  ]);
  return {
    backOffice: { requests, documents },
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone },
    memberSince: account?.createdAt.toISOString() ?? null,
    applications: applications.flatMap((a) => {
      const view = lifecycle.get(a.id);
      return view ? [{ ...a, lifecycle: view, notices: notices.get(a.id) ?? [] }] : [];
    }),
    // At the top: "3 offers ready, from 16.79% APR" for each application with offers to choose now.
    announcements: rows.flatMap((r) => {
      const a = announcements.get(r.id);
      return a ? [{ reference: r.reference, text: a.text, count: a.count, apr: (a.lowestAprBps / 100).toFixed(2) }] : [];
    }),
    activity,
    draft: draft ? { updatedAt: draft.updatedAt.toISOString(), resumePath: draft.resumePath } : null,
    emailVerified: Boolean(account?.emailVerifiedAt),
  };
}

/** A plain form post (without JavaScript): the page again with the form's error, or back with a toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = dashboardFormId(new URL(request.url).searchParams.get("form"));
  const out = await uploadDashboardFile(request, user, getClientIp(request, context));
  if (!out.ok)
    return data(
      { upload: { form, error: out.message }, toast: { ...out.toast, id: crypto.randomUUID() } },
      { status: out.status, headers: out.headers },
    );
  return redirectWithToast("/dashboard", out.toast);
}

/** A template's words around one value, the value a text node of its own (so English renders as it always did: "Welcome, <!-- -->Casey"). */
const VALUE = "\u0000";
function aroundValue(text: string, value: string) {
  const [before = "", after = ""] = text.split(VALUE);
  return (
    <>
      {before}
      {value}
      {after}
    </>
  );
}

export default function Dashboard() {
  const { user, memberSince, applications, activity, draft, backOffice, emailVerified, announcements } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  const refused = actionData?.upload;
  const { t } = useT("dashboard");
  const { t: tApply } = useT("apply");
  const { t: tCommon } = useT("common");
  const f = useFormat();
  const activityText = useActivityText();
  // A loan is active once the lender has funded it, not before.
  const activeLoans = applications.filter((a) => a.lifecycle.stage === "funded").length;
  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader links={DASHBOARD_LINKS} collapse />
      <main id="main" tabIndex={-1} className="focus:outline-none mx-auto max-w-6xl px-4 py-8">
        {emailVerified ? null : <VerifyEmailBanner email={user.email} />}
        <ActionNeededBanner applications={applications} requests={backOffice.requests} />
        <h1 className="text-3xl font-bold">{aroundValue(t("welcome", { name: VALUE }), user.firstName)}</h1>
        <p className="mt-1 text-slate-700">{t("intro")}</p>
        {announcements.map((a) => (
          <div
            key={a.reference}
            className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border-2 border-blue-700 bg-blue-50 p-4"
            data-testid="offers-announcement"
            data-reference={a.reference}
          >
            <p className="font-bold text-blue-950">
              {tApply("submitted.offersReady", { count: a.count, apr: a.apr, defaultValue: a.text })}
              <span className="block text-sm font-normal text-slate-800">
                {t("application")} <span className="font-mono">{a.reference}</span>
              </span>
            </p>
            <Link to={offersPath(a.reference)} className="btn-primary">
              {t("seeOffers")}
              <span className="sr-only">{t("forReference", { reference: a.reference })}</span>
            </Link>
          </div>
        ))}
        <dl className="mt-6 grid grid-cols-2 gap-4 sm:max-w-md">
          <div className="card p-4">
            <dt className="text-sm font-medium text-slate-700">{t("totalApplications")}</dt>
            <dd className="text-2xl font-bold" data-testid="total-applications">
              {applications.length}
            </dd>
          </div>
          <div className="card p-4">
            <dt className="text-sm font-medium text-slate-700">{t("activeLoans")}</dt>
            <dd className="text-2xl font-bold" data-testid="active-loans">
              {activeLoans}
            </dd>
          </div>
        </dl>
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <section className="card" aria-labelledby="apps-heading">
              <h2 id="apps-heading" className="text-xl font-semibold">
                {t("currentApplications")}
              </h2>
              <div className="mt-4 space-y-4">
                {draft ? (
                  <div className="rounded-md border border-amber-300 bg-amber-50 p-4" data-testid="open-draft">
                    <p className="font-semibold text-amber-950">{t("unfinished")}</p>
                    <p className="text-sm text-amber-950">{t("lastSaved", { when: f.dateTime(draft.updatedAt) })}</p>
                    <Link to={draft.resumePath} className="btn-primary mt-3">
                      {t("continueApplication")}
                    </Link>
                  </div>
                ) : null}
                {applications.map((a) => (
                  <ApplicationCard key={a.id} app={a}>
                    <SentNotices notices={a.notices} headingLevel="h4" />
                  </ApplicationCard>
                ))}
                {!applications.length && !draft ? <p className="text-slate-700">{t("noApplications")}</p> : null}
              </div>
            </section>
            <DocumentsAndRequests
              applications={applications}
              requests={backOffice.requests}
              documents={backOffice.documents}
              uploadError={refused}
            />
            <section className="card" aria-labelledby="activity-heading">
              <h2 id="activity-heading" className="text-xl font-semibold">
                {t("recentActivity")}
              </h2>
              {activity.length ? (
                <ul className="mt-4 divide-y divide-slate-200" data-testid="recent-activity">
                  {activity.map((e) => (
                    <li key={e.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                      <span className="text-slate-900">{activityText(e)}</span>
                      <span className="text-slate-700">{f.dateTime(e.at)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-slate-700">{t("noActivity")}</p>
              )}
            </section>
          </div>
          <div className="space-y-6">
            <section className="card" aria-labelledby="actions-heading">
              <h2 id="actions-heading" className="text-xl font-semibold">
                {t("quickActions")}
              </h2>
              <Link to="/apply" className="btn-primary mt-4 w-full">
                {t("newApplication")}
              </Link>
              <h3 id="upload-heading" className="mt-6 font-semibold">
                {t("uploadDocuments")}
              </h3>
              <div className="mt-2">
                <UploadDocumentsForm applications={applications} error={refused?.form === QUICK_UPLOAD_FORM ? refused.error : null} />
              </div>
              <h3 className="mt-6 font-semibold">{t("contactSupport")}</h3>
              <div className="mt-2 flex flex-col gap-2">
                <a href={site.supportPhoneHref} className="btn-outline">
                  {t("call", { phone: site.supportPhone })}
                </a>
                <a href={`mailto:${site.supportEmail}`} className="btn-outline">
                  {t("emailUs", { email: site.supportEmail })}
                </a>
              </div>
            </section>
            <section className="card" aria-labelledby="account-heading">
              <h2 id="account-heading" className="text-xl font-semibold">
                {t("accountSummary")}
              </h2>
              <dl className="mt-3 space-y-2 text-sm">
                <div>
                  <dt className="font-medium text-slate-700">{t("name")}</dt>
                  <dd>
                    {user.firstName} {user.lastName}
                  </dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-700">{t("email")}</dt>
                  <dd className="break-all">{user.email}</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-700">{t("phone")}</dt>
                  <dd>{user.phone || "–"}</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-700">{t("memberSince")}</dt>
                  <dd>{f.date(memberSince)}</dd>
                </div>
              </dl>
            </section>
            <section className="card" aria-labelledby="help-heading">
              <h2 id="help-heading" className="text-xl font-semibold">
                {t("needHelp")}
              </h2>
              <p className="mt-2 text-sm text-slate-700">{t("supportHere")}</p>
              <ul className="mt-3 space-y-1 text-sm">
                <li>
                  {t("phoneLabel")}{" "}
                  <a href={site.supportPhoneHref} className="link">
                    {site.supportPhone}
                  </a>
                </li>
                <li>
                  {t("emailLabel")}{" "}
                  <a href={`mailto:${site.supportEmail}`} className="link">
                    {site.supportEmail}
                  </a>
                </li>
                <li>
                  {t("hoursLabel")} {tCommon("footer.hours")}
                </li>
              </ul>
            </section>
          </div>
        </div>
      </main>
    </div>
  );
}

/** A failure while loading the dashboard shows in place, under its header. */
export function ErrorBoundary() {
  const { t } = useT("dashboard");
  return (
    <AppShell header={{ links: DASHBOARD_LINKS, collapse: true }}>
      <RouteErrorCard back={{ to: "/dashboard", label: t("reload") }} />
    </AppShell>
  );
}
