import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/content/locales";
import { getUser, setUserLanguage } from "~/features/accounts/index.server";
import { languageCookie } from "~/platform/http/language.server";
import { safeRedirect } from "~/platform/http/safe-redirect";

/**
 * The language switch (app/ui/language-switch.tsx): GET /language?lng=es&redirectTo=/faq sets the
 * `lng` cookie, keeps the choice on the signed-in account (users.language: it follows the user to
 * the next sign-in), and goes back to `redirectTo`, a same-site path only (safeRedirect), without
 * its own `lng` so the cookie decides from then on.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lng = url.searchParams.get("lng");
  const target = new URL(safeRedirect(url.searchParams.get("redirectTo"), "/"), "http://app.invalid");
  target.searchParams.delete("lng");
  const to = `${target.pathname}${target.search}${target.hash}`;
  if (!isLanguage(lng)) return redirect(to, { headers: { "Cache-Control": "no-store" } });
  const user = await getUser(request);
  if (user) await setUserLanguage(user.id, lng);
  return redirect(to, { headers: { "Set-Cookie": await languageCookie.serialize(lng), "Cache-Control": "no-store" } });
}
