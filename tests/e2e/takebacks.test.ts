import { EventSource } from 'eventsource';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { graphqlWatcher } from '../support/watchers.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Takebacks over real HTTP (docs/api.md, Takebacks): own-turn takebacks at once, watched live by
 * SSE and GraphQL subscribers; the legal moves' `undoable` agreeing with the log's; the consent flow over REST (accepted,
 * declined, voided by a move)
 * and over GraphQL; the refusals as 409 TAKEBACK_NOT_ALLOWED with their reason, and bad input as
 * 400. The exact restoration of the full state, per game, is tests/integration/takebacks.test.ts.
 */
describe('takebacks (end-to-end)', () => {
  let s: TestServer;
  const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.stop();
  });

  const create = async (takebacks?: string, players = 3) => {
    const r = await request(s.url)
      .post('/api/v1/games')
      .send({
        type: 'ville-de-demain',
        players: Array.from({ length: players }, (_, i) => ({ name: `P${i}` })),
        ...(takebacks ? { takebacks } : {}),
      });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return { id: r.body.id as string, tokens: (r.body.seats as { token: string }[]).map((x) => x.token) };
  };
  const game = async (id: string, token?: string) =>
    (
      await request(s.url)
        .get(`/api/v1/games/${id}`)
        .set(token ? auth(token) : {})
    ).body;
  /** Plays random legal moves until `stop` says so about the move just made (its log entry and the game after it). */
  const playUntil = async (
    g: { id: string; tokens: string[] },
    seed: string,
    stop: (e: { seat: number; version: number; undoable: boolean }, after: { toMove: number[]; status: string }) => boolean,
  ) => {
    const rng = Rng.fromSeed(seed);
    for (let guard = 0; guard < 400; guard++) {
      const now = await game(g.id);
      const seat = now.toMove[0] as number;
      // The legal moves say ahead whether each could be taken back; the log says the same once it is made.
      const legal = await request(s.url).get(`/api/v1/games/${g.id}/legal-moves?include=undoable`).set(auth(g.tokens[seat]!));
      expect(legal.body.undoable).toHaveLength(legal.body.moves.length);
      const i = rng.int(legal.body.moves.length);
      const r = await request(s.url).post(`/api/v1/games/${g.id}/moves`).set(auth(g.tokens[seat]!)).send({ move: legal.body.moves[i] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const log = await request(s.url).get(`/api/v1/games/${g.id}/events?after=${r.body.version - 1}&limit=1`);
      const e = log.body.moves[0];
      expect(e.undoable).toBe(legal.body.undoable[i]);
      if (stop({ seat, version: r.body.version, undoable: e.undoable }, r.body)) return { seat, version: r.body.version as number };
    }
    throw new Error('no such move in 400');
  };

  it(
    'own turn: the takeback entry restores the position before the move, watchers get it like ' + 'a move, the log marks the undone entry',
    async () => {
      const g = await create();
      expect((await game(g.id)).takebacks).toBe('own-turn');
      const sse: { type: string; data: { version: number; events?: unknown[]; origin?: string } }[] = [];
      const es = new EventSource(`${s.url}/api/v1/games/${g.id}/stream`);
      for (const type of ['game', 'move'])
        es.addEventListener(type, (e) => sse.push({ type, data: JSON.parse((e as unknown as { data: string }).data) }));
      const gql = graphqlWatcher(s.url, g.id);
      try {
        await expect.poll(() => sse.length).toBeGreaterThan(0);
        await gql.ready;
        // A move of a seat that keeps the turn (a step of its turn) and may be undone.
        const made = await playUntil(
          g,
          'takeback-own',
          (e, after) => e.undoable && after.toMove.includes(e.seat) && after.status === 'active',
        );
        const before = await request(s.url)
          .get(`/api/v1/games/${g.id}/replay?at=${made.version - 1}`)
          .set(auth(g.tokens[made.seat]!));
        const t = await request(s.url)
          .post(`/api/v1/games/${g.id}/takeback`)
          .set(auth(g.tokens[made.seat]!))
          .set('Idempotency-Key', 'takeback-own-1');
        expect(t.status, JSON.stringify(t.body)).toBe(200);
        expect(t.body).toMatchObject({
          type: 'ville-de-demain',
          version: made.version + 1,
          events: [{ type: '@restored', undone: made.version }],
        });
        // Sent again with its key (its answer lost on the way): the first answer, nothing more undone.
        const again = await request(s.url)
          .post(`/api/v1/games/${g.id}/takeback`)
          .set(auth(g.tokens[made.seat]!))
          .set('Idempotency-Key', 'takeback-own-1');
        expect(again.status, JSON.stringify(again.body)).toBe(200);
        expect(again.body).toEqual(t.body);
        expect(t.body.events[0].state).toBeUndefined(); // the state never leaves the server
        const after = await game(g.id, g.tokens[made.seat]!);
        expect(after.version).toBe(made.version + 1);
        expect(after.view).toEqual(before.body.view);
        expect(after.toMove).toEqual(before.body.toMove);
        const log = (await request(s.url).get(`/api/v1/games/${g.id}/events?after=${made.version - 1}`)).body.moves;
        expect(log[0]).toMatchObject({ version: made.version, undoable: true, undoneBy: made.version + 1 });
        expect(log[1]).toMatchObject({
          version: made.version + 1,
          seat: made.seat,
          origin: 'takeback',
          move: { type: 'takeback', undo: made.version },
          undoable: false,
          events: [{ type: '@restored', undone: made.version }],
        });
        expect((await request(s.url).get(`/api/v1/games/${g.id}/replay?at=${made.version}`)).body.undoneBy).toBe(made.version + 1);
        const labelled = (await request(s.url).get(`/api/v1/games/${g.id}/events?after=${made.version}&include=labels`)).body.moves[0];
        expect(labelled.label).toBe(`Took back move ${made.version}`);
        // Live watchers get the takeback entry like any move.
        await expect
          .poll(() => sse.find((x) => x.type === 'move' && x.data.version === made.version + 1)?.data.events)
          .toEqual([{ type: '@restored', undone: made.version }]);
        await expect.poll(() => gql.versions.includes(made.version + 1)).toBe(true);
        // The text record strikes the undone move through.
        const text = await request(s.url).get(`/api/v1/games/${g.id}/record?format=text`);
        expect(text.status).toBe(200);
        expect(text.text).toMatch(new RegExp(`^${made.version}\\. ${made.seat}: ~~.+~~$`, 'm'));
        expect(text.text).toContain(`${made.version + 1}. ${made.seat}: {takeback ${made.version}}`);
        const json = await request(s.url).get(`/api/v1/games/${g.id}/record`);
        expect(json.body.moves[made.version - 1]).toMatchObject({ version: made.version, undoable: true, undoneBy: made.version + 1 });
      } finally {
        es.close();
        gql.close();
      }
    },
  );

  it('refused: 409 TAKEBACK_NOT_ALLOWED with the reason; bad input: 400 naming the field', async () => {
    const bad = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }], takebacks: 'always' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_INPUT');
    expect(JSON.stringify(bad.body)).toContain('takebacks');

    const none = await create('none', 2);
    const r0 = await request(s.url).post(`/api/v1/games/${none.id}/takeback`).set(auth(none.tokens[0]!));
    expect([r0.status, r0.body.code, r0.body.reason]).toEqual([409, 'TAKEBACK_NOT_ALLOWED', 'game-setting']);
    expect(r0.body.detail ?? r0.body.message ?? r0.body.title).toBeTruthy();

    const g = await create(undefined, 2);
    const nothing = await request(s.url).post(`/api/v1/games/${g.id}/takeback`).set(auth(g.tokens[0]!)).send({});
    expect([nothing.status, nothing.body.code, nothing.body.reason]).toEqual([409, 'TAKEBACK_NOT_ALLOWED', 'nothing-to-undo']);
    const fr = await request(s.url)
      .post(`/api/v1/games/${g.id}/takeback`)
      .set({ ...auth(g.tokens[0]!), 'Accept-Language': 'fr' });
    expect(fr.body.reason).toBe('nothing-to-undo');
    for (const body of [{ undo: 0 }, { undo: 'x' }, { undo: 1, more: true }]) {
      const r = await request(s.url).post(`/api/v1/games/${g.id}/takeback`).set(auth(g.tokens[0]!)).send(body);
      expect([r.status, r.body.code], JSON.stringify(body)).toEqual([400, 'INVALID_INPUT']);
    }
    expect((await request(s.url).post(`/api/v1/games/${g.id}/takeback`)).status).toBe(401);
    expect((await request(s.url).post(`/api/v1/games/${g.id}/takeback/accept`).set(auth(g.tokens[1]!))).body.reason).toBe(
      'nothing-to-undo',
    );
    // A random draw is never taken back: find a move that drew, by its seat, its turn still running or not.
    const drew = await playUntil(g, 'takeback-drew', (e) => !e.undoable);
    const r = await request(s.url).post(`/api/v1/games/${g.id}/takeback`).set(auth(g.tokens[drew.seat]!)).send({ undo: drew.version });
    expect([r.status, r.body.code]).toEqual([409, 'TAKEBACK_NOT_ALLOWED']);
    expect(['random-draw', 'other-seat-acted', 'game-setting']).toContain(r.body.reason);
  });

  it(
    'with consent over REST: asked after the turn, shown on the game, accepted by every other ' + 'seat; declined; voided by the next move',
    async () => {
      const g = await create('with-consent');
      const made = await playUntil(
        g,
        'takeback-consent',
        (e, after) => e.undoable && !after.toMove.includes(e.seat) && after.status === 'active',
      );
      const others = [0, 1, 2].filter((x) => x !== made.seat);
      const before = await request(s.url).get(`/api/v1/games/${g.id}/replay?at=${made.version - 1}`);
      const ask = await request(s.url).post(`/api/v1/games/${g.id}/takeback`).set(auth(g.tokens[made.seat]!)).send({ undo: made.version });
      expect(ask.status, JSON.stringify(ask.body)).toBe(200);
      expect(ask.body).toMatchObject({
        version: made.version,
        events: [],
        takebackRequest: { seat: made.seat, undo: made.version, acceptedBy: [] },
      });
      expect((await game(g.id)).takebackRequest).toEqual({ seat: made.seat, undo: made.version, acceptedBy: [] });
      const again = await request(s.url).post(`/api/v1/games/${g.id}/takeback`).set(auth(g.tokens[others[0]!]!));
      expect([again.status, again.body.code]).toEqual([409, 'TAKEBACK_NOT_ALLOWED']);
      const self = await request(s.url).post(`/api/v1/games/${g.id}/takeback/accept`).set(auth(g.tokens[made.seat]!));
      expect(self.status).toBe(403);
      const one = await request(s.url).post(`/api/v1/games/${g.id}/takeback/accept`).set(auth(g.tokens[others[0]!]!));
      expect(one.body.takebackRequest).toEqual({ seat: made.seat, undo: made.version, acceptedBy: [others[0]] });
      expect((await game(g.id)).takebackRequest.acceptedBy).toEqual([others[0]]);
      const two = await request(s.url).post(`/api/v1/games/${g.id}/takeback/accept`).set(auth(g.tokens[others[1]!]!));
      expect(two.status, JSON.stringify(two.body)).toBe(200);
      expect(two.body).toMatchObject({ version: made.version + 1, events: [{ type: '@restored', undone: made.version }] });
      const now = await game(g.id);
      expect(now.takebackRequest).toBeUndefined();
      expect(now.view).toEqual(before.body.view);
      expect(now.toMove).toContain(made.seat);

      // Declined: nothing appended, the request gone.
      const next = await playUntil(
        g,
        'takeback-decline',
        (e, after) => e.undoable && !after.toMove.includes(e.seat) && after.status === 'active',
      );
      await request(s.url).post(`/api/v1/games/${g.id}/takeback`).set(auth(g.tokens[next.seat]!)).expect(200);
      const declined = await request(s.url)
        .post(`/api/v1/games/${g.id}/takeback/decline`)
        .set(auth(g.tokens[[0, 1, 2].find((x) => x !== next.seat)!]!));
      expect([declined.status, declined.body.version]).toEqual([200, next.version]);
      expect((await game(g.id)).takebackRequest).toBeUndefined();
      expect((await game(g.id)).version).toBe(next.version);

      // Voided by the next move.
      await request(s.url).post(`/api/v1/games/${g.id}/takeback`).set(auth(g.tokens[next.seat]!)).expect(200);
      const mover = (await game(g.id)).toMove[0] as number;
      const legal = await request(s.url).get(`/api/v1/games/${g.id}/legal-moves`).set(auth(g.tokens[mover]!));
      await request(s.url).post(`/api/v1/games/${g.id}/moves`).set(auth(g.tokens[mover]!)).send({ move: legal.body.moves[0] }).expect(200);
      expect((await game(g.id)).takebackRequest).toBeUndefined();
      const late = await request(s.url)
        .post(`/api/v1/games/${g.id}/takeback/accept`)
        .set(auth(g.tokens[[0, 1, 2].find((x) => x !== next.seat)!]!));
      expect([late.status, late.body.code, late.body.reason]).toEqual([409, 'TAKEBACK_NOT_ALLOWED', 'nothing-to-undo']);
    },
  );

  it(
    'with consent over GraphQL: takeback asks, the game shows takebackRequest, acceptTakeback ' +
      'appends it; the legal moves and the log show undoable, the log undoneBy and the ' +
      'RestoredEvent',
    async () => {
      const gql = async (query: string, variables: Record<string, unknown>, token?: string) =>
        (
          await request(s.url)
            .post('/graphql')
            .set(token ? auth(token) : {})
            .send({ query, variables })
        ).body;
      const created = await gql('mutation($i: CreateGameInput!) { createGame(input: $i) { id seats { token } } }', {
        i: { type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }], takebacks: 'with-consent' },
      });
      const g = {
        id: created.data.createGame.id as string,
        tokens: (created.data.createGame.seats as { token: string }[]).map((x) => x.token),
      };
      const refused = await gql('mutation($id: ID!) { takeback(gameId: $id) { version } }', { id: g.id }, g.tokens[0]);
      expect(refused.errors[0].extensions).toMatchObject({ code: 'TAKEBACK_NOT_ALLOWED', reason: 'nothing-to-undo' });
      const made = await playUntil(
        g,
        'takeback-gql',
        (e, after) => e.undoable && !after.toMove.includes(e.seat) && after.status === 'active',
      );
      const other = 1 - made.seat;
      // The legal moves' undoable, as REST's include=undoable gives it, in the order of legalMoves.
      const rest = await request(s.url).get(`/api/v1/games/${g.id}/legal-moves?include=undoable`).set(auth(g.tokens[other]!));
      const ahead = await gql('query($id: ID!) { game(id: $id) { legalMoves legalMovesUndoable } }', { id: g.id }, g.tokens[other]);
      expect(ahead.data.game).toEqual({ legalMoves: rest.body.moves, legalMovesUndoable: rest.body.undoable });
      expect(ahead.data.game.legalMovesUndoable).toContain(true);
      const ask = await gql(
        'mutation($id: ID!, $u: Int) { takeback(gameId: $id, undo: $u) { version takebackRequest { seat undo acceptedBy } } }',
        { id: g.id, u: made.version },
        g.tokens[made.seat],
      );
      expect(ask.data.takeback).toEqual({
        version: made.version,
        takebackRequest: { seat: made.seat, undo: made.version, acceptedBy: [] },
      });
      const shown = await gql('query($id: ID!) { game(id: $id) { takebacks takebackRequest { seat undo acceptedBy } } }', { id: g.id });
      expect(shown.data.game).toEqual({
        takebacks: 'with-consent',
        takebackRequest: { seat: made.seat, undo: made.version, acceptedBy: [] },
      });
      const done = await gql(
        'mutation($id: ID!) { acceptTakeback(gameId: $id) { version events takebackRequest { seat } } }',
        { id: g.id },
        g.tokens[other],
      );
      expect(done.data.acceptTakeback).toEqual({
        version: made.version + 1,
        events: [{ type: '@restored', undone: made.version }],
        takebackRequest: null,
      });
      const log = await gql(
        'query($id: ID!, $a: Int) { game(id: $id) { takebackRequest { seat } events(after: $a) { ' +
          'version origin undoable undoneBy typedEvents { __typename ... on RestoredEvent { undone } ' +
          '} } } }',
        { id: g.id, a: made.version - 1 },
      );
      expect(log.errors).toBeUndefined();
      expect(log.data.game.takebackRequest).toBeNull();
      expect(log.data.game.events[0]).toMatchObject({ version: made.version, undoable: true, undoneBy: made.version + 1 });
      expect(log.data.game.events[1]).toEqual({
        version: made.version + 1,
        origin: 'takeback',
        undoable: false,
        undoneBy: null,
        typedEvents: [{ __typename: 'RestoredEvent', undone: made.version }],
      });
      const decline = await gql('mutation($id: ID!) { declineTakeback(gameId: $id) { version } }', { id: g.id }, g.tokens[other]);
      expect(decline.errors[0].extensions).toMatchObject({ code: 'TAKEBACK_NOT_ALLOWED', reason: 'nothing-to-undo' });
    },
  );
});
