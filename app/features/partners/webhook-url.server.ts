/**
 * SSRF-safe webhook URLs (groundwork for webhook endpoints): a partner's URL must be
 * https, carry no credentials, name a host that is not local, and resolve only to public unicast
 * addresses (no loopback, private, link-local, CGNAT, documentation, multicast or other
 * special-purpose range of the IANA registries, also when wrapped as IPv4-mapped, NAT64 or 6to4).
 * Check at registration AND at every delivery, and connect to the addresses the check returned
 * (pinning them), so a DNS answer that changes in between (rebinding) cannot reach inside.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

const V4_SPECIAL = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const;
const V6_SPECIAL = [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const;

// IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are checked by BlockList against the IPv4 rules.
const blocked = new BlockList();
for (const [net, prefix] of V4_SPECIAL) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of V6_SPECIAL) blocked.addSubnet(net, prefix, "ipv6");

/** True for a public unicast address (IPv4 or IPv6); false for any special-purpose one or a non-address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

export type WebhookUrlVerdict = { ok: true; url: URL; addresses: string[] } | { ok: false; reason: string };
type Lookup = (host: string) => Promise<Array<{ address: string }>>;

const defaultLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });
const LOCAL_NAMES = /(^|\.)(localhost|local|localdomain|internal|intranet|home|lan|corp|arpa)$/i;

/** The URL's syntax: https, no user or password, no fragment, a host that is not a local name. */
export function checkWebhookUrlSyntax(raw: string): { ok: true; url: URL } | { ok: false; reason: string } {
  if (raw.length > 500) return { ok: false, reason: "The URL is too long (500 characters at most)" };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "Enter a full URL starting with https://" };
  }
  if (url.protocol !== "https:") return { ok: false, reason: "The URL must use https" };
  if (url.username || url.password) return { ok: false, reason: "The URL must not contain a user name or password" };
  if (url.hash) return { ok: false, reason: "The URL must not contain a fragment (#...)" };
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (isIP(host)) return isPublicAddress(host) ? { ok: true, url } : { ok: false, reason: "The URL must point to a public address" };
  if (!host.includes(".") || LOCAL_NAMES.test(host)) return { ok: false, reason: "The URL must name a public host" };
  return { ok: true, url };
}

/** The whole check: syntax, then every address the host resolves to must be public. */
export async function checkWebhookUrl(raw: string, lookup: Lookup = defaultLookup): Promise<WebhookUrlVerdict> {
  const syntax = checkWebhookUrlSyntax(raw);
  if (!syntax.ok) return syntax;
  const host = syntax.url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (isIP(host)) return { ok: true, url: syntax.url, addresses: [host] };
  let answers: Array<{ address: string }>;
  try {
    answers = await lookup(host);
  } catch {
    return { ok: false, reason: "The host name does not resolve" };
  }
  if (!answers.length) return { ok: false, reason: "The host name does not resolve" };
  if (answers.some((a) => !isPublicAddress(a.address))) return { ok: false, reason: "The URL must point to a public address" };
  return { ok: true, url: syntax.url, addresses: answers.map((a) => a.address) };
}
