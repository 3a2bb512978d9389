// The Node version we promise (package.json's engines, the Dockerfile's image) is one every
// installed package accepts: no dependency may need a newer Node than the one we ship on.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { engines: { node: string } };
const oldest = semver.minVersion(pkg.engines.node)!.version;

/** Every package.json under node_modules, nested ones included. */
async function installed(dir = 'node_modules'): Promise<Array<{ name: string; version: string; engines?: { node?: string } }>> {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const folder = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      found.push(...(await installed(folder)));
      continue;
    }
    const manifest = await readFile(path.join(folder, 'package.json'), 'utf8').then(JSON.parse, () => undefined);
    if (manifest?.name) found.push(manifest);
    found.push(...(await installed(path.join(folder, 'node_modules'))));
  }
  return found;
}

describe('the Node version', () => {
  it(`is accepted by every installed package (oldest promised: ${oldest})`, async () => {
    const packages = await installed();
    expect(packages.length).toBeGreaterThan(100);
    const refusing = packages
      .filter((p) => typeof p.engines?.node === 'string' && !semver.satisfies(oldest, p.engines.node))
      .map((p) => `${p.name}@${p.version} wants node ${p.engines!.node}`);
    expect(refusing).toEqual([]);
  });

  it('is the one the Dockerfile builds and runs on', async () => {
    const images = [...(await readFile('Dockerfile', 'utf8')).matchAll(/^FROM node:(\d+)/gm)].map((m) => Number(m[1]));
    expect(images.length).toBeGreaterThan(0);
    for (const major of images) expect(semver.major(oldest)).toBe(major);
  });
});
