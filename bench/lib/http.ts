/**
 * The bench's HTTP client: the tests' own (tests/support/http-client.ts, a cookie-keeping client
 * like a browser without JavaScript, redirects not followed), with a new client address per client
 * in turn (10.0.0.1, 10.0.0.2, ...) so that the per-address throttles never meet the bench.
 */
import { HttpClient } from "../../tests/support/http-client";

export { expectRedirect } from "../../tests/support/http-client";

let ipCounter = 0;
/** A distinct client address for every call (10.0.0.1, 10.0.0.2, ...), sent as X-Forwarded-For. */
export function nextIp() {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export class Client extends HttpClient {
  constructor(origin: string, ip = nextIp()) {
    super(origin, ip);
  }
}
