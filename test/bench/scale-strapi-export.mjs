// Writes a bigger `strapi export` archive from a real one, for the import benchmark: every entry
// of a collection type (users included) and every component item is copied K times under new ids,
// with their links; single types, media, roles and locales stay as they are.
//   node test/bench/scale-strapi-export.mjs IN.tar.gz K OUT.tar.gz
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

const [input, times, output] = process.argv.slice(2);
const K = Number(times);
if (!input || !output || !(K >= 1)) throw new Error('usage: scale-strapi-export.mjs IN.tar.gz K OUT.tar.gz');

const files = [];
const extract = tar.extract();
createReadStream(input).pipe(createGunzip()).pipe(extract);
for await (const entry of extract) {
  const chunks = [];
  for await (const chunk of entry) chunks.push(chunk);
  files.push({ header: entry.header, body: Buffer.concat(chunks) });
}
const lines = (prefix) => files.filter((f) => f.header.name.startsWith(prefix)).flatMap((f) => f.body.toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)));
const schemas = new Map(lines('schemas/').map((s) => [s.uid, s]));
const copied = (uid) => (uid.startsWith('api::') && schemas.get(uid)?.kind === 'collectionType') || uid === 'plugin::users-permissions.user' || schemas.get(uid)?.modelType === 'component';

// The largest id of each copied type (component items found inside entities), so copies do not collide.
const maxId = new Map();
const entities = lines('entities/');
/** `uid#id` of each component item -> whether the entry holding it is copied. */
const itemCopied = new Map();
const visit = (uid, data, rootCopied) => {
  maxId.set(uid, Math.max(maxId.get(uid) ?? 0, data.id ?? 0));
  if (schemas.get(uid)?.modelType === 'component') itemCopied.set(`${uid}#${data.id}`, rootCopied);
  for (const [name, attribute] of Object.entries(schemas.get(uid)?.attributes ?? {})) {
    const value = data[name];
    if (attribute.type === 'component' && value) for (const item of [value].flat()) visit(attribute.component, item, rootCopied);
    if (attribute.type === 'dynamiczone' && Array.isArray(value)) for (const item of value) visit(item.__component, item, rootCopied);
  }
};
for (const e of entities) visit(e.type, { ...e.data, id: e.id }, copied(e.type));
const isCopied = (uid, id) => (schemas.get(uid)?.modelType === 'component' ? itemCopied.get(`${uid}#${id}`) === true : copied(uid));
const shift = (uid, id, k) => (isCopied(uid, id) ? id + k * maxId.get(uid) : id);
const shiftItems = (uid, data, k) => {
  const out = { ...data };
  if (out.id !== undefined && schemas.get(uid)?.modelType === 'component') out.id = shift(uid, out.id, k);
  if (k === 0) return out;
  for (const [name, attribute] of Object.entries(schemas.get(uid)?.attributes ?? {})) {
    const value = out[name];
    if (attribute.type === 'component' && value) out[name] = Array.isArray(value) ? value.map((i) => shiftItems(attribute.component, i, k)) : shiftItems(attribute.component, value, k);
    if (attribute.type === 'dynamiczone' && Array.isArray(value)) out[name] = value.map((i) => shiftItems(i.__component, i, k));
  }
  return out;
};

const jsonl = (rows) => Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
const scaledEntities = [];
for (const e of entities) {
  for (let k = 0; k < (copied(e.type) ? K : 1); k++) scaledEntities.push({ type: e.type, id: shift(e.type, e.id, k), data: shiftItems(e.type, e.data, k) });
}
const scaledLinks = [];
for (const l of lines('links/')) {
  const owner = l.left.type === 'plugin::upload.file' ? l.right : l.left;
  for (let k = 0; k < (isCopied(owner.type, owner.ref) ? K : 1); k++) {
    scaledLinks.push({ ...l, left: { ...l.left, ref: shift(l.left.type, l.left.ref, k) }, right: { ...l.right, ref: shift(l.right.type, l.right.ref, k) } });
  }
}

const pack = tar.pack();
const writing = pipeline(pack, createGzip(), createWriteStream(output));
// All scaled rows go in the first file of their folder; its other files are dropped.
const written = new Set();
for (const { header, body } of files) {
  const folder = ['entities/', 'links/'].find((prefix) => header.name.startsWith(prefix));
  if (folder && written.has(folder)) continue;
  if (folder) written.add(folder);
  const replaced = folder === 'entities/' ? jsonl(scaledEntities) : folder === 'links/' ? jsonl(scaledLinks) : body;
  pack.entry({ ...header, size: replaced.length }, replaced);
}
pack.finalize();
await writing;
console.log(`${output}: ${scaledEntities.length} entities, ${scaledLinks.length} links`);
