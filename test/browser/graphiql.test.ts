// GraphiQL in headless Chromium with the network outside the gateway closed: the page and its
// editor load from the gateway alone, and a query typed into it runs and shows its data.
import { describe, expect, it } from 'vitest';
import { browserSuite, hasChromium } from './chromium.ts';

describe.skipIf(!hasChromium)('GraphiQL in a browser', () => {
  const session = browserSuite();

  it('loads without the internet and runs a typed query', async () => {
    const { base, page, outside, problems } = await session();
    await page.goto(`${base}/graphql`);
    expect(await page.title()).toBe('Content API · GraphiQL');
    const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('{ writers(sort: "name:asc") { data { attributes { name } } } }');
    await page.locator('.graphiql-execute-button').click();
    const result = page.locator('.graphiql-response');
    await result.getByText('Mira Okafor').waitFor();
    const shown = (await result.innerText()).replace(/\u00a0/g, ' '); // Monaco draws spaces as no-break spaces
    expect(shown.indexOf('Jonas Weber')).toBeLessThan(shown.indexOf('Mira Okafor'));
    expect(shown.indexOf('Mira Okafor')).toBeLessThan(shown.indexOf('Priya Raman'));
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });
});
