// One attempt against a real receiver: the answer's status and text (gzip decoded), at most
// `maxResponseBytes` of it read; a receiver that never answers is a timeout, a closed port a
// connection error, each worded as Strapi's trigger words them.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSender } from '../../src/webhooks/http-sender.ts';
import { TestReceiver } from './support/receiver.ts';

const receiver = new TestReceiver();
beforeAll(() => receiver.open());
afterAll(() => receiver.close());

const send = async (path: string, options: { timeoutMs?: number; maxResponseBytes?: number } = {}) => {
  const sender = httpSender({ timeoutMs: options.timeoutMs ?? 5000, maxResponseBytes: options.maxResponseBytes ?? 64, connections: 2, allowLocalAddresses: true });
  try {
    return (await sender.send({ url: receiver.url(path), headers: [['Content-Type', 'application/json']], body: '{"event":"trigger-test"}' })).result;
  } finally {
    await sender.close();
  }
};

describe('an attempt', () => {
  it.each([
    { path: '/ok', answer: { status: 200, text: 'fine' }, result: { kind: 'answered', status: 200, text: 'fine' } },
    { path: '/fail', answer: { status: 500, text: 'receiver failing on purpose' }, result: { kind: 'answered', status: 500, text: 'receiver failing on purpose' } },
    { path: '/busy', answer: { status: 429, text: '', headers: { 'retry-after': '30' } }, result: { kind: 'answered', status: 429, text: '', retryAfter: '30' } },
    { path: '/big', answer: { status: 200, text: 'x'.repeat(100_000) }, result: { kind: 'answered', status: 200, text: 'x'.repeat(64) } },
  ])('$path: $result.status, the answer read within the bound', async ({ path, answer, result }) => {
    receiver.answer = () => answer;
    expect(await send(path)).toEqual(result);
  });

  it('decodes a gzip answer', async () => {
    receiver.answer = () => ({ status: 502, text: gzipSync('bad gateway upstream'), headers: { 'content-encoding': 'gzip' } });
    expect(await send('/zipped')).toEqual({ kind: 'answered', status: 502, text: 'bad gateway upstream' });
  });

  it("is a timeout, worded as Strapi's, when the receiver never answers", async () => {
    receiver.answer = () => 'hang';
    expect(await send('/hang', { timeoutMs: 300 })).toEqual({ kind: 'failed', reason: 'timeout', message: `network timeout at: ${receiver.url('/hang')}` });
  });

  it("is a connection error, worded as Strapi's, when nothing listens", async () => {
    const closed = new TestReceiver();
    await closed.open();
    const url = closed.url('/closed');
    await closed.close();
    const sender = httpSender({ timeoutMs: 5000, maxResponseBytes: 64, connections: 1, allowLocalAddresses: true });
    const { result } = await sender.send({ url, headers: [], body: '{}' });
    await sender.close();
    const port = new URL(url).port;
    expect(result).toEqual({ kind: 'failed', reason: 'network', message: `request to ${url} failed, reason: connect ECONNREFUSED 127.0.0.1:${port}` });
  });
});
