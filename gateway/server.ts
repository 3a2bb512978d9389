// A node:http server around the gateway's fetch handler, with graceful shutdown: stop accepting,
// let requests in flight finish, then close the store.
import http from 'node:http';
import { Readable } from 'node:stream';
import type { Gateway } from './app.ts';

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

export function listen(gateway: Gateway, port: number, host: string): Promise<RunningServer> {
  let closing = false;
  const server = http.createServer(async (req, res) => {
    try {
      const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const request = new Request(url, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
        duplex: 'half',
      } as RequestInit);
      const response = await gateway.fetch(request);
      // While closing, answers end their connection, so keep-alive clients do not hold it open.
      const headers = { ...Object.fromEntries(response.headers), ...(closing ? { connection: 'close' } : {}) };
      res.writeHead(response.status, headers);
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } }));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        close: () =>
          new Promise((done) => {
            closing = true;
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
