/** Browsers that ask for /favicon.ico get the SVG icon. */
import { redirect } from "@remix-run/node";

export function loader() {
  return redirect("/favicon.svg", { status: 301, headers: { "Cache-Control": "public, max-age=86400" } });
}
