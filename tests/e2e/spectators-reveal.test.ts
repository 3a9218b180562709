import { EventSource } from 'eventsource';
import { createClient } from 'graphql-ws';
import request from 'supertest';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold, randomPlayout, resolveOptions, type AnyGame, type Json } from '../../src/engine/index.js';
import { hostedGames } from '../../src/games/index.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Issue 35, item 5: what spectators see. A game created with `spectators: hidden` shows a spectator
 * its header only until the end (no view, move, event, picture, GIF frame or record move; its live
 * stream sends nothing more until the game is over); `delayed` keeps spectators `spectatorDelay`
 * versions behind on every read and on the stream. After the end, with `reveal` (the default), the
 * replay at any version shows everyone every seat's view, each hand as the engine had it (checked
 * against the engine's state rebuilt here from the same moves); with `reveal: false` it does not.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const gameOf = (id: string) => (hostedGames as AnyGame[]).find((g) => g.id === id)!;
const cityTycoon = gameOf('city-tycoon');
const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as Json;

/** A whole random game of two seats from `seed`, and the engine's state after each version (0: the set-up). */
function playout(game: AnyGame, seed: string) {
  const options = resolveOptions(game, 2, {});
  if (!options.ok) throw new Error(options.error.message);
  const config = { players: 2, options: options.value, seed };
  const { steps } = randomPlayout(game, config, seed);
  const states: unknown[] = [game.setup(config)];
  for (const st of steps) states.push(fold(game, states.at(-1), st.events));
  return { steps, states };
}

/** A game created with the playout's seed and the given spectator settings; its seat tokens. */
async function create(game: AnyGame, seed: string, settings: Record<string, unknown>) {
  const r = await request(s.url)
    .post('/api/v1/games')
    .send({ type: game.id, players: [{ name: 'Ann' }, { name: 'Bob' }], seed, ...settings });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.id as string, tokens: r.body.seats.map((x: { token: string }) => x.token) as string[] };
}

/** Plays the playout's moves from version `from` (exclusive) to `to`, each by its seat's token. */
async function play(g: { id: string; tokens: string[] }, steps: { seat: number; move: unknown }[], from: number, to: number) {
  for (let v = from; v < to; v++) {
    const st = steps[v]!;
    const r = await request(s.url)
      .post(`/api/v1/games/${g.id}/moves`)
      .set('Authorization', `Bearer ${g.tokens[st.seat]}`)
      .send({ move: st.move, expectedVersion: v });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
}

const get = (path: string, token?: string) =>
  request(s.url)
    .get(`/api/v1${path}`)
    .set(token ? { Authorization: `Bearer ${token}` } : {});

interface Received {
  type: string;
  data: Record<string, unknown>;
}

/** A live stream (server-sent events) as a spectator (no token) or a seat. */
function watch(id: string, token?: string) {
  const got: Received[] = [];
  const es = new EventSource(`${s.url}/api/v1/games/${id}/stream`, {
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers ?? {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) } }),
  });
  for (const type of ['game', 'move', 'end', 'error']) {
    es.addEventListener(type, (e) => {
      const m = e as { data?: unknown };
      if (typeof m.data === 'string') got.push({ type, data: JSON.parse(m.data) });
    });
  }
  const moves = () => got.filter((x) => x.type === 'move').map((x) => x.data.version as number);
  return { es, got, moves };
}

/** The GraphQL subscription as a spectator: every update's version, status and whether it had a view. */
function subscribe(id: string) {
  const client = createClient({ url: `${s.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
  const updates: { version: number; status: string; view: unknown }[] = [];
  const errors: unknown[] = [];
  client.subscribe<{ gameUpdated: { version: number; status: string; view: unknown } }>(
    { query: 'subscription($id: ID!) { gameUpdated(gameId: $id) { version status view } }', variables: { id } },
    { next: (m) => (m.data ? updates.push(m.data.gameUpdated) : errors.push(m.errors)), error: (e) => errors.push(e), complete: () => {} },
  );
  return { updates, errors, close: () => client.dispose() };
}

describe('spectators: hidden', () => {
  it('a spectator sees the header only until the end: its stream sends nothing after the game, then the moves and the end', async () => {
    const { steps } = playout(cityTycoon, 'spect-hidden');
    const n = steps.length;
    const g = await create(cityTycoon, 'spect-hidden', { spectators: 'hidden' });
    const spectator = watch(g.id);
    const seat = watch(g.id, g.tokens[0]);
    const sub = subscribe(g.id);
    try {
      await expect.poll(() => sub.updates.length, { timeout: 20_000 }).toBe(1);
      expect(sub.updates[0]).toEqual({ version: 0, status: 'active', view: null });
      await expect.poll(() => spectator.got.length, { timeout: 20_000 }).toBeGreaterThan(0);
      const first = spectator.got[0]!;
      expect(first.type).toBe('game');
      expect(first.data).not.toHaveProperty('view');
      expect(first.data).toMatchObject({ status: 'active', spectators: 'hidden', reveal: true });
      expect((first.data.players as { name: string }[]).map((p) => p.name)).toEqual(['Ann', 'Bob']);

      await play(g, steps, 0, n - 1);
      // The seat's stream has every move so far: the spectator's, read from the same notices, has none.
      await expect.poll(() => seat.moves().at(-1), { timeout: 30_000 }).toBe(n - 1);
      expect(spectator.got.map((x) => x.type)).toEqual(['game']);
      expect(sub.updates).toHaveLength(1);
      expect(sub.errors).toEqual([]);

      // Its reads: the header without a view; no move, event, position, picture, GIF frame or record move.
      const game = await get(`/games/${g.id}`);
      expect(game.status).toBe(200);
      expect(game.body).not.toHaveProperty('view');
      expect(game.body).toMatchObject({ version: 0, status: 'active', spectators: 'hidden' });
      const seatGame = await get(`/games/${g.id}`, g.tokens[1]);
      expect(seatGame.body).toMatchObject({ version: n - 1 });
      expect(seatGame.body.view.hand.length).toBeGreaterThanOrEqual(0);
      expect((await get(`/games/${g.id}/events`)).body.moves).toEqual([]);
      expect((await get(`/games/${g.id}/record`)).body.moves).toEqual([]);
      for (const path of [`/games/${g.id}/replay?at=0`, `/games/${g.id}/board.svg`, `/games/${g.id}/replay.gif?size=120`]) {
        const r = await get(path);
        expect([path, r.status, r.body.code]).toEqual([path, 403, 'FORBIDDEN']);
      }
      const gql = await request(s.url)
        .post('/graphql')
        .send({
          query: 'query($id: ID!) { game(id: $id) { version status view typedView { __typename } spectators reveal } }',
          variables: { id: g.id },
        });
      expect(gql.body.errors, JSON.stringify(gql.body.errors)).toBeUndefined();
      expect(gql.body.data.game).toEqual({ version: 0, status: 'active', view: null, typedView: null, spectators: 'hidden', reveal: true });
      // The embedded player says the game is hidden (no board, no slider); its oEmbed has no thumbnail, and the thumbnail is refused.
      const embed = await request(s.url).get(`/embed/games/${g.id}?lang=fr`);
      expect(embed.status).toBe(200);
      expect(embed.text).toContain('cachée aux spectateurs');
      expect(embed.text).not.toContain('board.svg');
      expect(embed.text).not.toContain('id="slider"');
      const oembed = await request(s.url)
        .get('/oembed')
        .query({ url: `${s.url}/games/${g.id}` });
      expect(oembed.status).toBe(200);
      expect(oembed.body).toMatchObject({ type: 'rich', version: '1.0' });
      expect(oembed.body).not.toHaveProperty('thumbnail_url');
      expect((await request(s.url).get(`/embed/games/${g.id}/board.png`)).status).toBe(403);

      await play(g, steps, n - 1, n);
      await expect.poll(() => spectator.got.at(-1)?.type, { timeout: 30_000 }).toBe('end');
      // Nothing came before the end: every move at once after it, in order, then the end.
      expect(spectator.moves()).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      await expect.poll(() => sub.updates.at(-1)?.status, { timeout: 30_000 }).toBe('finished');
      expect(sub.updates.map((u) => u.version)).toEqual(Array.from({ length: n + 1 }, (_, i) => i));
      const after = await get(`/games/${g.id}`);
      expect(after.body).toMatchObject({ version: n, status: 'finished' });
      expect(after.body.view).toBeDefined();
      const ended = await request(s.url).get(`/embed/games/${g.id}`);
      expect(ended.text).toContain(`/api/v1/games/${g.id}/board.svg?at=${n}`);
    } finally {
      spectator.es.close();
      seat.es.close();
      await sub.close();
    }
  });
});

describe('spectators: delayed', () => {
  it('a spectator sees the game spectatorDelay versions behind: the stream, the game, replays, events, records and GIFs', async () => {
    const { steps, states } = playout(cityTycoon, 'spect-delayed');
    const n = steps.length;
    const delay = 3;
    const g = await create(cityTycoon, 'spect-delayed', {
      spectators: 'delayed',
      spectatorDelay: delay,
      timeControl: { initialSeconds: 3600, incrementSeconds: 1, maxSeconds: 7200 },
    });
    const spectator = watch(g.id);
    try {
      await expect.poll(() => spectator.got.length, { timeout: 20_000 }).toBeGreaterThan(0);
      const k = 12;
      await play(g, steps, 0, k);
      await expect.poll(() => spectator.moves().at(-1), { timeout: 30_000 }).toBe(k - delay);
      expect(spectator.moves()).toEqual(Array.from({ length: k - delay }, (_, i) => i + 1));
      const last = spectator.got.filter((x) => x.type === 'move').at(-1)!.data;
      expect(last.view).toEqual(json(cityTycoon.view(states[k - delay], null)));

      const game = await get(`/games/${g.id}`);
      expect(game.body).toMatchObject({ version: k - delay, spectators: 'delayed', spectatorDelay: delay, reveal: true });
      expect(game.body.view).toEqual(json(cityTycoon.view(states[k - delay], null)));
      const ahead = await get(`/games/${g.id}/replay?at=${k - delay + 1}`);
      expect([ahead.status, ahead.body.code]).toEqual([400, 'INVALID_INPUT']);
      expect((await get(`/games/${g.id}/replay?at=${k - delay}`)).status).toBe(200);
      const events = await get(`/games/${g.id}/events`);
      expect(events.body.version).toBe(k - delay);
      expect(events.body.moves.map((m: { version: number }) => m.version).at(-1)).toBe(k - delay);
      const record = await get(`/games/${g.id}/record`);
      expect(record.body.moves).toHaveLength(k - delay);
      const gif = await get(`/games/${g.id}/replay.gif?to=${k - delay + 1}&size=120`);
      expect([gif.status, gif.body.code]).toEqual([400, 'INVALID_INPUT']);
      // The clocks of now tell who must act now: not for a spectator held back.
      expect(game.body).not.toHaveProperty('clocks');
      expect(game.body).not.toHaveProperty('deadlines');
      // A seat is never held back.
      const seatGame = await get(`/games/${g.id}`, g.tokens[0]);
      expect(seatGame.body.version).toBe(k);
      expect(seatGame.body.clocks).toHaveLength(2);

      await play(g, steps, k, n);
      await expect.poll(() => spectator.got.at(-1)?.type, { timeout: 30_000 }).toBe('end');
      expect(spectator.moves()).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    } finally {
      spectator.es.close();
    }
  });
});

describe('reveal after the end', () => {
  for (const game of hostedGames as AnyGame[]) {
    it(
      `${game.id}: after the end, the replay at version N shows anyone every seat's view as the ` +
        `engine had it; before the end, nothing more`,
      async () => {
        const seed = `reveal-${game.id}`;
        const { steps, states } = playout(game, seed);
        const n = steps.length;
        // A version in the game's second quarter, where City Tycoon's draft hands hold tiles if any does.
        const hidden = (v: number) => {
          const st = states[v] as { hands?: string[][] };
          return st.hands?.every((h) => h.length > 0) ?? false;
        };
        const N = Array.from({ length: n }, (_, v) => v).find((v) => v >= n / 4 && hidden(v)) ?? Math.floor(n / 2);
        const g = await create(game, seed, {});
        await play(g, steps, 0, N + 1);
        const before = await get(`/games/${g.id}/replay?at=${N}`);
        expect(before.status).toBe(200);
        expect(before.body).not.toHaveProperty('revealed');
        expect(before.body.view).toEqual(json(game.view(states[N], null)));
        const otherSeat = await get(`/games/${g.id}/board.svg?at=${N}&seat=1`, g.tokens[0]);
        expect([otherSeat.status, otherSeat.body.code]).toEqual([403, 'FORBIDDEN']);

        await play(g, steps, N + 1, n);
        const r = await get(`/games/${g.id}/replay?at=${N}`);
        expect(r.status).toBe(200);
        expect(r.body.viewer).toEqual({ seat: null });
        expect(r.body.revealed).toEqual([0, 1].map((seat) => json(game.view(states[N], seat))));
        if (game.id === 'city-tycoon') {
          // Every hand as the engine had it at N: the tiles of each seat's hand, in order.
          const state = states[N] as { hands: string[][]; kept: string[][] };
          for (const seat of [0, 1]) {
            expect(r.body.revealed[seat].hand).toHaveLength(state.hands[seat]!.length);
            expect(r.body.revealed[seat].kept).toHaveLength(state.kept[seat]!.length);
          }
          expect(state.hands.every((h) => h.length > 0)).toBe(true);
        }
        // A seat asking sees the same, and pictures and GIFs draw any seat's view for anyone.
        expect((await get(`/games/${g.id}/replay?at=${N}`, g.tokens[0])).body.revealed).toEqual(r.body.revealed);
        const svg = await get(`/games/${g.id}/board.svg?at=${N}&seat=1`);
        expect(svg.status).toBe(200);
        const gif = await request(s.url).get(`/api/v1/games/${g.id}/replay.gif?from=${N}&to=${N + 1}&seat=0&size=120`);
        expect(gif.status).toBe(200);
      },
    );
  }

  it('with reveal: false a finished game shows what it showed before the end', async () => {
    const { steps, states } = playout(cityTycoon, 'reveal-off');
    const n = steps.length;
    const N = Math.floor(n / 2);
    const g = await create(cityTycoon, 'reveal-off', { reveal: false });
    await play(g, steps, 0, n);
    const r = await get(`/games/${g.id}/replay?at=${N}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: expect.any(String), reveal: false, spectators: 'live' });
    expect(r.body).not.toHaveProperty('revealed');
    expect(r.body.view).toEqual(json(cityTycoon.view(states[N], null)));
    expect(r.body.view).not.toHaveProperty('hand');
    for (const path of [`/games/${g.id}/board.svg?at=${N}&seat=0`, `/games/${g.id}/replay.gif?from=${N}&to=${N}&seat=0&size=120`]) {
      const x = await get(path);
      expect([path, x.status, x.body.code]).toEqual([path, 403, 'FORBIDDEN']);
    }
  });
});

describe('bad settings', () => {
  const bodies: [string, Record<string, unknown>][] = [
    ['spectators', { spectators: 'secret' }],
    ['spectators', { spectators: 3 }],
    ['spectatorDelay', { spectators: 'delayed', spectatorDelay: 0 }],
    ['spectatorDelay', { spectators: 'delayed', spectatorDelay: 21 }],
    ['spectatorDelay', { spectators: 'delayed', spectatorDelay: 2.5 }],
    ['reveal', { reveal: 'yes' }],
  ];
  for (const [field, body] of bodies) {
    it(`${JSON.stringify(body)}: 400 INVALID_INPUT naming ${field}, over REST and GraphQL`, async () => {
      const r = await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'city-tycoon', players: [{ name: 'Ann' }, { name: 'Bob' }], ...body });
      expect([r.status, r.body.code], JSON.stringify(r.body)).toEqual([400, 'INVALID_INPUT']);
      expect(JSON.stringify(r.body)).toContain(field);
      const gql = await request(s.url)
        .post('/graphql')
        .send({
          query: 'mutation($input: CreateGameInput!) { createGame(input: $input) { id } }',
          variables: { input: { type: 'city-tycoon', players: [{ name: 'Ann' }, { name: 'Bob' }], ...body } },
        });
      expect(gql.body.errors?.[0]?.extensions?.code, JSON.stringify(gql.body)).toMatch(
        /INVALID_INPUT|BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED/,
      );
    });
  }

  it('the settings are in the answers: defaults live and reveal, delayed with its delay', async () => {
    const live = await create(cityTycoon, 'settings-1', {});
    const body = (await get(`/games/${live.id}`)).body;
    expect(body).toMatchObject({ spectators: 'live', reveal: true });
    expect(body).not.toHaveProperty('spectatorDelay');
    const delayed = await create(cityTycoon, 'settings-2', { spectators: 'delayed', reveal: false });
    expect((await get(`/games/${delayed.id}`, delayed.tokens[0])).body).toMatchObject({
      spectators: 'delayed',
      spectatorDelay: 2,
      reveal: false,
    });
  });
});
