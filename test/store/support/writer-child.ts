// A child process for the crash test: holds the data folder as a gateway does, writes entries
// through the store's write() from 16 concurrent callers, and prints each id once its write is
// acknowledged, until it is killed. Each write is an entry with its component and a relation to
// the previous one, both sides, so a half-applied write would show.
import { openDataFolder } from '../../../src/store/sqlite/data-folder.ts';

const [dir, firstArg] = process.argv.slice(2);
const { store } = openDataFolder(dir);
await store.ensureIndexes('entries', [{ keys: { slug: 1 }, unique: true, name: 'slug_unique' }]);
let next = Number(firstArg);
const caller = async () => {
  for (;;) {
    const id = next++;
    await store.write([
      { op: 'put', collection: 'entries', doc: { id, slug: `entry-${id}`, at: new Date(), seo: { id, metaTitle: `meta ${id}` }, links: [id - 1] } },
      { op: 'put', collection: 'backlinks', doc: { id, of: id, entries: [id] } },
    ]);
    process.stdout.write(`${id}\n`);
  }
};
process.stdout.write('ready\n');
await Promise.all(Array.from({ length: 16 }, caller));
