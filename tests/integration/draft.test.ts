/** The draft service and the step actions, against the run's MySQL and test server. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getOpenDraftForUser } from "~/features/applications/applications.server";
import { getDraftById } from "~/features/applications/wizard/application-drafts.server";
import { getUserByEmail } from "~/features/accounts/users.server";
import { applicationForUpload, loadStep, resolveDraft, saveOwnerStep, saveStep } from "~/features/applications/wizard/draft.server";
import { getDb, schema, transaction } from "~/platform/db/db.server";
import { MSG } from "~/content/messages";
import { REFERENCE_PATTERN } from "~/features/applications/reference.server";
import { createUserSession, getSession } from "~/features/accounts/session/session.server";
import { createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";
import { postForm, squash } from "../support/html";
import {
  ADDRESS,
  applicationsOfDraft,
  completeAnonymousData,
  draftSession,
  FINANCES,
  LOAN,
  owner,
  requestWith,
  sessionCookieFrom,
  wizardContext,
} from "../support/wizard";

async function thrownRedirect(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return { status: e.status, location: e.headers.get("location") };
    throw e;
  }
  return null;
}

describe("drafts", () => {
  it("the first save creates the draft and puts its id in a new session cookie", async () => {
    const ctx = await resolveDraft(requestWith(null));
    expect(ctx.draft).toBeNull();
    const headers = await saveStep(ctx, { loan: LOAN }, 2);
    const cookie = sessionCookieFrom(headers);
    expect(cookie).not.toBeNull();
    const again = await resolveDraft(requestWith(cookie));
    expect(again.draft?.data).toMatchObject({ loan: LOAN, step: 2 });
    expect(again.draft?.userId).toBeNull();
    // A later save updates the same row and needs no new cookie.
    const next = await saveStep(again, { address: ADDRESS }, 3);
    expect(sessionCookieFrom(next)).toBeNull();
    expect((await getDraftById(again.draft!.id))?.data).toMatchObject({ loan: LOAN, address: ADDRESS });
  });

  it("a step whose earlier steps are not valid redirects to the first invalid one", async () => {
    const { cookie } = await draftSession({ loan: LOAN, owner: owner() });
    // Owner details without a password hash: step 2 is not done.
    expect(await thrownRedirect(loadStep(requestWith(cookie), 4))).toEqual({ status: 302, location: "/apply/owner" });
    expect(await thrownRedirect(loadStep(requestWith(cookie), 2))).toBeNull();
    expect(await thrownRedirect(loadStep(requestWith(null), 6))).toEqual({ status: 302, location: "/apply/loan" });
  });

  it("step 2 for a new e-mail keeps only an argon2id hash of the password", async () => {
    const ctx = await resolveDraft(requestWith(null));
    const email = uniqueEmail("hash");
    const o = owner(email);
    const out = await saveOwnerStep(ctx, { ...o, password: TEST_PASSWORD }, "10.0.0.1");
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const draft = (await resolveDraft(requestWith(sessionCookieFrom(out.headers)))).draft!;
    expect(draft.data.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(draft.data)).not.toContain(TEST_PASSWORD);
    const [raw] = await getDb().select().from(schema.applicationDrafts).where(eq(schema.applicationDrafts.id, draft.id));
    expect(JSON.stringify(raw)).not.toContain(TEST_PASSWORD);
    expect(await getUserByEmail(email)).toBeNull();
  });

  it("step 2 with an existing account: the same password signs in and attaches the draft; another gets the product's message", async () => {
    const user = await createApplicant();
    const { draftId, cookie } = await draftSession({ loan: LOAN });
    const wrong = await saveOwnerStep(await wizardContext(cookie), { ...owner(user.email), password: "not-the-password" }, "10.0.0.2");
    expect(wrong).toMatchObject({ ok: false, field: "email", message: MSG.userExists });
    expect((await getDraftById(draftId))?.userId).toBeNull();

    const right = await saveOwnerStep(await wizardContext(cookie), { ...owner(user.email), password: user.password }, "10.0.0.3");
    expect(right.ok).toBe(true);
    if (!right.ok) return;
    const signedIn = sessionCookieFrom(right.headers)!;
    const session = await getSession(requestWith(signedIn));
    expect(session.get("userId")).toBe(user.id);
    expect(session.get("draftId")).toBe(draftId);
    expect((await getDraftById(draftId))?.userId).toBe(user.id);
    // The old anonymous session is gone (the id was rotated).
    expect((await getSession(requestWith(cookie))).get("draftId")).toBeUndefined();
  });

  it("an anonymous draft follows its visitor through sign-in; a signed-in user without one gets their latest open draft", async () => {
    const user = await createApplicant();
    const { draftId, cookie } = await draftSession({ loan: LOAN, step: 2 });
    const signedIn = await createUserSession(requestWith(cookie), user);
    const ctx = await resolveDraft(requestWith(signedIn));
    expect(ctx.draft?.id).toBe(draftId);
    expect((await getDraftById(draftId))?.userId).toBe(user.id);

    // A fresh sign-in (no draft id in the session) resumes the same draft.
    const other = await createUserSession(requestWith(null), user);
    expect((await resolveDraft(requestWith(other))).draft?.id).toBe(draftId);
    expect(await getOpenDraftForUser(user.id)).toMatchObject({ id: draftId, resumePath: "/apply/owner" });
  });

  it("never hands one user's draft to another session", async () => {
    const a = await createApplicant();
    const b = await createApplicant();
    const { cookie } = await draftSession({ loan: LOAN }, a);
    // b signs in in a browser whose session named a's draft.
    const hijack = await createUserSession(requestWith(cookie), b);
    const ctx = await resolveDraft(requestWith(hijack));
    expect(ctx.draft).toBeNull();
  });

  it("two saves of different steps of one draft both survive, whether they run at once or one read before the other wrote", async () => {
    const { draftId, cookie } = await draftSession({ loan: LOAN, owner: owner(), step: 3 });
    // Two requests (two tabs, or an autosave racing Continue) read the draft before either saves.
    const [first, second] = await Promise.all([wizardContext(cookie), wizardContext(cookie)]);
    await Promise.all([saveStep(first, { address: ADDRESS }, 4), saveStep(second, { finances: FINANCES }, 5)]);
    expect((await getDraftById(draftId))?.data).toMatchObject({ loan: LOAN, address: ADDRESS, finances: FINANCES });

    // One after the other: the later save read the draft before the earlier one wrote.
    const stale = await wizardContext(cookie);
    await saveStep(await wizardContext(cookie), { loan: { ...LOAN, amount: "45000" } }, 2);
    await saveStep(stale, { address: { ...ADDRESS, city: "Shelbyville" } }, 4);
    expect((await getDraftById(draftId))?.data).toMatchObject({
      loan: { ...LOAN, amount: "45000" },
      address: { ...ADDRESS, city: "Shelbyville" },
      finances: FINANCES,
      step: 4,
    });
  });

  it("a step saved on a draft with a draft application updates that application, also when the save read the draft before the application existed", async () => {
    const user = await createApplicant();
    const { draftId, cookie } = await draftSession(await completeAnonymousData(user.email), user);
    const before = await wizardContext(cookie);
    await transaction((tx) => applicationForUpload(before, { registered: null })(tx));
    await saveStep(before, { loan: { ...LOAN, amount: "45000" } }, 6);
    expect((await applicationsOfDraft(draftId))[0]).toMatchObject({ status: "draft", amount: "45000.00" });
    await saveStep(await wizardContext(cookie), { finances: { ...FINANCES, annualIncome: "150000" } }, 6);
    expect((await applicationsOfDraft(draftId))[0]).toMatchObject({ amount: "45000.00", annualIncome: "150000.00" });
    expect((await getDraftById(draftId))?.data).toMatchObject({ loan: { amount: "45000" }, finances: { annualIncome: "150000" } });
  });

  it("the first upload's resolver registers the applicant and creates one draft application, even when two race", async () => {
    const email = uniqueEmail("upload");
    const { draftId, cookie } = await draftSession(await completeAnonymousData(email));
    const ctx = await wizardContext(cookie);
    const outs = [{ registered: null }, { registered: null }] as Array<{ registered: { id: number } | null }>;
    const results = await Promise.all(outs.map((o) => transaction((tx) => applicationForUpload(ctx, o as never)(tx))));
    expect(results[0]).toEqual(results[1]);
    expect(outs.filter((o) => o.registered)).toHaveLength(1);
    const apps = await applicationsOfDraft(draftId);
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ status: "draft", amount: "30000.00", livingSituation: "rent" });
    expect(apps[0]!.reference).toMatch(REFERENCE_PATTERN);
    const user = await getUserByEmail(email);
    expect(user?.role).toBe("user");
    expect(apps[0]!.userId).toBe(user!.id);
    const draft = await getDraftById(draftId);
    expect(draft?.loanApplicationId).toBe(apps[0]!.id);
    expect(draft?.data.passwordHash).toBeUndefined();
  });
});

describe("steps over HTTP (no JavaScript)", () => {
  it("each step re-renders the product's messages and saves nothing invalid", async () => {
    const c = new Client();
    const cases: Array<[string, Record<string, string>, string[]]> = [
      ["/apply/loan", { amount: "" }, [MSG.amountRequired, MSG.purposeRequired]],
    ];
    for (const [path, form, messages] of cases) {
      const res = await c.fetch(path, { form: { ...form, intent: "continue" } });
      expect(res.status).toBe(400);
      const html = await res.text();
      for (const m of messages) expect(html).toContain(m);
    }
    // The emptied amount comes back empty, and the card says no amount is chosen (not the default $25,000).
    {
      const { $ } = await postForm("/apply/loan", { amount: "", intent: "continue" }, c);
      expect($("input[name=amount]").attr("value")).toBe("");
      expect(squash($("[data-testid=live-amount]").text())).not.toContain("$");
      expect(squash($("[data-testid=live-amount]").text())).toContain("\u2014");
    }
    await c.fetch("/apply/loan", { form: { ...LOAN, intent: "continue" } });
    const owner2 = await c.fetch("/apply/owner", { form: { email: "nope", password: "short", intent: "continue" } });
    expect(owner2.status).toBe(400);
    const html = await owner2.text();
    for (const m of [
      MSG.firstNameRequired,
      MSG.lastNameRequired,
      MSG.invalidEmail,
      MSG.passwordMin,
      MSG.phoneInvalid,
      MSG.dobRequired,
      MSG.mustBeCitizen,
    ]) {
      expect(html).toContain(m);
    }
    expect(html).not.toContain('value="short"');
  });

  it("Back saves what was typed without validating, and /apply resumes at the current step", async () => {
    const c = new Client();
    await c.fetch("/apply/loan", { form: { ...LOAN, intent: "continue" } });
    const back = await c.fetch("/apply/owner", { form: { firstName: "Half", email: "typed@", intent: "back" } });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/apply/loan");
    const page = await (await c.fetch("/apply/owner")).text();
    expect(page).toContain('value="Half"');
    expect(page).toContain('value="typed@"');
    expect((await c.fetch("/apply")).headers.get("location")).toBe("/apply/loan");
    expect((await c.fetch("/loan-application")).headers.get("location")).toBe("/apply/loan");
    // Step 1's Back leaves to the home page.
    const home = await c.fetch("/apply/loan", { form: { ...LOAN, intent: "back" } });
    expect(home.headers.get("location")).toBe("/");
  });

  it("living situation is accepted in any case and stored lowercase; 'own' stores a 0 payment", async () => {
    const c = new Client();
    await c.fetch("/apply/loan", { form: { ...LOAN, intent: "continue" } });
    await c.fetch("/apply/owner", { form: { ...owner(), password: TEST_PASSWORD, intent: "continue" } });
    await c.fetch("/apply/address", { form: { ...ADDRESS, intent: "continue" } });
    const res = await c.fetch("/apply/finances", {
      form: { ...FINANCES, livingSituation: "Own", monthlyPayment: "900", intent: "continue" },
    });
    expect(res.headers.get("location")).toBe("/apply/documents");
    const review = await c.fetch("/apply/review");
    const html = await review.text();
    expect(html).toContain("Fully Own");
    expect(html).not.toContain("Monthly housing payment");
    expect(html).toContain("$30,000");
    expect(html).toContain("$120,000");
  });
});
