// Which address a per-client limit counts: the peer's unless proxies are trusted, then the one the
// outermost trusted proxy saw; a client cannot pick its key by writing X-Forwarded-For.
import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey, type TrustProxy } from '../../src/limits/client-address.ts';

describe('clientAddress', () => {
  it.each<[string, string, string | undefined, TrustProxy, string]>([
    ['the peer when no proxy is trusted', '10.0.0.5', '1.2.3.4', false, '10.0.0.5'],
    ['the peer when trustProxy is 0', '10.0.0.5', '1.2.3.4', 0, '10.0.0.5'],
    ['the address one proxy saw', '10.0.0.5', '1.2.3.4', true, '1.2.3.4'],
    ['not the address a client wrote before it', '10.0.0.5', '6.6.6.6, 1.2.3.4', true, '1.2.3.4'],
    ['the address two proxies hand on', '10.0.0.5', '6.6.6.6, 1.2.3.4, 10.0.0.9', 2, '1.2.3.4'],
    ['the left-most when the chain is shorter than the proxies declared', '10.0.0.5', '1.2.3.4', 3, '1.2.3.4'],
    ['the peer when a trusted proxy sent no header', '10.0.0.5', undefined, true, '10.0.0.5'],
    ['the peer when the entry is not an address', '10.0.0.5', 'unknown', true, '10.0.0.5'],
    ['an IPv4 address without the port some proxies add', '10.0.0.5', '1.2.3.4:5678', true, '1.2.3.4'],
    ['a bracketed IPv6 address without its port', '10.0.0.5', '[2001:db8::1]:443', true, '2001:db8::1'],
    ['an IPv4-mapped peer as IPv4', '::ffff:192.0.2.7', undefined, false, '192.0.2.7'],
    ['spaces around entries', '10.0.0.5', ' 1.2.3.4 ,  5.6.7.8 ', 2, '1.2.3.4'],
  ])('takes %s', (_name, peer, forwarded, trust, expected) => {
    expect(clientAddress(peer, forwarded, trust)).toBe(expected);
  });
});

describe('clientKey', () => {
  it.each([
    ['an IPv4 address as it is', '192.0.2.7', '192.0.2.7'],
    ['an IPv6 address by its /64', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['a compressed IPv6 address by its /64', '2001:db8::1', '2001:db8:0:0::/64'],
    ['two addresses of one /64 alike', '2001:db8:1:2::ffff', '2001:db8:1:2::/64'],
    ['the loopback', '::1', '0:0:0:0::/64'],
    ['an IPv6 address with an IPv4 tail', '64:ff9b::192.0.2.7', '64:ff9b:0:0::/64'],
  ])('keys %s', (_name, address, expected) => {
    expect(clientKey(address)).toBe(expected);
  });
});
