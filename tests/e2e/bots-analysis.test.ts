import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyMove, canonicalHash, canonicalJson, chooseMove, seatKnowledge, type GameEvent, type Move } from '../../src/engine/index.js';
import { botFor } from '../../src/games/bots.js';
import { defaultRegistry } from '../../src/games/index.js';
import { BOT_ENV } from '../support/bots.js';
import { perturb } from '../support/perturb.js';
import { replayJsonRecord, type AnyRecord } from '../../src/app/text-record.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Analysis (issue 21 item 6): GET /games/{id}/analysis?at=N&seat=S answers, for the position after
 * version N as seat S saw it, every legal move's visits and chance to win from a seeded ISMCTS search,
 * and agrees with a direct search of the same budget and seed; refused (403 ANALYSIS_NOT_ALLOWED)
 * for an unfinished game created without analysis, and while it runs for anyone but the seat.
 */
const registry = defaultRegistry();
const auth = (t: string) => ({ Authorization: `Bearer ${t}` });

describe('analysis (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(BOT_ENV);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('a finished game: every legal move at the chosen version with its chance, the same as a ' +
    'direct search of the same budget and seed', async () => {
    const c = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'town-center', players: [{ bot: 'greedy' }, { bot: 'random' }], seed: 'analysis' });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const id = c.body.id as string;
    await vi.waitFor(async () => expect((await request(s.url).get(`/api/v1/games/${id}`)).body.status).toBe('finished'), {
      timeout: 120_000,
      interval: 200,
    });
    const record = (await request(s.url).get(`/api/v1/games/${id}/record`)).body as {
      seed: string;
      options: Record<string, never>;
      players: unknown[];
      moves: { seat: number; move: Move }[];
    };
    const AT = 6;
    const game = registry.current('town-center')!;
    let state = game.setup({ players: 2, options: record.options, seed: record.seed });
    const events: GameEvent[] = [];
    for (const m of record.moves.slice(0, AT)) {
      const r = applyMove(game, state, m.move, m.seat);
      if (!r.ok) throw new Error(r.error.message);
      state = r.value.state;
      events.push(...r.value.events);
    }
    const seat = game.toMove(state)[0]!;
    const legal = game.legalMoves(state, seat);
    expect(legal.length).toBeGreaterThan(1);

    const r = await request(s.url).get(`/api/v1/games/${id}/analysis?at=${AT}&seat=${seat}&iterations=150&seed=fixed`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ version: AT, seat, level: 'ismcts', iterations: 150, seed: 'fixed' });
    expect(r.body.moves.map((x: { move: Move }) => canonicalJson(x.move)).sort()).toEqual(legal.map((m) => canonicalJson(m)).sort());
    for (const x of r.body.moves) expect(typeof x.notation).toBe('string');

    const k = seatKnowledge(game, state, events, seat);
    const direct = chooseMove(game, botFor('town-center')!, {
      ...k,
      level: 'ismcts',
      seed: 'fixed',
      legal,
      iterations: 150,
      exhaustive: true,
    });
    expect(canonicalJson(r.body.best)).toBe(canonicalJson(direct.move));
    expect(r.body.searched).toBe(direct.iterations);
    const byMove = new Map(direct.stats!.map((x) => [canonicalJson(x.move), x]));
    for (const x of r.body.moves) {
      const d = byMove.get(canonicalJson(x.move));
      expect([x.visits, x.chance]).toEqual([d?.visits ?? 0, d ? d.value : null]);
    }
    // The same request, the same answer.
    expect((await request(s.url).get(`/api/v1/games/${id}/analysis?at=${AT}&seat=${seat}&iterations=150&seed=fixed`)).body).toEqual(r.body);
  }, 180_000);

  it('unchanged when the hidden state the seat could not see is perturbed (the stored state at that version replaced)', async () => {
    const c = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ bot: 'greedy' }, { bot: 'greedy' }], seed: 'analysis-hidden' });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const id = c.body.id as string;
    await vi.waitFor(async () => expect((await request(s.url).get(`/api/v1/games/${id}`)).body.status).toBe('finished'), {
      timeout: 120_000,
      interval: 200,
    });
    const record = (await request(s.url).get(`/api/v1/games/${id}/record`)).body as AnyRecord;
    const AT = 5;
    const state = replayJsonRecord(registry, record).before[AT]!;
    const game = registry.current('ville-de-demain')!;
    const seat = game.toMove(state)[0]!;
    const ask = async () => {
      const r = await request(s.url).get(`/api/v1/games/${id}/analysis?at=${AT}&seat=${seat}&iterations=80&seed=hidden`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };
    const before = await ask();
    expect(before.moves.length).toBeGreaterThan(0);
    const changed = perturb('ville-de-demain', state, seat, 'analysis-perturbation');
    expect(canonicalHash(changed)).not.toBe(canonicalHash(state));
    expect(canonicalJson(game.view(changed, seat))).toBe(canonicalJson(game.view(state, seat)));
    const db = new pg.Client({ connectionString: s.db.url });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO snapshots (game_id, version, state, state_hash) VALUES ($1, $2, $3::jsonb, $4)
                      ON CONFLICT (game_id, version) DO UPDATE SET state = EXCLUDED.state, state_hash = EXCLUDED.state_hash`,
        [id, AT, JSON.stringify(changed), canonicalHash(changed)],
      );
    } finally {
      await db.end();
    }
    s.service.clearCache();
    expect(await s.service.stateHash(id, AT)).toBe(canonicalHash(changed)); // the analysis now starts from the perturbed state
    expect(await ask()).toEqual(before);
  }, 180_000);

  it(
    'refused for an unfinished game created without analysis; with analysis: true, only the ' +
      'seat itself asks while it runs; bad inputs 400',
    async () => {
      const plain = await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'town-center', players: [{ name: 'Ann' }, { name: 'Ben' }] });
      const refused = await request(s.url).get(`/api/v1/games/${plain.body.id}/analysis?at=0&seat=0`).set(auth(plain.body.seats[0].token));
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('ANALYSIS_NOT_ALLOWED');

      const open = await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'town-center', players: [{ name: 'Ann' }, { name: 'Ben' }], analysis: true });
      expect((await request(s.url).get(`/api/v1/games/${open.body.id}`)).body.analysis).toBe(true);
      const mine = await request(s.url)
        .get(`/api/v1/games/${open.body.id}/analysis?at=0&seat=0&iterations=20`)
        .set(auth(open.body.seats[0].token));
      expect(mine.status, JSON.stringify(mine.body)).toBe(200);
      expect(mine.body.moves.length).toBeGreaterThan(0);
      const other = await request(s.url).get(`/api/v1/games/${open.body.id}/analysis?at=0&seat=0`).set(auth(open.body.seats[1].token));
      expect(other.status).toBe(403);
      expect(other.body.code).toBe('ANALYSIS_NOT_ALLOWED');
      expect((await request(s.url).get(`/api/v1/games/${open.body.id}/analysis?at=0&seat=0`)).body.code).toBe('ANALYSIS_NOT_ALLOWED');

      for (const q of ['at=0', 'at=99&seat=0', 'at=0&seat=0&iterations=0', 'at=0&seat=0&iterations=999999']) {
        const bad = await request(s.url).get(`/api/v1/games/${open.body.id}/analysis?${q}`).set(auth(open.body.seats[0].token));
        expect(bad.status, q).toBe(400);
        expect(bad.body.code).toBe('INVALID_INPUT');
      }
    },
  );
});
