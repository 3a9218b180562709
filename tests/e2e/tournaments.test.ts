import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from '../support/server.js';

/**
 * Tournaments (issue 34 item 3) on two server processes sharing one database: round robin and
 * Swiss run to their standings with random clients over REST, each request to either process; the
 * next round is made by whichever process ends the last game of a round (after-commit hook), and
 * both processes are asked to advance every tournament all along, so a round made twice would show.
 * The games played out are Ma Petite Ville's, the shortest of the four (about 50 moves a game where
 * Town Center takes 190): what is tested is the tournament, not the game.
 */
describe('tournaments on two processes (end-to-end, real Postgres)', () => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { TOURNAMENTS_SWEEP_MS: '60000', RATINGS_SWEEP_MS: '60000' };
    a = await startTestServer(env, db);
    b = await startTestServer(env, db);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  type Player = { id: string; token: string; name: string };
  let flip = 0;
  /** Either process, in turn. */
  const any = () => (flip++ % 2 === 0 ? a : b).url;
  const auth = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });
  const player = async (name: string): Promise<Player> => ({
    ...(await request(any()).post('/api/v1/players').send({ name }).expect(201)).body,
    name,
  });
  const tournament = async (id: string) => (await request(any()).get(`/api/v1/tournaments/${id}`).expect(200)).body;
  // A seeded generator: the random clients' choices.
  let seed = 34;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };

  /**
   * The random clients: every seat to move in the tournament's running games plays a random legal
   * move with its player's token, through either process, until the tournament is finished. Both
   * processes are asked to advance the tournament after every pass (the guard makes each round once).
   */
  const playOut = async (id: string, players: Player[]) => {
    const byId = new Map(players.map((p) => [p.id, p]));
    for (let pass = 0; pass < 20_000; pass++) {
      const t = await tournament(id);
      if (t.status === 'finished') return t;
      expect(t.status).toBe('running');
      const open = t.roundsPlayed
        .flatMap((r: { tables: { gameId: string | null; status: string; players: { seat: number; playerId: string }[] }[] }) => r.tables)
        .filter((x: { status: string; gameId: string | null }) => x.gameId && x.status === 'active');
      await Promise.all(
        open.map(async (table: { gameId: string; players: { seat: number; playerId: string }[] }) => {
          const g = (await request(any()).get(`/api/v1/games/${table.gameId}`).expect(200)).body;
          for (const seat of g.toMove as number[]) {
            const p = byId.get(table.players[seat]!.playerId)!;
            const lm = await request(any()).get(`/api/v1/games/${table.gameId}/legal-moves`).set(auth(p));
            if (lm.status !== 200 || lm.body.moves.length === 0) continue;
            const move = lm.body.moves[random(lm.body.moves.length)];
            const r = await request(any())
              .post(`/api/v1/games/${table.gameId}/moves`)
              .set(auth(p))
              .send({ move, expectedVersion: g.version });
            expect([200, 409]).toContain(r.status); // 409: another seat of a simultaneous phase moved first
          }
        }),
      );
      await Promise.all([a.tournaments.advance(id), b.tournaments.advance(id)]);
    }
    throw new Error('the tournament did not finish');
  };

  /** Each round made once: every player at one table a round, each table's game its own. */
  const checkRounds = (t: {
    rounds: number;
    roundsPlayed: { round: number; tables: { players: { playerId: string }[]; gameId: string | null; bye: boolean }[] }[];
    players: { playerId: string }[];
  }) => {
    expect(t.roundsPlayed.map((r) => r.round)).toEqual(Array.from({ length: t.rounds }, (_, i) => i + 1));
    for (const r of t.roundsPlayed)
      expect(r.tables.flatMap((x) => x.players.map((p) => p.playerId)).sort()).toEqual(t.players.map((p) => p.playerId).sort());
    const games = t.roundsPlayed.flatMap((r) => r.tables.filter((x) => !x.bye).map((x) => x.gameId));
    expect(new Set(games).size).toBe(games.length);
  };

  const create = async (creator: Player, body: object) =>
    (
      await request(any())
        .post('/api/v1/tournaments')
        .set(auth(creator))
        .send({ startsAt: new Date(Date.now() + 3_600_000).toISOString(), ...body })
        .expect(201)
    ).body;

  it('a round robin of 4 players of a 2-player game runs to its standings: every two players ' +
    'meet once, 1 point a game shared', async () => {
    const ps = await Promise.all(['Ana', 'Ben', 'Cleo', 'Dev'].map(player));
    const t0 = await create(ps[0]!, {
      name: 'Autumn round robin',
      game: 'ma-petite-ville',
      format: 'round-robin',
      seatsPerGame: 2,
      rated: true,
    });
    expect(t0).toMatchObject({ status: 'open', format: 'round-robin', seatsPerGame: 2, players: [], roundsPlayed: [] });
    for (const p of ps) await request(any()).post(`/api/v1/tournaments/${t0.id}/join`).set(auth(p)).expect(200);
    const started = (await request(any()).post(`/api/v1/tournaments/${t0.id}/start`).set(auth(ps[0]!)).expect(200)).body;
    expect(started.status).toBe('running');
    expect(started.rounds).toBe(3);
    const t = await playOut(t0.id, ps);
    checkRounds(t);
    const pairs = t.roundsPlayed.flatMap((r: { tables: { players: { playerId: string }[] }[] }) =>
      r.tables.map((x) =>
        x.players
          .map((p) => p.playerId)
          .sort()
          .join(','),
      ),
    );
    expect(new Set(pairs).size).toBe(6);
    expect(t.standings.reduce((s: number, r: { points: number }) => s + r.points, 0)).toBe(6);
    expect(t.standings.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3, 4]);
    const points = t.standings.map((r: { points: number }) => r.points);
    expect(points).toEqual([...points].sort((x, y) => y - x));
    for (const r of t.standings) expect(r.played).toBe(3);
    // The games are ordinary rated games between the players.
    const first = t.roundsPlayed[0].tables[0];
    const g = (await request(any()).get(`/api/v1/games/${first.gameId}`).expect(200)).body;
    expect(g).toMatchObject({ status: 'finished', rated: true });
  }, 300_000);

  it('a Swiss of 8 players of a 4-player game runs 3 rounds to its standings: tables of 4, no ' +
    'table repeated, 6 points a table', async () => {
    const ps = await Promise.all(Array.from({ length: 8 }, (_, i) => player(`Swiss ${i + 1}`)));
    const t0 = await create(ps[0]!, {
      name: 'Swiss of eight',
      game: 'ma-petite-ville',
      format: 'swiss',
      rounds: 3,
      seatsPerGame: 4,
      rated: false,
      maxPlayers: 8,
    });
    await Promise.all(ps.map((p) => request(any()).post(`/api/v1/tournaments/${t0.id}/join`).set(auth(p)).expect(200)));
    // Full: a ninth player is refused.
    const ninth = await player('Ninth');
    const full = await request(any()).post(`/api/v1/tournaments/${t0.id}/join`).set(auth(ninth));
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('TOURNAMENT_FULL');
    await request(any()).post(`/api/v1/tournaments/${t0.id}/start`).set(auth(ps[0]!)).expect(200);
    const t = await playOut(t0.id, ps);
    checkRounds(t);
    const tables = t.roundsPlayed.flatMap((r: { tables: { players: { playerId: string }[]; bye: boolean }[] }) => r.tables);
    expect(tables.every((x: { players: unknown[]; bye: boolean }) => x.players.length === 4 && !x.bye)).toBe(true);
    const sets = tables.map((x: { players: { playerId: string }[] }) =>
      x.players
        .map((p) => p.playerId)
        .sort()
        .join(','),
    );
    expect(new Set(sets).size).toBe(sets.length);
    expect(t.standings.reduce((s: number, r: { points: number }) => s + r.points, 0)).toBe(6 * 2 * 3);
    const order = t.standings.map((r: { points: number; buchholz: number }) => [r.points, r.buchholz]);
    for (let i = 1; i < order.length; i++)
      expect(order[i - 1][0] > order[i][0] || (order[i - 1][0] === order[i][0] && order[i - 1][1] >= order[i][1])).toBe(true);
  }, 600_000);

  it('GraphQL alike: create, join, start and read a round robin of 3 (a bye each round) played to its standings', async () => {
    const ps = await Promise.all(['Gia', 'Hal', 'Ivo'].map(player));
    const gql = async (p: Player | null, query: string, variables: object = {}) => {
      const r = await request(any())
        .post('/graphql')
        .set(p ? auth(p) : {})
        .send({ query, variables });
      expect(r.body.errors).toBeUndefined();
      return r.body.data;
    };
    const { createTournament } = await gql(
      ps[0]!,
      'mutation($input: CreateTournamentInput!) { createTournament(input: $input) { id status format rounds } }',
      {
        input: {
          name: 'Trio',
          game: 'ma-petite-ville',
          format: 'round-robin',
          seatsPerGame: 2,
          startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      },
    );
    expect(createTournament).toMatchObject({ status: 'open', format: 'round-robin' });
    for (const p of ps) await gql(p, 'mutation($id: ID!) { joinTournament(id: $id) { id } }', { id: createTournament.id });
    const { startTournament } = await gql(ps[0]!, 'mutation($id: ID!) { startTournament(id: $id) { status rounds } }', {
      id: createTournament.id,
    });
    expect(startTournament).toEqual({ status: 'running', rounds: 3 });
    await playOut(createTournament.id, ps);
    const { tournament: t } = await gql(
      null,
      'query($id: ID!) { tournament(id: $id) { id page name game format rounds seatsPerGame ' +
        'maxPlayers timeControl rated startsAt minReliability creatorId status players { playerId ' +
        'name } roundsPlayed { round tables { table players { seat playerId name } bye gameId ' +
        'status ranks } } standings { rank playerId name points buchholz beaten played byes } } }',
      { id: createTournament.id },
    );
    expect(t).toEqual(await tournament(createTournament.id));
    expect(t.standings.every((r: { byes: number; played: number }) => r.byes === 1 && r.played === 2)).toBe(true);
    expect(t.standings.reduce((s: number, r: { points: number }) => s + r.points, 0)).toBe(3 + 3 * 0.5); // 3 games, 3 byes of 1/2
  }, 300_000);

  it('two processes ending the last games of a round at once make the next round once (no second table, no orphan game)', async () => {
    const ps = await Promise.all(['Race 1', 'Race 2', 'Race 3', 'Race 4'].map(player));
    const t0 = await create(ps[0]!, { name: 'Race', game: 'town-center', format: 'swiss', rounds: 2, seatsPerGame: 2, rated: false });
    for (const p of ps) await request(any()).post(`/api/v1/tournaments/${t0.id}/join`).set(auth(p)).expect(200);
    const t1 = (await request(any()).post(`/api/v1/tournaments/${t0.id}/start`).set(auth(ps[0]!)).expect(200)).body;
    const byId = new Map(ps.map((p) => [p.id, p]));
    const tables = t1.roundsPlayed[0].tables as { gameId: string; players: { seat: number; playerId: string }[] }[];
    expect(tables).toHaveLength(2);
    // Each seat moves once (so that the games count), then both games are resigned at once, one through each process.
    for (const x of tables) {
      for (const moved = new Set<number>(); moved.size < 2; ) {
        const g = (await request(a.url).get(`/api/v1/games/${x.gameId}`).expect(200)).body;
        const seat = g.toMove[0] as number;
        const p = byId.get(x.players[seat]!.playerId)!;
        const lm = (await request(a.url).get(`/api/v1/games/${x.gameId}/legal-moves`).set(auth(p)).expect(200)).body;
        await request(a.url).post(`/api/v1/games/${x.gameId}/moves`).set(auth(p)).send({ move: lm.moves[0] }).expect(200);
        moved.add(seat);
      }
    }
    await Promise.all(
      tables.map((x, i) =>
        request((i === 0 ? a : b).url)
          .post(`/api/v1/games/${x.gameId}/resign`)
          .set(auth(byId.get(x.players[1]!.playerId)!))
          .expect(200),
      ),
    );
    await Promise.all([
      a.tournaments.advance(t0.id),
      b.tournaments.advance(t0.id),
      a.tournaments.advance(t0.id),
      b.tournaments.advance(t0.id),
    ]);
    await expect.poll(async () => (await tournament(t0.id)).roundsPlayed.length, { timeout: 20_000 }).toBe(2);
    const t2 = await tournament(t0.id);
    await expect
      .poll(async () => (await tournament(t0.id)).roundsPlayed[1].tables.every((x: { gameId: string | null }) => x.gameId), {
        timeout: 20_000,
      })
      .toBe(true);
    checkRounds({ ...t2, rounds: 2, roundsPlayed: (await tournament(t0.id)).roundsPlayed });
    // Swiss: the round-1 pairs do not meet again.
    const pairs = (r: { tables: { players: { playerId: string }[] }[] }) =>
      r.tables.map((x) =>
        x.players
          .map((p) => p.playerId)
          .sort()
          .join(','),
      );
    const [r1, r2] = (await tournament(t0.id)).roundsPlayed;
    expect(pairs(r2).filter((x: string) => pairs(r1).includes(x))).toEqual([]);
    // No orphan game: the players' games are the four the tables name.
    const mine = await Promise.all(
      ps.map(async (p) =>
        (await request(any()).get('/api/v1/players/me/games').set(auth(p)).expect(200)).body.games.map((g: { id: string }) => g.id),
      ),
    );
    expect(new Set(mine.flat()).size).toBe(4);
  }, 120_000);

  it('faults: joining twice, after the start, below the reliability bound; bad input; starting ' +
    'by another player or with too few players', async () => {
    const [c, d, e] = await Promise.all(['Cora', 'Dan', 'Eli'].map(player));
    const t = await create(c!, { name: 'Faults', game: 'town-center', format: 'swiss', rounds: 2, seatsPerGame: 2, minReliability: 0.5 });
    await request(any()).post(`/api/v1/tournaments/${t.id}/join`).set(auth(c!)).expect(200);
    const twice = await request(any()).post(`/api/v1/tournaments/${t.id}/join`).set(auth(c!));
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('ALREADY_ENTERED');
    // Too few to start, and only the creator (or the operator) starts it.
    const few = await request(any()).post(`/api/v1/tournaments/${t.id}/start`).set(auth(c!));
    expect(few.status).toBe(409);
    expect(few.body.code).toBe('TOO_FEW_PLAYERS');
    // Eli abandons two games: reliability 0 < 0.5.
    for (let i = 0; i < 2; i++) {
      const g = (
        await request(any())
          .post('/api/v1/games')
          .set(auth(e!))
          .send({ type: 'town-center', players: [{ me: true }, { open: true }] })
          .expect(201)
      ).body;
      await request(any()).post(`/api/v1/games/${g.id}/join`).set(auth(d!)).send({ inviteCode: g.invite.code }).expect(201);
      await request(any()).post(`/api/v1/games/${g.id}/resign`).set(auth(e!)).expect(200);
    }
    const low = await request(any()).post(`/api/v1/tournaments/${t.id}/join`).set(auth(e!));
    expect(low.status).toBe(403);
    expect(low.body).toMatchObject({ code: 'RELIABILITY_TOO_LOW', reliability: 0, minReliability: 0.5 });
    await request(any()).post(`/api/v1/tournaments/${t.id}/join`).set(auth(d!)).expect(200);
    const other = await request(any()).post(`/api/v1/tournaments/${t.id}/start`).set(auth(d!));
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('FORBIDDEN');
    await request(any())
      .post(`/api/v1/tournaments/${t.id}/start`)
      .set({ Authorization: `Bearer ${OPERATOR_TOKEN}` })
      .expect(200);
    const late = await request(any())
      .post(`/api/v1/tournaments/${t.id}/join`)
      .set(auth(await player('Late')));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('TOURNAMENT_STARTED');
    const again = await request(any()).post(`/api/v1/tournaments/${t.id}/start`).set(auth(c!));
    expect(again.body.code).toBe('TOURNAMENT_STARTED');

    const bad = async (body: object, field: RegExp) => {
      const r = await request(any())
        .post('/api/v1/tournaments')
        .set(auth(c!))
        .send({ name: 'x', game: 'town-center', format: 'swiss', rounds: 2, seatsPerGame: 2, startsAt: new Date().toISOString(), ...body });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('INVALID_INPUT');
      expect(JSON.stringify(r.body)).toMatch(field);
    };
    await bad({ game: 'chess' }, /chess/);
    await bad({ format: 'knockout' }, /format/);
    await bad({ format: 'round-robin', seatsPerGame: 4 }, /round robin/);
    await bad({ rounds: undefined }, /rounds/);
    await bad({ seatsPerGame: 9 }, /seatsPerGame/);
    await bad({ minReliability: 2 }, /minReliability/);
    await bad({ startsAt: 'tomorrow' }, /startsAt/);
    await bad({ extra: 1 }, /extra|additional/);
    await bad({ timeControl: { initialSeconds: 100, incrementSeconds: 10, maxSeconds: 50 } }, /timeControl.initialSeconds/);
    const anonymous = await request(any())
      .post('/api/v1/tournaments')
      .send({ name: 'x', game: 'town-center', format: 'swiss', rounds: 2, seatsPerGame: 2, startsAt: new Date().toISOString() });
    expect(anonymous.status).toBe(401);
    expect((await request(any()).get('/api/v1/tournaments/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await request(any()).get('/api/v1/tournaments/nope')).body.code).toBe('NOT_FOUND');
  }, 120_000);

  it('an open tournament starts at its time by the sweep: cancelled with fewer players than a table', async () => {
    const [f, g] = await Promise.all(['Fay', 'Gus'].map(player));
    const soon = (
      await request(any())
        .post('/api/v1/tournaments')
        .set(auth(f!))
        .send({
          name: 'Soon',
          game: 'town-center',
          format: 'round-robin',
          seatsPerGame: 2,
          startsAt: new Date(Date.now() - 1000).toISOString(),
        })
        .expect(201)
    ).body;
    const empty = (
      await request(any())
        .post('/api/v1/tournaments')
        .set(auth(f!))
        .send({
          name: 'Empty',
          game: 'town-center',
          format: 'round-robin',
          seatsPerGame: 2,
          startsAt: new Date(Date.now() - 1000).toISOString(),
        })
        .expect(201)
    ).body;
    for (const p of [f!, g!]) await request(any()).post(`/api/v1/tournaments/${soon.id}/join`).set(auth(p)).expect(200);
    await Promise.all([a.tournaments.sweep(), b.tournaments.sweep()]);
    const t = await tournament(soon.id);
    expect(t.status).toBe('running');
    expect(t.roundsPlayed).toHaveLength(1);
    expect(t.roundsPlayed[0].tables).toHaveLength(1);
    expect((await tournament(empty.id)).status).toBe('cancelled');
  });
});
