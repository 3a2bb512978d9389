// The commands as a newcomer meets them: --help for each, a clear message for a port in use, and
// start-up lines that say where to click and what was imported.
import { execFile, spawn } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

async function command(script: string, args: string[]) {
  return run(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, MONGODB_URI: '' } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe('--help', () => {
  it.each([
    ['npm start', 'gateway/main.ts', /usage: npm start[\s\S]*--uploads DIR[\s\S]*UPLOADS_DIR[\s\S]*MONGODB_URI/],
    ['npm run import', 'gateway/import-main.ts', /usage: MONGODB_URI=mongodb:\/\/… npm run import/],
    ['npm run types', 'gateway/types-main.ts', /usage: npm run types/],
  ])('of %s prints the usage and exits 0', async (_name, script, usage) => {
    const result = await command(script, ['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(usage);
  });
});

describe('npm start', () => {
  it('says the port is taken, without a stack, and exits 1', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const result = await command('gateway/main.ts', ['--port', String(port), '--host', '127.0.0.1']);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `Port ${port} is already in use on 127.0.0.1: another program (perhaps another gateway) listens there. Stop it, or choose another port: npm start -- --port ${port + 1} (or PORT=${port + 1}).`,
      );
    } finally {
      taken.close();
    }
  });

  it('prints a URL a browser can open, where GraphiQL and the API reference are, and what was imported', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/main.ts', '--port', '0', '--log-level', 'warn'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MONGODB_URI: '', NODE_ENV: '' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', () => output.includes('imported') && resolve());
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      const url = /listening on (http:\/\/localhost:\d+) on the embedded store/.exec(output)?.[1];
      expect(url).toBeDefined();
      expect(output).toContain(`GraphQL        ${url}/graphql  (GraphiQL: open it in a browser)`);
      expect(output).toContain(`API reference  ${url}/documentation  (OpenAPI: ${url}/documentation/openapi.json)`);
      expect(output).toMatch(/imported {7}media files 5, magazines 1, posts 6, sections 3, topics 3, writers 3/);
      expect((await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } })).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
