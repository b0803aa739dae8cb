/**
 * Issue 30, the account pages in Spanish, over HTTP as a browser without JavaScript: /account,
 * /account/data and the pages opened from an e-mailed link (/forgot-password, /reset-password,
 * /verify-email, /undo-email-change, /referral/claim) answer in Spanish (<html lang=es>, the title,
 * no English sentence of the namespaces "account" and "toasts"), their form errors come back in
 * Spanish, and a toast raised by an action (kept in English in its cookie) shows in Spanish.
 * English stays as it was: tests/integration/accounts.test.ts and the others keep their words.
 */
import { eq } from "drizzle-orm";
import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { fill, i18nextOptions, resources } from "~/content/locales";
import {
  ACCOUNT_MSG,
  ACCOUNT_TOASTS,
  boostedToast,
  MSG,
  signupFailed,
  submittedToast,
  TOASTS,
  uploadedManyToast,
  uploadedToast,
  type ToastMessage,
} from "~/content/messages";
import { useToastText } from "~/ui/use-message";
import { site } from "~/content/site";
import { getDb, schema } from "~/platform/db/db.server";
import { partnerApi } from "../support/api-client";
import { createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { follow, parse, squash, type Html } from "../support/html";
import { Client, expectRedirect, uniqueEmail } from "../support/http";
import { linkIn, mailsTo, newestLink, waitForMail } from "../support/mail";
import { referralBody, referralPartnerWithKey } from "../support/partners";
import { signInApplicantOverHttp } from "../support/sign-in";
import { fillStepsOverHttp } from "../support/wizard";

const es = resources.es;
const NEW_PASSWORD = "Fresh-Lantern-93";
const title = (template: string) => fill(template, { site: site.name });

/** What a reader sees: the body's text without scripts and styles, and the document's title (as in i18n.test.ts). */
function visibleText($: Html) {
  $("script, style, noscript").remove();
  return squash(`${$("title").text()} ${$("body").text()}`);
}

/** Every English string of these namespaces that Spanish writes otherwise (each fixed part of a template). */
function englishSentences(namespaces: Array<keyof typeof resources.en>): string[] {
  const out: string[] = [];
  const walk = (en: unknown, other: unknown) => {
    if (typeof en === "string") {
      for (const part of en.split(/\{\{\w+\}\}/)) if (part.trim().length >= 12 && en !== other) out.push(part.trim());
      return;
    }
    for (const k of Object.keys(en as object)) walk((en as Record<string, unknown>)[k], (other as Record<string, unknown>)[k]);
  };
  for (const ns of namespaces) walk(resources.en[ns], resources.es[ns]);
  return out;
}
const ENGLISH = englishSentences(["account", "toasts"]);

/** A page in Spanish: <html lang=es>, the Spanish title, and none of the English sentences of our namespaces. */
function expectSpanish(page: { status: number; $: Html }, pageTitle: string) {
  expect(page.status).toBe(200);
  expect(page.$("html").attr("lang")).toBe("es");
  expect(page.$("title").text()).toBe(title(pageTitle));
  const text = visibleText(page.$);
  expect(ENGLISH.filter((s) => text.includes(s))).toEqual([]);
  return text;
}

/** A visitor whose language is Spanish (the switch's cookie). */
async function spanishClient(client = new Client()) {
  await client.fetch("/language?lng=es&redirectTo=/");
  return client;
}

/** A signed-in applicant whose language is Spanish (saved on the account by the switch). */
async function spanishApplicant(verified = false) {
  const user = await createApplicant();
  if (verified) await getDb().update(schema.users).set({ emailVerifiedAt: new Date() }).where(eq(schema.users.id, user.id));
  const client = await spanishClient(await signInApplicantOverHttp(new Client(), user));
  return { user, client };
}

/** The toast on the page, as its region shows it. */
const toastOf = ($: Html) => squash($("[data-toast]").text());

describe("the account pages in Spanish", () => {
  it("has the namespaces' English to check against", () => {
    expect(ENGLISH.length).toBeGreaterThan(60);
  });

  it("/account: Spanish title, headings, labels, sessions list; English unchanged for an English account", async () => {
    const { user, client } = await spanishApplicant(true);
    const page = await parse(await client.fetch("/account"));
    const text = expectSpanish(page, es.account.settings.pageTitle);
    expect(squash(page.$("h1").text())).toBe(es.account.settings.heading);
    expect(page.$("meta[name=description]").attr("content")).toBe(es.account.settings.description);
    expect(text).toContain(es.account.settings.thisBrowser.trim());
    expect(text).toContain(es.account.settings.signOutOthers);
    expect(page.$("[data-testid=account-email-status]").text()).toBe(es.account.settings.confirmed);

    // The same account switched back to English: the page's words as they always were.
    const en = new Client();
    await signInApplicantOverHttp(en, user);
    await en.fetch("/language?lng=en&redirectTo=/account");
    const back = await parse(await en.fetch("/account"));
    expect(back.$("html").attr("lang")).toBe("en");
    expect(back.$("title").text()).toBe(`Account Settings | ${site.name}`);
    expect(squash(back.$("h1").text())).toBe("Account settings");
    expect(squash(back.$("[data-testid=sessions]").text())).toMatch(/\(this browser\)Signed in .+, last active /);
  });

  it("/account with an unconfirmed address: the notice in Spanish", async () => {
    const { client } = await spanishApplicant();
    const page = await parse(await client.fetch("/account"));
    expectSpanish(page, es.account.settings.pageTitle);
    expect(squash(page.$("[data-testid=email-change-unverified]").text())).toBe(es.account.msg.emailChangeUnverified);
    expect(page.$("[data-testid=account-email-status]").text()).toBe(es.account.settings.notConfirmed);
  });

  it("/account/data in Spanish", async () => {
    const { client } = await spanishApplicant();
    const page = await parse(await client.fetch("/account/data"));
    const text = expectSpanish(page, es.account.data.pageTitle);
    expect(squash(page.$("h1").text())).toBe(es.account.data.heading);
    expect(text).toContain(es.account.data.deletedToo);
  });

  it("a refused form on /account answers in Spanish (JavaScript off), in place and in the summary", async () => {
    const { client } = await spanishApplicant(true);
    const wrong = await parse(
      await client.fetch("/account", {
        form: { intent: "password", currentPassword: "nope-nope-1", password: NEW_PASSWORD, confirmPassword: "Other-Lantern-93" },
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.$("html").attr("lang")).toBe("es");
    const text = visibleText(wrong.$);
    expect(text).toContain(es.account.msg.passwordConfirmMismatch);
    expect(text).not.toContain(ACCOUNT_MSG.passwordConfirmMismatch);

    const refused = await parse(
      await client.fetch("/account", {
        form: { intent: "password", currentPassword: "nope-nope-1", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      }),
    );
    expect(refused.status).toBe(400);
    expect(visibleText(refused.$)).toContain(es.account.msg.currentPasswordWrong);
    expect(visibleText(refused.$)).not.toContain(ACCOUNT_MSG.currentPasswordWrong);

    const common = await parse(
      await client.fetch("/account", {
        form: { intent: "password", currentPassword: TEST_PASSWORD, password: "password1", confirmPassword: "password1" },
      }),
    );
    expect(common.status).toBe(400);
    expect(visibleText(common.$)).toContain(es.account.msg.passwordTooCommon);
    expect(visibleText(common.$)).not.toContain(ACCOUNT_MSG.passwordTooCommon);

    const same = await parse(await client.fetch("/account/data", { form: { confirm: "no" } }));
    expect(same.status).toBe(400);
    expect(visibleText(same.$)).toContain(es.account.msg.deleteConfirmRequired);
  });

  it("a toast after an action shows in Spanish: a password change, signing out elsewhere, deleting data, signing out", async () => {
    const { client } = await spanishApplicant(true);
    const changed = await client.fetch("/account", {
      form: { intent: "password", currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.headers.get("location")).toBe("/account");
    const after = await follow(client, "/account");
    expect(toastOf(after.$)).toContain(es.toasts.account.passwordChanged.title);
    expect(toastOf(after.$)).toContain(es.toasts.account.passwordChanged.description);
    expect(visibleText(after.$)).not.toContain(ACCOUNT_TOASTS.passwordChanged.description);
    expect(after.$("[role=region]").attr("aria-label")).toBe(es.toasts.region);

    await expectRedirect(await client.fetch("/account", { form: { intent: "sessions" } }), "/account", "sign out elsewhere");
    const signedOut = toastOf((await follow(client, "/account")).$);
    expect(signedOut).toContain(`${es.toasts.account.signedOutElsewhere.title}${es.toasts.account.signedOutElsewhere.description}`);
    expect(signedOut).toContain(es.toasts.close);

    await expectRedirect(await client.fetch("/account/data", { form: { confirm: "DELETE" } }), "/", "delete data");
    const home = await follow(client, "/");
    expect(home.$("html").attr("lang")).toBe("es");
    expect(toastOf(home.$)).toContain(es.toasts.account.accountDeleted.description);
    expect(toastOf(home.$)).not.toContain(ACCOUNT_TOASTS.accountDeleted.description);

    const { client: other } = await spanishApplicant();
    await expectRedirect(await other.fetch("/logout", { form: {} }), "/", "sign out");
    const out = await follow(other, "/");
    expect(toastOf(out.$)).toContain(es.toasts.app.loggedOut.description);
    expect(toastOf(out.$)).not.toContain(TOASTS.loggedOut.description);
  });

  it("a toast with a figure in it (the submitted application's ID) shows in Spanish with the same ID", async () => {
    const client = await spanishClient();
    const { client: c, email } = await fillStepsOverHttp(client);
    const review = await c.fetch("/apply/review");
    const submitKey = /name="submitKey" value="([^"]+)"/.exec(await review.text())?.[1] ?? "";
    const submit = await c.fetch("/apply/review", { form: { agreeTerms: "on", authorizeCredit: "on", intent: "continue", submitKey } });
    expect(submit.headers.get("location")).toBe("/apply/submitted");
    const page = await follow(c, "/apply/submitted");
    const toast = toastOf(page.$);
    const [owner] = await getDb().select().from(schema.users).where(eq(schema.users.email, email));
    const [application] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.userId, owner!.id));
    expect(toast).toContain(es.toasts.dynamic.submittedTitle);
    expect(toast).toContain(fill(es.toasts.dynamic.submittedDescription, { reference: application!.reference }));
    expect(toast).not.toContain("Your application ID is");
  });
});

describe("the e-mailed-link pages in Spanish", () => {
  it.each([
    ["/forgot-password", es.account.forgot.pageTitle],
    ["/reset-password", es.account.reset.pageTitle],
    ["/verify-email", es.account.verify.pageTitle],
    ["/undo-email-change", es.account.undo.pageTitle],
    ["/referral/claim", es.account.referral.pageTitle],
  ])("%s?lng=es (no or an unusable link) is Spanish", async (path, pageTitle) => {
    const page = await parse(await new Client().fetch(`${path}?lng=es`));
    expectSpanish(page, pageTitle);
  });

  it("/forgot-password: its error and its answer in Spanish; then the reset link's page in Spanish", async () => {
    const user = await createApplicant();
    const client = await spanishClient();
    const empty = await parse(await client.fetch("/forgot-password", { form: { email: "" } }));
    expect(empty.status).toBe(400);
    expect(visibleText(empty.$)).toContain(es.messages.invalidEmail);

    const sent = await parse(await client.fetch("/forgot-password", { form: { email: user.email } }));
    expect(squash(sent.$("[data-testid=forgot-sent]").text())).toBe(es.account.msg.forgotSent);
    expectSpanish(sent, es.account.forgot.pageTitle);

    const { path, token } = await newestLink(user.email, "password_reset");
    const reset = await parse(await client.fetch(path));
    const text = expectSpanish(reset, es.account.reset.pageTitle);
    expect(text).toContain(es.account.reset.submit);
    const mismatch = await parse(await client.fetch("/reset-password", { form: { token, password: NEW_PASSWORD, confirmPassword: "x" } }));
    expect(mismatch.status).toBe(400);
    expect(visibleText(mismatch.$)).toContain(es.account.msg.passwordConfirmMismatch);
    // The reset's toast on the sign-in page, in Spanish.
    await expectRedirect(
      await client.fetch("/reset-password", { form: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }),
      "/login",
      "reset",
    );
    expect(toastOf((await follow(client, "/login")).$)).toContain(es.toasts.account.passwordReset.description);
  });

  it("/verify-email with its link: the confirm page and the toast after it in Spanish", async () => {
    const { user, client } = await spanishApplicant();
    const before = (await mailsTo(user.email, "email_verification")).length;
    await client.fetch("/verify-email", { form: { intent: "resend" } });
    const { path, token } = await newestLink(user.email, "email_verification", before + 1);
    const page = await parse(await client.fetch(path));
    const text = expectSpanish(page, es.account.verify.pageTitle);
    expect(text).toContain(es.account.msg.verifyPrompt);
    await expectRedirect(await client.fetch("/verify-email", { form: { intent: "verify", token } }), "/dashboard", "verify");
    expect(toastOf((await follow(client, "/dashboard")).$)).toContain(es.toasts.account.emailVerified.description);
    // A used link: the refusal in Spanish.
    const used = await parse(await client.fetch("/verify-email", { form: { intent: "verify", token } }));
    expect(used.status).toBe(400);
    expect(squash(used.$("[data-testid=verify-invalid]").text())).toBe(es.account.msg.verifyInvalid);
  });

  it("a change of e-mail: the request's toast, the confirm page and the undo page in Spanish", async () => {
    const { user, client } = await spanishApplicant(true);
    const next = uniqueEmail("movido");
    await expectRedirect(
      await client.fetch("/account", { form: { intent: "email", email: next, currentPassword: TEST_PASSWORD } }),
      "/account",
      "email change",
    );
    const account = await follow(client, "/account");
    expect(toastOf(account.$)).toContain(es.toasts.account.emailChangeRequested.title);
    expect(squash(account.$("[data-testid=pending-email]").text())).toContain(es.account.settings.pendingLead);

    const { path, token } = await newestLink(next, "email_change_verification");
    const confirm = await parse(await client.fetch(path));
    expect(visibleText(confirm.$)).toContain(es.account.msg.changePrompt);
    expectSpanish(confirm, es.account.verify.pageTitle);
    await expectRedirect(await client.fetch("/verify-email", { form: { intent: "verify", token } }), "/account", "confirm change");
    expect(toastOf((await follow(client, "/account")).$)).toContain(es.toasts.account.emailChanged.description);

    const undo = await newestLink(user.email, "email_changed_notice");
    const page = await parse(await (await spanishClient()).fetch(undo.path));
    const text = expectSpanish(page, es.account.undo.pageTitle);
    expect(text).toContain(es.account.msg.undoPrompt);
    expect(text).toContain(es.account.undo.submit);
  });

  it("/referral/claim with its link, in Spanish", async () => {
    const { key } = await referralPartnerWithKey();
    const body = referralBody();
    const { response } = await partnerApi(key).POST("/api/loan-applications", { body: body as never });
    expect(response.status).toBe(201);
    const [mail] = await waitForMail(body.applicant.email, "referral_claim");
    const link = linkIn(mail!.bodyText);
    const owner = await spanishClient();
    const page = await parse(await owner.fetch(link.path));
    const text = expectSpanish(page, es.account.referral.pageTitle);
    expect(text).toContain(fill(es.account.referral.subtitleFor, { email: body.applicant.email }));
    expect(text).toContain(es.account.msg.referralClaimPrompt);
  });
});

describe("toasts with a name or a figure", () => {
  /** What the Toaster shows for these toasts in `lng` (useToastText, as it renders). */
  async function shown(lng: "en" | "es", toasts: ToastMessage[]) {
    const i18n = createInstance();
    await i18n.init(i18nextOptions(lng));
    let out: ToastMessage[] = [];
    function Probe() {
      const text = useToastText();
      out = toasts.map(text);
      return null;
    }
    renderToString(createElement(I18nextProvider, { i18n }, createElement(Probe)));
    return out.map((t) => `${t.title} | ${t.description ?? ""}`);
  }

  it("keep their names and figures, in Spanish; English exactly as raised", async () => {
    const toasts = [
      boostedToast(["Acme Capital"]),
      boostedToast(["Acme Capital", "Beta Funding"]),
      boostedToast([]),
      // A name that ends with a full stop gets no second one, in either language.
      boostedToast(["Bluebonnet Working Capital Co."]),
      submittedToast("LW-2026-0042"),
      uploadedToast("bank-statement.pdf"),
      uploadedManyToast(3),
      signupFailed(MSG.userExists),
      { title: "Something new", description: "Not a known toast" },
    ];
    expect(await shown("en", toasts)).toEqual(toasts.map((t) => `${t.title} | ${t.description ?? ""}`));
    expect(boostedToast(["Bluebonnet Working Capital Co."]).description).toBe("1 new offer: Bluebonnet Working Capital Co.");
    const d = es.toasts.dynamic;
    expect(await shown("es", toasts)).toEqual([
      `${d.boostedTitle} | ${fill(d.boosted_one, { count: 1, names: "Acme Capital" })}`,
      `${d.boostedTitle} | ${fill(d.boosted_other, { count: 2, names: "Acme Capital, Beta Funding" })}`,
      `${d.boostedTitle} | ${d.boostedNone}`,
      `${d.boostedTitle} | ${fill(d.boosted_one, { count: 1, names: "Bluebonnet Working Capital Co" })}`,
      `${d.submittedTitle} | ${fill(d.submittedDescription, { reference: "LW-2026-0042" })}`,
      `${d.uploadedTitle} | ${fill(d.uploadedDescription, { name: "bank-statement.pdf" })}`,
      `${d.uploadedTitle} | ${fill(d.uploadedManyDescription, { count: 3 })}`,
      `${es.toasts.app.signupFailedGeneric.title} | ${es.messages.userExists}`,
      "Something new | Not a known toast",
    ]);
  });
});
