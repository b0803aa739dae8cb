/**
 * A request's id (`X-Request-Id`, the access log's `reqId`). An id sent by the client is taken only
 * behind a trusted proxy (TRUST_PROXY: the proxy sets or passes it, so its own logs and ours
 * agree), and only when it is short and plain (letters, digits, `.`, `_`, `:`, `-`; no reference
 * shape), so it can neither forge log fields nor smuggle personal data into the log. Otherwise, or
 * when absent, a fresh random UUID.
 */
const PLAIN_ID = /^[A-Za-z0-9._:-]{8,64}$/;
const REFERENCE_SHAPE = /APP[-_.:]?[A-Za-z0-9]{10,}/i;

export function chooseRequestId(incoming: string | string[] | undefined, trustProxy: boolean, generate: () => string): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  if (trustProxy && value && PLAIN_ID.test(value) && !REFERENCE_SHAPE.test(value)) return value;
  return generate();
}
