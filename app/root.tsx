import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import {
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { errorPageTitle, RouteErrorMessage } from "~/ui/route-error";
import { SubmitGuard } from "~/ui/submit-guard";
import { Toaster } from "~/ui/toaster";
import styles from "~/tailwind.css";
// The one font file (tailwind.css's @font-face): preloaded, so it arrives with the stylesheet and
// text is not drawn again in it after the first paint (Lighthouse saw the landing's hero shift).
import interFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";
import { isPublicCacheHandle, isScriptFreeHandle } from "~/platform/http/cache";
import { getEnv, publicOrigin } from "~/platform/env.server";
import { useT } from "~/ui/i18n";
import { useChangeLanguage } from "remix-i18next/react";
import { DEFAULT_LANGUAGE, hasResources, isLanguage, pageTexts, type Language } from "~/content/locales";
import { getLanguage } from "~/platform/http/language.server";
import { LanguageSwitch } from "~/ui/language-switch";
import { combineHeaders } from "~/platform/http/http.server";
import { isMarketingPath, metaPixelBootstrap } from "~/platform/observability/analytics";
import { useNonce } from "~/platform/http/nonce";
import { getUser } from "~/features/accounts/index.server";
import { withDatabase } from "~/platform/db/db-errors.server";
import { getToast } from "~/platform/http/toast.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // The database unreachable: the friendly 503 page (ErrorBoundary below), not a 500.
  const [user, { toast, headers: toastHeaders }, locale] = await withDatabase(() =>
    Promise.all([getUser(request), getToast(request), getLanguage(request)]),
  );
  return data(
    {
      // The page's language (app/platform/http/language.server.ts): <html lang>, texts, formats.
      locale,
      // Each language's address of this page, for hreflang and canonical links on public pages.
      origin: publicOrigin(),
      user: user ? { firstName: user.firstName, role: user.role } : null,
      toast,
      // The Meta pixel only on public marketing pages: never admin, dashboard, wizard or account pages.
      pixelId: isMarketingPath(new URL(request.url).pathname) ? (getEnv().META_PIXEL_ID ?? null) : null,
      // The footer's licence line: only when the marketplace's NMLS id is configured.
      nmlsId: getEnv().MARKETPLACE_NMLS_ID ?? null,
      // The legal entity and its address, from configuration (documented defaults in env.server.ts).
      legalEntity: { name: getEnv().LEGAL_ENTITY_NAME, address: getEnv().LEGAL_ENTITY_ADDRESS },
    },
    { headers: combineHeaders(toastHeaders) },
  );
}

/**
 * A GET navigation that stays on the same path (a search, a status lookup, the calculator) does
 * not reload the root: the user and toast cannot have changed, and a failed request then reaches
 * the page's own error handling instead of replacing the whole document.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  (!formMethod || formMethod === "GET") && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

/**
 * With JavaScript, a client-side navigation from a marketing page (pixel loaded) to any other page
 * loads that page afresh, so the third-party script and its wider CSP never stay on a private page.
 */
function usePixelFreePrivatePages() {
  const { pathname } = useLocation();
  useEffect(() => {
    if ((window as { fbq?: unknown }).fbq && !isMarketingPath(pathname)) window.location.reload();
  }, [pathname]);
}

/**
 * Whether the page gets Remix's scripts: always, except a page whose route says it needs none
 * (staticPageHandle: landing, product, FAQ, legal and API pages) for an anonymous visitor with no toast.
 * Those pages then download and run no JavaScript but ScrollRestoration's few inline lines (this keeps
 * Lighthouse's blocking time down).
 */
function useShouldHydrate(root: { user: unknown; toast: unknown } | undefined) {
  const leaf = useMatches().at(-1);
  return !(isScriptFreeHandle(leaf?.handle) && root && !root.user && !root.toast);
}

/**
 * A public page's address in each language (issue 30): English at its path, Spanish at ?lng=es,
 * x-default the path (negotiated); the canonical link is this language's address.
 */
function LanguageAlternates({ origin, locale }: { origin: string; locale: string }) {
  const leaf = useMatches().at(-1);
  const { pathname } = useLocation();
  if (!isPublicCacheHandle(leaf?.handle)) return null;
  const en = `${origin}${pathname}`;
  const es = `${origin}${pathname}?lng=es`;
  return (
    <>
      <link rel="canonical" href={locale === "es" ? es : en} />
      <link rel="alternate" hrefLang="en" href={en} />
      <link rel="alternate" hrefLang="es" href={es} />
      <link rel="alternate" hrefLang="x-default" href={en} />
    </>
  );
}

/**
 * A page in another language than English brings its texts with it (issue 30): a JSON data block
 * (no script runs, so no CSP nonce) that entry.client.tsx reads before hydrating. The client bundle
 * carries English only, and a page without scripts gets no block.
 */
function PageTexts({ locale }: { locale: Language }) {
  if (locale === DEFAULT_LANGUAGE) return null;
  const json = JSON.stringify(pageTexts(locale)).replace(/</g, "\\u003c");
  return <script id="lw-texts" type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}

/**
 * The language changed on a client-side navigation (a sign-in into an account that chose Spanish)
 * to one whose texts this browser does not have: the page is loaded afresh, in that language.
 */
function useLanguageTexts(locale: string) {
  useEffect(() => {
    if (isLanguage(locale) && !hasResources(locale)) window.location.reload();
  }, [locale]);
}

function Document({ children, title, alwaysHydrate = false }: { children: React.ReactNode; title?: string; alwaysHydrate?: boolean }) {
  const nonce = useNonce();
  // The Meta pixel only when META_PIXEL_ID is configured (app/platform/observability/analytics.ts sends events).
  const root = useRouteLoaderData<typeof loader>("root");
  const pixelId = root?.pixelId ?? null;
  const scripts = useShouldHydrate(root ?? undefined) || alwaysHydrate;
  usePixelFreePrivatePages();
  const location = useLocation();
  const { t, i18n } = useT("common");
  const locale = root?.locale ?? i18n.language ?? "en";
  useLanguageTexts(locale);
  useChangeLanguage(locale);
  return (
    // data-path: the address this page was rendered for (entry.client.tsx compares it before hydrating).
    <html lang={locale} data-path={location.pathname + location.search}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {title ? <title>{title}</title> : null}
        <Meta />
        <Links />
        {root ? <LanguageAlternates origin={root.origin} locale={locale} /> : null}
        {pixelId ? (
          <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: metaPixelBootstrap(pixelId) }} />
        ) : null}
      </head>
      <body className="min-h-screen">
        {pixelId ? (
          <noscript>
            <img
              height="1"
              width="1"
              alt=""
              style={{ display: "none" }}
              src={`https://www.facebook.com/tr?id=${encodeURIComponent(pixelId)}&ev=PageView&noscript=1`}
            />
          </noscript>
        ) : null}
        {/* The first thing a keyboard reaches on every page: past the header to the page's <main id="main">. */}
        <a href="#main" className="skip-link">
          {t("skipToMain")}
        </a>
        {children}
        {/* The language switch, on every page (issue 30): after the page, so tab order and forms stay as they were. */}
        <div className="flex justify-center bg-slate-50 px-4 py-2">
          <LanguageSwitch />
        </div>
        <ScrollRestoration nonce={nonce} />
        {scripts && isLanguage(locale) ? <PageTexts locale={locale} /> : null}
        {scripts ? <Scripts nonce={nonce} /> : null}
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <Document>
      <Toaster toast={toast} />
      <Outlet />
      <SubmitGuard />
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // The page's language: the root loader's when it ran, else the request's (entry.server.tsx's i18next instance).
  const root = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useT("common");
  const lng = isLanguage(root?.locale) ? root.locale : isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <Document title={errorPageTitle(error, lng)} alwaysHydrate>
      <main
        id="main"
        tabIndex={-1}
        className="focus:outline-none mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-4 text-center"
      >
        <RouteErrorMessage />
      </main>
    </Document>
  );
}
