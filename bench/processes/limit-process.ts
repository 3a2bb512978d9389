// Starts the limit server (limit-server.ts) as a child process and tells it which bytes to serve:
// one answer for every request, or one per request (keyed by method, path and body).
import { fork, type ChildProcess } from 'node:child_process';
import { assertPortFree, stopChild } from './child.ts';

export interface LimitProcess {
  url: string;
  /** Serves `body` with `contentType` to every request from now on (answers kept by key are forgotten). */
  serve(body: Buffer, contentType: string): Promise<void>;
  /** Serves each request whose key (`requestKey`) is given its own answer; the first answer to any other. */
  serveEach(answers: ReadonlyArray<{ key: string; body: Buffer; contentType: string }>): Promise<void>;
  stop(): Promise<void>;
}

function nextMessage(child: ChildProcess): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`limit server exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message as Record<string, unknown>);
    });
  });
}

/** The limit server on `port` (0: any free port, named in `url`). */
export async function startLimitProcess(port: number): Promise<LimitProcess> {
  if (port !== 0) await assertPortFree(port);
  const child = fork(new URL('./limit-server.ts', import.meta.url), [String(port)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port: listening } = (await nextMessage(child)) as { port: number };
  const send = async (message: Record<string, unknown>) => {
    const ready = nextMessage(child);
    child.send(message);
    await ready;
  };
  return {
    url: `http://127.0.0.1:${listening}`,
    serve: (body, contentType) => send({ body: body.toString('base64'), contentType, reset: true }),
    async serveEach(answers) {
      // One message per answer: a hundred answers of a megabyte would make one message too large.
      for (const [i, { key, body, contentType }] of answers.entries()) {
        if (i === 0) await send({ body: body.toString('base64'), contentType, reset: true });
        await send({ key, body: body.toString('base64'), contentType });
      }
    },
    stop: () => stopChild(child),
  };
}
