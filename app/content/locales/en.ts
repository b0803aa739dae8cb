/**
 * English texts of the translated pages (issue 30), by namespace. English is the spec's words: each
 * value is the text the page showed before translation, word for word (MSG entries are read from
 * ~/content/messages, never retyped). The Spanish file (es.ts) has the same keys; a unit test
 * (locales.test.ts) fails when one file has a key the other lacks. How to edit: docs/i18n.md.
 * Placeholders are written {{name}} (i18next interpolation).
 */
import { MSG, TOASTS } from "~/content/messages";
import { APPLICANT_PAGE_DESCRIPTIONS } from "~/content/site";

/** The messages of docs/product.md that forms show in place (schemas keep returning the English text; pages translate it). */
export const TRANSLATED_MESSAGE_KEYS = [
  "invalidEmail",
  "passwordRequired",
  "firstNameRequired",
  "lastNameRequired",
  "passwordMin",
  "phoneInvalid",
  "dobRequired",
  "mustBeCitizen",
  "mustAgreeTerms",
  "mustAgreeElectronicRecords",
  "amountRequired",
  "purposeRequired",
  "streetRequired",
  "cityRequired",
  "stateRequired",
  "zipInvalid",
  "businessNameTooLong",
  "einInvalid",
  "industryInvalid",
  "naicsInvalid",
  "numberOfWorkersInvalid",
  "timeInBusinessInvalid",
  "monthlyRevenueInvalid",
  "monthlyRevenueTooLarge",
  "creditScoreRangeInvalid",
  "incomeRequired",
  "livingRequired",
  "statusIdRequired",
  "statusNotFound",
  "statusUnavailable",
  "userExists",
  "amountRange",
  "amountWhole",
  "incomeMin",
  "incomeMax",
  "monthlyPaymentInvalid",
  "reviewConsentRequired",
  "sessionExpired",
  "sessionLostNoAccount",
] as const satisfies ReadonlyArray<keyof typeof MSG>;

const messages = Object.fromEntries(TRANSLATED_MESSAGE_KEYS.map((k) => [k, MSG[k]])) as Record<
  (typeof TRANSLATED_MESSAGE_KEYS)[number],
  string
>;

export const en = {
  common: {
    thereIsAProblem: "There is a problem",
    skipToMain: "Skip to main content",
    language: {
      label: "Language",
      switchTo: "Español",
      switchToLang: "es",
    },
    header: {
      howItWorks: "How It Works",
      features: "Features",
      support: "Support",
      call: "Call {{phone}}",
      welcome: "Welcome, {{name}}",
      dashboard: "Dashboard",
      login: "Login",
      signUp: "Sign Up",
      applyNow: "Apply Now",
      menu: "Menu",
      logout: "Logout",
    },
    footer: {
      tagline: "Connecting entrepreneurs and small businesses with licensed lenders for business loans from $1,000 to $50,000.",
      socialMedia: "Social media",
      businessLoans: "Business Loans",
      resources: "Resources",
      support: "Support",
      rightsReserved: "All rights reserved.",
      operatedBy: "{{site}} is operated by {{name}}, {{address}}.",
      termsOfService: "Terms of Service",
      privacyPolicy: "Privacy Policy",
      products: {
        "/startup-capital-loans": "Startup Capital",
        "/working-capital-loans": "Working Capital",
        "/equipment-financing": "Equipment Financing",
        "/business-expansion-loans": "Business Expansion",
        "/small-business-funding": "Small Business Funding",
        "/commercial-real-estate": "Commercial Real Estate",
      },
      resourceLinks: {
        "/loan-application": "Apply for a Loan",
        "/application-status": "Application Status",
        "/loan-calculator": "Loan Calculator",
        "/faq": "FAQ",
        "/licenses": "Licensing",
        "/security": "Security",
      },
      plainItems: {
        inventory: "Inventory Financing",
        emergency: "Emergency Business Loans",
        rates: "Interest Rates",
        stories: "Success Stories",
        compliance: "Compliance",
      },
    },
  },
  landing: {
    title: "{{site}} | Small Business Loans",
    titleFrom: "{{site}} | Small Business Loans from {{amounts}}",
    description: "Compare business loan offers from licensed lenders and apply online in under 10 minutes.",
    eyebrow: "Small business loans",
    eyebrowFrom: "Small business loans from {{amounts}}",
    heading: "Compare business loan offers from licensed lenders",
    intro:
      "{{site}} connects entrepreneurs and small businesses with licensed lenders. Compare offers, apply online and get a decision fast, with no hidden fees.",
    applyNow: "Apply Now",
    calculate: "Calculate Payments",
    creditScore: "Checking your rate does not affect your credit score.",
    lendersHeading: "Offers come from licensed partner lenders",
    trustHeading: "How we handle your application",
    trust: {
      encrypted: {
        title: "Encrypted documents",
        text: "Files are checked by content and stored encrypted (AES-256-GCM); only you and our reviewers can open them.",
      },
      lendersDecide: {
        title: "The lenders decide",
        text: "Each offer, and each decision to lend or not, is made by a licensed partner lender, never by us; a lender that declines tells you why by e-mail.",
      },
      noFee: { title: "No application fee", text: "Applying is free, and checking your rate does not affect your credit score." },
      yourData: { title: "Your data, your choice", text: "We never share your documents without your consent." },
    },
    whyHeading: "Why businesses choose {{site}}",
    fastFunding: "Fast Funding",
    eachOfferFunds: "Each offer says when its lender funds.",
    secureLending: "Secure Lending",
    secureText: "Your information and documents are protected with 256-bit encryption and SSL, and never shared without your consent.",
    competitiveRates: "Competitive Rates",
    noHiddenFees: "No hidden fees.",
    howItWorks: "How It Works",
    whoDecides: "The lenders decide, not {{site}}: each lender sets its own terms and makes or declines its own offer.",
    step: "Step {{n}}: ",
    applyOnline: "Apply Online",
    applyOnlineText: "Tell us about your business in a simple application that takes under 10 minutes.",
    review: "Instant Business Review",
    reviewText: "Our review engine and team assess your application and match you with licensed lenders.",
    getFunded: "Get Funded",
    getFundedText: "Accept the offer you choose; the lender funds it as its offer says.",
    ctaHeading: "Ready to grow your business?",
    ctaText: "Apply in under 10 minutes. Each offer shows its lender, its APR and when it funds.",
    ctaButton: "Start Your Application",
  },
  auth: {
    loginTitle: "Sign In | {{site}}",
    loginDescription: APPLICANT_PAGE_DESCRIPTIONS.login,
    welcomeBack: "Welcome back",
    signInToAccount: "Sign in to your account",
    noAccount: "Don't have an account?",
    signUpLink: "Sign up",
    backToHome: "Back to Home",
    email: "Email",
    password: "Password",
    signIn: "Sign In",
    signingIn: "Signing In...",
    forgotPassword: "Forgot your password?",
    showPassword: "Show password",
    hidePassword: "Hide password",
    show: "Show",
    hide: "Hide",
    loginFailedTitle: TOASTS.loginFailed.title,
    loginFailedDescription: TOASTS.loginFailed.description,
  },
  messages,
};

/** The shape every language's resources have: the same keys as English, each a string. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Resources = Shape<typeof en>;
