import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The game page in a real Chromium: a rated game shows its players' ratings and expected chances
 * (GET /games/{id}/chances), and an expired game says so.
 */
describe('the game page: ratings and chances, expired games', () => {
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
  const newPlayer = async (name: string) =>
    (await request(s.url).post('/api/v1/players').send({ name }).expect(201)).body as { id: string; token: string };

  it("a rated game between two new players shows each one's rating as new and a 50% chance; an unrated game shows no panel", async () => {
    const ada = await newPlayer('Ada');
    const bob = await newPlayer('Bob');
    const g = (
      await request(s.url)
        .post('/api/v1/games')
        .set('Authorization', `Bearer ${ada.token}`)
        .send({ type: 'town-center', players: [{ me: true }, { open: true }] })
        .expect(201)
    ).body as { id: string; invite: { code: string } };
    await request(s.url)
      .post(`/api/v1/games/${g.id}/join`)
      .set('Authorization', `Bearer ${bob.token}`)
      .send({ inviteCode: g.invite.code })
      .expect(201);
    expect((await request(s.url).get(`/api/v1/games/${g.id}`)).body).toMatchObject({ rated: true, status: 'active' });
    const page = await browser.context.newPage();
    await page.goto(`${s.url}/games/${g.id}`);
    await poll(() => page.locator('#chances-list li').count()).toBe(2);
    expect(await page.locator('#chances').isVisible()).toBe(true);
    const rows = await page.locator('#chances-list li').allTextContents();
    expect(rows).toEqual(['Ada: rating new, expected chance of winning 50%', 'Bob: rating new, expected chance of winning 50%']);

    const unrated = (
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'town-center', players: [{ name: 'X' }, { name: 'Y' }] })
        .expect(201)
    ).body as { id: string };
    await page.goto(`${s.url}/games/${unrated.id}`);
    await poll(() => page.locator('#status').textContent()).toContain('To move');
    expect(await page.locator('#chances').isVisible()).toBe(false);
    await page.close();
  });

  it('an expired game says it expired', async () => {
    const ada = await newPlayer('Ann');
    const g = (
      await request(s.url)
        .post('/api/v1/games')
        .set('Authorization', `Bearer ${ada.token}`)
        .send({ type: 'town-center', players: [{ me: true }, { open: true }] })
        .expect(201)
    ).body as { id: string };
    s.expiry.now = () => new Date(Date.now() + (s.config.lobbyExpiryDays + 1) * 86_400_000);
    expect((await s.expiry.sweep()).expired).toContain(g.id);
    const page = await browser.context.newPage();
    await page.goto(`${s.url}/games/${g.id}`);
    await poll(() => page.locator('#status').textContent()).toContain('This game expired');
    expect(await page.locator('#waiting').isVisible()).toBe(false);
    await page.close();
  });
});
