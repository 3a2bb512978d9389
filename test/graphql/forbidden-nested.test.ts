// A GraphQL document nesting a relation the caller may not read -> Strapi v4.25's answer, recorded
// from it on the conformance fixture (run on the project's copy): the field null, one FORBIDDEN
// error per place it was asked, without path or locations, `extensions.error` before `code`;
// compared as text order too.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keyOrder } from '../support/strapi-answers.ts';
import { BLOG_MODEL, BLOG_SEED, graphqlRequest, modelGateway } from '../support/test-gateway.ts';

const recorded: { cases: Array<{ name: string; query: string; strapi: unknown }> } = JSON.parse(readFileSync('test/fixtures/graphql/forbidden-nested.json', 'utf8'));

describe('a relation the caller may not read, nested in a GraphQL document', () => {
  it.each(recorded.cases.map((one) => [one.name, one] as const))('%s, as Strapi answers', async (_name, one) => {
    const { gateway } = await modelGateway(BLOG_MODEL, BLOG_SEED);
    for (let request = 1; request <= 3; request++) {
      const body = await (await gateway.fetch(graphqlRequest(one.query))).json();
      expect(body, `request ${request}`).toEqual(one.strapi);
      expect(keyOrder(body), `request ${request}`).toEqual(keyOrder(one.strapi));
    }
  });
});
