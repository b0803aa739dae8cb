/**
 * The account forms and a few signed-in pages as a browser without JavaScript gets them: the form
 * on the page is posted as it stands (tests/support/html formValues), and the answer is the page
 * the browser would show. The same forms in a real browser, with JavaScript and once without:
 * tests/e2e/auth.test.ts; the review step's and dashboard's behaviour in Chromium: tests/e2e/*.
 */
import { describe, expect, it } from "vitest";
import { MSG, TOASTS } from "~/content/messages";
import { createSubmittedApplication } from "../support/applications";
import { adminClient, createAdmin, createApplicant, nextSecondFactor, TEST_PASSWORD } from "../support/fixtures";
import { byLabel, follow, formValues, getPage, linkHrefs, named, parse, squash, type Html } from "../support/html";
import { Client, uniqueEmail } from "../support/http";
import { eq, sql } from "drizzle-orm";
import { getDraftById } from "~/features/applications/wizard/application-drafts.server";
import { getDb, schema } from "~/platform/db/db.server";
import type { DraftData } from "~/features/applications/wizard/wizard.schema";
import { completeAnonymousData, draftSession, FINANCES } from "../support/wizard";

const toastText = ($: Html) =>
  $("[role=status]")
    .map((_, el) => squash($(el).text()))
    .get()
    .join(" | ");

/** GETs `path`, fills its form (the one with a password field, or the first) and posts it like a browser. */
async function submit(c: Client, path: string, fill: Record<string, string>, formSelector = "main form") {
  const page = await getPage(path, c);
  const form = page.$(formSelector).first();
  const action = form.attr("action") || path;
  return parse(await c.fetch(action, { form: formValues(page.$, form, fill) }));
}

describe("accounts without JavaScript", () => {
  it("an empty sign-up shows the product's validation messages next to the fields", async () => {
    const { $, status } = await submit(new Client(), "/signup", {});
    expect(status).toBe(400);
    const body = squash($("main").text());
    for (const m of [
      MSG.firstNameRequired,
      MSG.lastNameRequired,
      MSG.invalidEmail,
      MSG.passwordMin,
      MSG.phoneInvalid,
      MSG.dobRequired,
      MSG.mustBeCitizen,
      MSG.mustAgreeTerms,
    ])
      expect(body).toContain(m);
    expect(byLabel($, "First name").attr("aria-invalid")).toBe("true");
  });

  it("a wrong password: 'Login Failed' and 'Invalid email or password.' on /login", async () => {
    const u = await createApplicant();
    const { $, status } = await submit(new Client(), "/login", { email: u.email, password: "not-the-password" });
    expect(status).toBeGreaterThanOrEqual(400);
    const body = squash($("body").text());
    expect(body).toContain(TOASTS.loginFailed.description);
    expect(body).toContain(TOASTS.loginFailed.title);
  });

  it("an applicant signs in, lands on the dashboard with 'Welcome back!', and /login then leads there", async () => {
    const u = await createApplicant();
    const c = new Client();
    const res = await submit(c, "/login", { email: u.email, password: TEST_PASSWORD });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    const dash = await follow(c, "/dashboard");
    expect(dash.status).toBe(200);
    expect(toastText(dash.$)).toContain("Welcome back!");
    const again = await c.fetch("/login");
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/dashboard");
  });

  it("an admin signs in at /admin-login with the second factor and reaches /admin", async () => {
    const a = await createAdmin();
    const c = new Client();
    const first = await submit(c, "/admin-login", { email: a.email, password: a.password });
    expect(first.headers.get("location")).toBe("/admin-login/verify");
    const second = await submit(c, "/admin-login/verify", { code: nextSecondFactor(a) });
    expect(second.headers.get("location")).toBe("/admin");
    const admin = await follow(c, "/admin");
    expect(admin.status).toBe(200);
    expect(squash(admin.$("body").text())).toContain(`Admin: ${a.firstName}`);
    expect(toastText(admin.$)).toContain("Welcome to the admin panel.");
  });

  it("refuses an applicant at the admin sign-in (and signs nobody in), and sends a signed-in applicant from /admin to /admin-login", async () => {
    const u = await createApplicant();
    const c = new Client();
    const refused = await submit(c, "/admin-login", { email: u.email, password: TEST_PASSWORD });
    expect(squash(refused.$("body").text())).toContain(`${TOASTS.accessDenied.title} - ${TOASTS.accessDenied.description}`);
    const dash = await c.fetch("/dashboard");
    expect(dash.status).toBe(302);
    expect(dash.headers.get("location")).toMatch(/^\/login/);
    expect((await submit(c, "/login", { email: u.email, password: TEST_PASSWORD })).status).toBe(302);
    const admin = await c.fetch("/admin");
    expect(admin.status).toBe(302);
    expect(admin.headers.get("location")).toBe("/admin-login");
  });
});

/** A client holding the session of `cookie` (a Set-Cookie value). */
function clientWith(cookie: string) {
  const c = new Client();
  const [pair] = cookie.split(";");
  c.cookies.set(pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1));
  return c;
}

async function storedDraft(draftId: number) {
  const [row] = await getDb().select().from(schema.applicationDrafts).where(eq(schema.applicationDrafts.id, draftId));
  return (row?.data ?? {}) as DraftData;
}

describe("wizard pages without JavaScript", () => {
  it("step 1 and step 4 show money with separators, take it with or without them, and store plain amounts", async () => {
    const data = await completeAnonymousData(uniqueEmail("money"));
    const { draftId, cookie } = await draftSession({
      ...data,
      step: 4,
      loan: { amount: "25000", purpose: "equipment-financing" },
      finances: {},
    });
    const c = clientWith(cookie);
    const loan = await getPage("/apply/loan", c);
    expect(byLabel(loan.$, "Loan amount (USD)").attr("value")).toBe("25,000");
    const toOwner = await c.fetch("/apply/loan", {
      form: formValues(loan.$, "form#wizard-loan", { amount: "30,000", intent: "continue" }),
    });
    expect(toOwner.headers.get("location")).toBe("/apply/owner");
    expect((await storedDraft(draftId)).loan?.amount).toBe("30000");

    const finances = await getPage("/apply/finances", c);
    const form = finances.$("main form").first();
    const toDocuments = await c.fetch("/apply/finances", {
      form: formValues(finances.$, form, {
        annualIncome: "$150,000",
        livingSituation: "rent",
        monthlyPayment: "2,250",
        intent: "continue",
      }),
    });
    expect(toDocuments.headers.get("location")).toBe("/apply/documents");
    expect((await storedDraft(draftId)).finances).toMatchObject({ annualIncome: "150000", monthlyPayment: "2250" });
    const again = await getPage("/apply/finances", c);
    expect(byLabel(again.$, "Total annual income (USD)").attr("value")).toBe("150,000");
    expect(byLabel(again.$, "Monthly housing payment (USD)").attr("value")).toBe("2,250");
  });

  it("review step: phone and birth date formatted; Edit per section; new-tab links say so", async () => {
    const data = await completeAnonymousData(uniqueEmail("review"));
    data.owner = { ...data.owner, phone: "5550103344", dateOfBirth: "1979-11-23" };
    const { cookie } = await draftSession({ ...data, step: 6 });
    const { $, status } = await getPage("/apply/review", clientWith(cookie));
    expect(status).toBe(200);
    const text = squash($("main").text());
    expect(text).toContain("(555) 010-3344");
    expect(text).toContain("November 23, 1979");
    expect(linkHrefs($, "Edit address")).toEqual(["/apply/address"]);
    expect(linkHrefs($, "Terms of Service (opens in a new tab)")).toHaveLength(1);
  });
});

describe("signed-in pages without JavaScript", () => {
  it("an admin page that fails shows in place: 404 under the admin's header and tabs, with a way back", async () => {
    const admin = await createAdmin();
    const c = await adminClient(admin);
    const { $, status } = await getPage("/admin/applications/999999999", c);
    // The child route's loader throws 404; the admin layout's error boundary shows it.
    expect(status).toBe(404);
    expect(squash($("h1").first().text())).toBe("404 Page Not Found");
    expect($("title").text()).toContain("404 Page Not Found");
    expect(squash($("body").text())).toContain(`Admin: ${admin.firstName}`);
    expect(named($, "Admin sections", "nav")).toHaveLength(1);
    expect($("button").filter((_, el) => squash($(el).text()) === "Logout")).toHaveLength(1);
    expect(linkHrefs($, "Back to the admin panel")).toEqual(["/admin"]);
  });

  it("the dashboard tracker agrees with the Submitted badge", async () => {
    const applicant = await createApplicant();
    const app = await createSubmittedApplication({ userId: applicant.id, status: "submitted" });
    const c = new Client();
    expect((await c.fetch("/login", { form: { email: applicant.email, password: applicant.password } })).status).toBe(302);
    const { $ } = await getPage("/dashboard", c);
    const tracker = $(`[aria-label="Progress of ${app!.reference}"]`);
    expect(tracker).toHaveLength(1);
    const text = squash(tracker.text());
    expect(text).not.toMatch(/in progress/i);
    // The tracker is the loan's timeline; its current step is the badge's stage.
    expect(squash(tracker.find("[aria-current=step]").text())).toMatch(/Submitted.*current step/);
    expect(squash($(`[data-reference="${app!.reference}"] [data-testid=stage-badge]`).text())).toBe("Submitted");
  });
});

// Moved from tests/e2e/admin.test.ts (it used no browser): the same pages and checks.
describe("applications list pages and sort links", () => {
  it("pages of 25 keep the search and filter; the submitted-date header toggles the order", async () => {
    const admin = await createAdmin();
    const applicant = await createApplicant();
    const mine: string[] = [];
    for (let i = 0; i < 26; i++) {
      const app = await createSubmittedApplication({
        userId: applicant.id,
        purpose: "inventory-financing",
        status: "approved",
        submittedAt: new Date(Date.now() + 3_600_000 + i * 1000),
      });
      mine.push(app.reference);
    }
    const c = await adminClient(admin);
    const html = (p: string) => c.fetch(p).then((r) => r.text());
    const hrefs = (page: string) => [...page.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

    const first = await html("/admin?q=inventory+financing&status=approved");
    // Newest first: our 26 were submitted an hour from now, so the first page is 25 of them, newest first.
    const refsOnFirst = [...first.matchAll(/data-reference="([^"]+)"/g)].map((m) => m[1]);
    expect(refsOnFirst).toEqual([...mine].reverse().slice(0, 25));
    expect(first).toMatch(/Showing 1-25 of [\d,]+ applications/);
    expect(hrefs(first)).toContain("/admin?q=inventory+financing&status=approved&page=2");
    expect(hrefs(first)).toContain("/admin?q=inventory+financing&status=approved&sort=asc");

    const second = await html("/admin?q=inventory+financing&status=approved&page=2");
    expect(second).toContain(mine[0]);
    expect(hrefs(second)).toContain("/admin?q=inventory+financing&status=approved");
    expect(second).toMatch(/Showing 26-/);

    const asc = await html("/admin?q=inventory+financing&status=approved&sort=asc");
    expect(hrefs(asc)).toContain("/admin?q=inventory+financing&status=approved");
    expect(asc).toContain('aria-sort="ascending"');
  });
});

/** Posts the page's form as it stands with `fill` typed over it, as a browser without JavaScript does. */
async function postPageForm(c: Client, path: string, fill: Record<string, string>, formSelector = "main form") {
  const page = await getPage(path, c);
  return c.fetch(path, { form: formValues(page.$, page.$(formSelector).first(), fill) });
}

describe("wizard journeys without JavaScript", () => {
  it("a signed-in applicant: step 2 shows the account and asks no password, still needs the citizenship box, and the application is theirs", async () => {
    const user = await createApplicant({ firstName: "Priya", lastName: "Natarajan" });
    const c = new Client();
    expect((await c.fetch("/login", { form: { email: user.email, password: TEST_PASSWORD } })).status).toBe(302);
    const toOwner = await postPageForm(c, "/apply/loan", { amount: "5000", purpose: "working-capital", intent: "continue" });
    expect(toOwner.headers.get("location")).toBe("/apply/owner");
    const { $ } = await getPage("/apply/owner", c);
    const text = squash($("main").text());
    for (const t of [
      "You are already logged in.",
      "Your account information will be used for this application.",
      "Using your account email",
    ])
      expect(text).toContain(t);
    expect(byLabel($, "Email").attr("value")).toBe(user.email);
    expect(byLabel($, "Email").is("[disabled]")).toBe(true);
    expect(byLabel($, "First name").attr("value")).toBe("Priya");
    expect(byLabel($, "First name").is("[disabled]")).toBe(true);
    expect($('input[type="password"]')).toHaveLength(0);
    const refused = await parse(await postPageForm(c, "/apply/owner", { intent: "continue" }));
    expect(refused.status).toBe(400);
    expect(refused.text("main")).toContain(MSG.mustBeCitizen);
    expect((await postPageForm(c, "/apply/owner", { usCitizen: "on", intent: "continue" })).headers.get("location")).toBe("/apply/address");
    const address = { streetAddress: "1600 Market Street", city: "Philadelphia", state: "PA", zipCode: "19103-7240", intent: "continue" };
    expect((await postPageForm(c, "/apply/address", address)).headers.get("location")).toBe("/apply/finances");
    const finances = { annualIncome: "150000", livingSituation: "rent", monthlyPayment: "2250", intent: "continue" };
    expect((await postPageForm(c, "/apply/finances", finances)).headers.get("location")).toBe("/apply/documents");
    expect((await c.fetch("/apply/documents", { form: { intent: "continue" } })).headers.get("location")).toBe("/apply/review");
    const submitted = await postPageForm(c, "/apply/review", { agreeTerms: "on", authorizeCredit: "on", intent: "continue" });
    expect(submitted.headers.get("location")).toBe("/apply/submitted");
    const apps = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.userId, user.id));
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ status: "submitted", amount: "5000.00", purpose: "working-capital" });
  });

  it("an existing e-mail at step 2: another password gets the product's message with the fields kept, the same password signs in", async () => {
    const user = await createApplicant();
    const c = new Client();
    await postPageForm(c, "/apply/loan", { amount: "30000", purpose: "equipment-financing", intent: "continue" });
    const typed = {
      firstName: "Dana",
      lastName: "Whitfield",
      email: user.email,
      password: "Wrong-Password-9",
      phone: "(555) 010-3344",
      dateOfBirth: "1979-11-23",
      usCitizen: "on",
      agreeToElectronicRecords: "on",
      intent: "continue",
    };
    const wrong = await parse(await postPageForm(c, "/apply/owner", typed));
    expect(wrong.status).toBe(409);
    expect(wrong.text("main")).toContain(MSG.userExists);
    // The typed fields come back filled and the box ticked; the password is never sent back.
    expect(byLabel(wrong.$, "Email").attr("value")).toBe(user.email);
    expect(byLabel(wrong.$, "First name").attr("value")).toBe("Dana");
    expect(byLabel(wrong.$, "I confirm that I am a US citizen and at least 18 years old").is("[checked]")).toBe(true);
    expect(wrong.html).not.toContain("Wrong-Password-9");
    const right = await c.fetch("/apply/owner", { form: { ...typed, password: TEST_PASSWORD } });
    expect(right.headers.get("location")).toBe("/apply/address");
    // Signed in now: step 2 shows the account, and the dashboard opens.
    expect(squash((await getPage("/apply/owner", c)).$("main").text())).toContain("You are already logged in.");
    expect((await c.fetch("/dashboard")).status).toBe(200);
  });

  it("steps 3 and 4 re-render the product's messages for what is missing or wrong", async () => {
    const data = await completeAnonymousData(uniqueEmail("steps"));
    const { cookie } = await draftSession({ ...data, step: 3, address: {}, finances: {} } as DraftData);
    const c = clientWith(cookie);
    const address = await parse(await postPageForm(c, "/apply/address", { zipCode: "1234", intent: "continue" }));
    expect(address.status).toBe(400);
    for (const m of [MSG.streetRequired, MSG.cityRequired, MSG.stateRequired, MSG.zipInvalid]) expect(address.text("main")).toContain(m);
    const valid = { streetAddress: "1600 Market Street", city: "Philadelphia", state: "PA", zipCode: "19103-7240", intent: "continue" };
    expect((await postPageForm(c, "/apply/address", valid)).headers.get("location")).toBe("/apply/finances");
    const finances = await parse(await c.fetch("/apply/finances", { form: { intent: "continue" } }));
    expect(finances.status).toBe(400);
    for (const m of [MSG.incomeRequired, MSG.livingRequired]) expect(finances.text("main")).toContain(m);
  });

  it("a session that expired mid-wizard: the step says so with a sign-in link, and signing in resumes the application", async () => {
    const applicant = await createApplicant();
    const { draftId, cookie } = await draftSession(await completeAnonymousData(uniqueEmail("expired")), { id: applicant.id, role: "user" });
    const c = clientWith(cookie);
    expect((await getPage("/apply/finances", c)).status).toBe(200);
    await getDb().execute(sql`UPDATE sessions SET expires_at = NOW() - INTERVAL 1 DAY WHERE user_id = ${applicant.id}`);
    const res = await c.fetch("/apply/finances", { form: { ...FINANCES, intent: "continue" } });
    expect(res.status).toBe(302);
    const landed = await follow(c, res.headers.get("location")!);
    expect(landed.url.startsWith("/apply/loan")).toBe(true);
    expect(landed.text("main")).toContain(MSG.sessionExpired);
    const [signIn] = linkHrefs(landed.$, "Sign in", "main");
    expect(signIn).toBe("/login?redirectTo=/apply");
    const signedIn = await submit(c, signIn!, { email: applicant.email, password: applicant.password });
    expect(signedIn.status).toBe(302);
    const back = await follow(c, signedIn.headers.get("location")!);
    expect(["/apply/documents", "/apply/review"]).toContain(back.url);
    expect((await getDraftById(draftId))?.userId).toBe(applicant.id);
  });

  it("an anonymous visitor whose session is lost mid-wizard is told so, whether the session ended or the cookie is gone", async () => {
    const { draftId, cookie } = await draftSession(await completeAnonymousData(uniqueEmail("lost")));
    const c = clientWith(cookie);
    expect((await getPage("/apply/finances", c)).status).toBe(200);
    // The session ends on the server (its row is gone) while the page is open.
    await getDb().execute(sql`DELETE FROM sessions WHERE JSON_EXTRACT(data, '$.draftId') = ${draftId}`);
    const told = async (client: Client) => {
      const res = await client.fetch("/apply/finances", { form: { ...FINANCES, intent: "continue" } });
      expect(res.status).toBe(302);
      const landed = await follow(client, res.headers.get("location")!);
      expect(landed.url).toBe("/apply/loan?session=expired");
      const notice = squash(landed.$("[data-testid=session-expired]").text());
      expect(notice).toContain(MSG.sessionExpired);
      expect(notice).toContain(MSG.sessionLostNoAccount);
    };
    await told(c);
    // No cookie at all (cleared, or expired in the browser): a later step's form still says so.
    await told(new Client());
    // A first visit to step 1 is not a lost session.
    expect((await getPage("/apply/loan", new Client())).$("[data-testid=session-expired]").length).toBe(0);
  });

  it("the wizard's Sign in link comes back to the wizard, not the dashboard", async () => {
    const applicant = await createApplicant();
    const c = new Client();
    const loan = await getPage("/apply/loan", c);
    const hrefs = linkHrefs(loan.$, "Sign in");
    expect(hrefs.length).toBeGreaterThan(0);
    const signedIn = await submit(c, hrefs[0]!, { email: applicant.email, password: applicant.password });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toMatch(/^\/apply/);
    const back = await follow(c, signedIn.headers.get("location")!);
    expect(back.url).toMatch(/^\/apply\//);
  });
});
