import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** GraphiQL in a real headless Chromium, with every request off this server refused. */
describe.runIf(existsSync(CHROMIUM))('GraphiQL in a headless browser, offline (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.stop());

  it('renders from local assets alone and runs a query against this server', async () => {
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      const elsewhere: string[] = [];
      const errors: string[] = [];
      await page.setRequestInterception(true);
      page.on('request', (req) => {
        const url = req.url();
        if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith(s.url) || url.startsWith(s.url.replace('http', 'ws'))) return void req.continue();
        elsewhere.push(url.slice(0, 120));
        void req.abort();
      });
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${s.url}/graphiql`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('.graphiql-container', { timeout: 20_000 });
      // The IDE talks to this server: its schema loads by introspection, so the docs list the Query type.
      const introspected = await page.evaluate(async () => {
        const r = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ gameTypes { id } }' }) });
        return (await r.json()) as { data?: { gameTypes: { id: string }[] } };
      });
      expect(introspected.data?.gameTypes.map((g) => g.id)).toContain('town-center');
      expect(elsewhere).toEqual([]); // nothing from a CDN
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
