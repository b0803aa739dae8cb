/**
 * The e-mails about an account: address verification and change, password reset and change, the
 * second-factor lockout, a lender user's invitation. Links carry their one-time token.
 */
import { site } from "~/content/site";
import { action, paragraph, type MailContent } from "~/features/mail/domain/mail-content";
import { mailLinks } from "~/features/mail/mail-links.server";

const hello = (firstName: string) => `Hello ${firstName},`;

/** "a***@example.com": enough for the owner to recognise an address, not enough to learn it. */
export const maskEmail = (email: string) => email.replace(/^(.).*?(@.*)$/, "$1***$2");

export function verificationMail(firstName: string, token: string, change: boolean): MailContent {
  return {
    subject: change ? `Confirm your new e-mail address for ${site.name}` : `Confirm your e-mail address for ${site.name}`,
    greeting: hello(firstName),
    blocks: [
      paragraph(
        change
          ? `Please confirm that you want to use this address for your ${site.name} account. Your e-mail changes once you open this link:`
          : `Welcome to ${site.name}. Please confirm your e-mail address by opening this link:`,
      ),
      action("Confirm your e-mail address", mailLinks.verifyEmail(token)),
      paragraph("The link works once, for 24 hours. If you did not ask for this, you can ignore this e-mail."),
    ],
  };
}

/** To the new address of a change of e-mail: the confirmation link (opened while signed in). */
export function changeLinkMail(firstName: string, token: string): MailContent {
  return {
    subject: `Confirm your new e-mail address for ${site.name}`,
    greeting: hello(firstName),
    blocks: [
      paragraph(
        `Please confirm that you want to use this address for your ${site.name} account. Open this link while signed in to your account:`,
      ),
      action("Confirm your new e-mail address", mailLinks.verifyEmail(token)),
      paragraph("The link works once, for 24 hours. If you did not ask for this, you can ignore this e-mail."),
    ],
  };
}

/** To the current address when a change is requested: nothing changed yet. */
export function changeRequestedMail(firstName: string, newEmail: string): MailContent {
  return {
    subject: `A change of e-mail address was requested for your ${site.name} account`,
    greeting: hello(firstName),
    blocks: [
      paragraph(`Someone signed in to your account asked to change its e-mail address to ${maskEmail(newEmail)}.`),
      paragraph("Nothing changes until the new address is confirmed from its inbox, in a signed-in session of your account."),
      paragraph(`If this was not you, change your password at once (that cancels the change) and call us at ${site.supportPhone}.`),
      action("Reset your password", mailLinks.forgotPassword()),
    ],
  };
}

/** To the old address once the change is done: the undo link. */
export function changedMail(firstName: string, newEmail: string, undoToken: string): MailContent {
  return {
    subject: `The e-mail address of your ${site.name} account was changed`,
    greeting: hello(firstName),
    blocks: [
      paragraph(`The e-mail address of your account was changed to ${maskEmail(newEmail)}. This address no longer signs you in.`),
      paragraph(
        "If this was not you, undo the change here. Your address comes back, you choose a new password, and every session and link of the account ends:",
      ),
      action("Undo the change", mailLinks.undoEmailChange(undoToken)),
      paragraph(`The link works once, for 7 days. Call us at ${site.supportPhone} if you need help.`),
    ],
  };
}

export function changeUndoneMail(firstName: string): MailContent {
  return {
    subject: `Your ${site.name} e-mail address was restored`,
    greeting: hello(firstName),
    blocks: [
      paragraph(
        "The change of your account's e-mail address was undone: this address signs you in again, with the new password you just chose.",
      ),
      paragraph("Every session of the account was signed out and every pending link was cancelled."),
      action("Sign in", mailLinks.login()),
      paragraph(`If this was not you, call us at ${site.supportPhone}.`),
    ],
  };
}

export function resetPasswordMail(firstName: string, token: string): MailContent {
  return {
    subject: `Reset your ${site.name} password`,
    greeting: hello(firstName),
    blocks: [
      paragraph("Someone (hopefully you) asked to reset the password of your account. Choose a new password here:"),
      action("Choose a new password", mailLinks.resetPassword(token)),
      paragraph("The link works once, for one hour. If you did not ask for this, ignore this e-mail: your password stays as it is."),
    ],
  };
}

export function passwordChangedMail(firstName: string): MailContent {
  return {
    subject: `Your ${site.name} password was changed`,
    greeting: hello(firstName),
    blocks: [
      paragraph("The password of your account was just changed, and every other signed-in session was signed out."),
      paragraph(`If this was not you, reset your password at once and call us at ${site.supportPhone}.`),
      action("Reset your password", mailLinks.forgotPassword()),
    ],
  };
}

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
type ReferralMailFacts = { firstName: string; partnerName: string; reference: string };

/** To a business owner a referral partner sent an application for, with a new account: the claim link. */
export function referralClaimMail(c: ReferralMailFacts & { token: string; validDays: number }): MailContent {
  return {
    subject: `${c.partnerName} started a loan application for you on ${site.name}`,
    greeting: hello(c.firstName),
    blocks: [
      paragraph(
        `${c.partnerName}, a referral partner of ${site.name}, started loan application ${c.reference} for your business and made you an account with this e-mail address.`,
      ),
      paragraph(
        "Nothing is sent to lenders yet. Choose a password to open the application, check the details your partner gave, and submit it yourself when they are right:",
      ),
      action("Set your password and review the application", mailLinks.referralClaim(c.token)),
      paragraph(
        `The link works once, for ${c.validDays} days. If it has expired, choose a password with "Forgot password" on the sign-in page. If you do not know ${c.partnerName}, ignore this e-mail: nothing is submitted without you.`,
      ),
    ],
  };
}

/** To the owner of an existing account a referral partner sent an application to: sign in to it (no link sets a password). */
export function referralNoticeMail(c: ReferralMailFacts): MailContent {
  return {
    subject: `${c.partnerName} referred a loan application to your ${site.name} account`,
    greeting: hello(c.firstName),
    blocks: [
      paragraph(
        `${c.partnerName}, a referral partner of ${site.name}, started loan application ${c.reference} for your business in your account.`,
      ),
      paragraph(
        "Nothing is sent to lenders yet. Sign in to check the details your partner gave and submit the application yourself when they are right:",
      ),
      action("Sign in to review the application", mailLinks.loginToApply()),
      paragraph(
        `If you do not know ${c.partnerName}, ignore this e-mail or call us at ${site.supportPhone}: nothing is submitted without you.`,
      ),
    ],
  };
}
