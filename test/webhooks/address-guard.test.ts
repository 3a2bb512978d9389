// Outbound safety: loopback, link-local and unspecified addresses are refused, by their spelling
// (IP literals, localhost) and on the address a name resolves to at delivery time, so a name that
// points at 127.0.0.1 or the cloud metadata service reaches nothing; the receiver never sees a request.
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedLookup, localAddressKind, localHostKind } from '../../src/webhooks/address-guard.ts';
import { httpSender } from '../../src/webhooks/http-sender.ts';
import { TestReceiver } from './support/receiver.ts';

describe('local addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.0.0.5', undefined],
    ['192.168.1.10', undefined],
    ['93.184.215.14', undefined],
    ['2606:4700::1111', undefined],
    ['example.com', undefined],
  ])('%s: %s', (address, kind) => {
    expect(localAddressKind(address)).toBe(kind);
  });

  it.each([
    ['http://localhost:3000/hook', 'loopback'],
    ['http://LOCALHOST./hook', 'loopback'],
    ['http://app.localhost/hook', 'loopback'],
    ['http://[::1]:8080/', 'loopback'],
    ['http://169.254.169.254/latest/meta-data', 'link-local'],
    ['https://example.com/hook', undefined],
    ['http://frontend:3000/api/revalidate', undefined],
  ])('the URL %s: %s', (url, kind) => {
    expect(localHostKind(new URL(url))).toBe(kind);
  });
});

describe('a name resolving to a local address', () => {
  const receiver = new TestReceiver();
  beforeAll(() => receiver.open());
  afterAll(() => receiver.close());

  /** A resolver answering every name with `address`, as a hostile DNS record would. */
  const resolvingTo = (address: string) =>
    ((_host: string, _options: unknown, callback: (error: null, addresses: LookupAddress[]) => void) => callback(null, [{ address, family: address.includes(':') ? 6 : 4 }])) as unknown as typeof import('node:dns').lookup;

  it.each([
    { name: 'a name resolving to 127.0.0.1', url: () => receiver.url('/hook').replace('127.0.0.1', 'receiver.test'), lookup: guardedLookup(resolvingTo('127.0.0.1')) },
    { name: 'the IP literal 127.0.0.1', url: () => receiver.url('/hook'), lookup: undefined },
  ])('refuses $name without sending it', async ({ url, lookup }) => {
    const sender = httpSender({ timeoutMs: 5000, maxResponseBytes: 1024, connections: 1, allowLocalAddresses: false, lookup });
    const { result } = await sender.send({ url: url(), headers: [['content-type', 'application/json']], body: '{}' });
    await sender.close();
    expect(result).toMatchObject({ kind: 'failed', reason: 'local-address' });
    expect(receiver.received).toHaveLength(0);
  });

  it('sends to the same receiver when the config allows local addresses', async () => {
    const sender = httpSender({ timeoutMs: 5000, maxResponseBytes: 1024, connections: 1, allowLocalAddresses: true });
    const { result } = await sender.send({ url: receiver.url('/hook'), headers: [['content-type', 'application/json']], body: '{}' });
    await sender.close();
    expect(result).toEqual({ kind: 'answered', status: 200, text: '{"ok":true}' });
    expect(receiver.received).toHaveLength(1);
  });
});
