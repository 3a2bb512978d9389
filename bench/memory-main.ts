// `npx tsx bench/memory-main.ts`: the gateway as a child process on the demo data, sent distinct
// ~1 MB GraphQL documents and then distinct REST URLs over loopback; prints its resident memory
// (VmRSS) at start, after the documents and after the URLs, and the answers' statuses (issue 18).
import { parseArgs } from 'node:util';
import { startGatewayProcess, type GatewayProcess } from './processes/gateway-process.ts';

const USAGE = `usage: npx tsx bench/memory-main.ts [--documents N] [--document-bytes N] [--urls N]
  [--concurrency N] [--port P] [--config FILE]`;

const { values } = parseArgs({
  options: {
    documents: { type: 'string' }, 'document-bytes': { type: 'string' }, urls: { type: 'string' },
    concurrency: { type: 'string' }, port: { type: 'string' }, config: { type: 'string' },
  },
});
const count = (name: keyof typeof values, fallback: number): number => {
  const value = values[name] === undefined ? fallback : Number(values[name]);
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`--${name} must be a whole number; got ${values[name]}\n${USAGE}`);
  return value;
};
const documents = count('documents', 2_000);
const documentBytes = count('document-bytes', 1_000_000);
const urls = count('urls', 50_000);
const concurrency = Math.max(1, count('concurrency', 4));
const port = count('port', 1690);
/** The demo data: the conformance fixture's seed. */
const DATASET = 'test/fixtures/blog-seed.json';

/** One distinct document of about `bytes`: a single long string literal, one token for the token limit. */
function documentBody(i: number, bytes: number): string {
  const literal = `${i}-`.padEnd(bytes, 'x');
  return JSON.stringify({ query: `query Q${i} { articles(filters: { title: { eq: "${literal}" } }) { data { id } } }` });
}

/** One distinct, valid REST URL: a filter that matches every entry, so its answer is content. */
function restUrl(i: number): string {
  return `/api/articles?fields[0]=title&filters[title][$ne]=u${i}`;
}

/** Runs `total` requests, `concurrency` at a time; counts the answers' statuses. */
async function send(total: number, request: (i: number) => Promise<Response>): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const response = await request(next++);
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

async function report(gateway: GatewayProcess, label: string, statuses?: Record<number, number>): Promise<void> {
  // A moment for the answers' garbage to be collected; what stays is what the process holds.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const memory = await gateway.memory();
  const rss = memory ? `${memory.rssMb.toFixed(0)} MiB resident (peak ${memory.peakRssMb.toFixed(0)} MiB)` : 'resident size unknown (no /proc)';
  console.log(`${label.padEnd(32)} ${rss}${statuses ? `; statuses ${JSON.stringify(statuses)}` : ''}`);
}

if (values.config) process.env.GATEWAY_CONFIG = values.config;
const gateway = await startGatewayProcess({ dataset: DATASET, port, responseCache: 'on' });
try {
  await report(gateway, 'start');
  const graphql = await send(documents, (i) =>
    fetch(`${gateway.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: documentBody(i, documentBytes) }),
  );
  await report(gateway, `after ${documents} documents`, graphql);
  const rest = await send(urls, (i) => fetch(`${gateway.url}${restUrl(i)}`));
  await report(gateway, `after ${urls} REST URLs`, rest);
} finally {
  await gateway.stop();
}
