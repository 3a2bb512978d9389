// The upload mutations over the GraphQL multipart request spec: files streamed within the same limits
// as REST, run by the same operations (a file uploaded here is read back by REST and GraphQL), refused
// before reading for a caller that may not upload, and the spec's errors in graphql-upload's words.
import { describe, expect, it } from 'vitest';
import { AS, fixtureForm, uploadGatewaysClosedAfterEach, userJwt, type UploadTestGateway } from '../support/upload-gateway.ts';

const FIELDS = 'id attributes { name alternativeText caption width height formats hash ext mime size url }';
const UPLOAD = `mutation($file: Upload!, $info: FileInfoInput, $ref: String, $refId: ID, $field: String) { upload(file: $file, info: $info, ref: $ref, refId: $refId, field: $field) { data { ${FIELDS} } } }`;
const MULTIPLE = `mutation($files: [Upload]!) { multipleUpload(files: $files) { data { ${FIELDS} } } }`;

type GraphQLAnswer = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> };

const started = uploadGatewaysClosedAfterEach();

/** A multipart request of the spec: operations, the map, then each file under its part name. */
async function operationsForm(query: string, variables: Record<string, unknown>, files: Record<string, [path: string, file: string, type: string]>): Promise<FormData> {
  return fixtureForm([
    ['operations', JSON.stringify({ query, variables })],
    ['map', JSON.stringify(Object.fromEntries(Object.entries(files).map(([part, [path]]) => [part, [path]])))],
    ...Object.entries(files).map(([part, [, file, type]]): [string, { file: string; type: string }] => [part, { file, type }]),
  ]);
}

async function ask(test: UploadTestGateway, form: FormData | string, headers: Record<string, string> = AS.full): Promise<{ status: number; body: GraphQLAnswer }> {
  const json: Record<string, string> = typeof form === 'string' ? { 'content-type': 'application/json' } : {};
  const response = await test.post('/graphql', form, { ...headers, ...json });
  return { status: response.status, body: (await response.json()) as GraphQLAnswer };
}

describe('upload and multipleUpload', () => {
  it('uploads a photo with its info, linked to an article, answered with its formats and read back by REST', async () => {
    const test = await started();
    const form = await operationsForm(UPLOAD, { file: null, info: { caption: 'from the app' }, ref: 'api::article.article', refId: '2', field: 'gallery' }, { 0: ['variables.file', 'photo-1600x1067.jpg', 'image/jpeg'] });
    const { status, body } = await ask(test, form, await userJwt());
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const uploaded = body.data!.upload.data;
    expect(uploaded.attributes).toMatchObject({ name: 'photo-1600x1067.jpg', caption: 'from the app', width: 1600, height: 1067, mime: 'image/jpeg' });
    expect(Object.keys(uploaded.attributes.formats).sort()).toEqual(['large', 'medium', 'small', 'thumbnail']);
    const article = (await (await test.get('/api/articles/2?populate=gallery&fields[0]=title')).json()) as { data: { attributes: { gallery: { data: Array<{ id: number }> } } } };
    expect(article.data.attributes.gallery.data.map((file) => String(file.id))).toContain(uploaded.id);
    expect(await test.temporary()).toEqual([]);
  });

  it('uploads several files, each answered in the order of its part', async () => {
    const test = await started();
    const form = await operationsForm(MULTIPLE, { files: [null, null] }, { 0: ['variables.files.0', 'w500.jpg', 'image/jpeg'], 1: ['variables.files.1', 'notes.txt', 'text/plain'] });
    const { body } = await ask(test, form);
    expect(body.data!.multipleUpload.map((item: { data: { attributes: { name: string } } }) => item.data.attributes.name)).toEqual(['w500.jpg', 'notes.txt']);
  });

  it.each([
    ['the map names a part the request lacks', '{"0":["variables.file"]}', '1', 'notes.txt', 'File missing in the request.', 'STRAPI_BAD_REQUEST_ERROR'],
    ['the file is a truncated JPEG', '{"0":["variables.file"]}', '0', 'truncated-photo.jpg', 'File is not a valid image', 'STRAPI_APPLICATION_ERROR'],
  ])('answers the field\'s error when %s, storing nothing', async (_what, map, part, file, message, code) => {
    const test = await started();
    const form = await fixtureForm([['operations', JSON.stringify({ query: UPLOAD, variables: { file: null } })], ['map', map], [part, { file, type: 'image/jpeg' }]]);
    const { status, body } = await ask(test, form);
    expect(status).toBe(200);
    expect(body).toMatchObject({ data: null, errors: [{ message, extensions: { code } }] });
    expect(await test.stored()).toEqual([]);
    expect(await test.temporary()).toEqual([]);
  });
});

describe('a multipart request refused', () => {
  it.each([
    ['without operations', [['map', '{"0":["variables.file"]}']], 400, /^Misordered multipart fields; ‘map’ should follow ‘operations’/],
    ['with operations that are not JSON', [['operations', '{not json'], ['map', '{}']], 400, /^Invalid JSON in the ‘operations’ multipart field/],
    ['without a map', [['operations', JSON.stringify({ query: UPLOAD, variables: { file: null } })]], 400, /^Missing multipart field ‘map’/],
    ['with a map path that leads nowhere', [['operations', JSON.stringify({ query: UPLOAD, variables: { file: null } })], ['map', '{"0":["variables.nope.deeper"]}']], 400, /^Invalid object path for the ‘map’ multipart field/],
  ] as const)('%s, in graphql-upload\'s words', async (_what, fields, status, message) => {
    const test = await started();
    const answer = await ask(test, await fixtureForm([...fields.map(([name, value]) => [name, value] as [string, string]), ['0', { file: 'notes.txt', type: 'text/plain' }]]));
    expect(answer.status).toBe(status);
    expect(answer.body.errors?.[0].message).toMatch(message);
    expect(await test.temporary()).toEqual([]);
  });

  it('past uploads.limits, with a 413 while streaming', async () => {
    const test = await started({ settings: { limits: { maxFileBytes: 10_000, maxTotalFileBytes: 10_000, maxFiles: 100, maxFields: 1000, maxFieldBytes: 1_048_576, maxFieldsBytes: 20_971_520 } } });
    const { status, body } = await ask(test, await operationsForm(UPLOAD, { file: null }, { 0: ['variables.file', 'photo-1600x1067.jpg', 'image/jpeg'] }));
    expect(status).toBe(413);
    expect(body.errors?.[0].message).toBe('FileTooBig');
    expect(await test.stored()).toEqual([]);
    expect(await test.temporary()).toEqual([]);
  });

  it('for a caller that may not upload, with Strapi\'s Forbidden access and the body unread', async () => {
    const test = await started();
    const form = await operationsForm(UPLOAD, { file: null }, { 0: ['variables.file', 'photo-1600x1067.jpg', 'image/jpeg'] });
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(pulled, pulled + 65_536));
        pulled += 65_536;
      },
    });
    const response = await test.gateway.fetch(new Request('http://gateway.test/graphql', { method: 'POST', headers: { ...AS.readOnly, 'content-type': encoded.headers.get('content-type')! }, body, duplex: 'half' } as RequestInit));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: null, errors: [{ message: 'Forbidden access', extensions: { code: 'FORBIDDEN' } }] });
    expect(pulled).toBeLessThanOrEqual(65_536);
  });
});

describe('updateFileInfo and removeFile', () => {
  it('changes a file\'s info, then removes it and its stored files; a second removal answers null', async () => {
    const test = await started();
    const { body: uploaded } = await ask(test, await operationsForm(UPLOAD, { file: null }, { 0: ['variables.file', 'w300.jpg', 'image/jpeg'] }));
    const id = uploaded.data!.upload.data.id as string;
    const changed = await ask(test, JSON.stringify({ query: `mutation($id: ID!) { updateFileInfo(id: $id, info: { alternativeText: "alt" }) { data { ${FIELDS} } } }`, variables: { id } }));
    expect(changed.body.data!.updateFileInfo.data.attributes).toMatchObject({ name: 'w300.jpg', alternativeText: 'alt' });
    const removal = JSON.stringify({ query: 'mutation($id: ID!) { removeFile(id: $id) { data { id } } }', variables: { id } });
    expect((await ask(test, removal)).body).toEqual({ data: { removeFile: { data: { id } } } });
    expect(await test.stored()).toEqual([]);
    expect((await ask(test, removal)).body).toEqual({ data: { removeFile: null } });
  });
});
