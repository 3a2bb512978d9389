// A webhook receiver for tests: a real HTTP server on 127.0.0.1 keeping every request it gets
// (path, header names as sent, body) and answering as the test says (a status, or never); it can
// be closed and opened again on the same port, as a receiver that goes down and comes back.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly path: string;
  /** Header names as spelt on the wire, each followed by its value. */
  readonly rawHeaders: readonly string[];
  readonly headers: Headers;
  readonly body: string;
  readonly json: Record<string, unknown>;
}

/** How the receiver answers a request: a status and text, or `hang` (never). */
export type Answer = { status: number; text?: string | Buffer; headers?: Record<string, string> } | 'hang';

export class TestReceiver {
  readonly received: Received[] = [];
  answer: (request: Received) => Answer = () => ({ status: 200, text: '{"ok":true}' });
  #server?: Server;
  #port = 0;
  readonly #hanging = new Set<ServerResponse>();

  /** Listens (on the port it had, when it listened before). */
  async open(): Promise<this> {
    const server = createServer((request, response) => void this.take(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
    return this;
  }

  /** Stops listening; connections, hanging requests included, are cut. */
  async close(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    for (const response of this.#hanging) response.destroy();
    this.#hanging.clear();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  url(path = '/ok'): string {
    return `http://127.0.0.1:${this.#port}${path}`;
  }

  /** The distinct delivery ids received (`webhook-id`). */
  deliveryIds(): Set<string> {
    return new Set(this.received.map((request) => request.headers.get('webhook-id') ?? ''));
  }

  /** Requests of one event name. */
  of(event: string): Received[] {
    return this.received.filter((request) => request.json.event === event);
  }

  private async take(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = new Headers();
    for (let i = 0; i < request.rawHeaders.length; i += 2) headers.append(request.rawHeaders[i]!, request.rawHeaders[i + 1]!);
    const received: Received = { path: request.url ?? '', rawHeaders: request.rawHeaders, headers, body, json: JSON.parse(body) as Record<string, unknown> };
    this.received.push(received);
    const answer = this.answer(received);
    if (answer === 'hang') {
      this.#hanging.add(response);
      response.on('close', () => this.#hanging.delete(response));
      return;
    }
    response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
    response.end(answer.text ?? '');
  }
}
