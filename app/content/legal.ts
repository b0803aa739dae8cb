/**
 * Text of the two legal pages (docs/product.md: static, last updated January 3, 2025; terms have 11
 * sections, the privacy policy 10). Original plain-English text written for this product from
 * the product's facts; section ids are stable anchors.
 */
import { site } from "./site";

export type LegalSection = { id: string; title: string; paragraphs: readonly string[] };

export const legalLastUpdated = "January 3, 2025";

const contactSentence = `E-mail ${site.supportEmail} or call ${site.supportPhone} (${site.hours}).`;

export const termsSections: readonly LegalSection[] = [
  {
    id: "acceptance",
    title: "Acceptance of These Terms",
    paragraphs: [
      `These Terms of Service govern your use of the ${site.name} website, your account and any loan application you submit through it. By creating an account, submitting an application or otherwise using the service, you agree to these terms.`,
      "If you do not agree, please do not use the service.",
    ],
  },
  {
    id: "our-service",
    title: `What ${site.name} Does`,
    paragraphs: [
      `${site.name} is an online marketplace that connects entrepreneurs and small businesses in the United States with licensed lenders for business loans from $1,000 to $50,000.`,
      "Loan offers are made by the lenders. The rate, term and fees of any loan are set out in the offer and in the loan agreement you sign with the lender, which governs that loan.",
    ],
  },
  {
    id: "eligibility",
    title: "Eligibility",
    paragraphs: [
      "To use the service and apply for a loan, you must be at least 18 years old and a US citizen. You confirm both by ticking the declaration on the sign-up form or in the application.",
      "The business you apply for must be based in the United States. Meeting these requirements does not by itself mean that a loan will be offered.",
    ],
  },
  {
    id: "your-account",
    title: "Your Account",
    paragraphs: [
      "An account is created for you when you sign up or when you submit an application. You agree to give accurate, current and complete information and to keep it up to date.",
      "You are responsible for keeping your password confidential and for activity under your account. Tell us at once if you believe someone else has used it.",
    ],
  },
  {
    id: "applications-and-decisions",
    title: "Applications and Decisions",
    paragraphs: [
      "When you apply, you confirm that the information you give about yourself and your business is true and complete. Giving false or misleading information may lead to your application being declined or your account being closed.",
      "Submitting an application does not guarantee approval, a particular loan amount, rate or term, or a decision by a particular time. Timelines and advertised rates are typical figures, not promises.",
      "Results from the loan calculator are estimates only and are not an offer of credit.",
    ],
  },
  {
    id: "credit-checks",
    title: "Verification and Credit Checks",
    paragraphs: [
      "Checking your rate does not affect your credit score.",
      `At the review step of the application you may authorize ${site.name} and its lending partners to verify the information you provided and to check your credit. Your application cannot be submitted without this authorization.`,
    ],
  },
  {
    id: "fees-and-repayment",
    title: "Fees and Repayment",
    paragraphs: [
      `There is no fee to apply through ${site.name}. A lender may charge an origination fee on a loan it makes; any such fee is part of the loan's terms. We do not charge hidden fees.`,
      "Whether you may repay a loan early without a charge depends on the lender: its offer states its prepayment terms before you accept. Repayments are made to the lender under your loan agreement.",
    ],
  },
  {
    id: "documents",
    title: "Documents You Upload",
    paragraphs: [
      "You may upload documents such as identification, business registration documents and bank statements to support your application. Only upload documents that you are entitled to share and that relate to you or your business.",
      "Uploaded documents are protected with 256-bit encryption and are never shared without your consent. How we handle your information is described in our Privacy Policy.",
    ],
  },
  {
    id: "communications",
    title: "Communications",
    paragraphs: [
      "By creating an account you agree to receive records and sign documents electronically, under the agreement shown on the sign-up form; you may ask for paper copies or withdraw that agreement at any time. We send messages about your account and applications, including confirmations, notices and status updates, by e-mail. We do not send account or application updates by text message.",
      "Promotional e-mails, and promotional text messages to the number you name, are sent only if you tick their own boxes, which is never a condition of applying or of any purchase. Reply STOP to any text to stop them; you can withdraw either consent at any time.",
    ],
  },
  {
    id: "acceptable-use-and-liability",
    title: "Acceptable Use and Limitation of Liability",
    paragraphs: [
      "You agree not to misuse the service, for example by applying in someone else's name, interfering with its operation or trying to access information that is not yours.",
      `The service is provided as is. To the extent the law allows, ${site.name} is not liable for indirect or consequential losses arising from your use of the service or from a lender's decision.`,
    ],
  },
  {
    id: "changes-and-contact",
    title: "Changes and Contact",
    paragraphs: [
      "We may update these terms from time to time. The date at the top of this page shows when they last changed, and continuing to use the service after a change means you accept the updated terms.",
      `Questions about these terms? ${contactSentence}`,
    ],
  },
];

export const privacySections: readonly LegalSection[] = [
  {
    id: "about-this-policy",
    title: "About This Policy",
    paragraphs: [
      `This Privacy Policy explains what information ${site.name} collects when you use our website and apply for a business loan, how we use and protect it, and the choices you have.`,
    ],
  },
  {
    id: "information-we-collect",
    title: "Information We Collect",
    paragraphs: [
      "Information you give us: your name, e-mail address, phone number and date of birth; your business address; the loan amount and purpose you request; your annual income, living situation and monthly housing payment; and any documents you upload, such as identification, LLC and EIN documents, bank statements and your Social Security card.",
      "Information collected automatically: the cookies needed to keep you signed in and to save your application as you go, the address your requests come from (kept with each consent you give), and basic technical records of requests made to our servers.",
      "Advertising pixel: when it is switched on, our public marketing pages (never the application, dashboard or account pages) load Meta's pixel, which tells Meta that a browser visited the page and, when you start or submit an application, that you did so and the amount requested. Blocking third-party cookies in your browser stops it.",
      "If you choose to answer them, the optional questions about the ethnicity, race and sex of a business's owners, and whether the business is minority-, women- or LGBTQI+-owned, are kept apart from your application; no lender and no one who reviews applications can see them.",
    ],
  },
  {
    id: "how-we-use-information",
    title: "How We Use Your Information",
    paragraphs: [
      "We use your information to create and manage your account, to process and review your application, to match you with licensed lenders, to verify your identity, to tell you about the status of your application and to keep the service secure.",
    ],
  },
  {
    id: "sharing",
    title: "How We Share Information",
    paragraphs: [
      "When you submit an application and agree to share it, we send the application and its documents to the partner lenders whose active products serve your state and loan purpose; they are named at the credit authorisation box, on your offers page and on our licences page. We also use service providers (hosting, e-mail delivery, file storage) who may handle information only to run the service and must protect it.",
      "We do not sell personal information. The advertising pixel described above may count as sharing for cross-context behavioural advertising under California law; you may opt out of it as described under Your Choices. We may disclose information when the law requires it.",
    ],
  },
  {
    id: "credit-checks",
    title: "Credit Checks",
    paragraphs: [
      "Finding your offers uses at most a soft inquiry, which does not affect your credit score. A lender makes a hard inquiry only if you accept its offer and it tells you it will do so. Your authorisation at the review step names the lenders that may obtain a report.",
    ],
  },
  {
    id: "security",
    title: "How We Protect Your Information",
    paragraphs: [
      `Information you send us travels over TLS (HTTPS), and each uploaded document is encrypted at rest with AES-256-GCM under its own key. Within ${site.name}, access to applications and documents is limited to you, the staff who review them, and the lenders you agreed to share them with. Our security page says more.`,
      "No system is perfectly secure, but we work to protect your information against loss, misuse and unauthorized access.",
    ],
  },
  {
    id: "retention",
    title: "How Long We Keep Information",
    paragraphs: [
      "We keep loan information for up to 7 years after the loan closes, so that we can meet our legal and record-keeping obligations. After that, it is deleted or anonymized.",
      "Applications that are declined, withdrawn or receive no offer have their documents deleted 25 months after the last decision or change, the longest period the Equal Credit Opportunity Act's Regulation B asks lenders to keep application records; an application under a legal hold is kept until the hold ends. Applications started and never submitted are deleted 30 days after they were last touched.",
    ],
  },
  {
    id: "communications",
    title: "E-mail and Text Messages",
    paragraphs: [
      "We send confirmations, notices and updates about your application by e-mail. We do not send them by text message.",
      "We send promotions by e-mail, or by text message to the number shown next to its box, only if you tick that box when you apply; neither is a condition of any purchase. Reply STOP to a text, or use the link in an e-mail, to stop them at any time without affecting your application.",
    ],
  },
  {
    id: "your-choices",
    title: "Your Choices and California Privacy Rights",
    paragraphs: [
      "You can download what we hold about your account from the account page (your data export lists your applications, documents, e-mails and every consent you gave), ask us to correct it, and opt out of promotional messages at any time. Some information must be kept for the period described above even if you close your account.",
      `California residents have the right under the California Consumer Privacy Act, as amended by the California Privacy Rights Act, to know what personal information we collect and how we use and disclose it, to delete it, to correct it, to opt out of its sale or sharing (including the advertising pixel), and to limit the use of sensitive personal information; we will not treat you differently for using these rights. Information covered by federal financial privacy law may be exempt. To make a request, or to name an authorised agent, ${contactSentence.charAt(0).toLowerCase()}${contactSentence.slice(1)} We verify the request against your account and answer within 45 days.`,
    ],
  },
  {
    id: "changes-and-contact",
    title: "Changes and Contact",
    paragraphs: [
      "We may update this policy from time to time; the date at the top of this page shows when it last changed.",
      `Questions about your privacy? ${contactSentence}`,
    ],
  },
];
