import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_TOKEN, startTestServer, testRegistry, type TestServer } from '../support/server.js';
import { run } from '../../src/cli/citybuilder.js';

/**
 * Ratings (issue 19): openskill ratings per player and game type, a projection of finished rated
 * games in the order they finished; leaderboards; expected chances; the rebuild from the log.
 */
describe('ratings and leaderboards (end-to-end, real Postgres)', () => {
  let s: TestServer;
  let db: pg.Pool;
  beforeAll(async () => {
    // Lowered bounds, so that six games put three players on the leaderboard (tests/e2e/ratings-farming.test.ts keeps the rules).
    s = await startTestServer({
      LEADERBOARD_MIN_GAMES: '3',
      LEADERBOARD_MIN_OPPONENTS: '2',
      RATING_PROVISIONAL_SIGMA: '8',
      RATINGS_SWEEP_MS: '60000',
    });
    db = new pg.Pool({ connectionString: s.db.url, max: 2 });
  });
  afterAll(async () => {
    await db?.end();
    await s?.stop();
  });

  const player = async (name: string) =>
    (await request(s.url).post('/api/v1/players').send({ name }).expect(201)).body as { id: string; token: string };
  const ratingsOf = async (id: string) =>
    (await request(s.url).get(`/api/v1/players/${id}/ratings`).expect(200)).body.ratings as {
      gameType: string;
      mu: number;
      sigma: number;
      ordinal: number;
      provisional: boolean;
      games: number;
    }[];
  const mu = async (id: string) => (await ratingsOf(id)).find((r) => r.gameType === 'ville-de-demain')?.mu ?? 25;
  const tableRows = async () =>
    (
      await db.query(
        'SELECT player_id::text, game_type, mu, sigma, ordinal, games, last_game_at FROM ratings ORDER BY player_id, game_type',
      )
    ).rows;
  const applied = async () => Number((await db.query('SELECT count(*) AS n FROM rated_games')).rows[0].n);

  /** A rated 2-player game between two players (the second joins with the invitation), played to the end with each seat's first
   * legal move. */
  const play = async (a: { token: string }, b: { token: string }) => {
    const created = (
      await request(s.url)
        .post('/api/v1/games')
        .set('Authorization', `Bearer ${a.token}`)
        .send({ type: 'ville-de-demain', players: [{ me: true }, { open: true }] })
        .expect(201)
    ).body;
    expect(created.rated).toBe(true);
    await request(s.url)
      .post(`/api/v1/games/${created.id}/join`)
      .set('Authorization', `Bearer ${b.token}`)
      .send({ inviteCode: created.invite.code })
      .expect(201);
    const chances = (await request(s.url).get(`/api/v1/games/${created.id}/chances`).expect(200)).body;
    const tokens = [a.token, b.token];
    for (let guard = 0; guard < 5000; guard++) {
      const g = await s.service.getGame(created.id, undefined);
      if (g.status === 'finished') return { id: created.id, ranks: g.outcome!.ranks, chances };
      const seat = g.toMove[0]!;
      const lm = await s.service.legalMoves(created.id, tokens[seat]);
      await s.service.submitMove(created.id, tokens[seat], lm.moves[0]);
    }
    throw new Error('the game did not end');
  };

  it("three players play six rated 2-player games to the end: winners' mu rises, losers' falls, " +
    'the leaderboard orders by ordinal, new players are provisional, a rebuild equals the ' +
    'incremental numbers exactly', async () => {
    const ps = [await player('Ada'), await player('Bob'), await player('Cy')];
    const pairs = [
      [0, 1],
      [1, 2],
      [2, 0],
      [0, 1],
      [1, 2],
      [2, 0],
    ] as const;
    let decisive = 0;
    for (const [n, [i, j]] of pairs.entries()) {
      const before = [await mu(ps[i]!.id), await mu(ps[j]!.id)];
      const game = await play(ps[i]!, ps[j]!);
      if (n === 0) expect(game.chances.chances.map((c: { chance: number }) => c.chance)).toEqual([0.5, 0.5]); // two new players: even
      expect(game.chances.chances.reduce((t: number, c: { chance: number }) => t + c.chance, 0)).toBeCloseTo(1, 9);
      // The projection runs after the finishing move commits.
      await expect.poll(applied, { timeout: 10_000 }).toBe(n + 1);
      const after = [await mu(ps[i]!.id), await mu(ps[j]!.id)];
      const [ri, rj] = game.ranks as [number, number];
      if (ri !== rj) {
        decisive++;
        const [w, l] = ri < rj ? [0, 1] : [1, 0];
        expect(after[w]!).toBeGreaterThan(before[w]!);
        expect(after[l]!).toBeLessThan(before[l]!);
      }
      if (n === 0)
        for (const p of [ps[i]!, ps[j]!])
          expect((await ratingsOf(p.id))[0]).toMatchObject({ gameType: 'ville-de-demain', games: 1, provisional: true }); // sigma 8.07
    }
    expect(decisive).toBeGreaterThan(0);

    const board = (await request(s.url).get('/api/v1/leaderboards/ville-de-demain').expect(200)).body;
    expect(board.players.map((p: { playerId: string }) => p.playerId).sort()).toEqual(ps.map((p) => p.id).sort());
    const ordinals = board.players.map((p: { ordinal: number }) => p.ordinal);
    expect(ordinals).toEqual([...ordinals].sort((x, y) => y - x));
    expect(board.players.map((p: { rank: number }) => p.rank)).toEqual([1, 2, 3]);
    for (const p of board.players) expect(p.games).toBe(4);
    // Paged with the one cursor: two pages give the same list.
    const first = (await request(s.url).get('/api/v1/leaderboards/ville-de-demain?limit=2').expect(200)).body;
    const second = (await request(s.url).get(`/api/v1/leaderboards/ville-de-demain?limit=2&after=${first.next}`).expect(200)).body;
    expect([...first.players, ...second.players]).toEqual(board.players);
    expect(second.next).toBeNull();

    const incremental = await tableRows();
    expect(incremental).toHaveLength(3);
    await request(s.url)
      .post('/api/v1/admin/ratings/rebuild')
      .set('Authorization', `Bearer ${OPERATOR_TOKEN}`)
      .expect(200, { games: 6, ratings: 3 });
    expect(await tableRows()).toEqual(incremental); // to the last digit: float8 holds each number exactly
    // The command line rebuilds the same from the database.
    const out: string[] = [];
    const io = { out: (t: string) => void out.push(t), err: (t: string) => void out.push(t), read: async () => '', write: async () => {} };
    expect(await run(['rebuild-ratings', '--database-url', s.db.url], io, testRegistry())).toBe(0);
    expect(JSON.parse(out[0]!)).toEqual({ games: 6, ratings: 3 });
    expect(await tableRows()).toEqual(incremental);
  }, 180_000);

  it(
    "a game that finished before the last one applied (two processes' commits crossing) makes " +
      'the projection rebuild, so the order stays the finish order',
    async () => {
      const before = await tableRows();
      const [{ game_id: earliest }] = (await db.query('SELECT game_id::text FROM rated_games ORDER BY finished_at, game_id LIMIT 1')).rows;
      await db.query('DELETE FROM rated_games WHERE game_id = $1', [earliest]); // as if its update had not run yet
      expect(await s.ratings.project()).toBe(6); // all six applied again, in order
      expect(await applied()).toBe(6);
      expect(await tableRows()).toEqual(before);
    },
  );

  it(
    'rated: allowed only for player identities without a chosen seed; true where not allowed ' +
      'is a 400 naming the reason; unrated games change no rating',
    async () => {
      const p = await player('Dee');
      const named = await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'ville-de-demain', players: [{ name: 'x' }, { name: 'y' }], rated: true });
      expect(named.status).toBe(400);
      expect(named.body).toMatchObject({ code: 'INVALID_INPUT', field: 'rated', reason: 'seat-not-player' });
      const seeded = await request(s.url)
        .post('/api/v1/games')
        .set('Authorization', `Bearer ${p.token}`)
        .send({ type: 'ville-de-demain', players: [{ me: true }, { open: true }], seed: 'chosen', rated: true });
      expect(seeded.status).toBe(400);
      expect(seeded.body).toMatchObject({ code: 'INVALID_INPUT', reason: 'seed-chosen' });
      expect(seeded.body.detail ?? seeded.body.message ?? '').toMatch(/rated/);
      // Left out: false when not allowed, true when allowed; false on request.
      expect(
        (
          await request(s.url)
            .post('/api/v1/games')
            .send({ type: 'ville-de-demain', players: [{ name: 'x' }, { name: 'y' }] })
            .expect(201)
        ).body.rated,
      ).toBe(false);
      const unrated = (
        await request(s.url)
          .post('/api/v1/games')
          .set('Authorization', `Bearer ${p.token}`)
          .send({ type: 'ville-de-demain', players: [{ me: true }, { open: true }], rated: false })
          .expect(201)
      ).body;
      expect(unrated.rated).toBe(false);
      expect((await request(s.url).get(`/api/v1/games/${unrated.id}/chances`).expect(200)).body).toEqual({
        gameId: unrated.id,
        rated: false,
        chances: null,
      });
      // Asked rated: an open seat is taken by a player identity only.
      const rated = (
        await request(s.url)
          .post('/api/v1/games')
          .set('Authorization', `Bearer ${p.token}`)
          .send({ type: 'ville-de-demain', players: [{ me: true }, { open: true }], rated: true })
          .expect(201)
      ).body;
      expect((await request(s.url).get(`/api/v1/games/${rated.id}`).expect(200)).body.rated).toBe(true);
      const anonymous = await request(s.url).post(`/api/v1/games/${rated.id}/join`).send({ inviteCode: rated.invite.code, name: 'guest' });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('UNAUTHORIZED');
      // Rated by default: someone joining without a player token makes the game unrated.
      const byDefault = (
        await request(s.url)
          .post('/api/v1/games')
          .set('Authorization', `Bearer ${p.token}`)
          .send({ type: 'ville-de-demain', players: [{ me: true }, { open: true }] })
          .expect(201)
      ).body;
      expect(byDefault.rated).toBe(true);
      await request(s.url)
        .post(`/api/v1/games/${byDefault.id}/join`)
        .send({ inviteCode: byDefault.invite.code, name: 'guest' })
        .expect(201);
      expect((await request(s.url).get(`/api/v1/games/${byDefault.id}`).expect(200)).body.rated).toBe(false);
    },
  );

  it('a resigned seat ranks last: the player who resigns a rated game (after each seat moved) loses rating, the other gains', async () => {
    const [e, f] = [await player('Eve'), await player('Fay')];
    const created = (
      await request(s.url)
        .post('/api/v1/games')
        .set('Authorization', `Bearer ${e.token}`)
        .send({ type: 'town-center', players: [{ me: true }, { open: true }] })
        .expect(201)
    ).body;
    await request(s.url)
      .post(`/api/v1/games/${created.id}/join`)
      .set('Authorization', `Bearer ${f.token}`)
      .send({ inviteCode: created.invite.code })
      .expect(201);
    // Each seat plays a move of its own first: a game resigned before that is aborted (tests/e2e/ratings-farming.test.ts).
    const tokens = [e.token, f.token];
    for (const moved = new Set<number>(); moved.size < 2; ) {
      const seat = (await s.service.getGame(created.id, undefined)).toMove[0]!;
      await s.service.submitMove(created.id, tokens[seat], (await s.service.legalMoves(created.id, tokens[seat])).moves[0]);
      moved.add(seat);
    }
    const before = await applied();
    await request(s.url).post(`/api/v1/games/${created.id}/resign`).set('Authorization', `Bearer ${f.token}`).expect(200);
    await expect.poll(applied, { timeout: 10_000 }).toBe(before + 1);
    const [re] = await ratingsOf(e.id);
    const [rf] = await ratingsOf(f.id);
    expect(re).toMatchObject({ gameType: 'town-center', games: 1, provisional: true });
    expect(re!.mu).toBeGreaterThan(25);
    expect(rf!.mu).toBeLessThan(25);
  });

  it(
    "bad input: an unknown game type's leaderboard is 404, an unknown player 404, a bad cursor " + '400, the rebuild needs the operator',
    async () => {
      expect((await request(s.url).get('/api/v1/leaderboards/chess').expect(404)).body.code).toBe('NOT_FOUND');
      expect((await request(s.url).get('/api/v1/players/00000000-0000-4000-8000-000000000000/ratings').expect(404)).body.code).toBe(
        'NOT_FOUND',
      );
      expect((await request(s.url).get('/api/v1/players/not-a-uuid/ratings').expect(404)).body.code).toBe('NOT_FOUND');
      expect((await request(s.url).get('/api/v1/leaderboards/ville-de-demain?after=bm9wZQ').expect(400)).body.code).toBe('INVALID_INPUT');
      await request(s.url).post('/api/v1/admin/ratings/rebuild').expect(401);
    },
  );

  it('GraphQL: playerRatings and leaderboard answer the same as REST', async () => {
    const board = (await request(s.url).get('/api/v1/leaderboards/ville-de-demain').expect(200)).body;
    const id = board.players[0].playerId;
    const q = await request(s.url)
      .post('/graphql')
      .send({
        query: `{ leaderboard(gameType: "ville-de-demain", limit: 50) {
          gameType players { rank playerId name mu sigma ordinal provisional games lastGameAt recentGames recentOpponents } next }
      playerRatings(playerId: "${id}") { playerId ratings { gameType mu sigma ordinal provisional games } } }`,
      })
      .expect(200);
    expect(q.body.errors).toBeUndefined();
    expect(q.body.data.leaderboard).toEqual({ gameType: 'ville-de-demain', players: board.players, next: null });
    expect(q.body.data.playerRatings.ratings[0].mu).toBe(board.players[0].mu);
    const unknown = await request(s.url).post('/graphql').send({ query: '{ leaderboard(gameType: "chess") { gameType } }' });
    expect(unknown.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
