/** /security: encryption in transit and at rest, who can see what, retention (#29 lift 5). */
import type { MetaFunction } from "@remix-run/node";
import { LegalDocument } from "~/ui/legal-document";
import { securitySections } from "~/content/trust";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";

export { staticPageHandle as handle } from "~/platform/http/cache";

export const meta: MetaFunction = ({ matches }) => {
  const r = resourcesFor(languageOfMatches(matches)).legal.security;
  return [{ title: fill(r.title, { site: site.name }) }, { name: "description", content: fill(r.description, { site: site.name }) }];
};

export default function SecurityPage() {
  return <LegalDocument doc="security" sections={securitySections} />;
}
