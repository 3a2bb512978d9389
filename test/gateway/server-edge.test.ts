// Requests the fetch API cannot represent, answered at the server's edge and never as a 500: a
// method no route serves (TRACE) is a 405 with Allow (Node's parser itself refuses TRACK, and
// closes CONNECT, no 'connect' listener being set); a Host header that is
// missing, repeated or not a host is a 400 (RFC 9112 §3.2). The server keeps serving.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../gateway/server.ts';
import { blogGateway } from '../support/test-gateway.ts';

let server: RunningServer;
beforeAll(async () => {
  const { gateway } = await blogGateway();
  server = await listen(gateway, 0, '127.0.0.1');
});
afterAll(() => server.close());

/** Collects what the server writes on `socket` until it closes: the status, the headers (lower-cased) and the body. */
function answerOf(socket: net.Socket, resolve: (answer: { status: number; headers: string; body: string }) => void, reject: (error: Error) => void): void {
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => (text += chunk));
  socket.on('error', reject);
  socket.on('close', () => {
    const [headers, body = ''] = text.split('\r\n\r\n');
    resolve({ status: Number(headers.split(' ')[1]), headers: headers.toLowerCase(), body });
  });
}

/** Sends `head` (a request line and headers) as written; resolves with the status line and the answer. */
function raw(head: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n`));
    answerOf(socket, resolve, reject);
    // Our side ends once the answer has begun (the server closes after it: Connection: close).
    socket.once('data', () => socket.end());
  });
}

/** A GraphQL POST whose body is sent in two parts, `pauseMs` apart; resolves with the answer. */
function postInTwoParts(body: string, pauseMs: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => {
      socket.write(`POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`);
      socket.write(body.slice(0, 10));
      setTimeout(() => socket.write(body.slice(10)), pauseMs);
    });
    answerOf(socket, resolve, reject);
  });
}

describe('the server edge', () => {
  it.each([0, 300])('answers a GraphQL POST whose body arrives in two parts %i ms apart', async (pauseMs) => {
    const answer = await postInTwoParts(JSON.stringify({ query: '{ articles { data { id } } }' }), pauseMs);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"articles"');
  });

  it.each([
    ['TRACE on the REST API', 'TRACE /api/articles HTTP/1.1\r\nHost: localhost', 'allow: get, head'],
    ['TRACE on /graphql', 'TRACE /graphql HTTP/1.1\r\nHost: localhost', 'allow: get, post'],
  ])('answers %s with 405 and what the path allows', async (_name, head, allow) => {
    const answer = await raw(`${head}\r\nConnection: close`);
    expect(answer.status).toBe(405);
    expect(answer.headers).toContain(allow);
    expect(JSON.parse(answer.body)).toEqual({ data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', details: {} } });
  });

  it.each([
    ['a space', 'a b'],
    ['user information', 'user@evil'],
    ['a lone percent sign', '%'],
    ['a path', 'example.com/x'],
  ])('answers a Host header holding %s with 400', async (_name, host) => {
    const answer = await raw(`GET /api/articles HTTP/1.1\r\nHost: ${host}\r\nConnection: close`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ data: null, error: { status: 400, name: 'BadRequestError', message: 'Bad Request: the Host header is not a host' } });
  });

  it.each([
    ['no Host in HTTP/1.1', 'GET /api/articles HTTP/1.1', 400],
    ['two Host headers', 'GET /api/articles HTTP/1.1\r\nHost: a.example\r\nHost: b.example', 400],
    ['no Host in HTTP/1.0', 'GET /api/articles HTTP/1.0', 200],
    ['a host and port', 'GET /api/articles HTTP/1.1\r\nHost: localhost:1337', 200],
    ['an IPv6 host', 'GET /api/articles HTTP/1.1\r\nHost: [::1]:1337', 200],
  ])('answers %s with its status', async (_name, head, status) => {
    expect((await raw(`${head}\r\nConnection: close`)).status).toBe(status);
  });

  it('answers TRACK, which Node refuses itself, with a 400 and not a 500', async () => {
    expect((await raw('TRACK /api/articles HTTP/1.1\r\nHost: localhost\r\nConnection: close')).status).toBe(400);
  });

  it('keeps serving after every refusal', async () => {
    await raw('TRACE /api/articles HTTP/1.1\r\nHost: localhost\r\nConnection: close');
    await raw('GET /api/articles HTTP/1.1\r\nHost: a b\r\nConnection: close');
    const response = await fetch(`http://127.0.0.1:${server.port}/api/articles`);
    expect(response.status).toBe(200);
  });
});
