/**
 * Server-side sessions in MySQL (createSessionStorage). The cookie carries a signed random id of
 * 256 bits; the table stores its SHA-256. Idle and absolute limits are enforced here, on the server.
 */
import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, redirect, type Session } from "@remix-run/node";
import { deleteSession, findSession, insertSession, saveSession, touchSession } from "~/models/session.server";
import { getUserById, toPublicUser, type PublicUser } from "~/models/user.server";
import { sealSecret } from "~/services/mfa.server";
import { withDatabase } from "~/utils/db-errors.server";
import { cookieSecure, getEnv } from "~/utils/env.server";

export type SessionData = {
  userId?: number;
  role?: "user" | "admin";
  /** Admin's second factor done in this session (issue 7). */
  mfa?: boolean;
  draftId?: number;
  /** TOTP secret shown during enrolment, until the first code confirms it: sealed (sealSecret), never plain. */
  mfaPendingSecretSealed?: string;
  /** Recovery codes right after enrolment (sealed JSON), shown once by /admin-login/recovery-codes then removed. */
  mfaRecoveryCodesSealed?: string;
  /** Issue 13: the browser that signed in, for the account page's list of sessions. */
  device?: string;
};

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Idle and absolute lifetimes by who the session belongs to. */
export const SESSION_LIMITS = {
  anonymous: { idle: 30 * DAY, absolute: 30 * DAY },
  user: { idle: 24 * HOUR, absolute: 7 * DAY },
  admin: { idle: 30 * MIN, absolute: 12 * HOUR },
} as const;

const limitsFor = (data: SessionData) => (data.role === "admin" ? SESSION_LIMITS.admin : data.userId ? SESSION_LIMITS.user : SESSION_LIMITS.anonymous);

export const SESSION_COOKIE_NAME = () => (cookieSecure() ? "__Host-lw_session" : "lw_session");

let storage: ReturnType<typeof createSessionStorage<SessionData>> | undefined;
export function sessionStorage() {
  if (storage) return storage;
  const cookie = createCookie(SESSION_COOKIE_NAME(), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cookieSecure(),
    secrets: [getEnv().SESSION_SECRET],
    maxAge: 30 * 24 * 60 * 60,
  });
  storage = createSessionStorage<SessionData>({
    cookie,
    async createData(data, _expires) {
      const id = randomBytes(32).toString("base64url");
      const d = data as SessionData;
      await insertSession(id, d, new Date(Date.now() + limitsFor(d).absolute), d.userId ?? null);
      return id;
    },
    async readData(id) {
      // The first database call of nearly every request: unreachable -> a 503 Response (friendly
      // page for documents, JSON for the API) instead of a 500.
      const row = await withDatabase(() => findSession(id));
      if (!row) return null;
      const data = row.data as SessionData;
      const limits = limitsFor(data);
      const now = Date.now();
      if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + limits.idle <= now || row.createdAt.getTime() + limits.absolute <= now) {
        await deleteSession(id);
        return null;
      }
      if (now - row.lastSeenAt.getTime() > MIN) await touchSession(id);
      return data;
    },
    async updateData(id, data) {
      const d = data as SessionData;
      const row = await findSession(id);
      if (!row) {
        // The row was ended (logout elsewhere, timeout): never resurrect it under the old id.
        return;
      }
      const expires = new Date(row.createdAt.getTime() + limitsFor(d).absolute);
      await saveSession(id, d, expires, d.userId ?? null);
    },
    async deleteData(id) {
      await deleteSession(id);
    },
  });
  return storage;
}

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("cookie"));
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
  const session = await getSession(request);
  const id = session.get("userId");
  const found = id ? await getUserById(id) : null;
  const record = found && !found.disabledAt ? found : null;
  const pendingMfa = Boolean(record && record.role === "admin" && !session.get("mfa"));
  return { session, record, pendingMfa, user: record && !pendingMfa ? toPublicUser(record) : null };
}

/** The signed-in user id (see resolveSessionUser). */
export async function getUserId(request: Request): Promise<number | null> {
  return (await resolveSessionUser(request)).user?.id ?? null;
}

export async function getUser(request: Request): Promise<PublicUser | null> {
  return (await resolveSessionUser(request)).user;
}

/** Client-given redirect targets: see safe-redirect.ts (one function for every caller). */
export { safeRedirect } from "~/utils/safe-redirect";

export async function requireUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
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
  user: { id: number; role: "user" | "admin" },
  opts: { mfa?: boolean; recoveryCodes?: string[] } = {},
) {
  const old = await getSession(request);
  const draftId = old.get("draftId");
  if (old.id) await deleteSession(old.id);
  const fresh = await sessionStorage().getSession();
  fresh.set("userId", user.id);
  fresh.set("role", user.role);
  if (opts.mfa) fresh.set("mfa", true);
  // Sealed (AES-256-GCM), so the session row never holds the codes in plain text (issue 11, finding 7).
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

/** A short, log-safe description of a browser ("Chrome on Linux") for the sessions list. */
export function describeDevice(ua: string | null): string {
  if (!ua) return "Unknown browser";
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrom(e|ium)\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : /curl|node|undici/i.test(ua) ? "Script" : "Browser";
  const os = /Windows/.test(ua) ? "Windows" : /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Mac OS X/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : null;
  return os ? `${browser} on ${os}` : browser;
}
