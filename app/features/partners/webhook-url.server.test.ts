import { describe, expect, it } from "vitest";
import { checkWebhookUrl, checkWebhookUrlSyntax, isPublicAddress } from "./webhook-url.server";

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address }));

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "::1",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "64:ff9b::a00:1",
    "2002:7f00:1::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "2001:db8::1",
    "not-an-ip",
  ])("refuses %s", (ip) => expect(isPublicAddress(ip)).toBe(false));

  it.each(["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("accepts %s", (ip) =>
    expect(isPublicAddress(ip)).toBe(true),
  );
});

describe("checkWebhookUrlSyntax", () => {
  it.each([
    ["http://hooks.example.com/x", "https"],
    ["https://user:pw@hooks.example.com/x", "user name"],
    ["https://hooks.example.com/x#frag", "fragment"],
    ["https://localhost/x", "public host"],
    ["https://api.localhost/x", "public host"],
    ["https://printer.local/x", "public host"],
    ["https://metadata/x", "public host"],
    ["https://127.0.0.1/x", "public address"],
    ["https://[::1]/x", "public address"],
    ["https://169.254.169.254/latest/meta-data", "public address"],
    ["https://2130706433/x", "public address"],
    ["https://0x7f.1/x", "public address"],
    ["not a url", "https://"],
  ])("refuses %s", (raw, reason) => {
    const v = checkWebhookUrlSyntax(raw);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.reason).toContain(reason);
  });

  it("accepts a public https URL with a port and a query", () => {
    expect(checkWebhookUrlSyntax("https://hooks.example.com:8443/lendwise?x=1").ok).toBe(true);
  });
});

describe("checkWebhookUrl", () => {
  it("accepts a host whose every address is public, and returns them to pin", async () => {
    const v = await checkWebhookUrl("https://hooks.example.com/x", resolvesTo("93.184.215.14", "2606:4700::1"));
    expect(v).toMatchObject({ ok: true, addresses: ["93.184.215.14", "2606:4700::1"] });
  });

  it("refuses a host with any private address (DNS pointing inside)", async () => {
    expect((await checkWebhookUrl("https://hooks.example.com/x", resolvesTo("93.184.215.14", "10.0.0.5"))).ok).toBe(false);
    expect((await checkWebhookUrl("https://evil.example.com/x", resolvesTo("127.0.0.1"))).ok).toBe(false);
  });

  it("refuses a host that does not resolve", async () => {
    const failing = async () => {
      throw new Error("ENOTFOUND");
    };
    expect(await checkWebhookUrl("https://nope.example.com/x", failing)).toEqual({ ok: false, reason: "The host name does not resolve" });
    expect((await checkWebhookUrl("https://nope.example.com/x", resolvesTo())).ok).toBe(false);
  });
});
