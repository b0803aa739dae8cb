/**
 * What one HTTP request has learnt so far, kept in AsyncLocalStorage for the request's whole
 * handling (scripts/serve.js runs the Remix handler inside `runInRequestScope`). Today one fact:
 * the database did not answer. After a failed action Remix still runs the loaders of the layouts
 * above the error boundary; without this each would wait out its own deadline before the same 503.
 * Nothing is shared between requests: the next request tries the database afresh.
 */
import { AsyncLocalStorage } from "node:async_hooks";

type RequestScope = { databaseDown: Error | null };

const storage = new AsyncLocalStorage<RequestScope>();

export function runInRequestScope<T>(fn: () => T): T {
  return storage.run({ databaseDown: null }, fn);
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
