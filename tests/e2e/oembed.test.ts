import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importedGame } from '../support/imported-game.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Issue 35, embeds and oEmbed: /oembed answers oEmbed 1.0's rich type for this server's game pages
 * (an iframe of /embed/games/{id}, sized within maxwidth/maxheight, the board as a PNG thumbnail),
 * 404 for a URL it does not embed and 501 for a format other than json; the embed page frames
 * anywhere, sets no cookie and carries no token; the game page names its oEmbed document.
 */
let s: TestServer;
let id: string;
let host: string;
beforeAll(async () => {
  s = await startTestServer();
  host = new URL(s.url).host;
  ({ id } = await importedGame(s.url, 'ville-de-demain', 'oembed'));
});
afterAll(async () => {
  await s?.stop();
});

describe('oEmbed and embeds', () => {
  it('a game page URL gets a rich oEmbed document: an iframe of the embed, no token, a PNG thumbnail', async () => {
    const r = await request(s.url)
      .get('/oembed')
      .query({ url: `${s.url}/games/${id}`, format: 'json' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.body).toMatchObject({
      version: '1.0',
      type: 'rich',
      width: 600,
      height: 720,
      provider_name: 'City-building games',
      title: 'La Ville de Demain: Ann, Bob',
    });
    expect(r.body.html).toBe(
      `<iframe src="${s.url}/embed/games/${id}" width="600" height="720" title="La Ville de ` +
        `Demain: Ann, Bob" style="border:0" loading="lazy" referrerpolicy="no-referrer" ` +
        `sandbox="allow-scripts allow-same-origin allow-popups"></iframe>`,
    );
    expect(r.body.html).not.toMatch(/token|Bearer|gl1\./);
    const png = await request(s.url).get(new URL(r.body.thumbnail_url).pathname).buffer(true);
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect((png.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
    expect((png.body as Buffer).readUInt32BE(16)).toBe(r.body.thumbnail_width);
    expect((png.body as Buffer).readUInt32BE(20)).toBe(r.body.thumbnail_height);
  });

  it('width and height stay within maxwidth and maxheight; a replay URL keeps its version', async () => {
    const r = await request(s.url)
      .get('/oembed')
      .query({ url: `${s.url}/games/${id}?at=3`, maxwidth: 300, maxheight: 1000 });
    expect(r.status).toBe(200);
    expect(r.body.width).toBeLessThanOrEqual(300);
    expect(r.body.height).toBeLessThanOrEqual(1000);
    expect(r.body).toMatchObject({ width: 300, height: 360 });
    expect(r.body.html).toContain(`/embed/games/${id}?at=3`);
    if (r.body.thumbnail_width !== undefined) expect(r.body.thumbnail_width).toBeLessThanOrEqual(300);
  });

  it('404 for a URL it does not embed, 501 for a format it does not give, 400 without url', async () => {
    for (const url of [
      `https://elsewhere.example/games/${id}`,
      `${s.url}/`,
      `${s.url}/games/not-a-game`,
      'not a url',
      `ftp://${host}/games/${id}`,
    ]) {
      const r = await request(s.url).get('/oembed').query({ url, format: 'json' });
      expect(r.status, url).toBe(404);
      expect(r.body.code).toBe('NOT_FOUND');
    }
    const unknown = await request(s.url)
      .get('/oembed')
      .query({ url: `${s.url}/games/00000000-0000-4000-8000-000000000000` });
    expect(unknown.status).toBe(404);
    const xml = await request(s.url)
      .get('/oembed')
      .query({ url: `${s.url}/games/${id}`, format: 'xml' });
    expect(xml.status).toBe(501);
    expect(xml.body).toMatchObject({ code: 'NOT_IMPLEMENTED' });
    expect((await request(s.url).get('/oembed')).status).toBe(400);
  });

  it('the embed page frames on any site, sets no cookie, carries no token; the game page has the discovery link', async () => {
    const r = await request(s.url).get(`/embed/games/${id}?at=2&theme=dark&lang=fr`);
    expect(r.status).toBe(200);
    expect(r.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(r.headers['x-frame-options']).toBeUndefined();
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(r.text).toContain(`/api/v1/games/${id}/board.svg?at=2&amp;lang=fr`);
    expect(r.text).toContain('class="embed theme-dark"');
    expect(r.text).not.toMatch(/token|Bearer/i);
    expect((await request(s.url).get(`/embed/games/${id}?theme=pink`)).status).toBe(400);
    expect((await request(s.url).get('/embed/games/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const page = await request(s.url).get(`/games/${id}`);
    const href = `/oembed?url=${encodeURIComponent(`${s.url}/games/${id}`)}&amp;format=json`;
    expect(page.text).toContain(`<link rel="alternate" type="application/json+oembed" href="${href}" title="oEmbed">`);
  });
});
