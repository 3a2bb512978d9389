// `npm run types` as a client team runs it: a child process writing the REST and GraphQL types
// of the demo model (the write bodies' input types too), which the TypeScript compiler accepts,
// with code using them.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it, onTestFinished } from 'vitest';

const run = promisify(execFile);

describe('npm run types', () => {
  // A child process and a whole TypeScript program: past the default 30 s on a busy machine.
  it('writes REST and GraphQL types that compile with code using them', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'client-types-'));
    onTestFinished(() => rm(out, { recursive: true, force: true }));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'gateway/types-main.ts', '--schema', 'schema', '--out', out]);
    expect(stdout).toMatch(/wrote .*rest\.ts/);
    expect((await readdir(out)).sort()).toEqual(['graphql.ts', 'openapi.json', 'rest.ts', 'schema.graphql']);
    const graphql = await readFile(path.join(out, 'graphql.ts'), 'utf8');
    expect(graphql).toContain('export type ENUM_POST_FORMAT =');
    expect(graphql).toContain('export type PostInput = {');
    const rest = await readFile(path.join(out, 'rest.ts'), 'utf8');
    for (const name of ['PostInput', 'PostCreateInput', 'PostRequest', 'PostCreateRequest', 'PostLocalizationRequest', 'MagazineRequest', 'ComponentSharedSeoInput', 'ComponentContentCalloutZoneItemInput', 'RelationInput']) {
      expect(rest).toContain(`        ${name}: `);
    }
    for (const operation of ['createPost', 'updatePost', 'deletePost', 'createPostLocalization', 'updateMagazine', 'deleteMagazine']) {
      expect(rest).toContain(`    ${operation}: {`);
    }
    await copyFile('test/fixtures/client-types/usage.ts', path.join(out, 'usage.ts'));
    const program = ts.createProgram([path.join(out, 'usage.ts')], {
      strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext, allowImportingTsExtensions: true, skipLibCheck: true, types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 120_000);

  it.each([
    [['--help'], 0, /usage: npm run types/],
    [['--nope'], 1, /Unknown option '--nope'[\s\S]*usage: npm run types/],
  ])('answers %j with exit code %i and a usage', async (args, code, output) => {
    const result = await run(process.execPath, ['--import', 'tsx', 'gateway/types-main.ts', ...args]).then(
      ({ stdout }) => ({ code: 0, text: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, text: error.stderr }),
    );
    expect(result.code).toBe(code);
    expect(result.text).toMatch(output);
  });
});
