/**
 * No account takeover through a change of e-mail, and no reset through an address the account no
 * longer has. Everything over HTTP as a person would do it, reading the e-mails from the outbox:
 * - a pending change ends with a password reset, a password change and "sign out everywhere else";
 *   its link works only in the owner's signed-in session (signed out: sign in and back; another
 *   account: refused);
 * - a finished change tells the old address, with an undo link (single use, a week) that puts the
 *   address back with a new password and ends every session and link, whatever the new holder did;
 * - reset links sent to the old address die with the change, and a link for an address the account
 *   no longer has is refused;
 * - an address nobody verified cannot be changed, and its real owner claims the account through
 *   "forgot password" with no way back for whoever signed up with it.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashAccountToken } from "~/features/accounts/account-tokens.server";
import { getDb, schema } from "~/platform/db/db.server";
import { UNDO_EMAIL_CHANGE_TTL_MS } from "~/features/accounts/email-change.server";
import { ACCOUNT_MSG } from "~/content/messages";
import { signUpForm, TEST_PASSWORD } from "../support/fixtures";
import { Client, uniqueEmail } from "../support/http";
import { mailsTo, newestLink } from "../support/mail";

const NEW_PASSWORD = "Fresh-Lantern-93";
const OTHER_PASSWORD = "Quiet-Harbour-61";
const html = (s: string) => s.replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

async function userRow(id: number) {
  const [u] = await getDb().select().from(schema.users).where(eq(schema.users.id, id));
  return u!;
}

async function liveTokens(userId: number) {
  const t = schema.accountTokens;
  return getDb()
    .select({ purpose: t.purpose })
    .from(t)
    .where(and(eq(t.userId, userId), isNull(t.usedAt)));
}

/** Signs up through /signup (the account's address is not verified yet). */
async function signUp(email: string) {
  const client = new Client();
  const res = await client.fetch("/signup", {
    form: signUpForm(email),
  });
  expect(res.headers.get("location")).toBe("/dashboard");
  const [u] = await getDb().select().from(schema.users).where(eq(schema.users.email, email));
  return { client, email, id: u!.id };
}

/** Signs up and confirms the address with the e-mailed link, as a new user does. */
async function signUpVerified(email = uniqueEmail("owner")) {
  const account = await signUp(email);
  const { token } = await newestLink(email, "email_verification");
  expect((await account.client.fetch("/verify-email", { form: { intent: "verify", token } })).status).toBe(302);
  return account;
}

const signIn = (email: string, password: string, client = new Client()) => client.fetch("/login", { form: { email, password } });
const isSignedIn = async (client: Client) => (await client.fetch("/dashboard")).status === 200;
const askChange = (client: Client, email: string, currentPassword = TEST_PASSWORD) =>
  client.fetch("/account", { form: { intent: "email", email, currentPassword } });
const confirmChange = (client: Client, token: string) => client.fetch("/verify-email", { form: { intent: "verify", token } });
async function forgot(email: string) {
  expect((await new Client().fetch("/forgot-password", { form: { email } })).status).toBe(200);
}
const reset = (token: string, password: string) =>
  new Client().fetch("/reset-password", { form: { token, password, confirmPassword: password } });

/** Asks for a change to `next` and finishes it with the link, in `client`'s session. */
async function changeEmail(client: Client, id: number, next: string) {
  expect((await askChange(client, next)).headers.get("location")).toBe("/account");
  const { token } = await newestLink(next, "email_change_verification");
  expect((await confirmChange(client, token)).status).toBe(302);
  expect((await userRow(id)).email).toBe(next);
}

describe("a pending change of e-mail", () => {
  it("ends when the password is reset, and the old address was told of the request", async () => {
    const owner = await signUpVerified();
    const next = uniqueEmail("someone-else");
    expect((await askChange(owner.client, next)).headers.get("location")).toBe("/account");
    expect(await mailsTo(owner.email, "email_change_notice")).toHaveLength(1);
    const change = await newestLink(next, "email_change_verification");

    await forgot(owner.email);
    const { token } = await newestLink(owner.email, "password_reset");
    expect((await reset(token, NEW_PASSWORD)).headers.get("location")).toBe("/login");

    // Signed in again with the new password, the change link no longer does anything.
    const client = new Client();
    expect((await signIn(owner.email, NEW_PASSWORD, client)).headers.get("location")).toBe("/dashboard");
    const page = await client.fetch(change.path);
    expect(await page.text()).toContain(html(ACCOUNT_MSG.changeInvalid));
    const used = await confirmChange(client, change.token);
    expect(used.status).toBe(400);
    expect(await used.text()).toContain(html(ACCOUNT_MSG.changeInvalid));
    expect((await userRow(owner.id)).email).toBe(owner.email);
    expect(await (await client.fetch("/account")).text()).not.toContain('data-testid="pending-email"');
  });

  it("ends with a password change and with signing out everywhere else", async () => {
    const owner = await signUpVerified();
    const first = uniqueEmail("first");
    expect((await askChange(owner.client, first)).headers.get("location")).toBe("/account");
    const firstLink = await newestLink(first, "email_change_verification");
    expect((await owner.client.fetch("/account", { form: { intent: "sessions" } })).headers.get("location")).toBe("/account");
    expect((await confirmChange(owner.client, firstLink.token)).status).toBe(400);

    const second = uniqueEmail("second");
    expect((await askChange(owner.client, second)).headers.get("location")).toBe("/account");
    const secondLink = await newestLink(second, "email_change_verification");
    const changed = await owner.client.fetch("/account", {
      form: { intent: "password", currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.headers.get("location")).toBe("/account");
    expect((await confirmChange(owner.client, secondLink.token)).status).toBe(400);
    expect((await userRow(owner.id)).email).toBe(owner.email);
  });

  it("finishes only in the owner's signed-in session: signed out it asks to sign in and comes back; another account is refused", async () => {
    const owner = await signUpVerified();
    const next = uniqueEmail("moving");
    expect((await askChange(owner.client, next)).headers.get("location")).toBe("/account");
    const link = await newestLink(next, "email_change_verification");

    // Another account, signed in, cannot use it (and does not use it up).
    const other = await signUpVerified(uniqueEmail("other"));
    const seen = await other.client.fetch(link.path);
    expect(seen.status).toBe(403);
    expect(await seen.text()).toContain(html(ACCOUNT_MSG.changeOtherAccount));
    const refused = await confirmChange(other.client, link.token);
    expect(refused.status).toBe(403);
    expect((await userRow(owner.id)).email).toBe(owner.email);
    expect((await userRow(other.id)).email).toBe(other.email);

    // Signed out (another browser): no form, but the sign-in page, which brings the owner back here.
    const anon = await new Client().fetch(link.path);
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(link.path)}`);
    expect((await new Client().fetch("/verify-email", { form: { intent: "verify", token: link.token } })).headers.get("location")).toMatch(
      /^\/login\?redirectTo=/,
    );
    expect((await userRow(owner.id)).email).toBe(owner.email);
    const laptop = new Client();
    const back = await laptop.fetch("/login", { form: { email: owner.email, password: TEST_PASSWORD, redirectTo: link.path } });
    expect(back.headers.get("location")).toBe(link.path);
    const page = await (await laptop.fetch(link.path)).text();
    expect(page).toContain(next);
    expect(page).toContain(html(ACCOUNT_MSG.changePrompt));
    expect((await confirmChange(laptop, link.token)).headers.get("location")).toBe("/account");
    expect((await userRow(owner.id)).email).toBe(next);
  });
});

describe("after a change of e-mail", () => {
  it("tells the old address, with an undo link that restores it with a new password and ends every session and link, once", async () => {
    const owner = await signUpVerified();
    // Someone with the password and a session moves the account to their own mailbox...
    const thief = new Client();
    expect((await signIn(owner.email, TEST_PASSWORD, thief)).headers.get("location")).toBe("/dashboard");
    const theirs = uniqueEmail("thief");
    await changeEmail(thief, owner.id, theirs);
    const undo = await newestLink(owner.email, "email_changed_notice");
    // ...changes the password and asks for a reset link at their address: neither ends the undo link.
    const pw = await thief.fetch("/account", {
      form: { intent: "password", currentPassword: TEST_PASSWORD, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
    });
    expect(pw.headers.get("location")).toBe("/account");
    await forgot(theirs);
    const theirReset = await newestLink(theirs, "password_reset");

    const page = await new Client().fetch(undo.path);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain(owner.email);
    expect(body).toContain("Restore my e-mail address");
    expect((await userRow(owner.id)).email).toBe(theirs);

    const done = await new Client().fetch("/undo-email-change", {
      form: { token: undo.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login");
    const after = await userRow(owner.id);
    expect(after.email).toBe(owner.email);
    expect(after.emailVerifiedAt).not.toBeNull();
    expect(await isSignedIn(thief)).toBe(false);
    expect(await isSignedIn(owner.client)).toBe(false);
    expect(await liveTokens(owner.id)).toEqual([]);
    expect((await reset(theirReset.token, "Sly-Return-808")).status).toBe(400);
    expect((await signIn(theirs, OTHER_PASSWORD)).status).toBe(401);
    expect((await signIn(owner.email, OTHER_PASSWORD)).status).toBe(401);
    expect((await signIn(owner.email, NEW_PASSWORD)).headers.get("location")).toBe("/dashboard");
    expect(await mailsTo(owner.email, "email_change_undone")).toHaveLength(1);

    const again = await new Client().fetch("/undo-email-change", {
      form: { token: undo.token, password: "Second-Go-4242", confirmPassword: "Second-Go-4242" },
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(html(ACCOUNT_MSG.undoInvalid));
  });

  it("keeps the old address for its owner while the undo link lives: nobody signs up with it or moves to it", async () => {
    const owner = await signUpVerified();
    const thief = new Client();
    expect((await signIn(owner.email, TEST_PASSWORD, thief)).headers.get("location")).toBe("/dashboard");
    await changeEmail(thief, owner.id, uniqueEmail("thief"));
    const undo = await newestLink(owner.email, "email_changed_notice");

    // A new account with the old address is refused as "already exists" (and creates nothing).
    const squatter = await new Client().fetch("/signup", {
      form: {
        firstName: "Sam",
        lastName: "Squat",
        email: owner.email,
        password: OTHER_PASSWORD,
        phone: "555-010-9898",
        dateOfBirth: "1990-01-01",
        usCitizen: "on",
        agreeToTerms: "on",
        agreeToElectronicRecords: "on",
      },
    });
    expect(squatter.status).toBe(409);
    const holders = await getDb().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, owner.email));
    expect(holders).toEqual([]);
    // Another verified account cannot move to it either.
    const other = await signUpVerified();
    const ask = await askChange(other.client, owner.email);
    expect(ask.status).toBe(409);
    expect(await mailsTo(owner.email, "email_change_verification")).toHaveLength(0);

    // The owner's way back still works.
    const done = await new Client().fetch("/undo-email-change", {
      form: { token: undo.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(done.headers.get("location")).toBe("/login");
    expect((await userRow(owner.id)).email).toBe(owner.email);
  });

  it("the undo link lasts a week, not longer", async () => {
    const owner = await signUpVerified();
    await changeEmail(owner.client, owner.id, uniqueEmail("moved"));
    const undo = await newestLink(owner.email, "email_changed_notice");
    const t = schema.accountTokens;
    const [row] = await getDb()
      .select()
      .from(t)
      .where(eq(t.tokenHash, hashAccountToken(undo.token)));
    expect(row!.purpose).toBe("undo-email-change");
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - UNDO_EMAIL_CHANGE_TTL_MS)).toBeLessThan(2000);
    await getDb()
      .update(t)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.id, row!.id));
    expect(await (await new Client().fetch(undo.path)).text()).toContain('data-testid="undo-invalid"');
    const late = await new Client().fetch("/undo-email-change", {
      form: { token: undo.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(late.status).toBe(400);
    expect((await userRow(owner.id)).email).not.toBe(owner.email);
  });

  it("reset links sent to the old address stop working, and a link for an address the account no longer has is refused", async () => {
    const owner = await signUpVerified();
    await forgot(owner.email);
    const toOld = await newestLink(owner.email, "password_reset");
    const next = uniqueEmail("new-home");
    await changeEmail(owner.client, owner.id, next);
    expect(await (await new Client().fetch(toOld.path)).text()).toContain('data-testid="reset-invalid"');
    const refused = await reset(toOld.token, NEW_PASSWORD);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(html(ACCOUNT_MSG.resetInvalid));
    expect((await signIn(next, TEST_PASSWORD)).headers.get("location")).toBe("/dashboard");

    // However the address changes (here an operator edits it), a link for the previous one is refused.
    await forgot(next);
    const toNext = await newestLink(next, "password_reset");
    const operatorSet = uniqueEmail("operator-set");
    await getDb().update(schema.users).set({ email: operatorSet }).where(eq(schema.users.id, owner.id));
    expect((await reset(toNext.token, NEW_PASSWORD)).status).toBe(400);
    expect((await signIn(operatorSet, NEW_PASSWORD)).status).toBe(401);
    expect((await signIn(operatorSet, TEST_PASSWORD)).headers.get("location")).toBe("/dashboard");
  });
});

describe("an account whose address nobody verified", () => {
  it("cannot change its e-mail, and the address's owner claims it through forgot password with no way back for the first registrant", async () => {
    const victim = uniqueEmail("victim");
    const attacker = await signUp(victim);
    const theirs = uniqueEmail("attacker");

    const account = await (await attacker.client.fetch("/account")).text();
    expect(account).toContain(html(ACCOUNT_MSG.emailChangeUnverified));
    expect(account).not.toContain(">Change e-mail<");
    const asked = await askChange(attacker.client, theirs);
    expect(asked.status).toBe(400);
    expect(await asked.text()).toContain(html(ACCOUNT_MSG.emailChangeUnverified));
    expect(await mailsTo(theirs)).toEqual([]);
    expect((await userRow(attacker.id)).email).toBe(victim);
    // The first registrant also asks for reset links (they go to the victim's inbox).
    await forgot(victim);
    const attackersReset = await newestLink(victim, "password_reset");
    const signUpLink = await newestLink(victim, "email_verification");

    // The real owner: "forgot password", the link from their inbox, a new password.
    await forgot(victim);
    const ownersReset = await newestLink(victim, "password_reset", 2);
    expect((await reset(ownersReset.token, NEW_PASSWORD)).headers.get("location")).toBe("/login");

    expect(await isSignedIn(attacker.client)).toBe(false);
    expect((await signIn(victim, TEST_PASSWORD)).status).toBe(401);
    expect((await reset(attackersReset.token, OTHER_PASSWORD)).status).toBe(400);
    expect((await confirmChange(new Client(), signUpLink.token)).status).toBe(400);
    expect(await liveTokens(attacker.id)).toEqual([]);
    const claimed = await userRow(attacker.id);
    expect(claimed.email).toBe(victim);
    expect(claimed.emailVerifiedAt).not.toBeNull();

    const owner = new Client();
    expect((await signIn(victim, NEW_PASSWORD, owner)).headers.get("location")).toBe("/dashboard");
    const settings = await (await owner.fetch("/account")).text();
    expect(settings).toContain(">Change e-mail<");
    expect(settings).not.toContain('data-testid="email-change-unverified"');
  });
});
