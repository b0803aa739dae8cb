import { type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PartnerGuide } from "~/features/partners/components/partner-guide";
import { site } from "~/content/site";
import { apiEndpointSummaries } from "~/platform/api/openapi.server";
import { API_ROUTES } from "./api.openapi[.json]/api-catalogue.server";

export { staticPageHandle as handle } from "~/platform/http/cache";

export const meta: MetaFunction = () => [
  { title: `API | ${site.name}` },
  { name: "description", content: "The JSON API for integrators: every endpoint, its method, path and who may call it." },
];

export async function loader() {
  return { endpoints: apiEndpointSummaries(API_ROUTES) };
}

const AUTH_LABEL = { none: "Anyone", user: "Signed in", admin: "Admin", partner: "API key" } as const;

export default function ApiDocsPage() {
  const { endpoints } = useLoaderData<typeof loader>();
  const tags = [...new Set(endpoints.map((e) => e.tag))];
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">API</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        The JSON API behind the application. It uses the same cookie session as the website: sign in with{" "}
        <code className="rounded bg-slate-100 px-1">POST /api/auth/login</code> and send the cookie back. Errors are JSON{" "}
        <code className="rounded bg-slate-100 px-1">{'{ "message": "..." }'}</code>, with the errors of each field when validation fails.
        Calls that change something must come from this site (a browser on another site is refused) or from a client that sends no Origin
        header and a JSON body.
      </p>
      <p className="mt-2 text-slate-700">
        The machine-readable description is the{" "}
        <a href="/api/openapi.json" className="link">
          OpenAPI 3.1 document
        </a>
        . Partners call it with their own API keys instead of a cookie: see the{" "}
        <a href="#partner-guide" className="link">
          partner guide
        </a>{" "}
        below.
      </p>
      {tags.map((tag) => (
        <section key={tag} className="mt-10" aria-labelledby={`api-${tag.replace(/\W+/g, "-")}`}>
          <h2 id={`api-${tag.replace(/\W+/g, "-")}`} className="text-xl font-semibold text-slate-900">
            {tag}
          </h2>
          <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={`${tag} endpoints`}>
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">{tag} endpoints</caption>
              <thead>
                <tr className="border-b border-slate-300 text-slate-900">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Method
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Path
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Who may call
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    What it does
                  </th>
                </tr>
              </thead>
              <tbody>
                {endpoints
                  .filter((e) => e.tag === tag)
                  .map((e) => (
                    <tr key={`${e.method} ${e.path}`} className="border-b border-slate-200 align-top text-slate-700">
                      <td className="py-2 pr-4 font-mono font-semibold text-slate-900">{e.method}</td>
                      <td className="py-2 pr-4 font-mono text-slate-900">{e.path}</td>
                      <td className="py-2 pr-4">
                        {AUTH_LABEL[e.auth]}
                        {e.partnerScope ? (
                          <>
                            {e.auth === "partner" ? "" : " or API key"} <code className="text-xs">{e.partnerScope}</code>
                          </>
                        ) : null}
                      </td>
                      <td className="py-2">
                        <span className="font-medium text-slate-900">{e.summary}.</span> {e.description}
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <PartnerGuide />
    </div>
  );
}
