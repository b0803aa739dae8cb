/**
 * The wizard's draft workflow: find the session's draft (or the signed-in user's latest), guard a
 * step behind the steps it depends on, save a step, resolve the account at step 2, and turn the
 * draft into an application row at the first upload.
 */
import { data as dataResponse, redirect, type Session } from "@remix-run/node";
import {
  getApplicationByDraftId,
  insertApplication,
  updateDraftApplication,
  valuesFromDraft,
} from "~/features/applications/applications.server";
import { recordApplicationEvent } from "~/features/applications/application-events.server";
import {
  attachDraftToUser,
  getDraftById,
  getLatestOpenDraftOfUser,
  insertDraft,
  lockDraft,
  updateDraft,
  updateDraftDataIfUnchanged,
  type DraftRow,
} from "~/features/applications/wizard/application-drafts.server";
import { getUserByEmail, type PublicUser } from "~/features/accounts/index.server";
import {
  draftOwner,
  draftValues,
  firstInvalidStep,
  resumeStep,
  stepPath,
  type DraftData,
  type SaveIntent,
} from "~/features/applications/wizard/wizard.schema";
import { admitDeferredAccount, admitSignupAttempt, createAccount, emailTakenAnswer, type Refusal } from "~/features/accounts/index.server";
import { EmailTakenError } from "~/features/accounts/index.server";
import { afterAccountCreated } from "~/features/accounts/index.server";
import { signIn } from "~/features/accounts/index.server";
import { transaction, type Tx } from "~/platform/db/db.server";
import { MSG } from "~/content/messages";
import { ESIGN_DISCLOSURE_EN } from "~/content/consents";
import { esignConsentTextOfVersion, esignDisclosureOfVersion } from "~/content/consents-es.server";
import { recordConsents } from "~/platform/consents.server";
import { hashPassword } from "~/features/accounts/index.server";
import { getLanguage } from "~/platform/http/language.server";
import type { Language } from "~/content/locales";
import { commitSession, createUserSession, getSession, resolveSessionUser, type SessionData } from "~/features/accounts/index.server";

export type WizardContext = {
  session: Session<SessionData>;
  user: PublicUser | null;
  /** The draft this browser is working on; null before the first save (or after a submission). */
  draft: DraftRow | null;
  /** The browser's User-Agent, for the device label of a session this request signs in. */
  userAgent?: string | null;
  /** A visitor's page language (issue 30): an account the wizard makes keeps it, so its e-mails are in it. */
  language?: Language;
};

/** The session's draft if it belongs to this visitor (anonymous, or the signed-in user), else the
 *  signed-in user's latest unsubmitted draft. Submitted drafts are returned too (step 7). */
export async function resolveDraft(request: Request): Promise<WizardContext> {
  // The one session-user resolver: a half-signed-in admin (no second factor yet) is anonymous here.
  const { session, user } = await resolveSessionUser(request);
  const draftId = session.get("draftId");
  let draft: DraftRow | null = null;
  if (draftId) {
    const row = await getDraftById(draftId);
    if (row && (row.userId === null || row.userId === user?.id)) draft = row;
    if (draft && user && draft.userId === null) {
      // Our own write bumped the version: the row is still as read plus the owner.
      const attached = await attachDraftToUser(draft.id, user.id);
      draft = { ...draft, userId: user.id, version: attached ? draft.version + 1 : draft.version };
    }
  }
  if (!draft && user) draft = await getLatestOpenDraftOfUser(user.id);
  // Only an anonymous visitor's language is needed (an account the wizard creates keeps it).
  const language = user ? undefined : await getLanguage(request);
  return { session, user, draft, userAgent: request.headers.get("user-agent"), ...(language ? { language } : {}) };
}

/**
 * Loads the wizard for steps 1-6: a submitted draft counts as none (a new application starts).
 * A step whose earlier steps are not valid redirects to the first invalid one.
 */
export async function loadStep(request: Request, step: number): Promise<WizardContext & { data: DraftData }> {
  const ctx = await resolveDraft(request);
  const draft = ctx.draft?.submittedAt ? null : ctx.draft;
  const data = draft?.data ?? {};
  const needed = Math.min(step, 5);
  const invalid = firstInvalidStep(data, Boolean(ctx.user), needed);
  if (invalid < needed) throw redirect(!draft && sessionLost(ctx, request, step) ? EXPIRED_PATH : stepPath(invalid));
  return { ...ctx, draft, data };
}

/** Step 1 with the 'session expired, sign in to resume' notice. */
export const EXPIRED_PATH = `${stepPath(1)}?session=expired`;

/**
 * The visitor was in the middle of the wizard and its session is gone: the browser sent a session
 * cookie whose session expired or ended (it had a draft), or it posts a later step's form with no
 * session at all (its cookie was cleared or expired in the browser: nobody posts step 3 first).
 */
function sessionLost(ctx: WizardContext, request: Request, step: number): boolean {
  if (ctx.session.id) return !ctx.session.has("draftId") && !ctx.session.has("userId");
  return request.method === "POST" && step > 1;
}

/**
 * After a save without validation: Back goes to `backTo`, exit to the home page, and the
 * autosave (with JavaScript) stays, answering `{ saved: true }`.
 */
export function afterSave(intent: SaveIntent, backTo: string, headers: Headers) {
  if (intent === "back") return redirect(backTo, { headers });
  if (intent === "exit") return redirect("/", { headers });
  return dataResponse({ saved: true as const, result: undefined }, { headers });
}

/**
 * Merges `patch` into the draft (creating it on the first save), records where the applicant
 * goes next, and returns the Set-Cookie header when the session had to learn the draft's id.
 */
export async function saveStep(ctx: WizardContext, patch: Partial<DraftData>, nextStep: number): Promise<Headers> {
  const headers = new Headers();
  let draftId = ctx.draft?.id ?? null;
  if (!draftId) {
    draftId = await insertDraft({ userId: ctx.user?.id ?? null, data: { ...patch, step: nextStep } });
  } else if (!(await saveIfCurrent(ctx.draft, patch, nextStep))) {
    // Another write came first, or the draft's application must change in the same transaction:
    // merge into the current row under its lock.
    const id = draftId;
    await transaction(async (tx) => {
      const row = await lockDraft(tx, id);
      if (!row) return;
      const data: DraftData = { ...row.data, ...patch, step: nextStep };
      await updateDraft(id, { data }, tx);
      const values = row.loanApplicationId && !row.submittedAt ? draftValues(data) : null;
      if (values && row.loanApplicationId) await updateDraftApplication(tx, row.loanApplicationId, valuesFromDraft(values));
    });
  }
  if (ctx.session.get("draftId") !== draftId) {
    ctx.session.set("draftId", draftId);
    headers.append("set-cookie", await commitSession(ctx.session));
  }
  return headers;
}

/**
 * The common case of a step save in one statement, without a transaction: the draft read in this
 * request is still current (same version) and has no application to keep in step. False when the
 * save must take the locked path.
 */
async function saveIfCurrent(draft: DraftRow | null, patch: Partial<DraftData>, nextStep: number): Promise<boolean> {
  if (!draft || draft.loanApplicationId) return false;
  return updateDraftDataIfUnchanged(draft.id, draft.version, { ...draft.data, ...patch, step: nextStep });
}

/**
 * Signs `user` in with a fresh session id (the current one is ended) that keeps `draftId`. The
 * draft id is written into the new session explicitly: the current session row may already be
 * gone (a concurrent request of the same browser rotated it). Returns the Set-Cookie value.
 */
export async function signInKeepingDraft(
  session: Session<SessionData>,
  user: { id: number; role: "user" | "admin" | "lender" },
  draftId: number,
  userAgent?: string | null,
) {
  // The browser's User-Agent goes along, so the sessions list names the device ("Chrome on Android").
  const withCookie = (setCookie: string) =>
    new Request("http://localhost/", { headers: { cookie: setCookie.split(";")[0]!, ...(userAgent ? { "user-agent": userAgent } : {}) } });
  await attachDraftToUser(draftId, user.id);
  const current = await commitSession(session);
  const rotated = await createUserSession(withCookie(current), user);
  const fresh = await getSession(withCookie(rotated));
  fresh.set("draftId", draftId);
  return commitSession(fresh);
}

export type OwnerInput = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  password?: string;
};

export type OwnerOutcome =
  { ok: true; headers: Headers } | { ok: false; field: "email" | "form"; message: string; status: number; headers?: HeadersInit };

/**
 * Step 2 for an anonymous visitor. A new e-mail: the password is hashed into the draft (the
 * account is created at the first upload or at submission). An e-mail with an account: the same
 * password signs them in right here (the product's login fallback, done early); anything else gets
 * the product's 'already exists' message.
 */
/**
 * `esignVersion`: the E-SIGN disclosure the page showed (its version id, sent by the form; English
 * or Spanish, each a text of its own). An unknown or missing one counts as the English text.
 */
export async function saveOwnerStep(ctx: WizardContext, input: OwnerInput, ip: string, esignVersion?: unknown): Promise<OwnerOutcome> {
  const owner = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    dateOfBirth: input.dateOfBirth,
    usCitizen: "on",
    // The step's schema refused the form without the agreement to electronic records.
    agreeToElectronicRecords: "on",
  };
  const existing = await getUserByEmail(input.email);
  if (existing) {
    // The account-creation service's enumeration rule: "already exists" answers are throttled.
    if (!input.password || existing.role !== "user") return refused(await emailTakenAnswer(ip));
    // The sign-in service (throttle, password, audit); the session keeps this draft.
    const signedIn = await signIn({ email: input.email, password: input.password }, { ip, via: "wizard" });
    if (!signedIn.ok && signedIn.reason === "throttled")
      return { ok: false, field: "form", message: signedIn.message, status: 429, headers: signedIn.headers };
    if (!signedIn.ok) return refused(await emailTakenAnswer(ip));
    // The fresh session made at sign-in replaces any cookie saveStep may have set.
    await saveStep(ctx, { owner, passwordHash: undefined }, 3);
    const headers = new Headers();
    headers.append("set-cookie", await signInKeepingDraft(ctx.session, signedIn.user, ctx.session.get("draftId")!, ctx.userAgent));
    return { ok: true, headers };
  }
  // A new e-mail is a sign-up: the same throttle as the sign-up page and the API, counted once per
  // e-mail per draft (going Back and Continue again does not count twice). The draft remembers
  // the admitted address; Save, Back and Exit store the fields without asking, so an address they
  // stored is asked for when the account is made (admitDraftAccount).
  const email = input.email.trim().toLowerCase();
  if (ctx.draft?.data.signupAdmitted !== email) {
    const limited = await admitSignupAttempt(ip);
    if (limited) return refused(limited);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : ctx.draft?.data.passwordHash;
  // The agreement to electronic records as given here (kept from the first time, through Back and Continue).
  const shown = esignDisclosureOfVersion(esignVersion) ?? ESIGN_DISCLOSURE_EN;
  const esign =
    ctx.draft?.data.esign?.version === shown.version
      ? ctx.draft.data.esign
      : { version: shown.version, language: shown.language, at: new Date().toISOString(), ip };
  const headers = await saveStep(ctx, { owner, passwordHash, signupAdmitted: email, esign }, 3);
  return { ok: true, headers };
}

/**
 * Before the first upload or the submission of an anonymous draft (which create its account):
 * the account-creation service's sign-up throttle (admitDeferredAccount). Null when the upload or
 * submission may go ahead: no account to create, or admitted, which the draft then records
 * (resolveApplicant creates the account only for the admitted address).
 */
export async function admitDraftAccount(ctx: WizardContext, ip: string): Promise<Refusal | null> {
  const draft = ctx.draft;
  if (ctx.user || !draft || draft.userId || draft.submittedAt) return null;
  const owner = draftOwner(draft.data);
  if (!owner) return null; // incomplete: refused further on, before any account exists
  const email = owner.email.trim().toLowerCase();
  const refusal = await admitDeferredAccount(ip, email, draft.data.signupAdmitted);
  if (refusal || draft.data.signupAdmitted === email) return refusal;
  await transaction(async (tx) => {
    const row = await lockDraft(tx, draft.id);
    if (row && !row.userId) await updateDraft(draft.id, { data: { ...row.data, signupAdmitted: email } }, tx);
  });
  return null;
}

/** The "already exists" answer of the wizard's later steps, counted like every other (enumeration throttle). */
export const applicantExistsAnswer = (ip: string) => emailTakenAnswer(ip);

const refused = (r: Refusal): OwnerOutcome => ({ ok: false, field: r.field, message: r.message, status: r.status, headers: r.headers });

export class ApplicantExistsError extends Error {
  constructor() {
    super(MSG.userExists);
  }
}
/** The draft cannot take an upload or a submission: gone, already submitted, or steps missing. */
export class DraftNotReadyError extends Error {
  constructor(readonly reason: "missing" | "incomplete" | "not-admitted") {
    super(`draft not ready: ${reason}`);
  }
}

export function withoutPasswordHash(data: DraftData): DraftData {
  const { passwordHash: _hash, ...rest } = data;
  return rest;
}

/**
 * Inside a transaction holding the draft's row lock: the applicant's user id. A signed-in user
 * (or the owner the draft already has) is used as is; otherwise the account is registered from
 * step 2 (role 'user', the stored password hash). Throws ApplicantExistsError when the e-mail was
 * taken meanwhile.
 */
export async function resolveApplicant(
  tx: Tx,
  draft: DraftRow,
  sessionUser: PublicUser | null,
  /** The visitor's page language, stored on an account made here (issue 30). */
  language?: Language,
): Promise<{ userId: number; registered: PublicUser | null }> {
  if (sessionUser) return { userId: sessionUser.id, registered: null };
  if (draft.userId) return { userId: draft.userId, registered: null };
  const owner = draftOwner(draft.data);
  if (!owner || !draft.data.passwordHash) throw new DraftNotReadyError("incomplete");
  // Only the address the sign-up throttle admitted for this draft (admitDraftAccount) gets an
  // account; another one was stored after that check (another tab's Save).
  if (draft.data.signupAdmitted !== owner.email.trim().toLowerCase()) throw new DraftNotReadyError("not-admitted");
  try {
    const user = await createAccount(
      {
        firstName: owner.firstName,
        lastName: owner.lastName,
        email: owner.email,
        passwordHash: draft.data.passwordHash,
        phone: owner.phone,
        dateOfBirth: owner.dateOfBirth,
        language,
      },
      tx,
    );
    // The agreement to electronic records given at step 2, with the account, as the sign-up page records it.
    const given = draft.data.esign;
    await recordConsents(tx, [
      {
        ...esignConsentTextOfVersion(given?.version),
        userId: user.id,
        ip: given?.ip ?? null,
        at: given?.at ? new Date(given.at) : new Date(),
      },
    ]);
    return { userId: user.id, registered: user };
  } catch (e) {
    if (e instanceof EmailTakenError) throw new ApplicantExistsError();
    throw e;
  }
}

/**
 * The first upload's `resolveApplication` (run by the document service in its transaction):
 * locks the draft, registers the applicant when needed, and creates the draft application
 * (status 'draft', a fresh reference) if there is none yet. `registered` is filled when an
 * account was created, so the caller signs the applicant in after the commit.
 */
export function applicationForUpload(ctx: WizardContext, out: { registered: PublicUser | null }) {
  return async (tx: Tx): Promise<{ applicationId: number; userId: number }> => {
    if (!ctx.draft) throw new DraftNotReadyError("missing");
    const draft = await lockDraft(tx, ctx.draft.id);
    if (!draft || draft.submittedAt) throw new DraftNotReadyError("missing");
    const values = draftValues(draft.data);
    if (!values) throw new DraftNotReadyError("incomplete");
    const { userId, registered } = await resolveApplicant(tx, draft, ctx.user, ctx.language);
    out.registered = registered;
    let applicationId = draft.loanApplicationId;
    if (!applicationId) {
      const existing = await getApplicationByDraftId(draft.id, tx);
      const app =
        existing ?? (await insertApplication(tx, { userId, draftId: draft.id, values: valuesFromDraft(values), status: "draft" })).row;
      applicationId = app.id;
      if (!existing) await recordApplicationEvent(tx, { applicationId, actorUserId: userId, type: "created", toStatus: "draft" });
    }
    // Once the account exists the draft no longer needs the password hash.
    const data = registered ? withoutPasswordHash(draft.data) : undefined;
    await updateDraft(draft.id, { userId, loanApplicationId: applicationId, ...(data ? { data } : {}) }, tx);
    if (registered) await afterAccountCreated(registered, tx); // sends the e-mail verification link
    return { applicationId, userId };
  };
}

/** The application id documents of this draft belong to, or null before the first upload. */
export async function draftApplicationId(ctx: WizardContext): Promise<number | null> {
  if (!ctx.draft) return null;
  return ctx.draft.loanApplicationId ?? (await getApplicationByDraftId(ctx.draft.id))?.id ?? null;
}

/** The calculator's Apply Now (?amount=) carries its amount to step 1. */
export function withCalculatorAmount(path: string, request: Request): string {
  const amount = new URL(request.url).searchParams.get("amount");
  return path === stepPath(1) && amount && /^\d{1,9}$/.test(amount) ? `${path}?amount=${amount}` : path;
}

/** Where /apply and /loan-application open the wizard: the resume step of the open draft. */
export async function currentStepPath(request: Request): Promise<string> {
  const { draft, user } = await resolveDraft(request);
  if (!draft || draft.submittedAt) return stepPath(1);
  return stepPath(resumeStep(draft.data, Boolean(user)));
}
