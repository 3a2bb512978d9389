// Benchmark: the 3-level query of test/graphql/batching.test.ts over growing blogs, with the
// request's DataLoaders batching (as served) and with batching off (the N+1 pattern), in one run.
//   npm run bench:batching
import { execute, parse } from 'graphql';
import { contentAction } from '../src/access/actions.ts';
import { createRole } from '../src/auth/roles.ts';
import { buildGraphQLSchema } from '../src/graphql/build-schema.ts';
import { createLoaders } from '../src/query/loaders.ts';
import { AccessPolicy } from '../src/access/access.ts';
import { requestBase } from '../src/operations/scope.ts';
import { loadContentModel } from '../src/model/load.ts';
import { EmbeddedStore } from '../src/store/embedded-store.ts';
import { CountingStore } from '../test/support/counting-store.ts';
import { fillBlog } from '../test/support/generated-blog.ts';

const QUERY = parse(`{
  articles(pagination: { pageSize: 100 }) { data { attributes {
    title
    category { data { attributes { name } } }
    author { data { attributes { name avatar { data { attributes { url } } }
      articles(pagination: { limit: 100 }) { data { attributes { title tags { data { attributes { name } } } } } } } } }
  } } }
}`);

const model = await loadContentModel('test/fixtures/blog');
const schema = buildGraphQLSchema(model);
const role = createRole('bench', [...model.contentTypes.keys()].map((uid) => contentAction(uid, 'find')));
const locales = { codes: ['en'], defaultLocale: 'en' };

async function measure(store: CountingStore, batch: boolean, runs: number) {
  let calls = 0;
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    store.reset();
    const base = requestBase({ model, store, access: new AccessPolicy(model).forRole(role), locales });
    const contextValue = { ...base, loaders: createLoaders(model, store, base.access, { batch }) };
    const result = await execute({ schema, document: QUERY, contextValue });
    if (result.errors) throw result.errors[0];
    calls = store.calls.length;
  }
  return { calls, ms: (performance.now() - started) / runs };
}

console.log('articles | store calls batched | unbatched | ms batched | ms unbatched | time ratio');
for (const articles of [100, 1000, 5000]) {
  const store = new CountingStore(new EmbeddedStore());
  await fillBlog(store, { articles });
  await measure(store, true, 1); // warm-up
  const batched = await measure(store, true, 5);
  const unbatched = await measure(store, false, 2);
  console.log(
    [articles, batched.calls, unbatched.calls, batched.ms.toFixed(1), unbatched.ms.toFixed(1), `${(unbatched.ms / batched.ms).toFixed(1)}x`].join(' | '),
  );
}
