/**
 * Server-side sessions in MySQL (createSessionStorage). The cookie carries a signed random id of
 * 256 bits; the table stores its SHA-256. Idle and absolute limits are enforced here, on the server.
 */
import { randomBytes } from "node:crypto";
import { createCookie, createSession, createSessionStorage, redirect, type Cookie, type Session } from "@remix-run/node";
import { SESSION_LIMITS } from "~/content/constants";
import { describeDevice } from "~/platform/sessions/device-label.server";
import {
  deleteSession,
  findSession,
  findSessionWithUser,
  insertSession,
  saveSession,
  touchSession,
} from "~/features/accounts/session/sessions.server";
import { getUserById, toPublicUser, type PublicUser, type UserRecord } from "~/features/accounts/users.server";
import { sealSecret } from "~/features/accounts/mfa/mfa.server";
import { withDatabase } from "~/platform/db/db-errors.server";
import { currentRequestScope, onRequestScopeEnd } from "~/platform/http/request-scope.server";
import { cookieSecure, getEnv } from "~/platform/env.server";

export type SessionData = {
  userId?: number;
  role?: "user" | "admin" | "lender";
  /** Admin's (or a lender user's) second factor done in this session. */
  mfa?: boolean;
  draftId?: number;
  /** TOTP secret shown during enrolment, until the first code confirms it: sealed (sealSecret), never plain. */
  mfaPendingSecretSealed?: string;
  /** Recovery codes right after enrolment (sealed JSON), shown once by /admin-login/recovery-codes then removed. */
  mfaRecoveryCodesSealed?: string;
  /** The browser that signed in, for the account page's list of sessions. */
  device?: string;
};

const MIN = 60_000;
// The lifetimes live in utils/constants (the retention purge needs them too); re-exported here.
export { SESSION_LIMITS };

const limitsFor = (data: SessionData) =>
  // Lender users see applicants' data: the admins' limits.
  data.role === "admin" || data.role === "lender" ? SESSION_LIMITS.admin : data.userId ? SESSION_LIMITS.user : SESSION_LIMITS.anonymous;

export const SESSION_COOKIE_NAME = () => (cookieSecure() ? "__Host-lw_session" : "lw_session");

/**
 * Reads a session row and applies the idle and absolute limits (an expired row is deleted). The
 * last-seen time is written at most once a minute per session, so the idle limit holds to within a
 * minute while most requests make no write at all.
 */
async function readSessionData(id: string): Promise<SessionData | null> {
  return (await readSessionAndUser(id))?.data ?? null;
}

/** The session (limits applied) and, in the same query, the row of the user it names. */
async function readSessionAndUser(id: string): Promise<{ data: SessionData; user: UserRecord | null } | null> {
  // The first database call of nearly every request: unreachable -> a 503 Response (friendly
  // page for documents, JSON for the API) instead of a 500.
  const joined = await withDatabase(() => findSessionWithUser(id));
  if (!joined) return null;
  const row = joined.session;
  const data = row.data as SessionData;
  const limits = limitsFor(data);
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + limits.idle <= now || row.createdAt.getTime() + limits.absolute <= now) {
    sessionWrites++;
    await deleteSession(id);
    return null;
  }
  if (now - row.lastSeenAt.getTime() > MIN) await touchSession(id);
  return { data, user: joined.user };
}

let sessionCookie: Cookie | undefined;
let storage: ReturnType<typeof createSessionStorage<SessionData>> | undefined;
export function sessionStorage() {
  if (storage) return storage;
  sessionCookie = createCookie(SESSION_COOKIE_NAME(), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cookieSecure(),
    secrets: [getEnv().SESSION_SECRET],
    maxAge: 30 * 24 * 60 * 60,
  });
  storage = createSessionStorage<SessionData>({
    cookie: sessionCookie,
    async createData(data, _expires) {
      const id = randomBytes(32).toString("base64url");
      const d = data as SessionData;
      sessionWrites++;
      await insertSession(id, d, new Date(Date.now() + limitsFor(d).absolute), d.userId ?? null);
      return id;
    },
    readData: readSessionData,
    async updateData(id, data) {
      const d = data as SessionData;
      sessionWrites++;
      const row = await findSession(id);
      if (!row) {
        // The row was ended (logout elsewhere, timeout): never resurrect it under the old id.
        return;
      }
      const expires = new Date(row.createdAt.getTime() + limitsFor(d).absolute);
      await saveSession(id, d, expires, d.userId ?? null);
    },
    async deleteData(id) {
      sessionWrites++;
      await deleteSession(id);
    },
  });
  return storage;
}

/**
 * Per-request memo of the session read and the signed-in user's row, for GET and HEAD requests,
 * one per HTTP request and dropped when its response closes (a document's root and route loaders,
 * run in parallel with a Request object each, each ask for the session and the user:
 * without it a signed-in page read the session row twice and the user row twice or more). Each
 * caller still gets its own Session object (a copy of the data), exactly as a separate read would
 * give. Requests that change things (POST: actions) always read afresh, and any session write made
 * by this process since the memo was filled empties it. After an action, Remix runs the loaders
 * with a new Request, so nothing read before an action is reused after it.
 */
type SessionRead = { id: string; data: SessionData | null; user: UserRecord | null };
type RequestMemo = {
  writes: number;
  cookie: string | null;
  session?: Promise<SessionRead>;
  users: Map<number, ReturnType<typeof getUserById>>;
};
/** Keyed by the HTTP request's scope (shared by all its loaders; Remix gives each loader its own
 *  Request object), or by the Request outside a scope (a loader called directly in a test). */
const memos = new WeakMap<object, RequestMemo>();
/** Session writes by this process (create, update, delete, expiry): a change invalidates every memo. */
let sessionWrites = 0;

function memoFor(request: Request): RequestMemo | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const scope = currentRequestScope();
  const key = scope ?? request;
  const cookie = request.headers.get("cookie");
  let memo = memos.get(key);
  if (!memo || memo.writes !== sessionWrites || memo.cookie !== cookie) {
    // Dropped when the response is done (the session data and user row are not kept longer).
    if (scope && !memos.has(scope)) onRequestScopeEnd(() => memos.delete(scope));
    memo = { writes: sessionWrites, cookie, users: new Map() };
    memos.set(key, memo);
  }
  return memo;
}

async function readSessionOf(cookieHeader: string | null): Promise<SessionRead> {
  sessionStorage();
  // What createSessionStorage().getSession does: a cookie that does not verify is no session.
  const id: unknown = cookieHeader ? await sessionCookie!.parse(cookieHeader) : null;
  const sid = typeof id === "string" ? id : "";
  const read = sid ? await readSessionAndUser(sid) : null;
  return { id: sid, data: read?.data ?? null, user: read?.user ?? null };
}

/** The session (memoized for GET/HEAD) and the user row read with it. */
async function sessionAndUser(request: Request) {
  const memo = memoFor(request);
  const read = memo
    ? await (memo.session ??= readSessionOf(request.headers.get("cookie")))
    : await readSessionOf(request.headers.get("cookie"));
  // Each caller its own Session over its own copy of the data, as separate reads gave.
  const session = createSession<SessionData>(read.data ? structuredClone(read.data) : {}, read.id);
  return { session, joinedUser: read.user };
}

export async function getSession(request: Request): Promise<Session<SessionData>> {
  return (await sessionAndUser(request)).session;
}

function userRecord(request: Request, id: number) {
  const memo = memoFor(request);
  if (!memo) return getUserById(id);
  let p = memo.users.get(id);
  if (!p) {
    p = getUserById(id);
    memo.users.set(id, p);
  }
  return p;
}

export async function commitSession(session: Session<SessionData>) {
  return sessionStorage().commitSession(session);
}

/**
 * THE session-user resolver: every reader of the session's user (pages, wizard, dashboard, uploads,
 * API) goes through it. An admin who has not passed the second factor in this session, and a
 * disabled account, count as signed out everywhere except the MFA pages (requireAdminAwaitingMfa).
 */
export async function resolveSessionUser(request: Request) {
  const { session, joinedUser } = await sessionAndUser(request);
  const id = session.get("userId");
  // The user's row came with the session's (one query); another id (never expected) is read apart.
  const found = id ? (joinedUser && joinedUser.id === id ? joinedUser : await userRecord(request, id)) : null;
  const record = found && !found.disabledAt ? found : null;
  // Lender users need the second factor exactly as admins do.
  const pendingMfa = Boolean(record && (record.role === "admin" || record.role === "lender") && !session.get("mfa"));
  return { session, record, pendingMfa, user: record && !pendingMfa ? toPublicUser(record) : null };
}

/** The signed-in user id (see resolveSessionUser). */
export async function getUserId(request: Request): Promise<number | null> {
  return (await resolveSessionUser(request)).user?.id ?? null;
}

export async function getUser(request: Request): Promise<PublicUser | null> {
  return (await resolveSessionUser(request)).user;
}

/** The signed-in account's chosen language (users.language), or null: never chosen, or signed out. */
export async function getAccountLanguage(request: Request): Promise<"en" | "es" | null> {
  const { user, record } = await resolveSessionUser(request);
  return user && record?.language ? record.language : null;
}

/** Client-given redirect targets: see safe-redirect.ts (one function for every caller). */
export { safeRedirect } from "~/platform/http/safe-redirect";

export async function requireUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  // A partner lender's user has its own workspace, never an applicant's pages.
  if (user.role === "lender") throw redirect("/lender");
  return user;
}

/**
 * Lender workspace pages: a `lender` user who passed the second factor in this session
 * and still belongs to a lender; anyone else goes to the lender sign-in (the second-factor step
 * when only that is missing). Returns the lender id every read and action is scoped to.
 */
export async function requireLender(request: Request): Promise<{ user: PublicUser; lenderId: number }> {
  const { user, record, pendingMfa } = await resolveSessionUser(request);
  if (pendingMfa && record?.role === "lender") throw redirect("/lender/login/verify");
  if (!user || user.role !== "lender" || !record?.lenderId) throw redirect("/lender/login");
  return { user, lenderId: record.lenderId };
}

/** A lender user who passed the password step but not yet the second factor (the lender MFA pages only). */
export async function requireLenderAwaitingMfa(request: Request) {
  const { session, record } = await resolveSessionUser(request);
  if (!record || record.role !== "lender" || !record.lenderId) throw redirect("/lender/login");
  if (session.get("mfa")) throw redirect("/lender");
  return { user: toPublicUser(record), session };
}

/** Admin pages: anyone else is sent to the admin sign-in. */
export async function requireAdmin(request: Request): Promise<PublicUser> {
  const { user, pendingMfa } = await resolveSessionUser(request);
  if (pendingMfa) throw redirect("/admin-login/verify");
  if (!user || user.role !== "admin") throw redirect("/admin-login");
  return user;
}

/**
 * An admin who passed the password step but not yet the second factor (MFA pages only).
 * Anyone else goes to the admin sign-in; an admin who already passed goes to /admin.
 */
export async function requireAdminAwaitingMfa(request: Request) {
  const { session, record } = await resolveSessionUser(request);
  if (!record || record.role !== "admin") throw redirect("/admin-login");
  if (session.get("mfa")) throw redirect("/admin");
  return { user: toPublicUser(record), session };
}

export async function requireAnonymous(request: Request) {
  if (await getUserId(request)) throw redirect("/dashboard");
}

/**
 * Signs a user in with a NEW session id (the old row is deleted), carrying over the draft the
 * visitor started anonymously. Returns the Set-Cookie header value.
 */
export async function createUserSession(
  request: Request,
  user: { id: number; role: "user" | "admin" | "lender" },
  opts: { mfa?: boolean; recoveryCodes?: string[] } = {},
) {
  const old = await getSession(request);
  const draftId = old.get("draftId");
  sessionWrites++;
  if (old.id) await deleteSession(old.id);
  const fresh = await sessionStorage().getSession();
  fresh.set("userId", user.id);
  fresh.set("role", user.role);
  if (opts.mfa) fresh.set("mfa", true);
  // Sealed (AES-256-GCM), so the session row never holds the codes in plain text.
  if (opts.recoveryCodes) fresh.set("mfaRecoveryCodesSealed", sealSecret(JSON.stringify(opts.recoveryCodes)));
  if (draftId) fresh.set("draftId", draftId);
  fresh.set("device", describeDevice(request.headers.get("user-agent")));
  return commitSession(fresh);
}

/** Ends the session server-side and expires the cookie. */
export async function destroySession(request: Request) {
  const session = await getSession(request);
  return sessionStorage().destroySession(session);
}
