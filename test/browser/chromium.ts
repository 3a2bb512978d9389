// Headless Chromium for the browser tests (Debian's `chromium`, driven by playwright-core), with
// every request off this gateway's origin refused and recorded: pages must work offline. Where
// Chromium is missing the tests are skipped, loudly, so `npm test` still runs on a fresh machine.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { listen, type RunningServer } from '../../gateway/server.ts';
import { demoGateway } from '../support/demo-gateway.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

if (!hasChromium) {
  const line = '!'.repeat(100);
  console.warn(`\n${line}\n!! BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM}.\n!! Install it (apt-get update && apt-get install -y chromium) or set CHROMIUM_PATH; .ci/run does.\n${line}\n`);
}

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

export interface BrowserSession {
  base: string;
  page: Page;
  /** Requests the page tried to send anywhere but the gateway (each refused). */
  outside: string[];
  /** Console errors and uncaught exceptions of the page. */
  problems: string[];
}

/** Starts the demo gateway on a port and Chromium once per file; a fresh page per call. */
export function browserSuite(): () => Promise<BrowserSession> {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    const { gateway } = await demoGateway();
    server = await listen(gateway, 0, '127.0.0.1', { drainDeadlineMs: 1000 });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.close();
  });
  return async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const context = await browser.newContext();
    contexts.push(context);
    const outside: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${base}/`)) return route.continue();
      outside.push(url);
      return route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    return { base, page, outside, problems };
  };
}
