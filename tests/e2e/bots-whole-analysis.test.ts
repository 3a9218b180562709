import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/engine/index.js';
import { BOT_ENV } from '../support/bots.js';
import { GraphqlClient } from '../support/clients.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Whole-game analysis (issue 21 item 6): POST /games/{id}/analysis/whole queues a background job
 * (pg-boss) that analyses every move of a finished game for the seat that played it; GET shows the
 * progress until it is done and, per move, the loss of winning chance (the preferred move's chance
 * minus the played move's), with the same figures as GET /games/{id}/analysis of that position and
 * budget; refused (403 ANALYSIS_NOT_ALLOWED) for an unfinished rated game. The same through GraphQL.
 */
const auth = (t: string) => ({ Authorization: `Bearer ${t}` });

interface Analysed {
  version: number;
  seat: number;
  choices: number;
  notation: string | null;
  chance: number | null;
  best: unknown;
  bestNotation: string | null;
  bestChance: number | null;
  loss: number | null;
}

describe('whole-game analysis (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(BOT_ENV);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('a finished game: queued, progress reaches done, every move with its loss; the figures are ' +
    'those of the single-position analysis', async () => {
    const c = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ma-petite-ville', players: [{ bot: 'greedy' }, { bot: 'random' }], seed: 'whole-analysis' });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const id = c.body.id as string;
    await expect
      .poll(async () => (await request(s.url).get(`/api/v1/games/${id}`)).body.status, { timeout: 120_000, interval: 200 })
      .toBe('finished');
    const log = (await request(s.url).get(`/api/v1/games/${id}/record`)).body.moves as {
      version?: number;
      seat: number;
      move: unknown;
      origin?: string;
    }[];
    const played = log.filter((m) => m.origin !== 'resign');

    expect((await request(s.url).get(`/api/v1/games/${id}/analysis/whole`)).status).toBe(404);
    const asked = await request(s.url).post(`/api/v1/games/${id}/analysis/whole`).send({ iterations: 25 });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body).toMatchObject({ gameId: id, iterations: 25, total: played.length, error: null });
    expect(['queued', 'running', 'done']).toContain(asked.body.status);

    // Progress only grows, and reaches done with every move analysed.
    let last = -1;
    await expect
      .poll(
        async () => {
          const r = await request(s.url).get(`/api/v1/games/${id}/analysis/whole`);
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          expect(r.body.done).toBeGreaterThanOrEqual(last);
          expect(r.body.moves.length).toBe(r.body.done);
          last = r.body.done;
          return r.body.status;
        },
        { timeout: 120_000, interval: 200 },
      )
      .toBe('done');
    const done = (await request(s.url).get(`/api/v1/games/${id}/analysis/whole`)).body as {
      done: number;
      total: number;
      moves: Analysed[];
    };
    expect(done.done).toBe(done.total);
    expect(done.moves.map((m) => m.version)).toEqual(played.map((_, i) => i + 1));
    expect(done.moves.map((m) => m.seat)).toEqual(played.map((m) => m.seat));

    const choices = done.moves.filter((m) => m.choices > 1);
    expect(choices.length).toBeGreaterThan(0);
    for (const m of done.moves) {
      if (m.choices === 1) expect(m.loss).toBe(0);
      if (m.choices > 1) {
        expect(m.chance).not.toBeNull();
        expect(m.bestChance).not.toBeNull();
        expect(m.loss).toBeCloseTo(Math.max(0, m.bestChance! - m.chance!), 12);
        expect(m.loss).toBeGreaterThanOrEqual(0);
      }
    }
    // The random seat plays some moves the search does not prefer: some loss is marked.
    expect(done.moves.some((m) => (m.loss ?? 0) > 0)).toBe(true);

    // A move's figures are those of GET /analysis at its position with the same budget (seeded alike).
    for (const m of choices.slice(0, 3)) {
      const one = await request(s.url).get(`/api/v1/games/${id}/analysis?at=${m.version - 1}&seat=${m.seat}&iterations=25`);
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      const byMove = new Map(one.body.moves.map((x: { move: unknown; chance: number | null }) => [canonicalJson(x.move), x.chance]));
      expect(canonicalJson(m.best)).toBe(canonicalJson(one.body.best));
      expect(m.bestChance).toBe(byMove.get(canonicalJson(one.body.best)));
      expect(m.chance).toBe(byMove.get(canonicalJson(played[m.version - 1]!.move)));
    }

    // GraphQL answers the same.
    const q = await new GraphqlClient(s.url).run<{ wholeAnalysis: unknown }>(
      'query($g: ID!) { wholeAnalysis(gameId: $g) { gameId iterations status total done error ' +
        'moves { version seat choices notation chance best bestNotation bestChance loss } } }',
      { g: id },
    );
    expect(q.wholeAnalysis).toEqual((await request(s.url).get(`/api/v1/games/${id}/analysis/whole`)).body);

    // Asking again answers the analysis there is (the first request's budget).
    const again = await request(s.url).post(`/api/v1/games/${id}/analysis/whole`).send({ iterations: 40 });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ ...done, gameId: id, iterations: 25, status: 'done', error: null });
  }, 240_000);

  it('refused for an unfinished game, rated or not (403 ANALYSIS_NOT_ALLOWED); bad input 400; unknown game 404', async () => {
    const a = (await request(s.url).post('/api/v1/players').send({ name: 'Ann' }).expect(201)).body as { token: string };
    const b = (await request(s.url).post('/api/v1/players').send({ name: 'Ben' }).expect(201)).body as { token: string };
    const rated = (
      await request(s.url)
        .post('/api/v1/games')
        .set(auth(a.token))
        .send({ type: 'town-center', players: [{ me: true }, { open: true }], rated: true })
        .expect(201)
    ).body;
    await request(s.url).post(`/api/v1/games/${rated.id}/join`).set(auth(b.token)).send({ inviteCode: rated.invite.code }).expect(201);
    const g = (await request(s.url).get(`/api/v1/games/${rated.id}`)).body;
    expect([g.status, g.rated]).toEqual(['active', true]);
    for (const token of [a.token, b.token, undefined]) {
      const r = await request(s.url)
        .post(`/api/v1/games/${rated.id}/analysis/whole`)
        .set(token ? auth(token) : {})
        .send({});
      expect(r.status, JSON.stringify(r.body)).toBe(403);
      expect(r.body.code).toBe('ANALYSIS_NOT_ALLOWED');
    }
    // Nothing was written: the game has no analysis.
    expect((await request(s.url).get(`/api/v1/games/${rated.id}/analysis/whole`)).status).toBe(404);

    const open = (
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'town-center', players: [{ name: 'A' }, { name: 'B' }], analysis: true })
        .expect(201)
    ).body;
    const live = await request(s.url).post(`/api/v1/games/${open.id}/analysis/whole`).set(auth(open.seats[0].token)).send({});
    expect([live.status, live.body.code]).toEqual([403, 'ANALYSIS_NOT_ALLOWED']);
    const gql = await request(s.url)
      .post('/graphql')
      .set(auth(open.seats[0].token))
      .send({ query: 'mutation($g: ID!) { analyseWholeGame(gameId: $g) { status } }', variables: { g: open.id } });
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('ANALYSIS_NOT_ALLOWED');

    const bad = await request(s.url).post(`/api/v1/games/${open.id}/analysis/whole`).send({ iterations: 0 });
    expect([bad.status, bad.body.code]).toEqual([400, 'INVALID_INPUT']);
    const extra = await request(s.url).post(`/api/v1/games/${open.id}/analysis/whole`).send({ depth: 3 });
    expect([extra.status, extra.body.code]).toEqual([400, 'INVALID_INPUT']);
    const unknown = await request(s.url).post('/api/v1/games/00000000-0000-4000-8000-000000000000/analysis/whole').send({});
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});
