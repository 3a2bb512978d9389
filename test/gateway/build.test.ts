// `npm run build` and the container's process: the TypeScript compiled to dist/ runs under node
// alone (no tsx, no npm), in production mode: GraphiQL off, health up, SIGTERM ends it cleanly.
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the production build', () => {
  it('compiles to JavaScript that node runs by itself', async () => {
    await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);
    const child = spawn(process.execPath, ['dist/gateway/main.js', '--port', '0', '--host', '127.0.0.1', '--log-level', 'warn'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // The store in memory: never the repository's .data/, and the demo imported at this start.
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: ':memory:' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match && output.includes('imported')) resolve(match[1]);
      });
      void exited.then((code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    expect(output).toContain('GraphiQL off');
    expect((await fetch(`${url}/_health`)).status).toBe(204);
    const page = await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
    expect(await page.text()).not.toContain('GraphiQL');
    expect((await fetch(`${url}/documentation/openapi.json`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // A whole tsc run and a start: no bound but a generous one, so a busy machine does not fail it (12 s alone, past 30 s beside another npm test).
  }, 600_000);
});
