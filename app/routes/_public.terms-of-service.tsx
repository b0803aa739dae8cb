import type { MetaFunction } from "@remix-run/node";
import { LegalDocument } from "~/ui/legal-document";
import { termsSections } from "~/content/legal";
import { site } from "~/content/site";

export { staticPageHandle as handle } from "~/platform/http/cache";

export const meta: MetaFunction = () => [
  { title: `Terms of Service | ${site.name}` },
  { name: "description", content: `The terms that govern your use of ${site.name} and the loan applications you submit through it.` },
];

export default function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={`Please read these terms carefully before using ${site.name} or applying for a loan.`}
      sections={termsSections}
    />
  );
}
