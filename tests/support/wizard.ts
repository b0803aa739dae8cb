/** Wizard test data: valid step values, drafts and sessions made through the app's own modules. */
import { and, eq } from "drizzle-orm";
import { insertDraft } from "~/features/applications/wizard/application-drafts.server";
import { NEVER_HELD_EMAIL_KINDS } from "~/platform/outbox/outbox.server";
import type { DraftData } from "~/features/applications/wizard/wizard.schema";
import { resolveDraft } from "~/features/applications/wizard/draft.server";
import { getDb, schema } from "~/platform/db/db.server";
import { passwordHashOf } from "./password-hash";
import { commitSession, createUserSession, sessionStorage } from "~/features/accounts/session/session.server";
import { TEST_PASSWORD } from "./fixtures";
import { Client, uniqueEmail } from "./http";
import { ADDRESS, applyWith, FINANCES, LOAN, owner } from "./apply-flow";

export { ADDRESS, FINANCES, LOAN, owner } from "./apply-flow";

/** A draft with steps 1-4 complete for an anonymous applicant (password hash stored). */
export async function completeAnonymousData(email = uniqueEmail("wizard"), password = TEST_PASSWORD): Promise<DraftData> {
  return {
    step: 6,
    loan: LOAN,
    owner: owner(email),
    passwordHash: await passwordHashOf(password),
    // As step 2's Continue leaves it: the sign-up throttle admitted this address.
    signupAdmitted: email.toLowerCase(),
    address: ADDRESS,
    finances: FINANCES,
  };
}

const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;
export const requestWith = (setCookie: string | null, url = "http://localhost/apply") =>
  new Request(url, { headers: setCookie ? { cookie: cookiePair(setCookie) } : {} });

/** Inserts a draft and an (anonymous or signed-in) session holding it; returns the cookie. */
export async function draftSession(data: DraftData, user?: { id: number; role: "user" | "admin" | "lender" }) {
  const draftId = await insertDraft({ userId: user?.id ?? null, data });
  const s = await sessionStorage().getSession();
  s.set("draftId", draftId);
  let cookie = await commitSession(s);
  if (user) cookie = await createUserSession(requestWith(cookie), user);
  return { draftId, cookie };
}

export async function wizardContext(cookie: string | null) {
  return resolveDraft(requestWith(cookie));
}

/** The session cookie value of a Set-Cookie list, if any. */
export function sessionCookieFrom(headers: Headers) {
  return headers.getSetCookie().find((c) => /session=/.test(c) && !/=;/.test(c)) ?? null;
}

export async function applicationsOfDraft(draftId: number) {
  return getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.draftId, draftId));
}

/** The application e-mails to `email` (account e-mails such as the verification link left out). */
export async function outboxTo(email: string) {
  const rows = await getDb().select().from(schema.outbox).where(eq(schema.outbox.toEmail, email));
  return rows.filter((r) => !NEVER_HELD_EMAIL_KINDS.has(r.kind));
}

/** Walks steps 1-4 over HTTP like a browser without JavaScript; returns the client. */
export async function fillStepsOverHttp(client = new Client(), email = uniqueEmail("wizard"), password = TEST_PASSWORD) {
  const post = async (path: string, form: Record<string, string>, expectTo: string) => {
    const res = await client.fetch(path, { form: { ...form, intent: "continue" } });
    if (res.status !== 302 || res.headers.get("location") !== expectTo) {
      throw new Error(
        `${path}: expected 302 to ${expectTo}, got ${res.status} ${res.headers.get("location")} ${(await res.text()).slice(0, 300)}`,
      );
    }
  };
  await post("/apply/loan", LOAN, "/apply/owner");
  await post("/apply/owner", { ...owner(email), password }, "/apply/address");
  await post("/apply/address", ADDRESS, "/apply/finances");
  await post("/apply/finances", FINANCES, "/apply/documents");
  return { client, email, password };
}

/** The wizard walked over HTTP by a new visitor (tests/support/apply-flow.ts, which the bench uses too). */
export const applyOverHttp = (opts: Parameters<typeof applyWith>[1] = {}) => applyWith(new Client(), opts);

/** The application's first offer (by id) that can still be chosen; throws when it has none. */
export async function openOffer(applicationId: number) {
  const [offer] = await getDb()
    .select()
    .from(schema.offers)
    .where(and(eq(schema.offers.applicationId, applicationId), eq(schema.offers.status, "offered")))
    .orderBy(schema.offers.id)
    .limit(1);
  if (!offer) throw new Error(`application ${applicationId} has no open offer`);
  return offer;
}
