/** The submit service and the review step's action, against the run's MySQL and test server. */
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDraftById } from "~/features/applications/wizard/application-drafts.server";
import { getUserByEmail } from "~/features/accounts/users.server";
import { ensureSubmitKey, submitDraft } from "~/features/applications/submit.server";
import { getDb, getPool, schema } from "~/platform/db/db.server";
import { MSG, TOASTS } from "~/content/messages";
import { REFERENCE_PATTERN } from "~/features/applications/reference.server";
import { createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { randomIp } from "../support/browser";
import { Client, uniqueEmail } from "../support/http";
import { parse, squash } from "../support/html";
import {
  applicationsOfDraft,
  completeAnonymousData,
  draftSession,
  fillStepsOverHttp,
  outboxTo,
  sessionCookieFrom,
  wizardContext,
} from "../support/wizard";

const REVIEW = { agreeTerms: "on", authorizeCredit: "on", intent: "continue" };

describe("submitDraft (service)", () => {
  it("registers the applicant, submits the application, records the event and queues the e-mail in one go", async () => {
    const email = uniqueEmail("submit");
    const { draftId, cookie } = await draftSession(await completeAnonymousData(email));
    const ctx = await wizardContext(cookie);
    const out = await submitDraft(ctx, { ip: randomIp(), consentMarketing: true });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.reference).toMatch(REFERENCE_PATTERN);
    expect(out.alreadySubmitted).toBe(false);
    expect(sessionCookieFrom(out.headers)).not.toBeNull();

    const user = await getUserByEmail(email);
    expect(user?.role).toBe("user");
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [app] = await applicationsOfDraft(draftId);
    expect(app).toMatchObject({
      reference: out.reference,
      userId: user!.id,
      status: "submitted",
      amount: "30000.00",
      purpose: "equipment-financing",
      annualIncome: "120000.00",
      livingSituation: "rent",
      monthlyPayment: "1500.00",
      state: "IL",
      zipCode: "62704",
      consentMarketing: true,
    });
    expect(app.submittedAt).toBeInstanceOf(Date);
    const events = await getDb().select().from(schema.applicationEvents).where(eq(schema.applicationEvents.applicationId, app.id));
    expect(events.map((e) => e.type)).toContain("submitted");
    const mails = await outboxTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(out.reference);
    expect(mails[0]!.bodyText).toContain(out.reference);
    expect(mails[0]!.bodyText).toContain("$30,000");
    expect(mails[0]!.bodyText).toContain("Equipment Financing");
    expect(mails[0]!.bodyText).toMatch(/next/i);
    const draft = await getDraftById(draftId);
    expect(draft?.submittedAt).toBeInstanceOf(Date);
    expect(draft?.userId).toBe(user!.id);
    // The account exists now: the draft no longer keeps the password hash.
    expect(draft?.data.passwordHash).toBeUndefined();
  });

  it("is idempotent: a second submit of the draft gives the same reference, one application, one e-mail", async () => {
    const email = uniqueEmail("twice");
    const { draftId, cookie } = await draftSession(await completeAnonymousData(email));
    const submitKey = await ensureSubmitKey((await getDraftById(draftId))!);
    const first = await submitDraft(await wizardContext(cookie), { ip: randomIp(), consentMarketing: false, submitKey });
    // The first submit signed the applicant in under a new session id: the repeat still carries
    // the old cookie (a double click without JavaScript), and the review form's key.
    const second = await submitDraft(await wizardContext(cookie), { ip: randomIp(), consentMarketing: false, submitKey });
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.reference).toBe(first.reference);
    expect(second.alreadySubmitted).toBe(true);
    expect(sessionCookieFrom(second.headers)).not.toBeNull();
    // With the new session (the normal case) it is the same answer.
    const third = await submitDraft(await wizardContext(sessionCookieFrom(first.headers)), { ip: randomIp(), consentMarketing: false });
    expect(third.ok && third.reference).toBe(first.reference);
    // A wrong key finds nothing.
    const forged = await submitDraft(await wizardContext(null), {
      ip: randomIp(),
      consentMarketing: false,
      submitKey: `${draftId}.AAAAAAAAAAAAAAAAAAAAAA`,
    });
    expect(forged.ok).toBe(false);
    expect(await applicationsOfDraft(draftId)).toHaveLength(1);
    expect(await outboxTo(email)).toHaveLength(1);
  });

  it("a signed-in applicant submits under their own account, without registering anyone", async () => {
    const user = await createApplicant();
    const data = await completeAnonymousData(uniqueEmail("ignored"));
    const { draftId, cookie } = await draftSession({ ...data, owner: { usCitizen: "on" }, passwordHash: undefined }, user);
    const out = await submitDraft(await wizardContext(cookie), { ip: randomIp(), consentMarketing: false });
    expect(out.ok).toBe(true);
    const [app] = await applicationsOfDraft(draftId);
    expect(app.userId).toBe(user.id);
    expect(await outboxTo(user.email)).toHaveLength(1);
    if (out.ok) expect(sessionCookieFrom(out.headers)).toBeNull();
  });

  it("an e-mail taken since step 2 gets the product's message and nothing is written", async () => {
    const email = uniqueEmail("taken");
    const { draftId, cookie } = await draftSession(await completeAnonymousData(email));
    await createApplicant({ email });
    const out = await submitDraft(await wizardContext(cookie), { ip: randomIp(), consentMarketing: false });
    expect(out).toMatchObject({ ok: false, reason: "userExists", refusal: { status: 409, message: MSG.userExists } });
    expect(await applicationsOfDraft(draftId)).toHaveLength(0);
    expect(await outboxTo(email)).toHaveLength(0);
    expect((await getDraftById(draftId))?.submittedAt).toBeNull();
  });

  it("a database failure half-way rolls everything back and leaves the draft intact", async () => {
    const email = uniqueEmail("fail-outbox");
    const { draftId, cookie } = await draftSession(await completeAnonymousData(email));
    const trigger = `fail_outbox_${Date.now().toString(36)}`;
    // A real database error on the last insert of the transaction (the outbox e-mail).
    await getPool().query(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON outbox FOR EACH ROW BEGIN IF NEW.to_email = '${email}' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'test failure'; END IF; END`,
    );
    try {
      const out = await submitDraft(await wizardContext(cookie), { ip: randomIp(), consentMarketing: false });
      expect(out).toEqual({ ok: false, reason: "failed" });
    } finally {
      await getPool().query(`DROP TRIGGER IF EXISTS ${trigger}`);
    }
    expect(await getUserByEmail(email)).toBeNull();
    expect(await applicationsOfDraft(draftId)).toHaveLength(0);
    expect(await outboxTo(email)).toHaveLength(0);
    const draft = await getDraftById(draftId);
    expect(draft?.submittedAt).toBeNull();
    expect(draft?.data.loan).toEqual({ amount: "30000", purpose: "equipment-financing" });
    // ...and the same draft submits fine afterwards.
    const retry = await submitDraft(await wizardContext(cookie), { ip: randomIp(), consentMarketing: false });
    expect(retry.ok).toBe(true);
  });

  it("refuses an incomplete draft and names the first step to fix", async () => {
    const data = await completeAnonymousData();
    const { draftId, cookie } = await draftSession({ ...data, address: { ...data.address, zipCode: "1234" } });
    const out = await submitDraft(await wizardContext(cookie), { ip: randomIp(), consentMarketing: false });
    expect(out).toEqual({ ok: false, reason: "incomplete", step: 3 });
    expect(await applicationsOfDraft(draftId)).toHaveLength(0);
  });
});

describe("the review step over HTTP (no JavaScript)", () => {
  it("a failed submission re-renders the review with 'Submission Failed', writes nothing, and the same form then submits", async () => {
    const email = uniqueEmail("dbfail-http");
    const { draftId, cookie } = await draftSession(await completeAnonymousData(email));
    const c = new Client();
    const [pair] = cookie.split(";");
    c.cookies.set(pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1));
    const trigger = `fail_submit_http_${Date.now().toString(36)}`;
    await getPool().query(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON outbox FOR EACH ROW BEGIN IF NEW.to_email = '${email}' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'test failure'; END IF; END`,
    );
    try {
      const failed = await c.fetch("/apply/review", { form: REVIEW });
      expect(failed.status).toBeGreaterThanOrEqual(400);
      const html = await failed.text();
      expect(html).toContain(`${TOASTS.submitFailed.title} - ${TOASTS.submitFailed.description}`);
      expect(await getUserByEmail(email)).toBeNull();
      expect(await applicationsOfDraft(draftId)).toHaveLength(0);
      expect((await getDraftById(draftId))?.submittedAt).toBeNull();
    } finally {
      await getPool().query(`DROP TRIGGER IF EXISTS ${trigger}`);
    }
    const again = await c.fetch("/apply/review", { form: REVIEW });
    expect(again.headers.get("location")).toBe("/apply/submitted");
    expect(await applicationsOfDraft(draftId)).toHaveLength(1);
  });

  it("refuses to submit without both required consents, with a clear message", async () => {
    const { client } = await fillStepsOverHttp();
    await client.fetch("/apply/documents", { form: { intent: "continue" } });
    const res = await client.fetch("/apply/review", { form: { agreeTerms: "on", intent: "continue" } });
    expect(res.status).toBe(400);
    const { $ } = await parse(res);
    expect(squash($("body").text())).toContain(MSG.reviewConsentRequired);
    // The summary's link goes to the box not ticked, and that box is on the page.
    const link = $("[data-testid=error-summary] a").filter((_, a) => squash($(a).text()) === MSG.reviewConsentRequired);
    expect(link.length).toBe(1);
    const target = $(link.attr("href")!);
    expect(target.attr("name")).toBe("authorizeCredit");
    expect(target.attr("type")).toBe("checkbox");
  });

  it("20 identical submits at once create exactly one application, and every answer points to it", async () => {
    const { client, email } = await fillStepsOverHttp(new Client(), uniqueEmail("burst"), TEST_PASSWORD);
    const page = await client.fetch("/apply/review");
    const submitKey = /name="submitKey" value="([^"]+)"/.exec(await page.text())?.[1];
    expect(submitKey).toBeTruthy();
    const cookie = client.cookieHeader();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => {
        const c = new Client();
        c.ip = client.ip;
        for (const part of cookie.split("; ")) {
          const i = part.indexOf("=");
          c.cookies.set(part.slice(0, i), part.slice(i + 1));
        }
        return c.fetch("/apply/review", { form: { ...REVIEW, submitKey: submitKey! } }).then(async (res) => {
          const location = res.headers.get("location");
          // Follow the redirect with whatever session this answer gave: it must show the reference.
          const follow = location ? await c.fetch(location) : null;
          return { status: res.status, location, html: follow ? await follow.text() : "" };
        });
      }),
    );
    for (const r of responses) {
      expect(r.status).toBe(302);
      expect(r.location).toBe("/apply/submitted");
    }
    const user = await getUserByEmail(email);
    const apps = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.userId, user!.id));
    expect(apps).toHaveLength(1);
    expect(apps[0]!.status).toBe("submitted");
    for (const r of responses) expect(r.html).toContain(apps[0]!.reference);
    expect(await outboxTo(email)).toHaveLength(1);
    const users = await getDb()
      .select()
      .from(schema.users)
      .where(inArray(schema.users.email, [email]));
    expect(users).toHaveLength(1);
  });
});
