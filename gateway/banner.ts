// What start-up prints for a person: a URL a browser can open, where each part of the gateway
// is, and what the store holds. Pure: facts in, lines out.

export interface BannerFacts {
  host: string;
  port: number;
  store: 'MongoDB' | 'the embedded store';
  graphiql: boolean;
  docs: boolean;
  metrics: boolean;
  /** The uploads folder, absolute, and whether it exists. */
  uploads: { dir: string; exists: boolean };
  mediaUrl?: string;
  /** An example REST path (`/api/posts`), when the model has a collection type. */
  restExample?: string;
  /** The public role may do nothing (a start with no data): say how to grant access. */
  publicMayDoNothing?: boolean;
}

/** `0.0.0.0` and `::` listen everywhere but are not addresses a browser can open. */
export function browserUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function startupBanner(facts: BannerFacts): string[] {
  const url = browserUrl(facts.host, facts.port);
  const row = (label: string, text: string) => `  ${label.padEnd(15)}${text}`;
  return [
    `gateway listening on ${url} on ${facts.store}`,
    row('REST', `${url}${facts.restExample ?? '/api'}`),
    row('GraphQL', `${url}/graphql${facts.graphiql ? '  (GraphiQL: open it in a browser)' : '  (GraphiQL off: --graphiql turns it on)'}`),
    row('API reference', facts.docs ? `${url}/documentation  (OpenAPI: ${url}/documentation/openapi.json)` : `${url}/documentation/openapi.json  (the page is off: --docs turns it on)`),
    row('media', facts.mediaUrl
      ? `URLs under ${facts.mediaUrl}; ${facts.uploads.exists ? `files also at ${url}/uploads/ from ${facts.uploads.dir}` : 'no local folder'}`
      : facts.uploads.exists ? `${url}/uploads/ from ${facts.uploads.dir}` : `${facts.uploads.dir} not found yet: the first upload makes it (--uploads DIR)`),
    row('operations', `${url}/_health  ${url}/_health/live${facts.metrics ? `  ${url}/metrics` : ''}`),
    ...(facts.publicMayDoNothing ? [row('access', ACCESS_HINT)] : []),
  ];
}

/** How to grant access to a gateway whose public role may do nothing. */
export const ACCESS_HINT =
  "the public role may do nothing yet: grant it with a seed's roles (--seed FILE, docs/seed.md), or make an API token " +
  '(gateway stopped: API_TOKEN_SALT=... npm run token -- create --name web --type read-only)';

/** `posts 12, writers 4, magazine 1`. */
export function countsLine(counts: ReadonlyArray<readonly [name: string, count: number]>): string {
  return counts.map(([name, count]) => `${name} ${count}`).join(', ') || 'nothing';
}
