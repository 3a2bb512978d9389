// The peer's address and X-Forwarded-For -> the address a per-client limit counts: the peer's, or the
// one the outermost trusted proxy saw when `trustProxy` says proxies stand in front (IPv6 by its /64).
import { isIP } from 'node:net';

/**
 * How many proxies of ours stand between clients and the gateway: `false` (or 0) none, so
 * X-Forwarded-For is ignored; `true` one (a load balancer); a number that many, each appending
 * the address it received from to X-Forwarded-For.
 */
export type TrustProxy = boolean | number;

/**
 * The client's address as the outermost trusted proxy saw it: the `trustProxy`-th address from the
 * right of X-Forwarded-For plus the peer. Never the left-most by default: a client writes that one.
 */
export function clientAddress(peer: string, forwardedFor: string | null | undefined, trustProxy: TrustProxy): string {
  const hops = trustProxy === true ? 1 : trustProxy === false ? 0 : trustProxy;
  const chain = [...(hops > 0 && forwardedFor ? forwardedFor.split(',').map(bareAddress) : []), bareAddress(peer)];
  const candidate = chain[Math.max(0, chain.length - 1 - hops)];
  // An entry a proxy would never write (garbage a client sent through a chain shorter than declared) is not a key.
  return isIP(candidate) ? candidate : bareAddress(peer);
}

/** The key a limit counts `address` under: an IPv4 address as it is, an IPv6 address by its first 64 bits. */
export function clientKey(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** `" 1.2.3.4:5678"`, `"[::1]:80"`, `"::ffff:1.2.3.4"` -> `1.2.3.4`, `::1`, `1.2.3.4`. */
function bareAddress(text: string): string {
  let address = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address.toLowerCase();
}

/** Eight groups of a valid IPv6 address, `::` filled with zeros and an embedded IPv4 tail as two groups. */
function expandIPv6(address: string): string[] {
  const withoutZone = address.split('%')[0];
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(withoutZone);
  const text = ipv4Tail
    ? withoutZone.slice(0, ipv4Tail.index) + [ipv4Tail.slice(1, 3), ipv4Tail.slice(3, 5)].map(([a, b]) => ((Number(a) << 8) | Number(b)).toString(16)).join(':')
    : withoutZone;
  const [head, tail] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = tail === undefined ? groups(head) : [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail)];
  return all.map((group) => Number.parseInt(group, 16).toString(16));
}
