import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/content/locales";
import { getUser, setUserLanguage } from "~/features/accounts/index.server";
import { languageCookie } from "~/platform/http/language.server";
import { checkOrigin } from "~/platform/http/origin.server";
import { safeRedirect } from "~/platform/http/safe-redirect";

/**
 * The language switch (app/ui/language-switch.tsx): GET /language?lng=es&redirectTo=/faq sets the
 * `lng` cookie, keeps the choice on the signed-in account (users.language: it follows the user to
 * the next sign-in), and goes back to `redirectTo`, a same-site path only (safeRedirect), without
 * its own `lng` so the cookie decides from then on. The account is written only when the request
 * comes from our own pages: a link on another site (a GET the browser sends with the session
 * cookie) sets this browser's cookie but changes nothing stored (the same rule as checkOrigin's
 * for a form post).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lng = url.searchParams.get("lng");
  const target = new URL(safeRedirect(url.searchParams.get("redirectTo"), "/"), "http://app.invalid");
  target.searchParams.delete("lng");
  const to = `${target.pathname}${target.search}${target.hash}`;
  if (!isLanguage(lng)) return redirect(to, { headers: { "Cache-Control": "no-store" } });
  const user = await getUser(request);
  const fromOurPages = checkOrigin({
    method: "POST",
    origin: request.headers.get("origin"),
    secFetchSite: request.headers.get("sec-fetch-site"),
    host: url.host,
  }).ok;
  if (user && fromOurPages) await setUserLanguage(user.id, lng);
  return redirect(to, { headers: { "Set-Cookie": await languageCookie.serialize(lng), "Cache-Control": "no-store" } });
}
