/** English texts, namespace "common" (the spec's words; docs/i18n.md). */
import { site } from "~/content/site";

export const common = {
  thereIsAProblem: "There is a problem",
  skipToMain: "Skip to main content",
  /** For screen readers, after a link that opens a new tab (app/ui/new-tab.tsx). */
  newTab: " (opens in a new tab)",
  language: {
    label: "Language",
    switchTo: "Español",
    switchToLang: "es",
  },
  legal: { englishGoverns: "This legal text is published in English, and the English text governs." },
  /** The signed-in pages' top bar (app/ui/app-header.tsx): each link's label, by its English label. */
  nav: {
    Home: "Home",
    Dashboard: "Dashboard",
    "My data": "My data",
    "Account settings": "Account settings",
    "Admin panel": "Admin panel",
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
    /** The support hours, as site.hours writes them. */
    hours: site.hours,
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
};
