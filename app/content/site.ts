/** The product's name and contacts: one place, imported everywhere. */
export const site = {
  name: "Lendwise",
  tagline: "Business loans from $1,000 to $50,000",
  supportPhone: "1-800-555-0199",
  supportPhoneHref: "tel:+18005550199",
  supportEmail: "support@lendwise.example",
  hours: "Mon-Fri 9AM-6PM EST",
  copyrightYear: 2025,
  /**
   * The footer's equal-credit-opportunity statement (a true claim for business credit; "Equal
   * Housing Lender" is a legend for housing credit, which the marketplace does not arrange).
   */
  equalCreditStatement:
    "Equal credit opportunity: the federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, or age, because income derives from public assistance, or because an applicant has exercised a right under the Consumer Credit Protection Act.",
  /** NMLS Consumer Access, where anyone can check a company's licences by its NMLS id. */
  nmlsConsumerAccessUrl: (nmlsId: string) => `https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/${nmlsId}`,
  /** The footer's social profiles (links, not plain text). Example profiles. */
  social: [
    { label: "Facebook", href: "https://www.facebook.com/lendwise.example" },
    { label: "X (Twitter)", href: "https://x.com/lendwise_example" },
    { label: "LinkedIn", href: "https://www.linkedin.com/company/lendwise-example" },
    { label: "Instagram", href: "https://www.instagram.com/lendwise.example" },
  ],
} as const;

/** The meta descriptions of the account and applicant pages (Lighthouse's SEO audit asks every page for one). */
export const APPLICANT_PAGE_DESCRIPTIONS = {
  login: "Sign in to follow your loan applications, compare your offers and send documents.",
  signup: "Create an account to apply for a small-business loan and compare offers from partner lenders.",
  forgotPassword: "Forgot your password? Get a link by e-mail to choose a new one.",
  account: "Your e-mail address, password and the browsers where you are signed in.",
  offers: "Compare the offers our partner lenders made for your application: what you receive, what you repay and the monthly payment.",
  offer: "One lender's offer: the standard financing disclosure, what it means in plain words, and signing it.",
  dashboard: "Your applications, their progress, the documents asked for, and your account.",
} as const;
