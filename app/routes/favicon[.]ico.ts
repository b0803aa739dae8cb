/** Browsers that ask for /favicon.ico get the SVG icon (issue 16). */
import { redirect } from "@remix-run/node";

export function loader() {
  return redirect("/favicon.svg", { status: 301, headers: { "Cache-Control": "public, max-age=86400" } });
}
