import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * A tournament's web page (issue 34 item 3): GET /tournaments/{id} serves the page that reads the
 * tournament's REST answer, and that answer links it (`page`), as GraphQL's does.
 */
describe("a tournament's page (end-to-end)", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ PUBLIC_URL: 'https://games.example' });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('the REST answer links the page under PUBLIC_URL; the page is HTML with its script and words; GraphQL links it too', async () => {
    const p = (await request(s.url).post('/api/v1/players').send({ name: 'Ana' }).expect(201)).body as { token: string };
    const created = await request(s.url)
      .post('/api/v1/tournaments')
      .set('Authorization', `Bearer ${p.token}`)
      .send({
        name: 'Winter Swiss',
        game: 'town-center',
        format: 'swiss',
        rounds: 3,
        seatsPerGame: 2,
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body.page).toBe(`https://games.example/tournaments/${id}`);
    expect((await request(s.url).get(`/api/v1/tournaments/${id}`).expect(200)).body.page).toBe(created.body.page);

    const html = await request(s.url).get(`/tournaments/${id}`).expect(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['content-security-policy']).toContain("script-src 'self'");
    expect(html.text).toContain('<script type="module" src="/assets/tournament.js"></script>');
    expect(html.text).toContain('data-i18n="tournament.standings"');
    const js = await request(s.url).get('/assets/tournament.js').expect(200);
    expect(js.text).toContain('/tournaments/${encodeURIComponent(id)}');
    for (const lang of ['en', 'fr']) {
      const words = (await request(s.url).get(`/assets/i18n/${lang}.json`).expect(200)).body as Record<string, string>;
      expect(words['tournament.standings'], lang).toBeTruthy();
    }

    // Its time control reaches its games: a weekend-paused tournament makes weekend-paused games.
    const weekly = await request(s.url)
      .post('/api/v1/tournaments')
      .set('Authorization', `Bearer ${p.token}`)
      .send({
        name: 'Weekend rest',
        game: 'town-center',
        format: 'round-robin',
        seatsPerGame: 2,
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        timeControl: { initialSeconds: 86_400, incrementSeconds: 3600, maxSeconds: 172_800, pauseOnWeekends: true },
      })
      .expect(201);
    expect(weekly.body.timeControl).toMatchObject({ pauseOnWeekends: true });
    for (const name of ['Ben', 'Cleo']) {
      const q = (await request(s.url).post('/api/v1/players').send({ name }).expect(201)).body as { token: string };
      await request(s.url).post(`/api/v1/tournaments/${weekly.body.id}/join`).set('Authorization', `Bearer ${q.token}`).expect(200);
    }
    await request(s.url).post(`/api/v1/tournaments/${weekly.body.id}/start`).set('Authorization', `Bearer ${p.token}`).expect(200);
    const gameOf = async () => (await request(s.url).get(`/api/v1/tournaments/${weekly.body.id}`)).body.roundsPlayed[0]?.tables[0]?.gameId;
    await expect.poll(gameOf, { timeout: 20_000 }).toBeTruthy();
    expect(
      (
        await request(s.url)
          .get(`/api/v1/games/${await gameOf()}`)
          .expect(200)
      ).body.timeControl,
    ).toEqual({
      initialSeconds: 86_400,
      incrementSeconds: 3600,
      maxSeconds: 172_800,
      pauseOnWeekends: true,
    });

    const gql = await request(s.url)
      .post('/graphql')
      .send({ query: `{ tournament(id: "${id}") { page name } }` });
    expect(gql.body.data?.tournament, JSON.stringify(gql.body)).toEqual({ page: created.body.page, name: 'Winter Swiss' });
  });
});
