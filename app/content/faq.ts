/**
 * The FAQ page's ten questions (docs/product.md, "Public pages"), answered only from the product's facts
 * (sections 1, 4 and 9). Ids are stable anchors (/faq#who-qualifies). The answers that make rate,
 * amount, term, speed or prepayment claims (interest-rates, loan-amounts-and-terms, decision-time,
 * prepayment) are replaced on the page by ones written from the active lender catalogue
 * (`claimAnswers` in app/features/marketplace/domain/public-claims.ts); the text here is the fallback.
 */

export type Faq = { id: string; question: string; answer: string };

export const faqs: readonly Faq[] = [
  {
    id: "who-qualifies",
    question: "Who qualifies for a business loan?",
    answer:
      "To qualify, you generally need a credit score of 600 or higher, at least 6 months in business, annual revenue of at least $50,000, a US-based business and no recent bankruptcies. Applicants must also confirm that they are US citizens and at least 18 years old.",
  },
  {
    id: "interest-rates",
    question: "What interest rates do you offer?",
    answer:
      "Your rate depends on your business credit score, time in business, annual revenue, industry type, and the loan amount and term you choose. (The page adds today's range from the lender catalogue.)",
  },
  {
    id: "loan-amounts-and-terms",
    question: "How much can I borrow, and for how long?",
    answer:
      "Each loan product's page shows the amounts and terms its lenders offer. (The page adds today's figures from the lender catalogue.)",
  },
  {
    id: "decision-time",
    question: "How long does it take to get a decision and funding?",
    answer:
      "Most applications receive a decision within 24-48 hours; each offer states when its lender funds. (The page adds the fastest funding time from the lender catalogue.)",
  },
  {
    id: "reapply-after-decline",
    question: "If my application is declined, can I apply again?",
    answer: "Yes. Declined applicants can typically reapply after 60-90 days.",
  },
  {
    id: "prepayment",
    question: "Can I pay off my loan early?",
    answer:
      "Yes. Each offer states its lender's prepayment terms before you accept. (The page writes this answer from the lender catalogue.)",
  },
  {
    id: "fees",
    question: "Are there any fees?",
    answer: "There is no application fee and there are no hidden fees. Your loan may include an origination fee.",
  },
  {
    id: "credit-score-impact",
    question: "Does checking my rate affect my credit score?",
    answer:
      "No. Checking your rate does not affect your credit score. You authorize us to verify your information and check your credit at the review step, when you submit your application.",
  },
  {
    id: "documents-needed",
    question: "What documents do I need?",
    answer:
      "You can upload a government-issued ID (front and back), your LLC documents, your EIN document, your last 3 months of bank statements and your Social Security card. None of them is required to submit your application, but providing them speeds up the review.",
  },
  {
    id: "information-security",
    question: "How is my information protected?",
    answer:
      "Your information and documents are protected with 256-bit encryption and SSL, and your documents are never shared without your consent.",
  },
];

export const faqResourceLinks = [
  { href: "/startup-capital-loans", label: "Startup Capital Loans" },
  { href: "/loan-calculator", label: "Loan Calculator" },
  { href: "/loan-application", label: "Start Your Application" },
] as const satisfies readonly { href: string; label: string }[];
