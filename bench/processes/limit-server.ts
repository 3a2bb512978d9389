// The "limit": a bare node:http server answering every request with the bytes it was last given
// (over IPC from the benchmark), read from memory. Run as a child: `limit-server.ts <port>`.
import http from 'node:http';

interface Answer {
  body: Buffer;
  contentType: string;
}

let answer: Answer = { body: Buffer.alloc(0), contentType: 'text/plain' };

const server = http.createServer((req, res) => {
  // Reads the request body, as the gateway must, before answering.
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': answer.contentType, 'content-length': answer.body.length });
    res.end(answer.body);
  });
});

process.on('message', (message: { body: string; contentType: string }) => {
  answer = { body: Buffer.from(message.body, 'base64'), contentType: message.contentType };
  process.send?.({ ready: true });
});

server.listen(Number(process.argv[2]), '127.0.0.1', () => process.send?.({ listening: true }));
