// The README's receiver code is the code the tests verify signatures with: the file is quoted in
// the README's Webhooks section word for word.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it("quotes test/fixtures/webhooks/verify-webhook.mjs in the README's Webhooks section", () => {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Webhooks'), readme.indexOf('\n## ', readme.indexOf('## Webhooks') + 1));
  expect(section).toContain(readFileSync('test/fixtures/webhooks/verify-webhook.mjs', 'utf8').trimEnd());
});
