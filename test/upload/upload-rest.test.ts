// POST /api/upload and DELETE /api/upload/files/:id through the gateway: files stored as Strapi names
// them and served byte for byte at their url, events through the lifecycle, nothing half-written
// when the store, the uploads store or the client fails midway, the limits, checked links.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClientLeft } from '../../src/limits/deadline.ts';
import type { LifecycleEvent } from '../../src/operations/events.ts';
import { MEDIA_REMOVALS, sweepRemovals } from '../../src/operations/media/removals.ts';
import { localProvider } from '../../src/upload/providers/local.ts';
import type { UploadProvider } from '../../src/upload/providers/provider.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { eventually } from '../support/eventually.ts';
import { AS, fixtureForm, uploadGatewaysClosedAfterEach, userJwt, type UploadTestGateway } from '../support/upload-gateway.ts';

type FileAnswer = { id: number; name: string; url: string; size: number; hash: string; ext: string; mime: string; width: number | null; formats: Record<string, { url: string; sizeInBytes: number }> | null };

const started = uploadGatewaysClosedAfterEach();
const photo = () => fixtureForm([['files', { file: 'photo-1600x1067.jpg', type: 'image/jpeg' }]]);
const filesCount = (test: UploadTestGateway) => test.store.count('files', {});

describe('POST /api/upload', () => {
  it('stores a photo and its four formats under Strapi\'s names, served byte for byte at their urls, and leaves no temporary file', async () => {
    const test = await started();
    const response = await test.post('/api/upload', await photo());
    expect(response.status).toBe(200);
    const [file] = (await response.json()) as FileAnswer[];
    expect(file).toMatchObject({ name: 'photo-1600x1067.jpg', width: 1600, height: 1067, ext: '.jpg', mime: 'image/jpeg', hash: expect.stringMatching(/^photo_1600x1067_[0-9a-f]{10}$/) });
    expect(Object.keys(file.formats!).sort()).toEqual(['large', 'medium', 'small', 'thumbnail']);
    const urls = [file.url, ...Object.values(file.formats!).map((format) => format.url)];
    expect(await test.stored()).toEqual(urls.map((url) => url.slice('/uploads/'.length)).sort());
    for (const url of urls) {
      const served = await test.gateway.fetch(new Request(`http://gateway.test${url}`));
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(await readFile(join(test.uploadsDir, url.slice('/uploads/'.length))));
    }
    expect(file.size).toBe(Math.round(((await readFile(join(test.uploadsDir, file.url.slice('/uploads/'.length)))).length / 1000) * 100) / 100);
    expect(await test.temporary()).toEqual([]);
  });

  it('stores a file by the type its content has: a PNG named .jpg is image/png', async () => {
    const test = await started();
    const [file] = (await (await test.post('/api/upload', await fixtureForm([['files', { file: 'png-named.jpg', type: 'image/jpeg' }]]))).json()) as FileAnswer[];
    expect(file).toMatchObject({ mime: 'image/png', ext: '.jpg', width: 300, height: 200 });
  });

  it('emits media.create with the caller, and media.update and media.delete as the file changes and goes', async () => {
    const test = await started();
    const events: LifecycleEvent[] = [];
    test.gateway.lifecycle.subscribe(({ events: committed }) => events.push(...committed));
    const [file] = (await (await test.post('/api/upload', await fixtureForm([['files', { file: 'notes.txt', type: 'text/plain' }]]))).json()) as FileAnswer[];
    await test.post(`/api/upload?id=${file.id}`, await fixtureForm([['fileInfo', '{"caption":"new"}']]));
    await test.gateway.fetch(new Request(`http://gateway.test/api/upload/files/${file.id}`, { method: 'DELETE', headers: AS.full }));
    expect(events.map(({ event, uid, id, before, after }) => ({ event, uid, id, caption: [before?.caption, after?.caption] }))).toEqual([
      { event: 'media.create', uid: 'plugin::upload.file', id: file.id, caption: [undefined, null] },
      { event: 'media.update', uid: 'plugin::upload.file', id: file.id, caption: [null, 'new'] },
      { event: 'media.delete', uid: 'plugin::upload.file', id: file.id, caption: ['new', undefined] },
    ]);
    expect(events[0].caller.role).toBeDefined();
  });
});

describe('a linked upload', () => {
  it('links a user\'s photo to an article its role may update, in one write with the row: both events, the cover read back', async () => {
    const test = await started();
    const events: string[] = [];
    test.gateway.lifecycle.subscribe(({ events: committed }) => events.push(...committed.map((event) => `${event.event} ${event.uid} ${event.id}`)));
    const form = await fixtureForm([['ref', 'api::article.article'], ['refId', '1'], ['field', 'cover'], ['files', { file: 'w300.jpg', type: 'image/jpeg' }]]);
    const response = await test.post('/api/upload', form, await userJwt());
    expect(response.status).toBe(200);
    const [file] = (await response.json()) as FileAnswer[];
    expect(events).toEqual([`media.create plugin::upload.file ${file.id}`, 'entry.update api::article.article 1']);
    const article = (await (await test.get('/api/articles/1?populate=cover&fields[0]=title')).json()) as { data: { attributes: { cover: { data: { id: number } } } } };
    expect(article.data.attributes.cover.data.id).toBe(file.id);
  });

  it.each([
    ['an entry type the caller may not update', [['ref', 'api::author.author'], ['refId', '1'], ['field', 'avatar']], 403],
    ['a type the attribute does not allow (a PDF for an images-only cover)', [['ref', 'api::article.article'], ['refId', '1'], ['field', 'cover']], 400],
    ['an entry that does not exist', [['ref', 'api::article.article'], ['refId', '999'], ['field', 'cover']], 400],
    ['a component item that does not exist', [['ref', 'shared.seo'], ['refId', '999'], ['field', 'shareImage']], 400],
  ] as const)('is refused for %s, storing nothing', async (_what, link, status) => {
    const test = await started();
    const before = await filesCount(test);
    const form = await fixtureForm([...link.map(([name, value]) => [name, value] as [string, string]), ['files', { file: 'tiny.pdf', type: 'application/pdf' }]]);
    const response = await test.post('/api/upload', form, await userJwt());
    expect(response.status).toBe(status);
    expect(await filesCount(test)).toBe(before);
    expect(await test.stored()).toEqual([]);
    expect(await test.temporary()).toEqual([]);
  });
});

/** A store whose writes of `collection` fail once `failing` is set, as a database that goes away would. */
function failingStore(collection: string) {
  const store = new EmbeddedStore();
  const state = { failing: false };
  const write = store.write.bind(store);
  store.write = async (changes) => {
    if (state.failing && changes.some((change) => change.collection === collection)) throw new Error('the database went away');
    return write(changes);
  };
  return { store, state };
}

/** A provider whose puts wait until released, so a test can act while a file is stored but not committed. */
function heldProvider(local: UploadProvider, held: { release?: () => void; reached?: () => void }): UploadProvider {
  return {
    ...local,
    async put(key, path, mime) {
      await local.put(key, path, mime);
      held.reached?.();
      await new Promise<void>((release) => (held.release = release));
    },
  };
}

describe('nothing half-written', () => {
  it('removes the stored files when the store refuses the rows', async () => {
    const { store, state } = failingStore('files');
    const test = await started({ store });
    state.failing = true;
    const before = await filesCount(test);
    expect((await test.post('/api/upload', await photo())).status).toBe(500);
    expect(await filesCount(test)).toBe(before);
    expect(await test.stored()).toEqual([]);
    expect(await test.temporary()).toEqual([]);
  });

  it('removes the formats already stored when one of them cannot be', async () => {
    const test = await started({ provider: (local) => ({ ...local, put: (key, path, mime) => (key.startsWith('small_') ? Promise.reject(new Error('disk full')) : local.put(key, path, mime)) }) });
    const before = await filesCount(test);
    expect((await test.post('/api/upload', await photo())).status).toBe(500);
    expect(await filesCount(test)).toBe(before);
    expect((await test.stored()).filter((name) => !name.startsWith('.'))).toEqual([]);
  });

  it('commits nothing and keeps no file when the client leaves while its file is stored', async () => {
    const held: { release?: () => void; reached?: () => void } = {};
    const test = await started({ provider: (local) => heldProvider(local, held) });
    const before = await filesCount(test);
    const client = new ClientLeft();
    const reached = new Promise<void>((resolve) => (held.reached = resolve));
    const answered = test.gateway.fetch(new Request('http://gateway.test/api/upload', { method: 'POST', headers: AS.full, body: await fixtureForm([['files', { file: 'notes.txt', type: 'text/plain' }]]) }), client);
    await reached;
    client.abort();
    held.release!();
    expect((await answered).status).toBe(503);
    // The edge answered at once; the operation goes on until it removed what it stored.
    await eventually(async () => (await test.stored()).length === 0);
    expect(await filesCount(test)).toBe(before);
  });

  it('deletes the row first; files the uploads store could not remove are removed by the next sweep', async () => {
    const broken = { failing: false };
    const test = await started({ provider: (local) => ({ ...local, delete: (key) => (broken.failing ? Promise.reject(new Error('S3 unreachable')) : local.delete(key)) }) });
    const [file] = (await (await test.post('/api/upload', await photo())).json()) as FileAnswer[];
    broken.failing = true;
    const deleted = await test.gateway.fetch(new Request(`http://gateway.test/api/upload/files/${file.id}`, { method: 'DELETE', headers: AS.full }));
    expect(deleted.status).toBe(200);
    expect((await test.get(`/api/upload/files/${file.id}`)).status).toBe(404);
    expect(await test.stored()).toHaveLength(5);
    expect(await test.store.count(MEDIA_REMOVALS, {})).toBe(1);
    expect(await sweepRemovals(test.store, localProvider(test.uploadsDir))).toEqual({ files: 5, left: 0 });
    expect(await test.stored()).toEqual([]);
    expect(await test.store.count(MEDIA_REMOVALS, {})).toBe(0);
  });
});

describe('limits', () => {
  it.each([
    ['a file over uploads.limits.maxFileBytes, refused while streaming', { limits: { ...uploadLimits(), maxFileBytes: 10_000 } }, 'FileTooBig'],
    ['a stored file over uploads.sizeLimit, in Strapi\'s words', { sizeLimit: 100_000 }, 'photo-1600x1067.jpg exceeds size limit of 100 KB.'],
  ])('answers 413 to %s, storing nothing', async (_what, settings, message) => {
    const test = await started({ settings });
    const response = await test.post('/api/upload', await photo());
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { name: string; message: string } }).error).toMatchObject({ name: 'PayloadTooLargeError', message });
    expect(await test.stored()).toEqual([]);
    expect(await test.temporary()).toEqual([]);
  });

  it('holds uploads.sizeLimit for a replacement too', async () => {
    const test = await started({ settings: { sizeLimit: 100_000 } });
    const [file] = (await (await test.post('/api/upload', await fixtureForm([['files', { file: 'notes.txt', type: 'text/plain' }]]))).json()) as FileAnswer[];
    expect((await test.post(`/api/upload?id=${file.id}`, await photo())).status).toBe(413);
    expect(await test.stored()).toEqual([file.url.slice('/uploads/'.length)]);
  });

  it('answers a decompression bomb 413 and goes on serving', async () => {
    const test = await started();
    const response = await test.post('/api/upload', await fixtureForm([['files', { file: 'bomb-50000x50000.png', type: 'image/png' }]]));
    expect(response.status).toBe(413);
    expect((await test.get('/api/upload/files?fields[0]=name&filters[id]=1')).status).toBe(200);
    expect(await test.stored()).toEqual([]);
  });

  it('refuses an upload to a caller whose role may not, before reading its body', async () => {
    const test = await started();
    let pulled = 0;
    const bytes = new Uint8Array(await new Response(await photo()).arrayBuffer());
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(pulled, pulled + 65_536));
        pulled += 65_536;
      },
    });
    const type = new Response(await photo()).headers.get('content-type')!;
    const request = new Request('http://gateway.test/api/upload', { method: 'POST', headers: { ...AS.readOnly, 'content-type': type }, body, duplex: 'half' } as RequestInit);
    expect((await test.gateway.fetch(request)).status).toBe(403);
    expect(pulled).toBeLessThanOrEqual(65_536);
  });
});

function uploadLimits() {
  return { maxFileBytes: 200 * 1024 * 1024, maxTotalFileBytes: 200 * 1024 * 1024, maxFiles: 100, maxFields: 1000, maxFieldBytes: 1024 * 1024, maxFieldsBytes: 20 * 1024 * 1024 };
}
