import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importedGame } from '../support/imported-game.js';
import { launchBrowser } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/server.js';

declare const document: { querySelector(selector: string): unknown };

/**
 * Issue 35: the iframe html /oembed gives, pasted into a page of another origin (a second loopback
 * server), shows the game's board in Chromium, and its slider moves through the versions.
 */
describe('an oEmbed iframe on another site, in a real browser', () => {
  let s: TestServer;
  let other: Server;
  let otherUrl: string;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let html = '';
  let id = '';
  beforeAll(async () => {
    s = await startTestServer();
    browser = await launchBrowser();
    ({ id } = await importedGame(s.url, 'town-center', 'embed-browser'));
    html = (
      await request(s.url)
        .get('/oembed')
        .query({ url: `${s.url}/games/${id}`, format: 'json' })
    ).body.html;
    // Another origin: a blog page on another port that pastes the oEmbed html as it came.
    other = createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html><body><h1>My blog</h1>${html}</body></html>`),
    );
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    otherUrl = `http://localhost:${(other.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => other?.close(done));
    await s?.stop();
  });

  it("shows the board inside the other site's page, and its slider replays the game", async () => {
    const page = await browser.context.newPage();
    await page.goto(otherUrl);
    const frame = page.frameLocator('iframe');
    const board = frame.locator('#board');
    await expect
      .poll(
        () =>
          board.evaluate(
            (img) =>
              (img as unknown as { complete: boolean; naturalWidth: number }).complete &&
              (img as unknown as { naturalWidth: number }).naturalWidth,
          ),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    const max = Number(await frame.locator('#slider').getAttribute('max'));
    expect(max).toBeGreaterThan(2);
    await frame.locator('#slider').fill('2');
    await expect.poll(() => board.getAttribute('src'), { timeout: 10_000 }).toBe(`/api/v1/games/${id}/board.svg?at=2&lang=en`);
    await expect.poll(() => frame.locator('#at').textContent(), { timeout: 10_000 }).toBe(`2 / ${max}`);
    await expect
      .poll(
        () =>
          board.evaluate(
            (img) =>
              (img as unknown as { complete: boolean; naturalWidth: number }).complete &&
              (img as unknown as { naturalWidth: number }).naturalWidth,
          ),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    // The embedding page and the player are of two origins: the iframe is on the game server.
    expect(new URL(page.frames()[1]!.url()).origin).toBe(s.url);
    expect(new URL(page.url()).origin).not.toBe(s.url);
    await page.close();
  });
});
