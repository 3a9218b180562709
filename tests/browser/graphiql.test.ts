import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The page's document, as page.evaluate sees it (this project's types have no DOM). */
declare const document: { querySelector(selector: string): { textContent: string | null } | null };

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
        if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith(s.url) || url.startsWith(s.url.replace('http', 'ws')))
          return void req.continue();
        elsewhere.push(url.slice(0, 120));
        void req.abort();
      });
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${s.url}/graphiql`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('.graphiql-container', { timeout: 20_000 });
      // The IDE talks to this server: its schema loads by introspection, so the docs list the Query type.
      const introspected = await page.evaluate(async () => {
        const r = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ gameTypes { id } }' }),
        });
        return (await r.json()) as { data?: { gameTypes: { id: string }[] } };
      });
      expect(introspected.data?.gameTypes.map((g) => g.id)).toContain('town-center');
      expect(elsewhere).toEqual([]); // nothing from a CDN
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('loads its schema with no token on first load: the first introspection request carries no ' +
    'Authorization header and answers 200, and the docs show the Query type', async () => {
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      const graphql: { auth: string | undefined; body: string; status: Promise<number> }[] = [];
      page.on('request', (req) => {
        if (!req.url().endsWith('/graphql') || req.method() !== 'POST') return;
        let settle!: (n: number) => void;
        const status = new Promise<number>((r) => (settle = r));
        graphql.push({ auth: req.headers().authorization, body: req.postData() ?? '', status });
        page.on('requestfinished', (done) => done === req && settle(req.response()?.status() ?? 0));
        page.on('requestfailed', (done) => done === req && settle(0));
      });
      await page.goto(`${s.url}/graphiql`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('.graphiql-container', { timeout: 20_000 });
      await expect.poll(() => graphql.length, { timeout: 20_000 }).toBeGreaterThan(0);
      const first = graphql[0]!;
      expect(first.body).toMatch(/IntrospectionQuery|__schema/);
      expect(first.auth).toBeUndefined();
      expect(await first.status).toBe(200);
      // The first query says how to add a token.
      const editor = await page.evaluate(() => document.querySelector('.graphiql-query-editor')?.textContent ?? '');
      expect(editor).toMatch(/Authorization/);
      // The docs explorer has the schema.
      await page.click('[aria-label="Show Documentation Explorer"]');
      await expect
        .poll(() => page.evaluate(() => document.querySelector('.graphiql-doc-explorer')?.textContent ?? ''), { timeout: 10_000 })
        .toMatch(/Query/);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
