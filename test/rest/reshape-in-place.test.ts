// The REST answer is shaped over the GraphQL result's own objects where it can (reshape.ts): the
// same bytes whichever executor made the result (graphql-js for a shape's first uses, graphql-jit
// after), including selections that select nothing and components, and asking again gives the
// same answer (nothing shaped is shared between requests).
import { describe, expect, it } from 'vitest';
import { COMPILE_AFTER_USES } from '../../src/graphql/compile.ts';
import { modelGateway, restRequest } from '../support/test-gateway.ts';

describe('REST answers shaped over the GraphQL result', () => {
  it.each([
    ['no field selected', '/api/articles?fields[0]=id&pagination[pageSize]=2', '{"data":[{"id":1,"attributes":{}},{"id":2,"attributes":{}}],"meta":{"pagination":{"page":1,"pageSize":2,"pageCount":3,"total":5}}}'],
    ['a relation of an entry that selects nothing', '/api/articles?fields[0]=id&populate[author][fields][0]=id&pagination[pageSize]=1', '{"data":[{"id":1,"attributes":{"author":{"data":{"id":1,"attributes":{}}}}}],"meta":{"pagination":{"page":1,"pageSize":1,"pageCount":5,"total":5}}}'],
    ['a component that selects nothing', '/api/articles?fields[0]=title&populate[seo][fields][0]=id&pagination[pageSize]=1', '{"data":[{"id":1,"attributes":{"title":"Hello World","seo":{"id":1}}}],"meta":{"pagination":{"page":1,"pageSize":1,"pageCount":5,"total":5}}}'],
  ])('%s', async (_name, path, expected) => {
    const { gateway } = await modelGateway('test/fixtures/blog', 'test/fixtures/blog-seed.json');
    for (let use = 0; use < COMPILE_AFTER_USES + 2; use++) {
      const response = await gateway.fetch(restRequest(path));
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(expected);
    }
  });

  it('gives every populated shape the same answer on every use', async () => {
    const { gateway } = await modelGateway('test/fixtures/blog', 'test/fixtures/blog-seed.json');
    const path = '/api/articles?populate[author][populate]=*&populate[blocks][populate]=*&populate[seo][populate]=*&populate[tags]=true&sort=id';
    const first = await (await gateway.fetch(restRequest(path))).text();
    expect(JSON.parse(first).data.length).toBeGreaterThan(0);
    for (let use = 0; use < COMPILE_AFTER_USES + 2; use++) expect(await (await gateway.fetch(restRequest(path))).text()).toBe(first);
  });
});
