import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  // graphql ships CJS and ESM builds; dependencies load the CJS one under Node, so tests must
  // too, or graphql-js sees two copies of itself ("Cannot use GraphQLSchema from another realm").
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Gateways the tests start (in process or as children, which inherit it) keep their embedded
    // store in memory, never in the repository's .data/; tests about the data folder give --data.
    env: { DATA_DIR: ':memory:' },
  },
});
