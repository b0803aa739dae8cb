/**
 * The security page's text (#29 lift 5): what protects an applicant's information, how long it is
 * kept and who can see it. Every sentence is a fact of the code (SECURITY.md has the controls and
 * their tests; docs/security-program.md the written programme).
 */
import type { LegalSection } from "./legal";
import { site } from "./site";

export const securitySections: readonly LegalSection[] = [
  {
    id: "in-transit",
    title: "Encryption in Transit",
    paragraphs: [
      `Every page, form and file travels between your browser and ${site.name} over TLS (HTTPS). In production the site tells browsers to use only HTTPS for a year (HSTS), and the session cookie is sent only over HTTPS.`,
    ],
  },
  {
    id: "at-rest",
    title: "Encryption at Rest",
    paragraphs: [
      "Each document you upload is encrypted with AES-256-GCM under a key of its own, and that key is itself encrypted under a master key that never sits beside the files. Authenticator secrets are encrypted the same way. Passwords are never stored, only an argon2id hash of them.",
    ],
  },
  {
    id: "who-can-see",
    title: "Who Can See What",
    paragraphs: [
      "You see your own applications, documents, offers and notices, and can download everything we hold about your account from your account page.",
      `${site.name} staff who review applications sign in with a password and an authenticator code; every time one of them opens an application or a document, that is recorded.`,
      "A partner lender sees only the applications you agreed to share with the lenders that serve your state and loan purpose, and only its own offers on them; it never sees another lender's offers.",
      "If you answer the optional questions about the ethnicity, race and sex of a business's owners, or whether the business is minority-, women- or LGBTQI+-owned, the answers are kept apart from the application: no lender and no one who reviews applications can see them.",
    ],
  },
  {
    id: "retention",
    title: "How Long We Keep It",
    paragraphs: [
      "Applications started and never submitted are deleted 30 days after they were last touched. Applications that are declined, withdrawn or receive no offer have their documents deleted 25 months after the last decision, unless a legal hold requires us to keep them. Our Privacy Policy gives the whole schedule.",
    ],
  },
  {
    id: "report",
    title: "Reporting a Problem",
    paragraphs: [
      `If you think your account or information has been misused, or you have found a security weakness, e-mail ${site.supportEmail} or call ${site.supportPhone}. We answer every report.`,
    ],
  },
];
