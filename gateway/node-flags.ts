// The Node flags the gateway's server runs with: `npm start`, `npm run start:dist`, the container
// (Dockerfile) and the benchmark's gateway children pass them all; test/gateway/node-flags.test.ts
// checks that each of those commands carries them.

/**
 * A young generation of up to 64 MB per semi-space, where V8's default is 16 MB. An answer is
 * made of many short-lived objects (loaded documents, the GraphQL result, its REST shape, its
 * JSON text); with several large answers in flight, a small young generation moves them into the
 * old generation before they die, and collecting that costs far more. Measured in one A/B run
 * each (docs/decisions.md): `populate=*` over HTTP with 8 connections 165 → 189 req/s; 100
 * entries with `populate=*`, 8 at once in process, about 40 → 50-57 req/s. The price is up to
 * about 100 MB more resident memory under load.
 */
/**
 * An old generation that grows to twice what the last full collection left alive, where V8's
 * factor is up to 4 on a machine of 2 GB or more. Under varied reads at 200,000 articles about
 * 210 MB stay alive; V8 let the heap grow to about 900 MB of mostly dead answers before
 * collecting it (docs/decisions.md has the numbers: peak resident 1,192-1,337 MB -> 803-895 MB).
 * Unlike `--max-old-space-size` it sets no ceiling: a large import still gets the heap it needs.
 */
const OLD_GENERATION_GROWTH = '--heap-growing-percent=100';

export const GATEWAY_NODE_FLAGS = ['--max-semi-space-size=64', OLD_GENERATION_GROWTH] as const;
