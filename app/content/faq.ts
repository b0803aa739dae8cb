/**
 * The FAQ page's ten questions (docs/product.md, "Public pages"), answered only from the product's facts
 * (sections 1, 4 and 9). Ids are stable anchors (/faq#who-qualifies).
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
      "Rates range from 5.99% to 35.99% APR. Your rate depends on your business credit score, time in business, annual revenue, industry type, and the loan amount and term you choose.",
  },
  {
    id: "loan-amounts-and-terms",
    question: "How much can I borrow, and for how long?",
    answer:
      "You can borrow from $1,000 to $50,000. Terms depend on the loan type: startup capital loans run from 6 months to 5 years, equipment financing from 12 months to 7 years, business expansion loans up to 7 years, and commercial real estate loans up to 25 years.",
  },
  {
    id: "decision-time",
    question: "How long does it take to get a decision and funding?",
    answer:
      "Most applications receive a decision within 24-48 hours, and funding arrives the same day to 1 business day after approval. The typical timeline is: initial review, 24-48 hours; a request for documentation if needed, 1-3 days; final approval, 2-5 business days; funding, same day to 1 business day.",
  },
  {
    id: "reapply-after-decline",
    question: "If my application is declined, can I apply again?",
    answer: "Yes. Declined applicants can typically reapply after 60-90 days.",
  },
  {
    id: "prepayment",
    question: "Can I pay off my loan early?",
    answer: "Yes. There is no prepayment penalty, so you can repay your loan early at no extra cost.",
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
