import { describe, expect, it } from "vitest";
import { BAD_REQUEST_HOST, BAD_REQUEST_TARGET, checkRequestHost, isPlainHost, type HostRules } from "./request-host.server";

const production: HostRules = { publicOrigin: "https://apply.example.com", enforcePublicHost: true, trustProxy: true };
const tests: HostRules = { publicOrigin: "http://127.0.0.1:4100", enforcePublicHost: true, trustProxy: false };
const development: HostRules = { publicOrigin: "http://localhost:3000", enforcePublicHost: false, trustProxy: false };

const verdict = (rules: HostRules, host: string | undefined, target = "/faq", forwardedHost?: string) =>
  checkRequestHost({ target, host, forwardedHost }, rules);

describe("isPlainHost", () => {
  it("accepts host[:port], IPv4 and bracketed IPv6", () => {
    for (const h of [
      "apply.example.com",
      "apply.example.com:443",
      "APPLY.example.com.",
      "127.0.0.1:3000",
      "[::1]:3000",
      "[2001:db8::1]",
      "app_1:3000",
    ])
      expect(isPlainHost(h), h).toBe(true);
  });
  it("refuses paths, queries, fragments, user info, lists, spaces and bad ports", () => {
    for (const h of [
      "a.example/x",
      "a.example?x=1",
      "a.example#x",
      "user@a.example",
      "a.example,b.example",
      "a .example",
      "a.example:99999",
      "a.example:",
      "",
      "-a.example",
      "[::1",
    ])
      expect(isPlainHost(h), h).toBe(false);
  });
});

describe("checkRequestHost", () => {
  it("refuses a request target that is not a path", () => {
    expect(verdict(production, "apply.example.com", "http://apply.example.com/faq")).toEqual({ ok: false, message: BAD_REQUEST_TARGET });
    expect(verdict(production, "apply.example.com", "*")).toEqual({ ok: false, message: BAD_REQUEST_TARGET });
  });

  it("accepts only the public host in production, with or without its default port", () => {
    expect(verdict(production, "apply.example.com")).toEqual({ ok: true, host: "apply.example.com" });
    expect(verdict(production, "Apply.Example.com:443").ok).toBe(true);
    expect(verdict(production, "apply.example.com:8443").ok).toBe(false);
    expect(verdict(production, "evil.example")).toEqual({ ok: false, message: BAD_REQUEST_HOST });
    expect(verdict(production, "localhost:3000").ok).toBe(false);
  });

  it("takes the first X-Forwarded-Host under TRUST_PROXY, every entry plain", () => {
    expect(verdict(production, "10.0.0.5:3000", "/faq", "apply.example.com")).toEqual({ ok: true, host: "apply.example.com" });
    expect(verdict(production, "10.0.0.5:3000", "/faq", "apply.example.com, 10.0.0.5:3000").ok).toBe(true);
    expect(verdict(production, "apply.example.com", "/faq", "evil.example").ok).toBe(false);
    expect(verdict(production, "apply.example.com", "/faq", "apply.example.com/x?y").ok).toBe(false);
    expect(verdict(production, "apply.example.com", "/faq", "apply.example.com, a/b").ok).toBe(false);
    // Without TRUST_PROXY the header decides nothing.
    expect(verdict({ ...production, trustProxy: false }, "apply.example.com", "/faq", "evil.example").ok).toBe(true);
  });

  it("lets health checks name the server by address, but not by a malformed host", () => {
    expect(verdict(production, "10.0.0.5:3000", "/healthz").ok).toBe(true);
    expect(verdict(production, "10.0.0.5:3000", "/readyz?x=1").ok).toBe(true);
    expect(verdict(production, "10.0.0.5/x", "/healthz").ok).toBe(false);
  });

  it("accepts any loopback host when the public origin is loopback", () => {
    expect(verdict(tests, "127.0.0.1:4100").ok).toBe(true);
    expect(verdict(tests, "localhost:4100").ok).toBe(true);
    expect(verdict(tests, "[::1]:5000").ok).toBe(true);
    expect(verdict(tests, "evil.example").ok).toBe(false);
  });

  it("checks only the form of the host when PUBLIC_URL is not set (development)", () => {
    expect(verdict(development, "my-laptop.local:3000").ok).toBe(true);
    expect(verdict(development, "127.0.0.1/loan-calculator?amount=1").ok).toBe(false);
  });

  it("answers an HTTP/1.0 request without Host for the public host", () => {
    expect(verdict(production, undefined)).toEqual({ ok: true, host: "apply.example.com" });
  });
});
