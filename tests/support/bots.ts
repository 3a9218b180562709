import request from 'supertest';
import { expect, vi } from 'vitest';
import { Rng, type Move } from '../../src/engine/index.js';
import type { TestServer } from './server.js';

/** What the bot tests run with: a small search budget per move, one bot thread, a quick queue poll. */
export const BOT_ENV = { BOT_MAX_ITERATIONS: '30', BOT_MAX_THINK_MS: '100', BOT_THREADS: '1', NOTIFY_POLL_SECONDS: '0.5' };
const auth = (t: string) => ({ Authorization: `Bearer ${t}` });

export interface Entry {
  version: number;
  seat: number;
  origin?: string;
  bot?: string;
}

/** Plays a seat with seeded random legal moves whenever it must act, until the game is over. */
export async function playSeat(url: string, id: string, token: string, seed: string, budgetMs = 240_000): Promise<void> {
  const rng = Rng.fromSeed(seed);
  const until = Date.now() + budgetMs;
  for (;;) {
    expect(Date.now(), 'the game finished in time (the bots kept moving)').toBeLessThan(until);
    const legal = await request(url).get(`/api/v1/games/${id}/legal-moves`).set(auth(token));
    expect(legal.status, JSON.stringify(legal.body)).toBe(200);
    const g = (await request(url).get(`/api/v1/games/${id}`)).body as { status: string };
    if (g.status === 'finished') return;
    if (legal.body.moves.length === 0) {
      // Not this seat's turn: the bots are thinking. Wait for the game to move on.
      const at = legal.body.version as number;
      await vi.waitFor(async () => expect((await request(url).get(`/api/v1/games/${id}`)).body.version).not.toBe(at), {
        timeout: 30_000,
        interval: 50,
      });
      continue;
    }
    const move = rng.pick(legal.body.moves as Move[]);
    const r = await request(url).post(`/api/v1/games/${id}/moves`).set(auth(token)).send({ move, expectedVersion: legal.body.version });
    // A bot may move first in a game of simultaneous choices: decide again on the new state.
    if (r.status === 409 && r.body.code === 'VERSION_CONFLICT') continue;
    expect(r.status, `${JSON.stringify(move)} -> ${JSON.stringify(r.body)}`).toBe(200);
  }
}

/** Replay equals live (state rebuilt from the store alone), and both records import to the same final state. */
export async function expectReplayAndImports(s: TestServer, id: string): Promise<void> {
  const live = await s.service.stateHash(id);
  s.service.clearCache();
  expect(await s.service.stateHash(id)).toBe(live);
  const json = (await request(s.url).get(`/api/v1/games/${id}/record`)).body;
  const copy = await request(s.url).post('/api/v1/games/import').send(json);
  expect(copy.status, JSON.stringify(copy.body)).toBe(201);
  expect(await s.service.stateHash(copy.body.id)).toBe(live);
  const copied = (await request(s.url).get(`/api/v1/games/${copy.body.id}/record`)).body;
  expect(copied.players).toEqual(json.players);
  expect(copied.moves.map((m: Entry) => [m.origin, m.bot])).toEqual(json.moves.map((m: Entry) => [m.origin, m.bot]));
  const text = (await request(s.url).get(`/api/v1/games/${id}/record?format=text`)).text;
  const fromText = await request(s.url).post('/api/v1/games/import').set('Content-Type', 'text/plain').send(text);
  expect(fromText.status, JSON.stringify(fromText.body)).toBe(201);
  expect(await s.service.stateHash(fromText.body.id)).toBe(live);
  expect((await request(s.url).get(`/api/v1/games/${fromText.body.id}/record`)).body.players).toEqual(json.players);
}
