// The API reference in headless Chromium with the network outside the gateway closed: Swagger UI
// loads from the gateway, lists every route of the model, and runs an example request.
import { describe, expect, it } from 'vitest';
import { browserSuite, hasChromium } from './chromium.ts';

describe.skipIf(!hasChromium)('the API reference in a browser', () => {
  const session = browserSuite();

  it('loads without the internet and lists every route of the model', async () => {
    const { base, page, outside, problems } = await session();
    await page.goto(`${base}/documentation`);
    await page.locator('.swagger-ui .info .title').waitFor();
    const routes = await page.locator('.opblock-summary-path').allInnerTexts();
    expect(routes.map((route) => route.replace(/\u200b/g, ''))).toEqual(expect.arrayContaining([
      '/api/posts', '/api/posts/{id}', '/api/writers', '/api/writers/{id}', '/api/sections', '/api/sections/{id}',
      '/api/topics', '/api/topics/{id}', '/api/magazine', '/api/upload/files', '/api/upload/files/{id}', '/graphql', '/uploads/{file}',
    ]));
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('runs a request with a nested example, sent in Strapi’s bracket syntax', async () => {
    const { base, page, outside } = await session();
    await page.goto(`${base}/documentation`);
    const operation = page.locator('#operations-Post-findPosts');
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.locator('tr[data-param-name="filters"] .examples-select select').selectOption({ label: 'Through a relation' });
    const sent = page.waitForRequest((request) => request.url().startsWith(`${base}/api/posts?`));
    await operation.getByRole('button', { name: 'Execute' }).click();
    const url = decodeURIComponent((await sent).url());
    expect(url).toContain('filters[writer][name][$containsi]=a');
    const status = operation.locator('.live-responses-table .response .response-col_status').first();
    await expect.poll(() => status.innerText()).toBe('200');
    expect(await operation.locator('.live-responses-table .response .response-col_description pre').first().innerText()).toContain('"data"');
    expect(outside).toEqual([]);
  });
});
