import ipaddr from 'ipaddr.js';

// Which addresses outbound webhooks may reach (docs/webhooks.md "Outbound guard"): public unicast
// only. Loopback, private, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
// multicast, reserved and unspecified addresses are not, nor IPv6 forms that embed an IPv4
// address (mapped ones are judged by the IPv4 address they carry; IPv4-compatible ones, ::/96,
// deprecated by RFC 4291 and left "unicast" by ipaddr.js, are refused whatever they carry).

/** ::/96: the first 96 bits zero (`[::127.0.0.1]` is `[::7f00:1]`); `::` and `::1` among them. */
function isIPv4Compatible(address: ipaddr.IPv6): boolean {
  return address.parts.slice(0, 6).every((part) => part === 0);
}

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (isIPv4Compatible(v6)) return false;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/**
 * Loopback and private (RFC 1918, unique local) addresses: the services of an operator's own
 * network, which an operator may allow. Never link-local (cloud metadata) nor anything else.
 */
export function isLoopbackOrPrivate(address: string): boolean {
  return ipaddr.isValid(address) && ['loopback', 'private', 'uniqueLocal'].includes(ipaddr.parse(address).range());
}

/** The host of a URL as an IP address when it is one (IPv6 without its brackets), else undefined. */
export function literalAddressOf(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(host) ? host : undefined;
}

/**
 * Why an endpoint URL is refused, or undefined: http(s) only, no credentials in it, and unless
 * private addresses are allowed, no literal non-public address nor `localhost` (names are also
 * checked when they are resolved, at each delivery).
 */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute http or https URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (url.username || url.password) return 'must not carry credentials; verify deliveries with the signing secret instead';
  if (allowPrivate) return undefined;
  const literal = literalAddressOf(url);
  if (literal !== undefined && !isPublicAddress(literal)) return `${literal} is not a public address (an operator may allow private addresses with WEBHOOK_ALLOW_PRIVATE)`;
  if (url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) return `${url.hostname} is not a public host (an operator may allow private addresses with WEBHOOK_ALLOW_PRIVATE)`;
  return undefined;
}
