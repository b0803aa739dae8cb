/**
 * /dashboard/applications/:reference/about-owners: the optional section 1071 questions about the
 * business's principal owners (app/content/demographics.ts). The answers go to a table of their own
 * (owner_demographics) that no underwriting view reads. Works without JavaScript (plain radios).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/features/accounts/session/session.server";
import { getSubmittedApplicationByReference } from "~/features/applications/applications.server";
import { getOwnerDemographics, saveOwnerDemographics } from "~/features/applications/owner-demographics.server";
import { DemographicsSchema } from "~/features/applications/demographics.schema";
import { DEMOGRAPHIC_KEYS, DEMOGRAPHIC_QUESTIONS, DEMOGRAPHICS_INVALID, NO_DEMOGRAPHIC_ANSWERS } from "~/content/demographics";
import { APPLICANT_TOASTS } from "~/content/messages";
import { redirectWithToast } from "~/platform/http/toast.server";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { AppShell } from "~/ui/app-header";
import { useT } from "~/ui/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: fill(resourcesFor(languageOfMatches(matches)).dashboard.aboutOwners.pageTitle, { site: site.name }) },
];

type T = (key: string, values?: Record<string, string | number>) => string;

async function ownApplication(request: Request, reference: string | undefined) {
  const user = await requireUser(request);
  const app = reference ? await getSubmittedApplicationByReference(reference) : null;
  if (!app || app.userId !== user.id) throw new Response("Not found", { status: 404 });
  return app;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const app = await ownApplication(request, params.reference);
  const answers = await getOwnerDemographics(app.id);
  return { reference: app.reference, answers: answers ?? NO_DEMOGRAPHIC_ANSWERS };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const app = await ownApplication(request, params.reference);
  const parsed = DemographicsSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: DEMOGRAPHICS_INVALID }, { status: 400 });
  await saveOwnerDemographics(app.id, parsed.data);
  return redirectWithToast(`/dashboard/applications/${app.reference}/about-owners`, APPLICANT_TOASTS.answersSaved);
}

export default function AboutOwnersPage() {
  const { reference, answers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t: translate } = useT("dashboard");
  const t = translate as unknown as T;
  // The action answers in English (DEMOGRAPHICS_INVALID); shown in the page's language.
  const error = actionData?.error === DEMOGRAPHICS_INVALID ? t("aboutOwners.invalid") : actionData?.error;
  return (
    // In the applicant's shell like the offers page: the header, and the <main id="main"> the skip link leads to.
    <AppShell width="3xl" header={{ links: [{ to: "/dashboard", label: "Dashboard" }] }}>
      <article>
        <p className="text-sm">
          <Link to="/dashboard" className="link">
            {t("aboutOwners.back")}
          </Link>
        </p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t("aboutOwners.heading")}</h1>
        <p className="mt-2 text-sm text-slate-700">{t("aboutOwners.application", { reference })}</p>
        <p className="mt-4 text-slate-700" data-testid="demographics-intro">
          {t("aboutOwners.intro")}
        </p>
        {error ? (
          <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <Form method="post" className="mt-6 space-y-6">
          {DEMOGRAPHIC_KEYS.map((key) => {
            const q = DEMOGRAPHIC_QUESTIONS[key];
            return (
              <fieldset key={key} className="rounded-lg border border-slate-200 p-4" aria-describedby={q.hint ? `${key}-hint` : undefined}>
                <legend className="px-1 font-semibold text-slate-900">{t(`aboutOwners.legends.${key}`)}</legend>
                {q.hint ? (
                  <p id={`${key}-hint`} className="mt-1 text-sm text-slate-700">
                    {t(`aboutOwners.hints.${key}`)}
                  </p>
                ) : null}
                <div className="mt-2 space-y-2">
                  {q.options.map((o) => (
                    <div key={o.value} className="flex items-start gap-3">
                      <input
                        type="radio"
                        id={`${key}-${o.value}`}
                        name={key}
                        value={o.value}
                        defaultChecked={answers[key] === o.value}
                        className="mt-1 h-4 w-4 shrink-0"
                      />
                      <label htmlFor={`${key}-${o.value}`} className="text-sm text-slate-800">
                        {t(`aboutOwners.answers.${o.value}`, { defaultValue: o.label })}
                      </label>
                    </div>
                  ))}
                </div>
              </fieldset>
            );
          })}
          <button type="submit" className="btn-primary">
            {t("aboutOwners.save")}
          </button>
        </Form>
      </article>
    </AppShell>
  );
}
