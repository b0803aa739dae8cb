import { parseWithZod } from "~/platform/http/parse-form";
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { StatusHelpCard, StatusLookupForm, StatusResultCard } from "~/features/applications/components/status-lookup-ui";
import { site } from "~/content/site";
import { StatusLookupSchema } from "~/features/applications/status-lookup.schema";
import { lookupApplicationStatus } from "~/features/applications/status-lookup.server";
import { MSG } from "~/content/messages";
import { getClientIp } from "~/platform/http/request.server";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";
import { useT } from "~/ui/i18n";

export const meta: MetaFunction = ({ location, matches }) => [
  { title: fill(resourcesFor(languageOfMatches(matches)).public.status.title, { site: site.name }) },
  { name: "description", content: resourcesFor(languageOfMatches(matches)).public.status.description },
  // A result page (?id=...) is for its owner only.
  ...(location.search ? [{ name: "robots", content: "noindex" }] : []),
];

/** Passes Retry-After (throttled lookups) through to the document response. */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (!params.has("id")) return { result: null, application: null };
  const submission = parseWithZod(params, { schema: StatusLookupSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), application: null }, { status: 400 });
  const outcome = await lookupApplicationStatus(submission.value.id, getClientIp(request, context));
  if (outcome.kind === "found") return { result: submission.reply(), application: outcome.application };
  return data(
    { result: submission.reply({ formErrors: [outcome.message] }), application: null },
    { status: outcome.status, headers: outcome.kind === "throttled" ? outcome.headers : undefined },
  );
}

function StatusLayout({ form, result, showTimeline = true }: { form: ReactNode; result?: ReactNode; showTimeline?: boolean }) {
  const { t } = useT("public");
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t("status.heading")}</h1>
      <p className="mt-2 max-w-2xl text-slate-700">{t("status.intro")}</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section className="card" aria-label={t("status.lookUp")}>
            {form}
          </section>
          {result}
        </div>
        <StatusHelpCard showTimeline={showTimeline} />
      </div>
    </div>
  );
}

export default function ApplicationStatusPage() {
  const { result, application } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // After a lookup made with JavaScript, move focus to the answer (not on the first load).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [location.key]);
  return (
    <StatusLayout
      form={<StatusLookupForm lastResult={result} defaultId={searchParams.get("id") ?? ""} />}
      result={application ? <StatusResultCard ref={headingRef} application={application} /> : null}
      showTimeline={application?.lifecycle ? application.lifecycle.fundingAhead : true}
    />
  );
}

/** Anything thrown while loading or rendering this route: the form again, with the product's 'try again later'. */
export function ErrorBoundary() {
  const [searchParams] = useSearchParams();
  return <StatusLayout form={<StatusLookupForm defaultId={searchParams.get("id") ?? ""} message={MSG.statusUnavailable} />} />;
}
