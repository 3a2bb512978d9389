// Starts the limit server (limit-server.ts) as a child process and tells it which bytes to serve.
import { fork, type ChildProcess } from 'node:child_process';
import { stopChild } from './child.ts';

export interface LimitProcess {
  url: string;
  /** Serves `body` with `contentType` to every request from now on. */
  serve(body: Buffer, contentType: string): Promise<void>;
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

export async function startLimitProcess(port: number): Promise<LimitProcess> {
  const child = fork(new URL('./limit-server.ts', import.meta.url), [String(port)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await nextMessage(child);
  return {
    url: `http://127.0.0.1:${port}`,
    async serve(body, contentType) {
      const ready = nextMessage(child);
      child.send({ body: body.toString('base64'), contentType });
      await ready;
    },
    stop: () => stopChild(child),
  };
}
