import type { MetaFunction } from "@remix-run/node";
import { LegalDocument } from "~/ui/legal-document";
import { privacySections } from "~/content/legal";
import { site } from "~/content/site";

export { staticPageHandle as handle } from "~/platform/http/cache";

export const meta: MetaFunction = () => [
  { title: `Privacy Policy | ${site.name}` },
  { name: "description", content: `How ${site.name} collects, uses, shares and protects your information, and how long it is kept.` },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={`Your privacy matters to us. This policy describes how ${site.name} handles your personal and business information.`}
      sections={privacySections}
    />
  );
}
