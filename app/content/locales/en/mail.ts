/**
 * English texts, namespace "mail": every e-mail (app/features/mail/templates) and the notices of
 * action taken (app/features/marketplace/domain/action-notices.ts), word for word as they were
 * sent before translation (docs/i18n.md). Regulated wording (the ECOA notice) is read from
 * ~/content/messages, never retyped. {{site}} is the site's name.
 */
import { DECLINE_REASON_TEXT } from "~/content/decline-reasons";
import { DOCUMENT_TYPE_LABELS } from "~/content/document-types";
import { ECOA_NOTICE } from "~/content/messages";
import { site } from "~/content/site";

export const mail = {
  hello: "Hello {{name}},",
  signature: { phone: "Phone", email: "E-mail", hours: site.hours },
  /** "November 24, 2026 at 4:11 PM EST" (the parts come from Intl). */
  dateTime: "{{month}} {{day}}, {{year}} at {{hour}}:{{minute}} {{dayPeriod}} {{zone}}",
  account: {
    verifySubject: "Confirm your e-mail address for {{site}}",
    verifyChangeSubject: "Confirm your new e-mail address for {{site}}",
    verifyWelcome: "Welcome to {{site}}. Please confirm your e-mail address by opening this link:",
    verifyChange:
      "Please confirm that you want to use this address for your {{site}} account. Your e-mail changes once you open this link:",
    verifyAction: "Confirm your e-mail address",
    linkOnce24h: "The link works once, for 24 hours. If you did not ask for this, you can ignore this e-mail.",
    changeLinkIntro:
      "Please confirm that you want to use this address for your {{site}} account. Open this link while signed in to your account:",
    changeLinkAction: "Confirm your new e-mail address",
    changeRequestedSubject: "A change of e-mail address was requested for your {{site}} account",
    changeRequestedIntro: "Someone signed in to your account asked to change its e-mail address to {{email}}.",
    changeRequestedNothing: "Nothing changes until the new address is confirmed from its inbox, in a signed-in session of your account.",
    changeRequestedNotYou: "If this was not you, change your password at once (that cancels the change) and call us at {{phone}}.",
    resetAction: "Reset your password",
    changedSubject: "The e-mail address of your {{site}} account was changed",
    changedIntro: "The e-mail address of your account was changed to {{email}}. This address no longer signs you in.",
    changedUndoIntro:
      "If this was not you, undo the change here. Your address comes back, you choose a new password, and every session and link of the account ends:",
    changedUndoAction: "Undo the change",
    changedLinkOnce: "The link works once, for 7 days. Call us at {{phone}} if you need help.",
    undoneSubject: "Your {{site}} e-mail address was restored",
    undoneIntro:
      "The change of your account's e-mail address was undone: this address signs you in again, with the new password you just chose.",
    undoneSessions: "Every session of the account was signed out and every pending link was cancelled.",
    signIn: "Sign in",
    notYouCall: "If this was not you, call us at {{phone}}.",
    resetSubject: "Reset your {{site}} password",
    resetIntro: "Someone (hopefully you) asked to reset the password of your account. Choose a new password here:",
    resetChoose: "Choose a new password",
    resetLinkOnce: "The link works once, for one hour. If you did not ask for this, ignore this e-mail: your password stays as it is.",
    passwordChangedSubject: "Your {{site}} password was changed",
    passwordChangedIntro: "The password of your account was just changed, and every other signed-in session was signed out.",
    passwordChangedNotYou: "If this was not you, reset your password at once and call us at {{phone}}.",
    referralClaimSubject: "{{partner}} started a loan application for you on {{site}}",
    referralClaimIntro:
      "{{partner}}, a referral partner of {{site}}, started loan application {{reference}} for your business and made you an account with this e-mail address.",
    referralClaimNothing:
      "Nothing is sent to lenders yet. Choose a password to open the application, check the details your partner gave, and submit it yourself when they are right:",
    referralClaimAction: "Set your password and review the application",
    referralClaimLink:
      'The link works once, for {{days}} days. If it has expired, choose a password with "Forgot password" on the sign-in page. If you do not know {{partner}}, ignore this e-mail: nothing is submitted without you.',
    referralNoticeSubject: "{{partner}} referred a loan application to your {{site}} account",
    referralNoticeIntro:
      "{{partner}}, a referral partner of {{site}}, started loan application {{reference}} for your business in your account.",
    referralNoticeNothing:
      "Nothing is sent to lenders yet. Sign in to check the details your partner gave and submit the application yourself when they are right:",
    referralNoticeAction: "Sign in to review the application",
    referralNoticeIgnore: "If you do not know {{partner}}, ignore this e-mail or call us at {{phone}}: nothing is submitted without you.",
  },
  application: {
    confirmationSubject: "Application Submitted - {{reference}}",
    thanks: "Thank you for applying with {{site}}. We have received your business loan application.",
    reference: "Application reference",
    requestedAmount: "Requested amount",
    purpose: "Purpose",
    submitted: "Submitted",
    goodNewsAnnouncement: "Good news: {{announcement}}.",
    announcement_one: "{{count}} offer ready, from {{apr}}% APR",
    announcement_other: "{{count}} offers ready, from {{apr}}% APR",
    goodNewsCount_one: "Good news: {{count}} partner lender offer is ready for you to compare.",
    goodNewsCount_other: "Good news: {{count}} partner lender offers are ready for you to compare.",
    compareSideBySide: "Sign in to compare them side by side with their cost disclosures. Offers are valid for {{days}} days.",
    compareOffers: "Compare your offers",
    whatNext: "What happens next:",
    next1: "Compare the offers and accept the one you want (nothing is final until you sign one).",
    next2: "The lender verifies your details and documents; it may ask you for more (1-3 days).",
    next3: "If the lender approves them, it sends the money: same day to 1 business day after its verification.",
    updatesByEmail: "We will send updates by e-mail.",
    noOffers:
      "None of our partner lenders can make you an offer for this application. We have sent you the notice of action taken, with the reasons, in a separate e-mail; it is also on your dashboard.",
    checkStatusAnytime: "You can check your status at any time on our Application Status page with your reference {{reference}}.",
    checkStatus: "Check your application status",
    noticeAdverseSubject: "Notice of action taken on your application {{reference}}",
    noticeIncompleteSubject: "Information needed on your application {{reference}}",
    noticeIntro: "Thank you for applying. This notice is about your application {{reference}}.",
    openDashboard: "Open your dashboard",
    /** "your application LW-1 for $25,000 (Working Capital)" */
    what: "your application {{reference}} for {{amount}} ({{purpose}})",
    approvedSubject: "Congratulations! Your application {{reference}} is approved",
    approvedIntro: "Congratulations! {{what}} has been approved with the offer you accepted.",
    approvedIntroLender: "Congratulations! {{what}} has been approved with the offer you accepted from {{lender}}.",
    approvedNext:
      "Next, the lender verifies your details and documents; once it has verified them, funding usually arrives the same day to 1 business day later. We will e-mail you at each step.",
    followApplication: "Follow your application",
    underReviewSubject: "Your application {{reference}} is under review",
    underReviewIntro: "Our team is now reviewing {{what}}.",
    underReviewNext:
      "We may contact you to request additional documentation; documentation requests usually take 1-3 days, and a final decision 2-5 business days.",
    decisionSubject: "Decision on your application {{reference}}",
    rejectedIntro: "Thank you for applying. After careful review, we are unable to approve {{what}}.",
    creditDenied: "Statement of action taken: credit denied.",
    principalReasonsOurs: "Principal reason(s) for our decision: {{note}}",
    reapply: "You can typically reapply after 60-90 days. If you have questions about this decision, contact us at the details below.",
    submittedSubject: "We received your application {{reference}}",
    submittedIntro: "We have received {{what}}. Initial review takes 24-48 hours; we will contact you with any questions.",
    /** "your application LW-1 ($25,000, Working Capital)" */
    stageWhat: "your application {{reference}} ({{amount}}, {{purpose}})",
    followDashboard: "Follow every step on your dashboard",
    verifyingSubject: "{{lender}} is verifying {{reference}}",
    yourLender: "Your lender",
    theLender: "The lender",
    theLenderLower: "the lender",
    verifyingIntro: "{{lender}} whose offer you accepted is now verifying {{what}}.",
    /** The stage's "next" words (app/features/applications/domain/loan-lifecycle.ts): the English e-mail reads them there. */
    verifyingNext: "Once the lender has verified them it sends the money; funding usually takes the same day to 1 business day after that.",
    fundedSubject: "Funded: {{reference}}",
    fundedIntro: "{{lender}} sent {{amount}} on {{date}} for {{what}}.",
    fundedNext: "Your repayments follow the schedule of the offer you accepted.",
    declinedIntro: "After its review, {{lender}} declined {{what}}. No loan will be made from this application.",
    principalReasons: "Principal reason(s):",
    principalReasonsBy: "Principal reason(s) given by {{lender}}:",
    reapplyShort: "You can typically reapply after 60-90 days.",
    cancelledSubject: "Your application {{reference}} was cancelled",
    cancelledIntro: "We have cancelled {{what}}.",
    reason: "Reason: {{reason}}",
    cancelledAccepted: "The offer you accepted from {{lender}} will not be funded; the lender has been told.",
    cancelledWithdrawn: "Its offers have been withdrawn.",
    startAnytime: "You can start a new application at any time.",
    documentsSubject: "Documents needed for your application {{reference}}",
    documentsLender: "{{lender}}, a partner lender reviewing your application {{reference}}, needs the following:",
    documentsTeam: "To continue with your application {{reference}}, we need the following:",
    messageFrom: "Message from {{from}}: {{message}}",
    ourTeam: "our team",
    requested: "Requested",
    uploadFromDashboard: "Please sign in and upload them from your dashboard (Documents requested).",
    uploadAction: "Upload the documents",
    withdrawnSubject: "An offer for your application {{reference}} was withdrawn",
    withdrawnIntro: "The offer from {{lender}} for your application {{reference}} was withdrawn: {{reason}}. It can no longer be accepted.",
    stillOpen_one: "You still have {{count}} open offer to compare.",
    stillOpen_other: "You still have {{count}} open offers to compare.",
    noneOpen:
      "No other offer is open for this application, so nothing can be accepted and no funding will follow from it. You can start a new application at any time.",
    startNew: "Start a new application",
    fundingProvided: "Funding provided",
    estimatedApr: "Estimated APR",
    payment: "Payment",
    paymentValue: "{{payment}} monthly for {{months}} months",
    firmSubject: "A firm offer from {{lender}} - {{reference}}",
    firmIntro: "{{lender}} (NMLS {{nmls}}) reviewed your application {{reference}} and made you a firm offer:",
    validUntil: "Valid until",
    firmCompare: "Compare it with your other offers and read its full disclosure before you decide.",
    lenderDecisionSubject: "Decision by {{lender}} on your application {{reference}}",
    lenderDecisionIntro: "Thank you for applying. This is about your application {{reference}}.",
    seeOffers: "See your offers",
    lender: "Lender",
    lenderValue: "{{lender}} (NMLS {{nmls}})",
    totalPayments: "Estimated total payment amount",
    acceptedSubject: "Offer Accepted - {{reference}}",
    acceptedIntro: "You accepted an offer for your application {{reference}} ({{amount}}, {{purpose}}). Status: Offer Accepted.",
    signedBy: "Signed by",
    signedByValue: "{{name}} on {{date}}",
    fingerprint: "Disclosure fingerprint (SHA-256)",
    attached:
      "Your signed offer summary is attached to this e-mail ({{file}}): keep it for your records. You can download it again from your account at any time.",
    downloadSummary: "Download your signed offer summary (PDF)",
    acceptedNext:
      "What happens next: the lender verifies your details and documents (it may ask you for more); if it approves them, it sends the money. The other offers were withdrawn.",
  },
  /** The notices of action taken (Regulation B), pages and e-mails alike. */
  notice: {
    actionTaken: "NOTICE OF ACTION TAKEN",
    incomplete: "NOTICE OF INCOMPLETE APPLICATION",
    noMatchTitle: "NOTICE OF ACTION TAKEN: no lender match",
    declined: "{{lender}} has declined to extend credit on this application.",
    reasonsBy: "Principal reason(s) given by {{lender}}:",
    cannotDecide: "{{lender}} cannot decide on this application without the following information:",
    sendBy:
      "Please give it by {{deadline}} ({{days}} days from this notice): answer it in Boost your offers on your offers page, where the lenders decide again at once, or send it to {{contact}}. If we do not receive it by then, these lenders will not consider this application further, and you may apply again at any time.",
    othersUnaffected: "Offers from other partner lenders are not affected: you can still compare and accept them.",
    othersUnaffectedIfAny: "Offers from other partner lenders, if any, are not affected.",
    noMatchNone:
      "None of our partner lenders can make an offer for this application, so there is nothing to accept and no funding will follow from it.",
    principalReasons: "Principal reason(s):",
    whatYouCanDo: "What you can do:",
    /** Regulation B's model forms C-1 and C-3. */
    rightToReasons:
      "You have the right to a statement of specific reasons why your application was denied. To obtain the statement, please contact {{contact}} within 60 days from the date you are notified of this decision. We will send you a written statement of reasons for the denial within 30 days of receiving your request for the statement.",
    ecoa: ECOA_NOTICE,
  },
  /** A document request's document types (~/content/document-types). */
  documents: { ...DOCUMENT_TYPE_LABELS },
  /** A partner lender's reasons for declining (~/content/decline-reasons), by code. */
  declineReasons: { ...DECLINE_REASON_TEXT },
  /** The matching's reasons (features/marketplace/domain/offer-matching.ts REASON_TEXT; a unit test checks they agree), by code. */
  reasons: {
    "amount-below-minimum": "Requested amount is below the lender's minimum",
    "amount-above-maximum": "Requested amount is above the lender's maximum",
    "state-not-served": "The lender does not lend to businesses in your state",
    "purpose-not-served": "The lender does not finance this loan purpose",
    "income-below-minimum": "Income insufficient for amount of credit requested",
    "term-not-offered": "The lender does not offer the requested term",
    "payment-unaffordable": "Excessive obligations in relation to income",
    "credit-score-unknown": "Credit information not provided",
    "credit-score-below-minimum": "Credit score below the lender's minimum",
    "years-in-business-unknown": "Length of time in business not provided",
    "years-in-business-below-minimum": "Length of time in business below the lender's minimum",
  },
  /** What a notice of incompleteness says is missing (action-notices.ts MISSING_INFORMATION). */
  missing: {
    "credit-score-unknown": "Your estimated personal credit score",
    "years-in-business-unknown": "How long your business has operated (time in business)",
  },
  /** No lender match in plain words (features/marketplace/domain/no-lender-match.ts). */
  noMatch: {
    everyStateNotServed: "None of our partner lenders lends to businesses in {{state}}.",
    everyPurposeNotServed: "None of our partner lenders finances this loan purpose ({{purpose}}).",
    everyAmountAbove: "The amount you asked for is above every partner lender's maximum.",
    everyAmountBelow: "The amount you asked for is below every partner lender's minimum.",
    everyIncomeBelow: "Your annual income is below every partner lender's minimum for this amount.",
    everyPaymentUnaffordable: "The monthly payment would be too high for your income with every partner lender.",
    every: "{{reason}} (every partner lender).",
    some: "{{reason}} (some partner lenders).",
    nextStateNotServed:
      "Applying here again with an address in {{state}} will not change the result until a lender that serves {{state}} joins us. A bank, credit union or Small Business Development Center in {{state}} may be able to help.",
    nextAmountAbove: "Apply again for a smaller amount.",
    nextAmountBelow: "Apply again for a larger amount.",
    nextPurpose: "If another loan purpose describes what the money is for, choose it in a new application.",
    nextSmaller: "A smaller amount lowers the payment and the income needed: try a new application for less.",
    nextTerm: "Apply again without asking for a specific term.",
    nextCredit: "Lenders look at credit again on a new application: improving your credit score may change the result.",
    nextYears: "Lenders with a time-in-business minimum may consider you once your business has operated longer.",
    unlockCredit: "Stating your estimated credit score would let this lender consider your application.",
    unlockYears: "Stating how long your business has operated would let this lender consider your application.",
    nextContact: "Contact us and we will tell you what would change the result.",
    noneTaking: "No partner lender was taking applications when you applied.",
    noneTakingNext: "Apply again later: new lenders and products are added to the platform over time.",
  },
};
