/**
 * What one HTTP request has learnt so far, kept in AsyncLocalStorage for the request's whole
 * handling (app/platform/server/index.ts runs the Remix handler inside `runInRequestScope` and ends the scope
 * when the response closes). It holds whether the database did not answer: after a failed action
 * Remix still runs the loaders of the layouts above the error boundary, and without this each would
 * wait out its own deadline before the same 503. The scope object is also the key of the session
 * memo (app/features/accounts/session/session.server.ts), dropped when the scope ends, and carries the request's id
 * for the logs and the outbox. Nothing is shared between
 * requests: the next request tries the database afresh.
 */
import { AsyncLocalStorage } from "node:async_hooks";

type RequestScope = { databaseDown: Error | null; onEnd?: Array<() => void>; requestId?: string };

const storage = new AsyncLocalStorage<RequestScope>();

/**
 * Runs `fn` in a new request scope. `whenDone` gets the function that ends the scope (serve.js
 * calls it when the response closes): what was kept for the request (the session memo) is dropped
 * then, not when the last object started during the request (a pooled connection it opened, a
 * timer) lets go of the scope.
 */
export function runInRequestScope<T>(fn: () => T, whenDone?: (end: () => void) => void, requestId?: string): T {
  const scope: RequestScope = { databaseDown: null, requestId };
  whenDone?.(() => {
    const callbacks = scope.onEnd ?? [];
    scope.onEnd = undefined;
    for (const f of callbacks) f();
  });
  return storage.run(scope, fn);
}

/** Calls `f` when the current request's scope ends (nothing outside a scope). */
export function onRequestScopeEnd(f: () => void) {
  const scope = storage.getStore();
  if (scope) (scope.onEnd ??= []).push(f);
}

/**
 * The current HTTP request's scope object (undefined outside one: tests calling a loader directly,
 * background work). A key for per-request memos: Remix gives every loader of a document request
 * its own Request object, so a memo keyed by the Request is not shared between the root loader
 * and the page's loader; this object is.
 */
export function currentRequestScope(): object | undefined {
  return storage.getStore();
}

/**
 * The current request's id (the access log's `reqId`, echoed in `X-Request-Id`): every log line
 * written while handling the request carries it, and an e-mail queued by the request keeps it on
 * its outbox row, so one request can be followed from the access log to the e-mail it caused.
 */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The error the database gave this request, if it already failed to answer. */
export function databaseDownInThisRequest(): Error | null {
  return storage.getStore()?.databaseDown ?? null;
}

export function markDatabaseDown(error: Error) {
  const scope = storage.getStore();
  if (scope && !scope.databaseDown) scope.databaseDown = error;
}

/** Runs `fn` outside any request's scope: background work (the outbox sender kicked by a request)
 *  must not inherit, or be failed fast by, what one request learnt. */
export function outsideRequestScope<T>(fn: () => T): T {
  return storage.exit(fn);
}
