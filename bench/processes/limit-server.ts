// The "limit": a bare node:http server answering every request with bytes it was given (over IPC
// from the benchmark), read from memory: the answer kept for that request (method, path and
// body) when it was given one, else the last answer given for any request. Run as a child:
// `limit-server.ts <port>`.
import http from 'node:http';

interface Answer {
  body: Buffer;
  contentType: string;
}

/** A message from the benchmark: an answer for every request (no key) or for one (its key). */
interface AnswerMessage {
  body: string;
  contentType: string;
  key?: string;
  /** Forget the answers kept by key. */
  reset?: boolean;
}

let fallback: Answer = { body: Buffer.alloc(0), contentType: 'text/plain' };
const byKey = new Map<string, Answer>();

function reply(res: http.ServerResponse, answer: Answer): void {
  res.writeHead(200, { 'content-type': answer.contentType, 'content-length': answer.body.length });
  res.end(answer.body);
}

const server = http.createServer((req, res) => {
  // Reads the request body, as the gateway must, before answering.
  if (byKey.size === 0) {
    req.resume();
    req.on('end', () => reply(res, fallback));
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => reply(res, byKey.get(`${req.method} ${req.url}\n${Buffer.concat(chunks).toString()}`) ?? fallback));
});

process.on('message', (message: AnswerMessage) => {
  if (message.reset) byKey.clear();
  const answer = { body: Buffer.from(message.body, 'base64'), contentType: message.contentType };
  if (message.key === undefined) fallback = answer;
  else byKey.set(message.key, answer);
  process.send?.({ ready: true });
});

// Port 0 takes a free one; the benchmark is told which.
server.listen(Number(process.argv[2]), '127.0.0.1', () => process.send?.({ listening: true, port: (server.address() as { port: number }).port }));
