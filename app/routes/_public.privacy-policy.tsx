import type { MetaFunction } from "@remix-run/node";
import { LegalDocument } from "~/ui/legal-document";
import { privacySections } from "~/content/legal";
import { site } from "~/content/site";
import { fill, languageOfMatches, resourcesFor } from "~/content/locales";

export { staticPageHandle as handle } from "~/platform/http/cache";

export const meta: MetaFunction = ({ matches }) => {
  const r = resourcesFor(languageOfMatches(matches)).legal.privacy;
  return [{ title: fill(r.title, { site: site.name }) }, { name: "description", content: fill(r.description, { site: site.name }) }];
};

export default function PrivacyPolicyPage() {
  return <LegalDocument doc="privacy" sections={privacySections} />;
}
