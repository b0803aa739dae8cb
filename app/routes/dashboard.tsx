/**
 * /dashboard: the signed-in applicant's applications, progress, recent activity, quick actions
 * (including Upload Documents to a submitted application) and account summary.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDate, formatDateTime } from "~/ui/format";
import { activityText } from "~/features/applications/components/activity";
import { ApplicationCard } from "~/features/applications/components/application-card";
import { QUICK_UPLOAD_FORM, UploadDocumentsForm } from "~/features/documents/components/upload-form";
import { AppHeader, AppShell } from "~/ui/app-header";
import { errorPageTitle, RouteErrorCard } from "~/ui/route-error";
import { VerifyEmailBanner } from "~/features/accounts/components/verify-email-banner";
import { APPLICANT_PAGE_DESCRIPTIONS, site } from "~/content/site";
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
import { requireUser, resolveSessionUser } from "~/features/accounts/session/session.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { useActionToast } from "~/ui/toast-bus";
import { ErrorSummary } from "~/ui/error-summary";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? errorPageTitle(error) : `Dashboard | ${site.name}` },
  { name: "description", content: APPLICANT_PAGE_DESCRIPTIONS.dashboard },
];

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
  const [applications, requests, documents, lifecycle, notices, announcements] = await Promise.all([
    withHistory(rows),
    listApplicantDocumentRequests(appIds),
    listApplicantDocuments(appIds),
    lifecycleViewsByIds(appIds),
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
      return a ? [{ reference: r.reference, text: a.text }] : [];
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

/** The refused form's file input, for the summary's link. */
const fileInputOf = (form: string) => (form === QUICK_UPLOAD_FORM ? "upload-file" : `${form}-file`);

export default function Dashboard() {
  const { user, memberSince, applications, activity, draft, backOffice, emailVerified, announcements } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  const refused = actionData?.upload;
  // A loan is active once the lender has funded it, not before.
  const activeLoans = applications.filter((a) => a.lifecycle.stage === "funded").length;
  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader links={DASHBOARD_LINKS} collapse />
      <main id="main" tabIndex={-1} className="focus:outline-none mx-auto max-w-6xl px-4 py-8">
        {/* A refused upload without JavaScript: at the top, linking to the form's file input. */}
        <ErrorSummary items={refused ? [{ href: `#${fileInputOf(refused.form)}`, message: refused.error }] : []} />
        {emailVerified ? null : <VerifyEmailBanner email={user.email} />}
        <ActionNeededBanner applications={applications} requests={backOffice.requests} />
        <h1 className="text-3xl font-bold">Welcome, {user.firstName}</h1>
        <p className="mt-1 text-slate-700">Track your applications and manage your account.</p>
        {announcements.map((a) => (
          <div
            key={a.reference}
            className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border-2 border-blue-700 bg-blue-50 p-4"
            data-testid="offers-announcement"
            data-reference={a.reference}
          >
            <p className="font-bold text-blue-950">
              {a.text}
              <span className="block text-sm font-normal text-slate-800">
                Application <span className="font-mono">{a.reference}</span>
              </span>
            </p>
            <Link to={offersPath(a.reference)} className="btn-primary">
              See your offers<span className="sr-only"> for {a.reference}</span>
            </Link>
          </div>
        ))}
        <dl className="mt-6 grid grid-cols-2 gap-4 sm:max-w-md">
          <div className="card p-4">
            <dt className="text-sm font-medium text-slate-700">Total Applications</dt>
            <dd className="text-2xl font-bold" data-testid="total-applications">
              {applications.length}
            </dd>
          </div>
          <div className="card p-4">
            <dt className="text-sm font-medium text-slate-700">Active Loans</dt>
            <dd className="text-2xl font-bold" data-testid="active-loans">
              {activeLoans}
            </dd>
          </div>
        </dl>
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <section className="card" aria-labelledby="apps-heading">
              <h2 id="apps-heading" className="text-xl font-semibold">
                Current Applications
              </h2>
              <div className="mt-4 space-y-4">
                {draft ? (
                  <div className="rounded-md border border-amber-300 bg-amber-50 p-4" data-testid="open-draft">
                    <p className="font-semibold text-amber-950">You have an unfinished application</p>
                    <p className="text-sm text-amber-950">Last saved {formatDateTime(draft.updatedAt)}</p>
                    <Link to={draft.resumePath} className="btn-primary mt-3">
                      Continue application
                    </Link>
                  </div>
                ) : null}
                {applications.map((a) => (
                  <ApplicationCard key={a.id} app={a}>
                    <SentNotices notices={a.notices} headingLevel="h4" />
                  </ApplicationCard>
                ))}
                {!applications.length && !draft ? <p className="text-slate-700">You have no applications yet.</p> : null}
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
                Recent Activity
              </h2>
              {activity.length ? (
                <ul className="mt-4 divide-y divide-slate-200" data-testid="recent-activity">
                  {activity.map((e) => (
                    <li key={e.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                      <span className="text-slate-900">{activityText(e)}</span>
                      <span className="text-slate-700">{formatDateTime(e.at)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-slate-700">No activity yet.</p>
              )}
            </section>
          </div>
          <div className="space-y-6">
            <section className="card" aria-labelledby="actions-heading">
              <h2 id="actions-heading" className="text-xl font-semibold">
                Quick Actions
              </h2>
              <Link to="/apply" className="btn-primary mt-4 w-full">
                New Application
              </Link>
              <h3 id="upload-heading" className="mt-6 font-semibold">
                Upload Documents
              </h3>
              <div className="mt-2">
                <UploadDocumentsForm applications={applications} error={refused?.form === QUICK_UPLOAD_FORM ? refused.error : null} />
              </div>
              <h3 className="mt-6 font-semibold">Contact Support</h3>
              <div className="mt-2 flex flex-col gap-2">
                <a href={site.supportPhoneHref} className="btn-outline">
                  Call {site.supportPhone}
                </a>
                <a href={`mailto:${site.supportEmail}`} className="btn-outline">
                  E-mail {site.supportEmail}
                </a>
              </div>
            </section>
            <section className="card" aria-labelledby="account-heading">
              <h2 id="account-heading" className="text-xl font-semibold">
                Account Summary
              </h2>
              <dl className="mt-3 space-y-2 text-sm">
                <div>
                  <dt className="font-medium text-slate-700">Name</dt>
                  <dd>
                    {user.firstName} {user.lastName}
                  </dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-700">E-mail</dt>
                  <dd className="break-all">{user.email}</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-700">Phone</dt>
                  <dd>{user.phone || "–"}</dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-700">Member since</dt>
                  <dd>{formatDate(memberSince)}</dd>
                </div>
              </dl>
            </section>
            <section className="card" aria-labelledby="help-heading">
              <h2 id="help-heading" className="text-xl font-semibold">
                Need Help?
              </h2>
              <p className="mt-2 text-sm text-slate-700">Our support team is here for you.</p>
              <ul className="mt-3 space-y-1 text-sm">
                <li>
                  Phone:{" "}
                  <a href={site.supportPhoneHref} className="link">
                    {site.supportPhone}
                  </a>
                </li>
                <li>
                  E-mail:{" "}
                  <a href={`mailto:${site.supportEmail}`} className="link">
                    {site.supportEmail}
                  </a>
                </li>
                <li>Hours: {site.hours}</li>
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
  return (
    <AppShell header={{ links: DASHBOARD_LINKS, collapse: true }}>
      <RouteErrorCard back={{ to: "/dashboard", label: "Reload the dashboard" }} />
    </AppShell>
  );
}
