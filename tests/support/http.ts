/** Plain HTTP helpers for integration tests against the running test server. */
import { inject } from "vitest";
import { HttpClient } from "./http-client";

export { expectRedirect, HttpClient, randomIp, uniqueEmail } from "./http-client";

export const baseUrl = () => inject("baseUrl");

/** A tiny cookie-keeping client, like a browser without JavaScript, for the run's server. */
export class Client extends HttpClient {
  constructor(origin = inject("baseUrl")) {
    super(origin);
  }
}
