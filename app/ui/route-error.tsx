/**
 * What a page shows when its loader or render failed: not found (404), the database unreachable
 * (503, "try again") or anything else. Used by the root error boundary (a full page) and by the
 * admin, dashboard and wizard layouts (in place, under the layout's own header).
 */
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { site } from "~/content/site";
import { MSG } from "~/content/messages";
import { resourcesFor, type Language } from "~/content/locales";
import { useT } from "~/ui/i18n";

export function errorStatus(error: unknown) {
  return isRouteErrorResponse(error) ? error.status : 500;
}

export function errorTitle(error: unknown, lng: Language = "en") {
  const status = errorStatus(error);
  if (lng === "en") return status === 404 ? "404 Page Not Found" : status === 503 ? MSG.serviceUnavailableTitle : "Something went wrong";
  const r = resourcesFor(lng).public.routeError;
  return status === 404 ? r.title404 : status === 503 ? r.title503 : r.titleOther;
}

/** The page title of an error page: for a layout's `meta` when it renders its error boundary. */
export const errorPageTitle = (error: unknown, lng: Language = "en") => `${errorTitle(error, lng)} | ${site.name}`;

/** The heading, the explanation and a way on. `back` is where "not found" leads (home by default). */
export function RouteErrorMessage({ back }: { back?: { to: string; label: string } }) {
  const error = useRouteError();
  const { t, i18n } = useT("public");
  const lng: Language = i18n.language === "es" ? "es" : "en";
  const status = errorStatus(error);
  const title = errorTitle(error, lng);
  const way = back ?? { to: "/", label: t("routeError.home") };
  return (
    <>
      <h1 className="text-3xl font-bold">{title}</h1>
      {status === 503 ? (
        <>
          <p className="text-slate-700">
            {lng === "en" ? MSG.serviceUnavailable : t("routeError.unavailable")} {t("routeError.nothingLost")}
          </p>
          {/* A plain link reloads the whole page (root loader included), with or without JavaScript. */}
          <a href="" className="btn-primary">
            {t("routeError.tryAgain")}
          </a>
          <p className="text-sm text-slate-700">
            {t("routeError.needHelp", { phone: site.supportPhone })}{" "}
            <a className="link" href={`mailto:${site.supportEmail}`}>
              {site.supportEmail}
            </a>
            .
          </p>
        </>
      ) : (
        <>
          <p className="text-slate-700">{status === 404 ? t("routeError.notFound") : t("routeError.other")}</p>
          <Link to={way.to} className="btn-primary">
            {way.label}
          </Link>
        </>
      )}
    </>
  );
}

/** The error in place, inside a layout: a card under the layout's header. */
export function RouteErrorCard({ back }: { back?: { to: string; label: string } }) {
  return (
    <div className="card flex flex-col items-center gap-4 text-center" data-testid="route-error">
      <RouteErrorMessage back={back} />
    </div>
  );
}
