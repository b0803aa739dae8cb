/**
 * What a page shows when its loader or render failed: not found (404), the database unreachable
 * (503, "try again") or anything else. Used by the root error boundary (a full page) and by the
 * admin, dashboard and wizard layouts (in place, under the layout's own header).
 */
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { site } from "~/content/site";
import { MSG } from "~/content/messages";

export function errorStatus(error: unknown) {
  return isRouteErrorResponse(error) ? error.status : 500;
}

export function errorTitle(error: unknown) {
  const status = errorStatus(error);
  return status === 404 ? "404 Page Not Found" : status === 503 ? MSG.serviceUnavailableTitle : "Something went wrong";
}

/** The page title of an error page: for a layout's `meta` when it renders its error boundary. */
export const errorPageTitle = (error: unknown) => `${errorTitle(error)} | ${site.name}`;

/** The heading, the explanation and a way on. `back` is where "not found" leads (home by default). */
export function RouteErrorMessage({ back = { to: "/", label: "Go back home" } }: { back?: { to: string; label: string } }) {
  const error = useRouteError();
  const status = errorStatus(error);
  const title = errorTitle(error);
  return (
    <>
      <h1 className="text-3xl font-bold">{title}</h1>
      {status === 503 ? (
        <>
          <p className="text-slate-700">{MSG.serviceUnavailable} Nothing you have already saved or submitted is lost.</p>
          {/* A plain link reloads the whole page (root loader included), with or without JavaScript. */}
          <a href="" className="btn-primary">
            Try again
          </a>
          <p className="text-sm text-slate-700">
            Need help now? Call {site.supportPhone} or write to{" "}
            <a className="link" href={`mailto:${site.supportEmail}`}>
              {site.supportEmail}
            </a>
            .
          </p>
        </>
      ) : (
        <>
          <p className="text-slate-700">
            {status === 404
              ? "The page you are looking for does not exist or has moved."
              : "We could not complete your request. Please try again in a moment."}
          </p>
          <Link to={back.to} className="btn-primary">
            {back.label}
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
