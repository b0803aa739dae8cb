import type { MetaFunction } from "@remix-run/node";
import { LegalDocument } from "~/ui/legal-document";
import { termsSections } from "~/content/legal";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";

export { staticPageHandle as handle } from "~/platform/http/cache";

export const meta: MetaFunction = ({ matches }) => {
  const r = resourcesFor(languageOfMatches(matches)).legal.terms;
  return [{ title: fill(r.title, { site: site.name }) }, { name: "description", content: fill(r.description, { site: site.name }) }];
};

export default function TermsOfServicePage() {
  return <LegalDocument doc="terms" sections={termsSections} />;
}
