import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { notifyingServer, until } from '../support/mail.js';
import { untilSettled } from '../support/settled.js';
import { startTwoServers } from '../support/server.js';

/**
 * Takebacks beyond one process (docs/api.md, Takebacks): a request for consent is stored with the
 * game, so a second server process shows it, takes the acceptance and appends the takeback the
 * first process then sees; and a takeback commits through the same after-commit path as a move: the
 * seat the turn comes back to is told (a real webhook receiver), a seat that keeps its turn is not.
 */
const auth = (t: string) => ({ Authorization: `Bearer ${t}` });

/** Plays random legal moves on `url` until the move just made is undoable and the turn passed on. */
async function untilTurnPassed(url: string, g: { id: string; tokens: string[] }, seed: string, keepsTurn = false) {
  const rng = Rng.fromSeed(seed);
  for (let guard = 0; guard < 400; guard++) {
    const now = (await request(url).get(`/api/v1/games/${g.id}`)).body;
    const seat = now.toMove[0] as number;
    const legal = await request(url).get(`/api/v1/games/${g.id}/legal-moves?include=undoable`).set(auth(g.tokens[seat]!));
    const i = rng.int(legal.body.moves.length);
    const r = await request(url).post(`/api/v1/games/${g.id}/moves`).set(auth(g.tokens[seat]!)).send({ move: legal.body.moves[i] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (legal.body.undoable[i] && r.body.status === 'active' && r.body.toMove.includes(seat) === keepsTurn)
      return { seat, version: r.body.version as number };
  }
  throw new Error('no such move in 400');
}

describe('takebacks across server processes', () => {
  let two: Awaited<ReturnType<typeof startTwoServers>>;
  beforeAll(async () => {
    two = await startTwoServers();
  });
  afterAll(async () => {
    await two?.stop();
  });

  it('a request asked on one process is shown and accepted on the other; both then show the takeback', async () => {
    const created = await request(two.a.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }], takebacks: 'with-consent' })
      .expect(201);
    const g = { id: created.body.id as string, tokens: (created.body.seats as { token: string }[]).map((x) => x.token) };
    // Both processes hold the game in memory before the request.
    await request(two.b.url).get(`/api/v1/games/${g.id}`).expect(200);
    const made = await untilTurnPassed(two.a.url, g, 'takeback-processes');
    const before = (await request(two.b.url).get(`/api/v1/games/${g.id}/replay?at=${made.version - 1}`)).body;
    await request(two.a.url).post(`/api/v1/games/${g.id}/takeback`).set(auth(g.tokens[made.seat]!)).expect(200);
    expect((await request(two.b.url).get(`/api/v1/games/${g.id}`)).body.takebackRequest).toEqual({
      seat: made.seat,
      undo: made.version,
      acceptedBy: [],
    });
    const accepted = await request(two.b.url)
      .post(`/api/v1/games/${g.id}/takeback/accept`)
      .set(auth(g.tokens[1 - made.seat]!));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.version).toBe(made.version + 1);
    for (const url of [two.a.url, two.b.url]) {
      const now = (await request(url).get(`/api/v1/games/${g.id}`)).body;
      expect(now.version).toBe(made.version + 1);
      expect(now.takebackRequest).toBeUndefined();
      expect(now.view).toEqual(before.view);
      expect(now.toMove).toEqual(before.toMove);
    }
  });
});

describe('takebacks and notifications', () => {
  const ctx = notifyingServer();

  it('the seat the turn comes back to gets its turn webhook at the takeback; an own-turn takeback tells nobody', async () => {
    const { s, hooks } = ctx;
    const created = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }], takebacks: 'with-consent' })
      .expect(201);
    const g = { id: created.body.id as string, tokens: (created.body.seats as { token: string }[]).map((x) => x.token) };
    for (const seat of [0, 1])
      await request(s.url)
        .put(`/api/v1/games/${g.id}/seats/me/notifications`)
        .set(auth(g.tokens[seat]!))
        .send({ webhookUrl: `${hooks.url}/${g.id}/seat${seat}`, events: ['turn'] })
        .expect(200);
    const turnsOf = (seat: number) =>
      hooks.calls
        .filter((c) => c.path === `/${g.id}/seat${seat}`)
        .map((c) => JSON.parse(c.raw) as { type: string; data: { version: number; seat: number; toMove: number[] } });

    // After the turn, with consent: the turn comes back to the asker, who is told so at the takeback's version.
    const made = await untilTurnPassed(s.url, g, 'takeback-notify');
    await request(s.url).post(`/api/v1/games/${g.id}/takeback`).set(auth(g.tokens[made.seat]!)).expect(200);
    const done = await request(s.url)
      .post(`/api/v1/games/${g.id}/takeback/accept`)
      .set(auth(g.tokens[1 - made.seat]!))
      .expect(200);
    expect(done.body.toMove).toContain(made.seat);
    await until('the turn webhook of the takeback', () => turnsOf(made.seat).some((h) => h.data.version === done.body.version));
    expect(turnsOf(made.seat).find((h) => h.data.version === done.body.version)!.data.toMove).toContain(made.seat);

    // Within the turn: the seat was to move and still is; nobody is told anything new.
    const own = await untilTurnPassed(s.url, g, 'takeback-notify-own', true);
    const t = await request(s.url).post(`/api/v1/games/${g.id}/takeback`).set(auth(g.tokens[own.seat]!)).expect(200);
    await untilSettled(s.databaseUrl, g.id);
    for (const seat of [0, 1]) expect(turnsOf(seat).some((h) => h.data.version === t.body.version)).toBe(false);
  });
});
