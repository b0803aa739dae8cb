/**
 * The six loan product pages (docs/product.md, "Public pages"). Every rate, term and limit below is a product fact (docs/product.md); the
 * rest is neutral copy. Each page's Apply Now goes to /loan-application (a page concern, not data).
 */
import { site } from "./site";

export type LoanProductSlug =
  | "startup-capital-loans"
  | "working-capital-loans"
  | "equipment-financing"
  | "business-expansion-loans"
  | "small-business-funding"
  | "commercial-real-estate";

export type ProductHighlight = { title: string; text: string };

export type LoanProduct = {
  slug: LoanProductSlug;
  /** Route path, "/" + slug. */
  path: `/${LoanProductSlug}`;
  /** Short name for links (footer, related products). */
  name: string;
  /** The page's <title>. */
  title: string;
  metaDescription: string;
  headline: string;
  subheadline: string;
  /** Exactly three cards under the hero. */
  highlights: readonly [ProductHighlight, ProductHighlight, ProductHighlight];
  benefits: readonly string[];
  /** Lowest advertised rate, e.g. "5.99% APR" (shown after "Rates from"). */
  rateFrom: string;
  /** Repayment terms as docs/product.md states them, or neutral text where docs/product.md gives none. */
  terms: string;
  /** A second list with its own heading: property types, uses, or who the product suits. */
  list: { heading: string; items: readonly string[] };
};

const titleFor = (name: string) => `${name} | ${site.name}`;

export const loanProducts: readonly LoanProduct[] = [
  {
    slug: "startup-capital-loans",
    path: "/startup-capital-loans",
    name: "Startup Capital Loans",
    title: titleFor("Startup Capital Loans"),
    metaDescription:
      "Startup capital loans from $1,000 to $50,000 with rates from 5.99% APR and terms from 6 months to 5 years. Checking your rate does not affect your credit score.",
    headline: "Startup Capital Loans",
    subheadline: "Funding to get your young business off the ground, from $1,000 to $50,000, with rates from 5.99% APR.",
    highlights: [
      {
        title: "Rates from 5.99% APR",
        text: "Competitive rates for growing businesses, with no hidden fees and no prepayment penalty.",
      },
      {
        title: "Terms from 6 Months to 5 Years",
        text: "Choose a repayment schedule that fits your cash flow while your business finds its feet.",
      },
      {
        title: "Fast Decisions",
        text: "Apply online in under 10 minutes and get a decision within 24-48 hours.",
      },
    ],
    benefits: [
      "Borrow from $1,000 to $50,000",
      "Rates from 5.99% APR",
      "Terms from 6 months to 5 years",
      "No application fee and no hidden fees",
      "No prepayment penalty",
      "Checking your rate does not affect your credit score",
    ],
    rateFrom: "5.99% APR",
    terms: "6 months to 5 years",
    list: {
      heading: "Common uses",
      items: [
        "Opening inventory and supplies",
        "Launch marketing and advertising",
        "Hiring your first employees",
        "Tools, equipment and technology",
        "Lease deposits and fit-out costs",
      ],
    },
  },
  {
    slug: "working-capital-loans",
    path: "/working-capital-loans",
    name: "Working Capital Loans",
    title: titleFor("Working Capital Loans"),
    metaDescription:
      "Working capital loans from $1,000 to $50,000 with rates from 6.99% APR and same-day funding after approval. No application fee and no prepayment penalty.",
    headline: "Working Capital Loans",
    subheadline: "Keep day-to-day operations running smoothly with $1,000 to $50,000 and same-day funding after approval.",
    highlights: [
      {
        title: "Same-Day Funding",
        text: "Once you are approved, funds reach your account the same day to 1 business day.",
      },
      {
        title: "Rates from 6.99% APR",
        text: "Competitive rates with no hidden fees and no prepayment penalty.",
      },
      {
        title: "Cover Everyday Costs",
        text: "Keep payroll, rent and suppliers paid through slow months and seasonal swings.",
      },
    ],
    benefits: [
      "Same-day funding after approval",
      "Rates from 6.99% APR",
      "Borrow from $1,000 to $50,000",
      "Decision within 24-48 hours",
      "No application fee and no hidden fees",
      "No prepayment penalty",
    ],
    rateFrom: "6.99% APR",
    terms: "Flexible repayment terms",
    list: {
      heading: "Common uses",
      items: ["Payroll", "Inventory and supplies", "Rent and utilities", "Seasonal cash flow gaps", "Unexpected expenses"],
    },
  },
  {
    slug: "equipment-financing",
    path: "/equipment-financing",
    name: "Equipment Financing",
    title: titleFor("Equipment Financing"),
    metaDescription:
      "Equipment financing from $1,000 to $50,000 with rates from 7.99% APR, terms from 12 months to 7 years and no down payment.",
    headline: "Equipment Financing",
    subheadline:
      "Get the machinery, vehicles and technology your business needs, with no down payment and terms from 12 months to 7 years.",
    highlights: [
      {
        title: "No Down Payment",
        text: "Finance your equipment without putting cash down up front.",
      },
      {
        title: "Terms from 12 Months to 7 Years",
        text: "Spread the cost over a term that matches the working life of your equipment.",
      },
      {
        title: "Rates from 7.99% APR",
        text: "Competitive rates with no hidden fees and no prepayment penalty.",
      },
    ],
    benefits: [
      "No down payment",
      "Rates from 7.99% APR",
      "Terms from 12 months to 7 years",
      "Borrow from $1,000 to $50,000",
      "Decision within 24-48 hours",
      "No prepayment penalty",
    ],
    rateFrom: "7.99% APR",
    terms: "12 months to 7 years",
    list: {
      heading: "Ideal for",
      items: [
        "Restaurants upgrading kitchen equipment",
        "Construction and landscaping companies",
        "Medical and dental practices",
        "Manufacturers and workshops",
        "Offices replacing computers and technology",
      ],
    },
  },
  {
    slug: "business-expansion-loans",
    path: "/business-expansion-loans",
    name: "Business Expansion Loans",
    title: titleFor("Business Expansion Loans"),
    metaDescription:
      "Business expansion loans from $1,000 to $50,000 with rates from 6.99% APR and terms up to 7 years. Grow your business with no prepayment penalty.",
    headline: "Business Expansion Loans",
    subheadline: "Take your business to the next level with $1,000 to $50,000, rates from 6.99% APR and terms up to 7 years.",
    highlights: [
      {
        title: "Rates from 6.99% APR",
        text: "Competitive rates with no hidden fees and no prepayment penalty.",
      },
      {
        title: "Terms up to 7 Years",
        text: "Repay your growth investment over a term that suits your plans.",
      },
      {
        title: "Fast Decisions",
        text: "Apply online in under 10 minutes and get a decision within 24-48 hours.",
      },
    ],
    benefits: [
      "Borrow from $1,000 to $50,000",
      "Rates from 6.99% APR",
      "Terms up to 7 years",
      "Same-day funding after approval",
      "No application fee and no hidden fees",
      "No prepayment penalty",
    ],
    rateFrom: "6.99% APR",
    terms: "Up to 7 years",
    list: {
      heading: "Common uses",
      items: [
        "Opening a new location",
        "Renovating or enlarging your space",
        "Hiring and training staff",
        "Launching new products or services",
        "Larger inventory orders",
        "Marketing campaigns",
      ],
    },
  },
  {
    slug: "small-business-funding",
    path: "/small-business-funding",
    name: "Small Business Funding",
    title: titleFor("Small Business Funding"),
    metaDescription:
      "Small business funding of $1,000 to $50,000 for businesses with 1-100 employees, rates from 5.99% APR. Checking your rate does not affect your credit score.",
    headline: "Small Business Funding",
    subheadline: "Funding built for businesses with 1-100 employees: $1,000 to $50,000 with rates from 5.99% APR.",
    highlights: [
      {
        title: "Built for Small Teams",
        text: "Designed for businesses with 1 to 100 employees.",
      },
      {
        title: "Rates from 5.99% APR",
        text: "Competitive rates with no hidden fees and no prepayment penalty.",
      },
      {
        title: "Quick Online Application",
        text: "Apply in under 10 minutes; checking your rate does not affect your credit score.",
      },
    ],
    benefits: [
      "For businesses with 1-100 employees",
      "Borrow from $1,000 to $50,000",
      "Rates from 5.99% APR",
      "Decision within 24-48 hours",
      "No application fee and no hidden fees",
      "No prepayment penalty",
    ],
    rateFrom: "5.99% APR",
    terms: "Flexible repayment terms",
    list: {
      heading: "Ideal for",
      items: [
        "Retail shops and online stores",
        "Restaurants and cafes",
        "Professional and trade services",
        "Health and wellness practices",
        "Family-owned businesses",
      ],
    },
  },
  {
    slug: "commercial-real-estate",
    path: "/commercial-real-estate",
    name: "Commercial Real Estate",
    title: titleFor("Commercial Real Estate Loans"),
    metaDescription:
      "Commercial real estate financing with rates from 6.99% APR, terms up to 25 years, and up to $50,000 for smaller properties. Fixed and variable rate options.",
    headline: "Commercial Real Estate Loans",
    subheadline: "Finance the property your business works from, with rates from 6.99% APR and terms up to 25 years.",
    highlights: [
      {
        title: "Property Types",
        text: "Financing for offices, retail centers, warehouses, mixed-use and other commercial properties.",
      },
      {
        title: "Prime Locations",
        text: "Secure space in the locations that help your business reach its customers.",
      },
      {
        title: "Flexible Terms",
        text: "Repayment terms up to 25 years, with fixed and variable rate options.",
      },
    ],
    benefits: [
      "Rates from 6.99% APR",
      "Terms up to 25 years",
      "Fast processing",
      "Up to $50,000 for smaller properties",
      "Expert guidance",
      "Fixed and variable rate options",
    ],
    rateFrom: "6.99% APR",
    terms: "Up to 25 years",
    list: {
      heading: "Financed property types",
      items: [
        "Office buildings",
        "Retail centers",
        "Industrial warehouses",
        "Mixed-use developments",
        "Medical facilities",
        "Self-storage facilities",
        "Restaurant properties",
        "Special purpose buildings",
      ],
    },
  },
];

/** The product page for a slug (with or without a leading "/"), or null. */
export function getProductBySlug(slug: string): LoanProduct | null {
  const wanted = slug.replace(/^\//, "");
  return loanProducts.find((p) => p.slug === wanted) ?? null;
}
