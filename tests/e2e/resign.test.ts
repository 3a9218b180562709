import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalHash, Rng } from '../../src/engine/index.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Resignation over real HTTP: in a 4-player game a seat resigns mid-game and the server plays its
 * moves (origin 'resigned') until the game ends; the resigned seat ranks last; replay equals live at
 * every version seen; the record, resignation included, imports to the same final state. With two
 * seats the other wins at once.
 */
describe('resignation (end-to-end)', () => {
  let s: TestServer;
  const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it(
    'a 4-player game where one seat resigns mid-game finishes; replay equals live; the record ' +
      'imports to the same state; the resigned seat ranks last',
    async () => {
      const players = [{ name: 'Ann' }, { name: 'Ben' }, { name: 'Cat' }, { name: 'Dan' }];
      const created = await request(s.url).post('/api/v1/games').send({ type: 'ma-petite-ville', players, seed: 'resign-e2e' });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      const tokens = created.body.seats.map((x: { token: string }) => x.token) as string[];
      const RESIGNER = 2;
      const rng = Rng.fromSeed('resign-choices');
      const live = new Map<number, string>(); // version -> spectator view hash
      const read = async () => {
        const g = (await request(s.url).get(`/api/v1/games/${id}`)).body;
        live.set(g.version, canonicalHash(g.view));
        return g;
      };
      let g = await read();
      let resignedAt = 0;
      let guard = 0;
      while (g.status === 'active') {
        expect(++guard).toBeLessThan(1000);
        if (!resignedAt && g.version >= 12 && g.toMove.includes(RESIGNER)) {
          // It resigns when it is its turn: the server must play for it at once.
          const r = await request(s.url).post(`/api/v1/games/${id}/resign`).set(auth(tokens[RESIGNER]!));
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          expect(r.body.events).toEqual([]);
          resignedAt = r.body.version;
          const twice = await request(s.url).post(`/api/v1/games/${id}/resign`).set(auth(tokens[RESIGNER]!));
          expect([twice.status, twice.body.code]).toEqual([409, 'ALREADY_RESIGNED']);
          g = await read();
          expect(g.version).toBeGreaterThan(resignedAt); // its move was played
          expect(g.players[RESIGNER].resigned).toBe(true);
          continue;
        }
        const seat = rng.pick((g.toMove as number[]).filter((x) => x !== RESIGNER || !resignedAt));
        if (resignedAt) expect(seat).not.toBe(RESIGNER);
        const legal = await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set(auth(tokens[seat]!));
        const r = await request(s.url)
          .post(`/api/v1/games/${id}/moves`)
          .set(auth(tokens[seat]!))
          .send({ move: rng.pick(legal.body.moves) });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        g = await read();
        if (resignedAt) expect(g.toMove.includes(RESIGNER) && g.status === 'active').toBe(false); // never waits for it
      }
      expect(resignedAt).toBeGreaterThan(0);
      expect(g.status).toBe('finished');
      const ranks = g.outcome.ranks as number[];
      for (const [seat, rank] of ranks.entries()) if (seat !== RESIGNER) expect(ranks[RESIGNER]).toBeGreaterThan(rank);
      expect(g.outcome.winners).not.toContain(RESIGNER);

      // Its own move is refused now; its legal moves are none.
      const own = await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set(auth(tokens[RESIGNER]!));
      expect(own.body.moves).toEqual([]);

      // The log: the resignation entry (no events), then moves played for it.
      const log = (await request(s.url).get(`/api/v1/games/${id}/events?limit=1000`)).body.moves as {
        version: number;
        seat: number;
        origin?: string;
        move: unknown;
        events: unknown[];
      }[];
      expect(log).toHaveLength(g.version);
      expect(log[resignedAt - 1]).toMatchObject({ seat: RESIGNER, origin: 'resign', move: { type: 'resign' }, events: [] });
      const played = log.filter((m) => m.version > resignedAt && m.seat === RESIGNER);
      expect(played.length).toBeGreaterThan(0);
      for (const m of played) expect(m.origin).toBe('resigned');
      for (const m of log.filter((m) => m.seat !== RESIGNER)) expect(m.origin).toBeUndefined();

      // Replay equals live at every version seen (rebuilt from the store alone), and knows who had resigned when.
      s.service.clearCache();
      for (const [version, hash] of live) {
        const r = await request(s.url).get(`/api/v1/games/${id}/replay?at=${version}`);
        expect(canonicalHash(r.body.view), `view at ${version}`).toBe(hash);
        expect(r.body.players[RESIGNER].resigned).toBe(version >= resignedAt);
      }
      expect((await request(s.url).get(`/api/v1/games/${id}/replay?at=${resignedAt}`)).body.status).toBe('active');

      // The record keeps the resignation; it imports to the same final state and outcome.
      const record = (await request(s.url).get(`/api/v1/games/${id}/record`)).body;
      // A finished game's record carries each entry's events, state hash and chain (docs/api.md, Signed records).
      const { chain, stateHash, ...entry } = record.moves[resignedAt - 1];
      expect(entry).toEqual({
        version: resignedAt,
        seat: RESIGNER,
        move: { type: 'resign' },
        origin: 'resign',
        undoable: false,
        events: [],
      });
      expect([chain, stateHash].every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
      const imported = await request(s.url).post('/api/v1/games/import').send(record);
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      const copy = (await request(s.url).get(`/api/v1/games/${imported.body.id}`)).body;
      expect(copy.version).toBe(g.version);
      expect(copy.status).toBe('finished');
      expect(copy.outcome).toEqual(g.outcome);
      expect(copy.players[RESIGNER].resigned).toBe(true);
      expect(await s.service.stateHash(imported.body.id)).toBe(await s.service.stateHash(id));

      // A record where the resigned seat plays its own move after resigning is refused.
      const forged = structuredClone(record);
      const i = forged.moves.findIndex((m: { origin?: string; version: number }) => m.origin === 'resigned');
      delete forged.moves[i].origin;
      const bad = await request(s.url).post('/api/v1/games/import').send(forged);
      expect([bad.status, bad.body.code, bad.body.index]).toEqual([422, 'IMPORT_INVALID', i]);
      expect(bad.body.detail).toMatch(/had resigned/);
      const claimed = structuredClone(record);
      claimed.moves[0].origin = 'resigned'; // a move "played for" a seat that had not resigned
      const bad2 = await request(s.url).post('/api/v1/games/import').send(claimed);
      expect([bad2.status, bad2.body.code, bad2.body.index]).toEqual([422, 'IMPORT_INVALID', 0]);
    },
  );

  it("resignSeat(gameId, seat) is a use case of its own (play-by-mail's timeout action calls it)", async () => {
    const c = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], options: { rounds: 1 } });
    await s.lobby.resignation.resignSeat(c.body.id, 0);
    await expect(s.lobby.resignation.resignSeat(c.body.id, 0)).rejects.toMatchObject({ code: 'ALREADY_RESIGNED' });
    await expect(s.lobby.resignation.resignSeat(c.body.id, 5)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    const t = c.body.seats.map((x: { token: string }) => x.token);
    for (const seat of [1, 2])
      expect(
        (
          await request(s.url)
            .post(`/api/v1/games/${c.body.id}/moves`)
            .set(auth(t[seat]))
            .send({ move: { type: 'bid', amount: seat } })
        ).status,
      ).toBe(200);
    const g = (await request(s.url).get(`/api/v1/games/${c.body.id}`)).body;
    expect(g.status).toBe('finished');
    expect(g.outcome.ranks[0]).toBe(3);
    expect(g.outcome.winners).not.toContain(0);
  });

  it('with two seats, the other seat wins at once (player tokens and GraphQL)', async () => {
    const gql = async (query: string, variables: Record<string, unknown>, token?: string) =>
      (
        await request(s.url)
          .post('/graphql')
          .set(token ? auth(token) : {})
          .send({ query, variables })
      ).body;
    const ann = (await gql('mutation { createPlayer(name: "Ann") { id token } }', {})).data.createPlayer;
    const ben = (await gql('mutation { createPlayer(name: "Ben") { id token } }', {})).data.createPlayer;
    const c = (
      await gql(
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id status invite { code } } }',
        { i: { type: 'ville-de-demain', players: [{ me: true }, { open: true }] } },
        ann.token,
      )
    ).data.createGame;
    expect(c.status).toBe('waiting');
    const early = await gql('mutation($id: ID!) { resign(gameId: $id) { version } }', { id: c.id }, ann.token);
    expect(early.errors[0].extensions.code).toBe('GAME_NOT_STARTED');
    const j = (
      await gql(
        'mutation($id: ID!, $code: String!) { joinGame(gameId: $id, inviteCode: $code) { seat status } }',
        { id: c.id, code: c.invite.code },
        ben.token,
      )
    ).data.joinGame;
    expect(j).toEqual({ seat: 1, status: 'active' });
    const r = (
      await gql('mutation($id: ID!) { resign(gameId: $id) { version status outcome { winners ranks } } }', { id: c.id }, ben.token)
    ).data.resign;
    expect(r).toEqual({ version: 1, status: 'finished', outcome: { winners: [0], ranks: [1, 2] } });
    const mine = (await gql('{ myGames(status: finished) { games { id seat isMyTurn resigned } } }', {}, ben.token)).data.myGames.games;
    expect(mine).toEqual([{ id: c.id, seat: 1, isMyTurn: false, resigned: true }]);
    const after = await gql('mutation($id: ID!) { resign(gameId: $id) { version } }', { id: c.id }, ann.token);
    expect(after.errors[0].extensions.code).toBe('GAME_OVER');
    // The engine itself does not know the game is over; the service does.
    const legal = await request(s.url).get(`/api/v1/games/${c.id}/legal-moves`).set(auth(ann.token));
    expect(legal.body.moves).toEqual([]);
    const move = await request(s.url)
      .post(`/api/v1/games/${c.id}/moves`)
      .set(auth(ann.token))
      .send({ move: { type: 'takeCoin' } });
    expect([move.status, move.body.code]).toEqual([409, 'GAME_OVER']);
  });
});
