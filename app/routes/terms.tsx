import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/content/locales";

/** The old address; a ?lng= of ours goes along (docs/i18n.md). */
export const loader = ({ request }: LoaderFunctionArgs) => {
  const lng = new URL(request.url).searchParams.get("lng");
  return redirect(isLanguage(lng) ? `/terms-of-service?lng=${lng}` : "/terms-of-service", 301);
};
