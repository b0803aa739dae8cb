/**
 * The short, log-safe label of a browser for the sessions list ("Chrome on Windows"), from the
 * User-Agent header, parsed by `bowser` (MIT; `ua-parser-js` 2.x was passed over for its AGPL
 * licence). Only the browser family and the operating system are kept: no versions, no device
 * model, so the label identifies no one.
 */
import Bowser from "bowser";

const MAX_LABEL = 60;
/** Shorter names where the parser's are long; the rest are used as the parser gives them. */
const SHORT_BROWSER: Record<string, string> = { "Microsoft Edge": "Edge", Chromium: "Chrome" };

export function describeDevice(ua: string | null): string {
  if (!ua) return "Browser not recognised";
  const { browser, os } = Bowser.parse(ua);
  const name = browser.name ? (SHORT_BROWSER[browser.name] ?? browser.name) : /curl|node|undici/i.test(ua) ? "Script" : "Browser";
  const label = os.name ? `${name} on ${os.name}` : name;
  return label.slice(0, MAX_LABEL);
}
