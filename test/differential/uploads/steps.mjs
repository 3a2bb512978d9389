// The upload differential's steps: one question each about Strapi's upload plugin, asked in order of
// one fresh server (the conformance fixture, test/fixtures/upload/upload-seed.json). `{#label}` in a
// path or a variable is the id of the first file (in name order: the order of Strapi's answer is not
// stable) the step marked `as: 'label'` created.
// A body: { multipart: [{ name, value } | { name, file, filename?, type? }] }, { json }, { text, type },
// { broken: 'wrong-boundary' | 'no-boundary' | 'truncated' | 'no-closing' }, or { graphql: { query,
// variables, map?, files? } } (files: part name -> { file, filename?, type? }; multipart when it has files).

const FILE_FIELDS = 'id attributes { name alternativeText caption width height formats hash ext mime size url previewUrl provider provider_metadata createdAt updatedAt }';
const UPLOAD = `mutation($file: Upload!, $info: FileInfoInput, $ref: String, $refId: ID, $field: String) { upload(file: $file, info: $info, ref: $ref, refId: $refId, field: $field) { data { ${FILE_FIELDS} } } }`;
const MULTIPLE = `mutation($files: [Upload]!, $ref: String, $refId: ID, $field: String) { multipleUpload(files: $files, ref: $ref, refId: $refId, field: $field) { data { ${FILE_FIELDS} } } }`;
const UPDATE_INFO = `mutation($id: ID!, $info: FileInfoInput) { updateFileInfo(id: $id, info: $info) { data { ${FILE_FIELDS} } } }`;
const REMOVE = `mutation($id: ID!) { removeFile(id: $id) { data { ${FILE_FIELDS} } } }`;

const file = (name, type, filename = name) => ({ name: 'files', file: name, filename, type });
const field = (name, value) => ({ name, value });
const upload = (name, parts, extra = {}) => ({ name, method: 'POST', path: '/api/upload', auth: 'full', body: { multipart: parts }, ...extra });
const get = (name, path, auth = 'full') => ({ name, method: 'GET', path, auth });
const gql = (name, query, variables = {}, extra = {}) => ({ name, method: 'POST', path: '/graphql', auth: 'full', body: { graphql: { query, variables, ...extra } } });
const gqlUpload = (name, files, variables, query = UPLOAD, auth = 'full') => {
  const map = Object.fromEntries(Object.keys(files).map((part) => [part, [files[part].path]]));
  const parts = Object.fromEntries(Object.entries(files).map(([part, spec]) => [part, spec]));
  return { ...gql(name, query, variables, { map, files: parts }), auth };
};
const ARTICLE_MEDIA = '?populate=cover,gallery&fields[0]=title';

/** Each kind of input uploaded alone: dimensions, formats, sizes, names as Strapi makes them. */
const plain = [
  upload('a small JPEG (thumbnail only)', [file('w300.jpg', 'image/jpeg')]),
  upload('a 1600x1067 photo (every format)', [file('photo-1600x1067.jpg', 'image/jpeg')], { as: 'photo' }),
  upload('a PNG with alpha', [file('alpha-300x200.png', 'image/png')], { as: 'png' }),
  upload('a JPEG too small for a thumbnail', [file('small-150x100.jpg', 'image/jpeg')]),
  upload('an animated GIF', [file('anim-120x80.gif', 'image/gif')]),
  upload('an SVG', [file('logo.svg', 'image/svg+xml')]),
  upload('a WebP', [file('image-400x300.webp', 'image/webp')]),
  upload('a PDF', [file('tiny.pdf', 'application/pdf')]),
  upload('a text file', [file('notes.txt', 'text/plain')], { as: 'text' }),
  upload('a PDF declared application/octet-stream', [file('tiny.pdf', 'application/octet-stream')]),
  upload('a file without extension', [file('notes.txt', 'text/plain', 'README')]),
  upload('a name with spaces, accents and capitals', [file('w300.jpg', 'image/jpeg', 'Mon Été Photo (1).JPG')]),
  upload('a name with dots', [file('notes.txt', 'text/plain', 'name.with.dots.txt')]),
  upload('a text file named .jpg', [file('photo.jpg', 'image/jpeg')]),
  upload('a truncated JPEG', [file('truncated-photo.jpg', 'image/jpeg')]),
  upload('two files in one request', [file('w500.jpg', 'image/jpeg'), file('tiny.pdf', 'application/pdf')]),
  upload('an empty file beside another', [file('empty.txt', 'text/plain'), file('notes.txt', 'text/plain')]),
  upload('a file under another part name', [{ ...file('notes.txt', 'text/plain'), name: 'file' }]),
  upload('a name with < and >', [file('notes.txt', 'text/plain', 'a<b>.txt')]),
  upload('a name of 300 characters', [file('notes.txt', 'text/plain', `${'n'.repeat(296)}.txt`)]),
  upload('a name with a path', [file('notes.txt', 'text/plain', 'dir/sub/file.txt')]),
  { ...upload('the trailing slash', [file('notes.txt', 'text/plain')]), path: '/api/upload/' },
];

/** fileInfo for one and several files, and its errors. */
const infos = [
  upload('fileInfo for one file', [field('fileInfo', '{"name":"custom-name.jpg","alternativeText":"Alt text","caption":"A caption"}'), file('w300.jpg', 'image/jpeg')]),
  upload('fileInfo after the file', [file('notes.txt', 'text/plain'), field('fileInfo', '{"name":"after.txt","caption":"after"}')]),
  upload('fileInfo naming another extension', [field('fileInfo', '{"name":"renamed.png"}'), file('w300.jpg', 'image/jpeg')]),
  upload('fileInfo as a list for two files', [field('fileInfo', '[{"name":"first.pdf","caption":"one"},{"name":"second.txt","caption":"two"}]'), file('tiny.pdf', 'application/pdf'), file('notes.txt', 'text/plain')]),
  upload('two fileInfo fields for two files', [field('fileInfo', '{"name":"sep-1.pdf"}'), field('fileInfo', '{"name":"sep-2.txt"}'), file('tiny.pdf', 'application/pdf'), file('notes.txt', 'text/plain')]),
  upload('one fileInfo object for two files', [field('fileInfo', '{"name":"obj-for-two"}'), file('tiny.pdf', 'application/pdf'), file('notes.txt', 'text/plain')]),
  upload('a fileInfo list for one file', [field('fileInfo', '[{"name":"array-for-one.txt"}]'), file('notes.txt', 'text/plain')]),
  upload('fileInfo that is not JSON', [field('fileInfo', '{not json'), file('notes.txt', 'text/plain')]),
  upload('fileInfo with a number caption and an unknown key', [field('fileInfo', '{"caption":12,"foo":"bar"}'), file('notes.txt', 'text/plain')]),
  upload('fileInfo name with a slash', [field('fileInfo', '{"name":"a/b.txt"}'), file('notes.txt', 'text/plain')]),
];

/** ref, refId and field: linking to an entry's media attribute, and reading the entry after. */
const links = [
  get('article 1 before any link', `/api/articles/1${ARTICLE_MEDIA}`),
  upload('linked to article 1 cover', [field('ref', 'api::article.article'), field('refId', '1'), field('field', 'cover'), file('w300.jpg', 'image/jpeg')], { as: 'cover' }),
  get('article 1 after its cover was linked', `/api/articles/1${ARTICLE_MEDIA}`),
  upload('one file linked to article 1 gallery', [field('ref', 'api::article.article'), field('refId', '1'), field('field', 'gallery'), file('w500.jpg', 'image/jpeg')]),
  get('article 1 after a file joined its gallery', `/api/articles/1${ARTICLE_MEDIA}`),
  upload('a PDF linked to an images-only cover', [field('ref', 'api::article.article'), field('refId', '2'), field('field', 'cover'), file('tiny.pdf', 'application/pdf')]),
  get('article 2 after a PDF was offered to its cover', `/api/articles/2${ARTICLE_MEDIA}`),
  upload('linked to a missing article', [field('ref', 'api::article.article'), field('refId', '999'), field('field', 'cover'), file('notes.txt', 'text/plain')]),
  upload('linked to an attribute the type lacks', [field('ref', 'api::article.article'), field('refId', '3'), field('field', 'nope'), file('notes.txt', 'text/plain')]),
  upload('linked to an attribute that is no media', [field('ref', 'api::article.article'), field('refId', '3'), field('field', 'title'), file('notes.txt', 'text/plain')]),
  upload('linked to a model that does not exist', [field('ref', 'api::nope.nope'), field('refId', '1'), field('field', 'cover'), file('notes.txt', 'text/plain')]),
  upload('ref without refId (no link)', [field('ref', 'api::article.article'), field('field', 'cover'), file('notes.txt', 'text/plain')]),
  upload('linked to a component item', [field('ref', 'shared.seo'), field('refId', '2'), field('field', 'shareImage'), file('w300.jpg', 'image/jpeg')]),
  get('article 2 after its seo component was linked', '/api/articles/2?populate[seo][populate]=shareImage&fields[0]=title'),
  upload('linked to an author avatar', [field('ref', 'api::author.author'), field('refId', '2'), field('field', 'avatar'), file('w300.jpg', 'image/jpeg')]),
  get('author 2 after its avatar was linked', '/api/authors/2?populate=avatar&fields[0]=name'),
  upload('linked to the single type', [field('ref', 'api::global.global'), field('refId', '1'), field('field', 'favicon'), file('w300.jpg', 'image/jpeg')]),
  get('global after its favicon was linked', '/api/global?populate=favicon&fields[0]=siteName'),
  upload('linked with a refId that is no number', [field('ref', 'api::article.article'), field('refId', 'abc'), field('field', 'gallery'), file('notes.txt', 'text/plain')]),
  upload('linked to a draft in another locale, with fileInfo', [field('ref', 'api::article.article'), field('refId', '5'), field('field', 'gallery'), field('fileInfo', '{"name":"linked.txt","caption":"linked caption"}'), file('notes.txt', 'text/plain')]),
  get('article 5 after the link', `/api/articles/5${ARTICLE_MEDIA}&locale=fr&publicationState=preview`),
];

/** POST /api/upload?id=: info changes and replacements of the first file plain uploaded (`{#photo}`, the photo). */
const updates = [
  upload('info of a file changed', [field('fileInfo', '{"name":"renamed-photo.jpg","alternativeText":"new alt","caption":"new caption"}')], { path: '/api/upload?id={#photo}' }),
  upload('only its caption changed', [field('fileInfo', '{"caption":"only caption"}')], { path: '/api/upload?id={#photo}' }),
  upload('null keeps a value', [field('fileInfo', '{"alternativeText":null}')], { path: '/api/upload?id={#photo}' }),
  upload('an empty text clears it', [field('fileInfo', '{"alternativeText":""}')], { path: '/api/upload?id={#photo}' }),
  { name: 'info as a JSON body', method: 'POST', path: '/api/upload?id={#photo}', auth: 'full', body: { json: { fileInfo: { caption: 'caption via json' } } } },
  { name: 'no body at all', method: 'POST', path: '/api/upload?id={#photo}', auth: 'full' },
  upload('info of a missing file', [field('fileInfo', '{"caption":"x"}')], { path: '/api/upload?id=99999' }),
  upload('info with a name holding a slash', [field('fileInfo', '{"name":"a/b.jpg"}')], { path: '/api/upload?id={#photo}' }),
  upload('a photo replaced by a smaller image', [field('fileInfo', '{"caption":"replaced"}'), file('w300.jpg', 'image/jpeg')], { path: '/api/upload?id={#photo}' }),
  upload('an image replaced by a PDF', [file('tiny.pdf', 'application/pdf')], { path: '/api/upload?id={#photo}' }),
  get('the replaced file', '/api/upload/files/{#photo}'),
  upload('a replacement with two files', [file('notes.txt', 'text/plain'), file('tiny.pdf', 'application/pdf')], { path: '/api/upload?id={#photo}' }),
  upload('a replacement of a missing file', [file('notes.txt', 'text/plain')], { path: '/api/upload?id=99999' }),
  upload('an empty file as a replacement (an info change)', [file('empty.txt', 'text/plain')], { path: '/api/upload?id={#text}' }),
];

/** The media library's reads and deletes. */
const reads = [
  get('files with fields, sorted', '/api/upload/files?fields[0]=name&fields[1]=mime&sort[0]=id:asc&filters[id][$lte]=5'),
  get('files filtered by type', '/api/upload/files?filters[mime][$contains]=image&fields[0]=name&sort=id:asc&filters[id][$lte]=5'),
  get('files filtered by extension', '/api/upload/files?filters[ext][$eq]=.pdf&fields[0]=name&filters[id][$lte]=5'),
  get('files by size, descending', '/api/upload/files?sort=size:desc&fields[0]=name&fields[1]=size&filters[id][$lte]=5'),
  get('files by name then id', '/api/upload/files?sort[0]=name:asc&sort[1]=id:desc&fields[0]=name&filters[id][$lte]=5'),
  get('pagination[page] and pageSize', '/api/upload/files?pagination[page]=2&pagination[pageSize]=2&fields[0]=name&sort=id:asc&filters[id][$lte]=5'),
  get('pagination[start] and limit', '/api/upload/files?pagination[start]=1&pagination[limit]=2&fields[0]=name&sort=id:asc&filters[id][$lte]=5'),
  get('top-level start and limit', '/api/upload/files?start=1&limit=2&fields[0]=name&sort=id:asc'),
  get('a filter on $null', '/api/upload/files?filters[alternativeText][$null]=true&fields[0]=name&sort=id:asc&filters[id][$lte]=5'),
  get('a filter on a private attribute', '/api/upload/files?filters[folderPath][$eq]=/1&fields[0]=name'),
  get('a filter on an unknown attribute', '/api/upload/files?filters[nope][$eq]=1'),
  get('a sort on an unknown attribute', '/api/upload/files?sort=nope:asc'),
  get('an unknown operator', '/api/upload/files?filters[name][$foo]=1&fields[0]=name&sort=id:asc&filters[id][$lte]=3'),
  get('one file', '/api/upload/files/{#photo}'),
  get('one file with fields (ignored)', '/api/upload/files/2?fields[0]=name'),
  get('a missing file', '/api/upload/files/99999'),
  get('a file id that is no number', '/api/upload/files/abc'),
  { name: 'a file deleted', method: 'DELETE', path: '/api/upload/files/{#png}', auth: 'full' },
  get('the deleted file', '/api/upload/files/{#png}'),
  { name: 'a file deleted again', method: 'DELETE', path: '/api/upload/files/{#png}', auth: 'full' },
  { name: 'a linked file deleted (article 1 cover)', method: 'DELETE', path: '/api/upload/files/{#cover}', auth: 'full' },
  get('article 1 after its cover file was deleted', `/api/articles/1${ARTICLE_MEDIA}`),
  { name: 'a seeded file without bytes on disk deleted', method: 'DELETE', path: '/api/upload/files/4', auth: 'full' },
  { name: 'DELETE without an id', method: 'DELETE', path: '/api/upload/files', auth: 'full' },
  { name: 'PUT on a file', method: 'PUT', path: '/api/upload/files/3', auth: 'full', body: { json: {} } },
  { name: 'PUT /api/upload', method: 'PUT', path: '/api/upload', auth: 'full', body: { json: {} } },
];

/** Who may do what, and bodies that are not uploads. */
const callers = ['none', 'ro', 'custom', 'jwt', 'bad', 'no-scheme'].flatMap((auth) => [
  { ...upload(`upload as ${auth}`, [file('notes.txt', 'text/plain')]), auth },
  { ...upload(`info change as ${auth}`, [field('fileInfo', '{"caption":"x"}')], { path: '/api/upload?id=3' }), auth },
  { ...get(`files as ${auth}`, '/api/upload/files?fields[0]=name&filters[id][$lte]=3&sort=id:asc'), auth },
  { ...get(`one file as ${auth}`, '/api/upload/files/3'), auth },
  { name: `delete as ${auth}`, method: 'DELETE', path: '/api/upload/files/3', auth },
]);

const bodies = [
  upload('multipart without files', [field('fileInfo', '{"name":"x"}')]),
  upload('multipart without parts', []),
  upload('an empty file alone', [file('empty.txt', 'text/plain')]),
  upload('a files field without a filename', [field('files', 'abc')]),
  upload('an empty filename', [file('notes.txt', 'text/plain', '')]),
  { name: 'a JSON body', method: 'POST', path: '/api/upload', auth: 'full', body: { json: { files: 'x' } } },
  { name: 'a text body', method: 'POST', path: '/api/upload', auth: 'full', body: { text: 'hello', type: 'text/plain' } },
  { name: 'a form body', method: 'POST', path: '/api/upload', auth: 'full', body: { text: 'files=abc', type: 'application/x-www-form-urlencoded' } },
  { name: 'no body', method: 'POST', path: '/api/upload', auth: 'full' },
  { name: 'invalid JSON', method: 'POST', path: '/api/upload', auth: 'full', body: { text: '{nope', type: 'application/json' } },
  { name: 'a boundary that does not match', method: 'POST', path: '/api/upload', auth: 'full', body: { broken: 'wrong-boundary' } },
  { name: 'multipart without a boundary', method: 'POST', path: '/api/upload', auth: 'full', body: { broken: 'no-boundary' } },
  { name: 'a body cut inside the file', method: 'POST', path: '/api/upload', auth: 'full', body: { broken: 'truncated' } },
  { name: 'a body without its closing boundary', method: 'POST', path: '/api/upload', auth: 'full', body: { broken: 'no-closing' } },
  get('GET /api/upload', '/api/upload'),
];

/** The GraphQL mutations, over the multipart request spec, and the file queries. */
const graphql = [
  { ...gqlUpload('upload a photo', { 0: { path: 'variables.file', file: 'photo-1600x1067.jpg', type: 'image/jpeg' } }, { file: null }), as: 'gql-photo' },
  { ...gqlUpload('upload with info', { 0: { path: 'variables.file', file: 'w300.jpg', type: 'image/jpeg' } }, { file: null, info: { name: 'gql-name.jpg', alternativeText: 'gql alt', caption: 'gql caption' } }), as: 'gql-info' },
  gqlUpload('upload linked to article 3 gallery', { 0: { path: 'variables.file', file: 'w300.jpg', type: 'image/jpeg' } }, { file: null, ref: 'api::article.article', refId: '3', field: 'gallery' }),
  get('article 3 after the GraphQL link', `/api/articles/3${ARTICLE_MEDIA}`),
  gqlUpload('upload a file without a part type', { 0: { path: 'variables.file', file: 'notes.txt', type: '' } }, { file: null }),
  gqlUpload('multipleUpload of two files', { 0: { path: 'variables.files.0', file: 'w500.jpg', type: 'image/jpeg' }, 1: { path: 'variables.files.1', file: 'notes.txt', type: 'text/plain' } }, { files: [null, null] }, MULTIPLE),
  gql('multipleUpload of none', MULTIPLE, { files: [] }),
  gql('upload given null as JSON', UPLOAD, { file: null }),
  gqlUpload('upload of an empty file', { 0: { path: 'variables.file', file: 'empty.txt', type: 'text/plain' } }, { file: null }),
  gql('updateFileInfo', UPDATE_INFO, { id: '{#gql-photo}', info: { name: 'gql-renamed.jpg', alternativeText: 'gql new alt', caption: 'gql new caption' } }),
  gql('updateFileInfo of a caption only', UPDATE_INFO, { id: '{#gql-photo}', info: { caption: 'only caption' } }),
  gql('updateFileInfo of a missing file', UPDATE_INFO, { id: '99999', info: { caption: 'x' } }),
  gql('updateFileInfo without info', UPDATE_INFO, { id: '{#gql-photo}' }),
  gql('removeFile', REMOVE, { id: '{#gql-info}' }),
  gql('removeFile again', REMOVE, { id: '{#gql-info}' }),
  { ...gql('a map naming a part that is not sent', UPLOAD, { file: null }, { map: { 0: ['variables.file'] }, files: { 1: { path: 'variables.file', file: 'notes.txt', type: 'text/plain' } } }) },
  gqlUpload('a truncated JPEG', { 0: { path: 'variables.file', file: 'truncated-photo.jpg', type: 'image/jpeg' } }, { file: null }),
  gqlUpload('upload linked to a model that does not exist', { 0: { path: 'variables.file', file: 'notes.txt', type: 'text/plain' } }, { file: null, ref: 'api::nope.nope', refId: '1', field: 'cover' }),
  { name: 'multipart without operations', method: 'POST', path: '/graphql', auth: 'full', body: { multipart: [field('map', '{"0":["variables.file"]}'), { name: '0', file: 'notes.txt', type: 'text/plain' }] } },
  { name: 'operations that are not JSON', method: 'POST', path: '/graphql', auth: 'full', body: { multipart: [field('operations', '{not json'), field('map', '{"0":["variables.file"]}'), { name: '0', file: 'notes.txt', type: 'text/plain' }] } },
  gql('createUploadFile (shadow CRUD)', 'mutation { createUploadFile(data: { name: "crud.txt", hash: "crud_hash", ext: ".txt", mime: "text/plain", size: 1.5, url: "/uploads/crud_hash.txt", provider: "local" }) { data { id } } }'),
  gql('updateUploadFile (shadow CRUD)', 'mutation { updateUploadFile(id: 2, data: { caption: "crud caption" }) { data { id attributes { name caption } } } }'),
  gql('deleteUploadFile (shadow CRUD)', 'mutation { deleteUploadFile(id: 5) { data { id attributes { name url } } } }'),
  gql('uploadFiles with a limit', 'query { uploadFiles(pagination: { limit: 2 }, sort: ["id:asc"]) { data { id attributes { name } } } }'),
  gql('uploadFiles default page', 'query { uploadFiles(filters: { id: { lte: 5 } }) { data { id } meta { pagination { total page pageSize pageCount } } } }'),
  gql('uploadFile', 'query { uploadFile(id: 2) { data { id attributes { name mime formats } } } }'),
  { ...gqlUpload('upload as the public role', { 0: { path: 'variables.file', file: 'notes.txt', type: 'text/plain' } }, { file: null }), auth: 'none' },
  { ...gql('removeFile as the read-only token', REMOVE, { id: '3' }), auth: 'ro' },
  { ...gql('updateFileInfo as the custom token', UPDATE_INFO, { id: '3', info: { caption: 'x' } }), auth: 'custom' },
];

/** Every step, numbered from 0. */
export function uploadSteps() {
  return [...plain, ...infos, ...links, ...updates, ...reads, ...callers, ...bodies, ...graphql].map((step, index) => ({ index, ...step }));
}
