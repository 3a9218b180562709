import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/citybuilder.js';
import { startTestServer, testRegistry, type TestServer } from '../support/server.js';

/**
 * Ratings that cannot be farmed (issue 34 item 1), over REST: a rated game that ends before some
 * person's seat made a move of its own is aborted and changes no rating; rated games of a pair
 * beyond RATING_PAIR_DAILY_LIMIT in 24 hours change no rating; the command line's rebuild applies
 * the same rules. The leaderboard's bounds are lowered here (2 games, 2 opponents, sigma under 8.2)
 * so that a few real games put players on it.
 */
describe('ratings that cannot be farmed (end-to-end, real Postgres)', () => {
  let s: TestServer;
  let db: pg.Pool;
  const TYPE = 'town-center';
  beforeAll(async () => {
    s = await startTestServer({
      LEADERBOARD_MIN_GAMES: '2',
      LEADERBOARD_MIN_OPPONENTS: '2',
      RATING_PROVISIONAL_SIGMA: '8.2',
      RATINGS_SWEEP_MS: '60000',
    });
    db = new pg.Pool({ connectionString: s.db.url, max: 2 });
  });
  afterAll(async () => {
    await db?.end();
    await s?.stop();
  });

  type Player = { id: string; token: string };
  const auth = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });
  const player = async (name: string): Promise<Player> => (await request(s.url).post('/api/v1/players').send({ name }).expect(201)).body;
  const ratingsOf = async (p: Player) => (await request(s.url).get(`/api/v1/players/${p.id}/ratings`).expect(200)).body.ratings;
  const board = async () => (await request(s.url).get(`/api/v1/leaderboards/${TYPE}`).expect(200)).body;
  const applied = async () => Number((await db.query('SELECT count(*) AS n FROM rated_games')).rows[0].n);
  const status = async (id: string) => (await request(s.url).get(`/api/v1/games/${id}/rating`).expect(200)).body.status as string;

  /** A rated 2-player game: `a` creates it, `b` joins by the invitation. */
  const ratedGame = async (a: Player, b: Player): Promise<string> => {
    const created = (
      await request(s.url)
        .post('/api/v1/games')
        .set(auth(a))
        .send({ type: TYPE, players: [{ me: true }, { open: true }] })
        .expect(201)
    ).body;
    expect(created.rated).toBe(true);
    await request(s.url).post(`/api/v1/games/${created.id}/join`).set(auth(b)).send({ inviteCode: created.invite.code }).expect(201);
    return created.id;
  };
  /** The seats to move play their first legal move until each of `seats` has played one of its own. */
  const everyoneMoves = async (id: string, tokens: Player[], seats = [0, 1]) => {
    const moved = new Set<number>();
    while (!seats.every((x) => moved.has(x))) {
      const g = (await request(s.url).get(`/api/v1/games/${id}`).expect(200)).body;
      expect(g.status).toBe('active');
      const seat = g.toMove[0] as number;
      const { moves } = (await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set(auth(tokens[seat]!)).expect(200)).body;
      await request(s.url).post(`/api/v1/games/${id}/moves`).set(auth(tokens[seat]!)).send({ move: moves[0] }).expect(200);
      moved.add(seat);
    }
  };
  /** One game applied by the projection: waits for it, then gives how it counted. */
  const finish = async (id: string, loser: Player, count: number) => {
    await request(s.url).post(`/api/v1/games/${id}/resign`).set(auth(loser)).expect(200);
    await expect.poll(applied, { timeout: 10_000 }).toBe(count);
    return status(id);
  };

  let a: Player, b: Player, c: Player, x: Player;
  let done = 0;

  it('real games (each seat moved before the resignation) count and put their players on the leaderboard', async () => {
    [a, b, c, x] = [await player('Ada'), await player('Bob'), await player('Cy'), await player('Ada-too')];
    // Bob beats Ada and Cy; Ada beats Cy: Bob first, Ada second, Cy third.
    for (const [p, q, loser] of [
      [a, b, a],
      [b, c, c],
      [c, a, c],
    ] as const) {
      const id = await ratedGame(p, q);
      await everyoneMoves(id, [p, q]);
      expect(await finish(id, loser, ++done)).toBe('counted');
      expect((await request(s.url).get(`/api/v1/games/${id}/record`).expect(200)).body.aborted).toBeUndefined();
    }
    const top = await board();
    expect(top).toMatchObject({ minGames: 2, minOpponents: 2, recentDays: 90, provisionalSigma: 8.2 });
    expect(top.players.map((r: { playerId: string }) => r.playerId)).toEqual([b.id, a.id, c.id]);
    for (const r of top.players) expect(r).toMatchObject({ games: 2, recentGames: 2, recentOpponents: 2, provisional: false });
  }, 120_000);

  it('eight rounds of "a second identity joins a rated game and resigns at version 0" leave the ' +
    "first identity's rating and leaderboard place unchanged", async () => {
    const ratingBefore = await ratingsOf(a);
    const boardBefore = await board();
    for (let round = 0; round < 8; round++) {
      const id = await ratedGame(a, x);
      expect((await request(s.url).get(`/api/v1/games/${id}`).expect(200)).body.version).toBe(0);
      expect(await finish(id, x, ++done)).toBe('aborted');
      // Its record says so.
      const record = (await request(s.url).get(`/api/v1/games/${id}/record`).expect(200)).body;
      expect(record).toMatchObject({ status: 'finished', aborted: true });
      expect(await ratingsOf(a)).toEqual(ratingBefore);
      expect(await board()).toEqual(boardBefore);
    }
    // One move of the first identity's own changes nothing either: the second identity's seat has none.
    const id = await ratedGame(a, x);
    await everyoneMoves(id, [a, x], [0]);
    expect(await finish(id, x, ++done)).toBe('aborted');
    expect(await ratingsOf(a)).toEqual(ratingBefore);
    expect(await ratingsOf(x)).toEqual([]);
    expect(await board()).toEqual(boardBefore);
    // GraphQL says the same.
    const q = await request(s.url)
      .post('/graphql')
      .send({
        query:
          `{ gameRating(gameId: "${id}") { gameId rated status } leaderboard(gameType: "${TYPE}") { ` +
          `minOpponents recentDays players { playerId rank recentGames recentOpponents } } }`,
      })
      .expect(200);
    expect(q.body.errors).toBeUndefined();
    expect(q.body.data.gameRating).toEqual({ gameId: id, rated: true, status: 'aborted' });
    expect(q.body.data.leaderboard.players.map((r: { playerId: string }) => r.playerId)).toEqual([b.id, a.id, c.id]);
  }, 120_000);

  it('rated games of one pair beyond 3 in 24 hours change no rating and are shown unrated; the rebuild keeps every verdict', async () => {
    // Ada and Bob played one counted game above: two more count, the next two do not.
    const seen: string[] = [];
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) {
      const before = [await ratingsOf(a), await ratingsOf(b)];
      const id = await ratedGame(a, b);
      ids.push(id);
      await everyoneMoves(id, [a, b]);
      const verdict = await finish(id, n % 2 ? a : b, ++done);
      seen.push(verdict);
      const after = [await ratingsOf(a), await ratingsOf(b)];
      if (verdict === 'pair-limit') expect(after).toEqual(before);
      else expect(after).not.toEqual(before);
    }
    expect(seen).toEqual(['counted', 'counted', 'pair-limit', 'pair-limit']);
    // A third player is not bound by the pair: Cy and Ada's second game counts.
    const other = await ratedGame(c, a);
    await everyoneMoves(other, [c, a]);
    expect(await finish(other, c, ++done)).toBe('counted');

    const rows = async () => (await db.query('SELECT game_id::text, unrated FROM rated_games ORDER BY finished_at, game_id')).rows;
    const ratingRows = async () =>
      (await db.query('SELECT player_id::text, game_type, mu, sigma, ordinal, games FROM ratings ORDER BY player_id, game_type')).rows;
    const [verdicts, numbers] = [await rows(), await ratingRows()];
    const out: string[] = [];
    const io = { out: (t: string) => void out.push(t), err: (t: string) => void out.push(t), read: async () => '', write: async () => {} };
    expect(await run(['rebuild-ratings', '--database-url', s.db.url], io, testRegistry())).toBe(0);
    expect(JSON.parse(out[0]!)).toEqual({ games: done, ratings: 3 });
    expect(await rows()).toEqual(verdicts);
    expect(await ratingRows()).toEqual(numbers);
    for (const [i, id] of ids.entries()) expect(await status(id)).toBe(seen[i]);
    // Only games that changed the rating count: Ada's 2 first, 2 of the 4 with Bob, 1 with Cy.
    const ada = (await ratingsOf(a))[0];
    expect(ada.games).toBe(5);
  }, 180_000);

  it('an unrated game says so; an unknown game is 404', async () => {
    const g = (
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: TYPE, players: [{ name: 'x' }, { name: 'y' }] })
        .expect(201)
    ).body;
    expect((await request(s.url).get(`/api/v1/games/${g.id}/rating`).expect(200)).body).toEqual({
      gameId: g.id,
      rated: false,
      status: 'unrated',
    });
    const r = await request(s.url).get('/api/v1/games/00000000-0000-4000-8000-000000000000/rating');
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('NOT_FOUND');
  });
});
