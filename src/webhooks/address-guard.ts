// An address or URL a webhook request would reach -> the kind of local address it is (loopback,
// link-local, unspecified), or nothing; and a DNS lookup that checks every address a name
// resolves to, so that the check holds on the address connected to, not only on the name.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** The ranges a webhook may not reach unless the config allows local addresses, by kind. */
const RANGES: ReadonlyArray<readonly [kind: string, list: BlockList]> = [
  ['loopback', ranges([['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']])],
  // 169.254.169.254 is the cloud providers' metadata service (instance credentials).
  ['link-local', ranges([['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']])],
  // Connecting to 0.0.0.0 or :: reaches the machine itself.
  ['unspecified', ranges([['0.0.0.0', 8, 'ipv4'], ['::', 128, 'ipv6']])],
];

function ranges(subnets: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6']>): BlockList {
  const list = new BlockList();
  for (const [network, prefix, family] of subnets) list.addSubnet(network, prefix, family);
  return list;
}

/** `loopback`, `link-local` or `unspecified` for such an IP address (IPv4-mapped IPv6 included); undefined otherwise. */
export function localAddressKind(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return undefined;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return RANGES.find(([, list]) => list.check(address, type))?.[0];
}

/** Names every resolver answers with the loopback address, refused before any lookup. */
const LOOPBACK_NAMES = /^(localhost|localhost\.localdomain|ip6-localhost|ip6-loopback)\.?$|\.localhost\.?$/i;

/** Why a URL's host is local by its spelling alone (an IP literal or `localhost`): its kind, or undefined. */
export function localHostKind(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (LOOPBACK_NAMES.test(host)) return 'loopback';
  return localAddressKind(host);
}

/** A connection refused because the address it would reach is local. Never retried: the config decides. */
export class LocalAddressError extends Error {
  readonly code = 'WEBHOOK_LOCAL_ADDRESS';
  constructor(host: string, address: string, kind: string) {
    super(`${host} resolves to ${address}, a ${kind} address: webhooks may not reach it unless webhooks.allowLocalAddresses is true`);
    this.name = 'LocalAddressError';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The lookup connections use (net.connect's `lookup` option): every resolved address is checked, none local is handed on. */
export type Lookup = (hostname: string, options: { family?: number; hints?: number; all?: boolean }, callback: LookupCallback) => void;

/** Node's DNS lookup, refusing a name when any address it resolves to is local. */
export function guardedLookup(resolve: typeof dnsLookup = dnsLookup): Lookup {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family ?? 0, hints: options.hints, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const kind = localAddressKind(address);
        if (kind) return callback(new LocalAddressError(hostname, address, kind), []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first!.address, first!.family);
    });
  };
}
