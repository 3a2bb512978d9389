// The uploads folder as a provider: a file lands under its key whole or not at all, is replaced and
// deleted by key, and is served at /uploads/<key>.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localProvider } from '../../../src/upload/providers/local.ts';

let root: string;
let uploads: string;
let temp: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'local-provider-'));
  uploads = join(root, 'uploads');
  temp = join(root, 'received');
  await Promise.all([mkdir(uploads), writeFile(temp, 'the bytes')]);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('localProvider', () => {
  it('stores a copy under the key, replaces it, and deletes it', async () => {
    const provider = localProvider(uploads);
    await provider.put('notes_0123456789.txt', temp, 'text/plain');
    expect(await readFile(join(uploads, 'notes_0123456789.txt'), 'utf8')).toBe('the bytes');
    expect(await readFile(temp, 'utf8')).toBe('the bytes');
    await writeFile(temp, 'new bytes');
    await provider.put('notes_0123456789.txt', temp, 'text/plain');
    expect(await readFile(join(uploads, 'notes_0123456789.txt'), 'utf8')).toBe('new bytes');
    await provider.delete('notes_0123456789.txt');
    expect(await readdir(uploads)).toEqual([]);
  });

  it('deletes a key that holds nothing without complaint', async () => {
    await expect(localProvider(uploads).delete('gone_0123456789.jpg')).resolves.toBeUndefined();
  });

  it('leaves nothing under the key nor beside it when the write fails', async () => {
    await mkdir(join(uploads, 'taken_0123456789.jpg'));
    await expect(localProvider(uploads).put('taken_0123456789.jpg', temp, 'image/jpeg')).rejects.toThrow();
    expect(await readdir(uploads)).toEqual(['taken_0123456789.jpg']);
    await expect(localProvider(uploads).put('new_0123456789.jpg', join(root, 'missing'), 'image/jpeg')).rejects.toThrow(/ENOENT/);
    expect(await readdir(uploads)).toEqual(['taken_0123456789.jpg']);
  });

  it.each([
    ['the default prefix', undefined, '/uploads/photo_0123456789.jpg'],
    ['a given prefix', '/media', '/media/photo_0123456789.jpg'],
  ])('gives URLs under %s', (_name, prefix, url) => {
    expect(localProvider(uploads, prefix).url('photo_0123456789.jpg')).toBe(url);
  });

  it.each(['../escape.txt', 'sub/dir.txt', '.hidden', ''])('refuses the key %j', async (key) => {
    await expect(localProvider(uploads).put(key, temp, 'text/plain')).rejects.toThrow('expected a file name');
  });
});
