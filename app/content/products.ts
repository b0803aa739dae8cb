/**
 * The six loan product pages (docs/product.md, "Public pages"): neutral copy only. Every rate, amount,
 * term, funding-speed and prepayment claim on these pages is computed from the ACTIVE lender
 * catalogue of the product's `purposes` (app/features/marketplace/domain/public-claims.ts), so no
 * figure lives here. Each page's Apply Now goes to /loan-application (a page concern, not data).
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
  /** The loan purposes whose active catalogue products back the page's claims (null: every product). */
  purposes: readonly string[] | null;
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
      "Startup capital loans from licensed lenders: compare their offers side by side. Checking your rate does not affect your credit score.",
    headline: "Startup Capital Loans",
    subheadline: "Funding to get your young business off the ground, from lenders that finance new businesses.",
    highlights: [
      {
        title: "Offers Side by Side",
        text: "Each lender's offer shows its APR, payment and total cost in the same form.",
      },
      {
        title: "A Term That Fits",
        text: "Choose a repayment schedule that fits your cash flow while your business finds its feet.",
      },
      {
        title: "Fast Decisions",
        text: "Apply online in under 10 minutes and get a decision within 24-48 hours.",
      },
    ],
    benefits: ["No application fee and no hidden fees", "Checking your rate does not affect your credit score"],
    purposes: ["startup-capital"],
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
    metaDescription: "Working capital loans from licensed lenders for payroll, rent, suppliers and seasonal gaps. No application fee.",
    headline: "Working Capital Loans",
    subheadline: "Keep day-to-day operations running smoothly with a loan from a lender that funds working capital.",
    highlights: [
      {
        title: "Offers Side by Side",
        text: "Each lender's offer shows its APR, payment and total cost in the same form.",
      },
      {
        title: "No Application Fee",
        text: "Applying is free; any origination fee is shown in the offer before you accept.",
      },
      {
        title: "Cover Everyday Costs",
        text: "Keep payroll, rent and suppliers paid through slow months and seasonal swings.",
      },
    ],
    benefits: ["Decision within 24-48 hours", "No application fee and no hidden fees"],
    purposes: ["working-capital"],
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
    metaDescription: "Equipment financing from licensed lenders for machinery, vehicles and technology, with no down payment.",
    headline: "Equipment Financing",
    subheadline: "Get the machinery, vehicles and technology your business needs, with no down payment.",
    highlights: [
      {
        title: "No Down Payment",
        text: "Finance your equipment without putting cash down up front.",
      },
      {
        title: "A Term That Fits",
        text: "Spread the cost over a term that matches the working life of your equipment.",
      },
      {
        title: "Offers Side by Side",
        text: "Each lender's offer shows its APR, payment and total cost in the same form.",
      },
    ],
    benefits: ["No down payment", "Decision within 24-48 hours"],
    purposes: ["equipment-financing"],
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
      "Business expansion loans from licensed lenders: a new location, more staff, bigger orders. Compare offers side by side.",
    headline: "Business Expansion Loans",
    subheadline: "Take your business to the next level with a loan from a lender that finances growth.",
    highlights: [
      {
        title: "Offers Side by Side",
        text: "Each lender's offer shows its APR, payment and total cost in the same form.",
      },
      {
        title: "A Term That Fits",
        text: "Repay your growth investment over a term that suits your plans.",
      },
      {
        title: "Fast Decisions",
        text: "Apply online in under 10 minutes and get a decision within 24-48 hours.",
      },
    ],
    benefits: ["No application fee and no hidden fees", "Decision within 24-48 hours"],
    purposes: ["business-expansion"],
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
      "Small business funding for businesses with 1-100 employees, from licensed lenders. Checking your rate does not affect your credit score.",
    headline: "Small Business Funding",
    subheadline: "Funding built for businesses with 1-100 employees, from every lender on our platform.",
    highlights: [
      {
        title: "Built for Small Teams",
        text: "Designed for businesses with 1 to 100 employees.",
      },
      {
        title: "Offers Side by Side",
        text: "Each lender's offer shows its APR, payment and total cost in the same form.",
      },
      {
        title: "Quick Online Application",
        text: "Apply in under 10 minutes; checking your rate does not affect your credit score.",
      },
    ],
    benefits: ["For businesses with 1-100 employees", "Decision within 24-48 hours", "No application fee and no hidden fees"],
    purposes: null,
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
      "Commercial real estate financing from licensed lenders for offices, retail, warehouses and other commercial property.",
    headline: "Commercial Real Estate Loans",
    subheadline: "Finance the property your business works from, with a lender that finances commercial property.",
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
        title: "Long Terms",
        text: "Repay over a term that suits a property, set out in each lender's offer.",
      },
    ],
    benefits: ["Expert guidance", "Fixed monthly payments"],
    purposes: ["commercial-real-estate"],
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
