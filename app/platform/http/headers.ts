import type { HeadersFunction } from "@remix-run/node";

/** Passes an action's Retry-After (a throttled form post) on to the document response. */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const out = new Headers();
  const retry = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retry) out.set("Retry-After", retry);
  return out;
};
