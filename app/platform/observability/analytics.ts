/**
 * Marketing events, client side, through one module. Every event is pushed to window.dataLayer
 * (so it is recorded and testable without any vendor); when the Meta pixel is configured
 * (META_PIXEL_ID: root.tsx then loads its base script, which defines window.fbq) the event is
 * also sent to Meta. On the server this does nothing.
 */

export type AnalyticsEventName = "InitiateCheckout" | "Lead";
export type AnalyticsParams = Record<string, string | number | boolean>;
export type DataLayerEntry = { event: AnalyticsEventName } & AnalyticsParams;

type Fbq = (command: "track" | "init", nameOrId: string, params?: AnalyticsParams) => void;
type AnalyticsWindow = { dataLayer?: unknown[]; fbq?: Fbq };

function target(): AnalyticsWindow | null {
  return typeof window === "undefined" ? null : (window as unknown as AnalyticsWindow);
}

export function trackEvent(name: AnalyticsEventName, params: AnalyticsParams = {}) {
  const w = target();
  if (!w) return;
  w.dataLayer ??= [];
  w.dataLayer.push({ event: name, ...params } satisfies DataLayerEntry);
  if (typeof w.fbq === "function") {
    try {
      w.fbq("track", name, params);
    } catch {
      // A broken vendor script must never break the application.
    }
  }
}

/** The wizard's 'Lead' event on a successful submission (docs/product.md: value = amount, currency USD). */
export function leadParams(amount: number): AnalyticsParams {
  return { content_name: "business loan application", value: amount, currency: "USD" };
}

/**
 * The Meta pixel base script (our own minimal version of the vendor snippet): defines a queueing
 * fbq, loads fbevents.js, initialises the pixel and tracks PageView. root.tsx renders it with the
 * CSP nonce only when META_PIXEL_ID is set (digits only, validated by env.server.ts).
 */
export function metaPixelBootstrap(pixelId: string): string {
  const id = JSON.stringify(String(pixelId).replace(/\D/g, ""));
  return [
    "(function(w,d){if(w.fbq)return;",
    "var n=w.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};",
    "if(!w._fbq)w._fbq=n;n.push=n;n.loaded=true;n.version='2.0';n.queue=[];",
    "var t=d.createElement('script');t.async=true;t.src='https://connect.facebook.net/en_US/fbevents.js';",
    "var s=d.getElementsByTagName('script')[0];s.parentNode.insertBefore(t,s);",
    `})(window,document);fbq('init',${id});fbq('track','PageView');`,
  ].join("");
}

/**
 * The public marketing pages: the only pages that load the Meta pixel and whose CSP allows it
 *. Never the admin, dashboard, wizard, account or sign-in pages.
 */
export const MARKETING_PATHS: ReadonlySet<string> = new Set([
  "/",
  "/small-business-funding",
  "/working-capital-loans",
  "/equipment-financing",
  "/business-expansion-loans",
  "/commercial-real-estate",
  "/startup-capital-loans",
  "/loan-calculator",
  "/faq",
]);

export const isMarketingPath = (pathname: string) => MARKETING_PATHS.has(pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
