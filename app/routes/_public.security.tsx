/** /security: encryption in transit and at rest, who can see what, retention (#29 lift 5). */
import type { MetaFunction } from "@remix-run/node";
import { LegalDocument } from "~/ui/legal-document";
import { securitySections } from "~/content/trust";
import { site } from "~/content/site";

export { staticPageHandle as handle } from "~/platform/http/cache";

export const meta: MetaFunction = () => [
  { title: `Security | ${site.name}` },
  {
    name: "description",
    content: `How ${site.name} protects your information: encryption in transit and at rest, who can see what, and how long it is kept.`,
  },
];

export default function SecurityPage() {
  return (
    <LegalDocument
      title="Security"
      intro={`How ${site.name} protects the information and documents you give us, who can see them, and how long we keep them.`}
      sections={securitySections}
    />
  );
}
