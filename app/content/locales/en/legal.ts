/**
 * English texts, namespace "legal": the terms of service, the privacy policy and the security page
 * (docs/i18n.md). Read from app/content/legal.ts and trust.ts, never retyped. A section is
 * { title, paragraphs: { "0": ..., "1": ... } } under its stable id. On a page in another language
 * the translation is shown with the note that the English text governs (common.legal.englishGoverns).
 */
import { legalLastUpdated, privacySections, termsSections, type LegalSection } from "~/content/legal";
import { securitySections } from "~/content/trust";

type SectionTexts = { title: string; paragraphs: Record<string, string> };

function sectionTexts(sections: readonly LegalSection[]): Record<string, SectionTexts> {
  return Object.fromEntries(
    sections.map((s) => [s.id, { title: s.title, paragraphs: Object.fromEntries(s.paragraphs.map((p, i) => [String(i), p])) }]),
  );
}

export const legal = {
  lastUpdated: "Last updated: {{date}}",
  date: legalLastUpdated,
  contents: "Contents",
  terms: {
    title: "Terms of Service | {{site}}",
    description: "The terms that govern your use of {{site}} and the loan applications you submit through it.",
    heading: "Terms of Service",
    intro: "Please read these terms carefully before using {{site}} or applying for a loan.",
    sections: sectionTexts(termsSections),
  },
  privacy: {
    title: "Privacy Policy | {{site}}",
    description: "How {{site}} collects, uses, shares and protects your information, and how long it is kept.",
    heading: "Privacy Policy",
    intro: "Your privacy matters to us. This policy describes how {{site}} handles your personal and business information.",
    sections: sectionTexts(privacySections),
  },
  security: {
    title: "Security | {{site}}",
    description: "How {{site}} protects your information: encryption in transit and at rest, who can see what, and how long it is kept.",
    heading: "Security",
    intro: "How {{site}} protects the information and documents you give us, who can see them, and how long we keep them.",
    sections: sectionTexts(securitySections),
  },
};
