/**
 * The e-mails about an account: address verification and change, password reset and change, the
 * second-factor lockout, a lender user's invitation. Links carry their one-time token. Each takes
 * the reader's language (`lang`, default English; texts in the "mail" namespace).
 */
import { site } from "~/content/site";
import { fill, resourcesFor, type Language } from "~/content/locales";
import { action, paragraph, type MailContent } from "~/features/mail/domain/mail-content";
import { mailLinks } from "~/features/mail/mail-links.server";

const words = (lang: Language) => resourcesFor(lang).mail;
const hello = (firstName: string, lang: Language = "en") => fill(words(lang).hello, { name: firstName });
/** The site's name and phone, the placeholders every account e-mail may use. */
const base = { site: site.name, phone: site.supportPhone };

/** "a***@example.com": enough for the owner to recognise an address, not enough to learn it. */
export const maskEmail = (email: string) => email.replace(/^(.).*?(@.*)$/, "$1***$2");

export function verificationMail(firstName: string, token: string, change: boolean, lang: Language = "en"): MailContent {
  const t = words(lang).account;
  return {
    lang,
    subject: fill(change ? t.verifyChangeSubject : t.verifySubject, base),
    greeting: hello(firstName, lang),
    blocks: [
      paragraph(fill(change ? t.verifyChange : t.verifyWelcome, base)),
      action(t.verifyAction, mailLinks.verifyEmail(token)),
      paragraph(t.linkOnce24h),
    ],
  };
}

/** To the new address of a change of e-mail: the confirmation link (opened while signed in). */
export function changeLinkMail(firstName: string, token: string, lang: Language = "en"): MailContent {
  const t = words(lang).account;
  return {
    lang,
    subject: fill(t.verifyChangeSubject, base),
    greeting: hello(firstName, lang),
    blocks: [paragraph(fill(t.changeLinkIntro, base)), action(t.changeLinkAction, mailLinks.verifyEmail(token)), paragraph(t.linkOnce24h)],
  };
}

/** To the current address when a change is requested: nothing changed yet. */
export function changeRequestedMail(firstName: string, newEmail: string, lang: Language = "en"): MailContent {
  const t = words(lang).account;
  return {
    lang,
    subject: fill(t.changeRequestedSubject, base),
    greeting: hello(firstName, lang),
    blocks: [
      paragraph(fill(t.changeRequestedIntro, { email: maskEmail(newEmail) })),
      paragraph(t.changeRequestedNothing),
      paragraph(fill(t.changeRequestedNotYou, base)),
      action(t.resetAction, mailLinks.forgotPassword()),
    ],
  };
}

/** To the old address once the change is done: the undo link. */
export function changedMail(firstName: string, newEmail: string, undoToken: string, lang: Language = "en"): MailContent {
  const t = words(lang).account;
  return {
    lang,
    subject: fill(t.changedSubject, base),
    greeting: hello(firstName, lang),
    blocks: [
      paragraph(fill(t.changedIntro, { email: maskEmail(newEmail) })),
      paragraph(t.changedUndoIntro),
      action(t.changedUndoAction, mailLinks.undoEmailChange(undoToken)),
      paragraph(fill(t.changedLinkOnce, base)),
    ],
  };
}

export function changeUndoneMail(firstName: string, lang: Language = "en"): MailContent {
  const t = words(lang).account;
  return {
    lang,
    subject: fill(t.undoneSubject, base),
    greeting: hello(firstName, lang),
    blocks: [
      paragraph(t.undoneIntro),
      paragraph(t.undoneSessions),
      action(t.signIn, mailLinks.login()),
      paragraph(fill(t.notYouCall, base)),
    ],
  };
}

export function resetPasswordMail(firstName: string, token: string, lang: Language = "en"): MailContent {
  const t = words(lang).account;
  return {
    lang,
    subject: fill(t.resetSubject, base),
    greeting: hello(firstName, lang),
    blocks: [paragraph(t.resetIntro), action(t.resetChoose, mailLinks.resetPassword(token)), paragraph(t.resetLinkOnce)],
  };
}

export function passwordChangedMail(firstName: string, lang: Language = "en"): MailContent {
  const t = words(lang).account;
  return {
    lang,
    subject: fill(t.passwordChangedSubject, base),
    greeting: hello(firstName, lang),
    blocks: [
      paragraph(t.passwordChangedIntro),
      paragraph(fill(t.passwordChangedNotYou, base)),
      action(t.resetAction, mailLinks.forgotPassword()),
    ],
  };
}

/** To an admin (the back office is English only). */
export function mfaLockedMail(firstName: string, failures: number): MailContent {
  return {
    subject: `${site.name}: two-factor sign-in locked`,
    greeting: hello(firstName),
    blocks: [
      paragraph(
        `Someone entered ${failures} wrong two-factor codes in a row for your ${site.name} admin account, so codes from your authenticator app are no longer accepted.`,
      ),
      paragraph(
        "Sign in with your password and one of your recovery codes to unlock it. If this was not you, change your password and tell your security contact.",
      ),
      action("Sign in with a recovery code", mailLinks.adminLogin()),
    ],
  };
}

/** To a lender's user (the lender workspace is English only). */
export function lenderInviteMail(c: { firstName: string; lenderName: string; token: string; validHours: number }): MailContent {
  return {
    subject: `You are invited to the ${site.name} lender workspace`,
    greeting: hello(c.firstName),
    blocks: [
      paragraph(`You have been invited to review loan applications for ${c.lenderName} on ${site.name}.`),
      paragraph(`Set your password and turn on two-factor authentication here (the link works once, for ${c.validHours} hours):`),
      action("Accept the invitation", mailLinks.lenderInvite(c.token)),
      paragraph("If you did not expect this invitation, ignore this e-mail."),
    ],
  };
}

/** What the owner is told about a referral: who sent it and which application. */
type ReferralMailFacts = { firstName: string; partnerName: string; reference: string; lang?: Language };

/** To a business owner a referral partner sent an application for, with a new account: the claim link. */
export function referralClaimMail(c: ReferralMailFacts & { token: string; validDays: number }): MailContent {
  const lang = c.lang ?? "en";
  const t = words(lang).account;
  const v = { ...base, partner: c.partnerName, reference: c.reference, days: c.validDays };
  return {
    lang,
    subject: fill(t.referralClaimSubject, v),
    greeting: hello(c.firstName, lang),
    blocks: [
      paragraph(fill(t.referralClaimIntro, v)),
      paragraph(t.referralClaimNothing),
      action(t.referralClaimAction, mailLinks.referralClaim(c.token)),
      paragraph(fill(t.referralClaimLink, v)),
    ],
  };
}

/** To the owner of an existing account a referral partner sent an application to: sign in to it (no link sets a password). */
export function referralNoticeMail(c: ReferralMailFacts): MailContent {
  const lang = c.lang ?? "en";
  const t = words(lang).account;
  const v = { ...base, partner: c.partnerName, reference: c.reference };
  return {
    lang,
    subject: fill(t.referralNoticeSubject, v),
    greeting: hello(c.firstName, lang),
    blocks: [
      paragraph(fill(t.referralNoticeIntro, v)),
      paragraph(t.referralNoticeNothing),
      action(t.referralNoticeAction, mailLinks.loginToApply()),
      paragraph(fill(t.referralNoticeIgnore, v)),
    ],
  };
}
