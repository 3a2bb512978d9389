// A request body of known length within the limit is read by the node adapter before the gateway
// sees the request (gateway/node/adapter.ts): the Request holds it whole (src/whole-request.ts),
// the body limit takes it as it is, and it reads once; any other body streams and is bounded as
// it is read (gateway/http/body-limit.ts).
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBoundedBody } from '../../../gateway/http/body-limit.ts';
import { readEarlyBody, toRequest } from '../../../gateway/node/adapter.ts';
import { WholeRequest } from '../../../src/whole-request.ts';

const LIMIT = 64;

interface Seen {
  whole: boolean;
  same: boolean;
  text?: string;
  refused?: string;
  again?: string;
}

async function handle(req: IncomingMessage): Promise<Seen> {
  const early = await readEarlyBody(req, LIMIT, 1_000);
  const request = toRequest(req, early);
  try {
    const bounded = await withBoundedBody(request, LIMIT);
    const text = await bounded.text();
    const again = await bounded.text().then(() => 'read twice', (error: Error) => error.name);
    return { whole: request instanceof WholeRequest, same: bounded === request, text, again };
  } catch (error) {
    return { whole: request instanceof WholeRequest, same: false, refused: (error as Error).name };
  }
}

let port = 0;
const server = createServer((req, res) => void handle(req).then((seen) => res.end(JSON.stringify(seen))));
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => ((port = (server.address() as AddressInfo).port), resolve()))));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(method: string, body: string | undefined, chunked = false): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (body !== undefined && !chunked) headers['content-length'] = Buffer.byteLength(body);
    const sent = httpRequest({ host: '127.0.0.1', port, method, path: '/', headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk)).on('end', () => resolve(JSON.parse(text) as Seen));
    });
    sent.on('error', reject);
    if (chunked && body !== undefined) for (const part of [body.slice(0, 3), body.slice(3)]) sent.write(part);
    sent.end(chunked ? undefined : body);
  });
}

describe('a request body through the node adapter and the body limit', () => {
  it.each<[string, string, string | undefined, boolean, Partial<Seen>]>([
    ['a POST of known length', 'POST', '{"query":"{ a }"}', false, { whole: true, same: true, text: '{"query":"{ a }"}', again: 'TypeError' }],
    ['a PUT of known length', 'PUT', '{"data":{"title":"é"}}', false, { whole: true, same: true, text: '{"data":{"title":"é"}}', again: 'TypeError' }],
    ['a PATCH of known length', 'PATCH', '{}', false, { whole: true, same: true, text: '{}' }],
    ['a chunked PUT (no length)', 'PUT', '{"data":{}}', true, { whole: false, same: false, text: '{"data":{}}', again: 'TypeError' }],
    ['a PUT past the limit', 'PUT', 'x'.repeat(LIMIT + 1), false, { whole: false, refused: 'PayloadTooLargeError' }],
    ['a chunked POST past the limit', 'POST', 'x'.repeat(LIMIT + 1), true, { whole: false, refused: 'PayloadTooLargeError' }],
    ['a GET', 'GET', undefined, false, { whole: false, same: true, text: '' }],
  ])('%s', async (_name, method, body, chunked, expected) => {
    expect(await send(method, body, chunked)).toMatchObject(expected);
  });
});

describe('a whole request read in each way a Request offers', () => {
  const whole = (body: string, type = 'application/json') => new WholeRequest('http://gateway.test/api/x', { method: 'POST', headers: { 'content-type': type } }, Buffer.from(body));
  it.each<[string, (request: WholeRequest) => Promise<unknown>, unknown]>([
    ['text()', (request) => request.text(), '{"data":{"title":"é"}}'],
    ['json()', (request) => request.json(), { data: { title: 'é' } }],
    ['arrayBuffer()', async (request) => Buffer.from(await request.arrayBuffer()).toString('utf8'), '{"data":{"title":"é"}}'],
    ['blob()', async (request) => (await request.blob()).text(), '{"data":{"title":"é"}}'],
    ['its body stream', (request) => new Response(request.body).text(), '{"data":{"title":"é"}}'],
    ['a clone', (request) => request.clone().json(), { data: { title: 'é' } }],
  ])('answers %s with the bytes it holds, once', async (_name, read, expected) => {
    const request = whole('{"data":{"title":"é"}}');
    expect(await read(request)).toEqual(expected);
    if (_name !== 'a clone') await expect(request.text()).rejects.toThrow(TypeError);
  });

  it('parses a form from its bytes (formData)', async () => {
    const form = await whole('name=Ada&files=2', 'application/x-www-form-urlencoded').formData();
    expect([...form.entries()]).toEqual([['name', 'Ada'], ['files', '2']]);
  });
});
