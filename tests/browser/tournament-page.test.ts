import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** A tournament's page in a real Chromium: its summary, standings, and round 1's tables linking their games. */
describe("a tournament's page", () => {
  let s: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    s = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });
  const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 50 });

  it('a round robin of 3 players: its summary, 3 standings rows, round 1 with a game link and a bye; in French too', async () => {
    const ps = [];
    for (const name of ['Ana', 'Ben', 'Cleo'])
      ps.push((await request(s.url).post('/api/v1/players').send({ name }).expect(201)).body as { token: string });
    const auth = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });
    const t = (
      await request(s.url)
        .post('/api/v1/tournaments')
        .set(auth(ps[0]!))
        .send({
          name: 'Spring cup',
          game: 'town-center',
          format: 'round-robin',
          seatsPerGame: 2,
          startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        })
        .expect(201)
    ).body as { id: string; page: string };
    for (const p of ps) await request(s.url).post(`/api/v1/tournaments/${t.id}/join`).set(auth(p)).expect(200);
    await request(s.url).post(`/api/v1/tournaments/${t.id}/start`).set(auth(ps[0]!)).expect(200);
    const game = async () =>
      (await request(s.url).get(`/api/v1/tournaments/${t.id}`)).body.roundsPlayed[0]?.tables.find((x: { bye: boolean }) => !x.bye)?.gameId;
    await poll(game).toBeTruthy();
    const gameId = (await game()) as string;

    const page = await browser.context.newPage();
    await page.goto(`${s.url}${new URL(t.page, s.url).pathname}?lang=en`);
    await poll(() => page.locator('#title').textContent()).toBe('Spring cup');
    expect(await page.locator('#summary').textContent()).toMatch(/^Round robin of .+, 3 rounds, 2 players a table, rated\.$/);
    expect(await page.locator('#status').textContent()).toBe('Being played.');
    expect(await page.locator('#standings tbody tr').count()).toBe(3);
    expect(await page.locator('#rounds h3').first().textContent()).toBe('Round 1 of 3');
    expect(await page.locator(`#rounds a[href="/games/${gameId}"]`).count()).toBe(1);
    expect(await page.locator('#rounds li', { hasText: 'has a bye' }).count()).toBe(1);

    await page.goto(`${s.url}/tournaments/${t.id}?lang=fr`);
    await poll(() => page.locator('#standings-h').textContent()).toBe('Classement');
    await poll(() => page.locator('#summary').textContent()).toMatch(/^Toutes rondes de /);
    await page.goto(`${s.url}/tournaments/00000000-0000-4000-8000-000000000000?lang=en`);
    await poll(() => page.locator('#error').textContent()).toBe('There is no such tournament.');
    await page.close();
  });
});
