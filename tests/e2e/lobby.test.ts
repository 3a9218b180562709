import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from '../support/server.js';

/**
 * The lobby and player layer over real HTTP: two people start a game through an invitation and
 * play it to the end with their player tokens only, checking their inboxes after every move;
 * clients race for seats on two server processes sharing one database; waiting games accept no
 * move; cancelled games leave the lobby; leaving, paging and token reissue.
 */
describe('lobby, players and inbox (end-to-end)', () => {
  let s: TestServer;
  let s2: TestServer; // a second server process on the same database
  const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
  const player = async (name: string) => {
    const r = await request(s.url)
      .post('/api/v1/players')
      .send({ name, email: `${name.toLowerCase()}@example.org` });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.token).toMatch(/^cbp_/);
    return r.body as { id: string; name: string; token: string };
  };
  const inbox = async (token: string, query = '') => {
    const r = await request(s.url).get(`/api/v1/players/me/games${query}`).set(auth(token));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.games as {
      id: string;
      seat: number;
      version: number;
      status: string;
      toMove: number[];
      isMyTurn: boolean;
      lastMoveAt: string | null;
    }[];
  };

  beforeAll(async () => {
    s = await startTestServer();
    s2 = await startTestServer({}, s.db);
  });
  afterAll(async () => {
    await s2?.close();
    await s?.stop();
  });

  it('two players start a private game through an invitation and play it to the end with their player tokens only', async () => {
    const ada = await player('Ada');
    const bob = await player('Bob');
    expect((await request(s.url).get('/api/v1/players/me').set(auth(ada.token))).body).toEqual({
      id: ada.id,
      name: 'Ada',
      email: 'ada@example.org',
    });

    const created = await request(s.url)
      .post('/api/v1/games')
      .set(auth(ada.token))
      .send({ type: 'ma-petite-ville', players: [{ me: true, colour: 'red' }, { open: true }], seed: 'lobby-e2e' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body.status).toBe('waiting');
    expect(created.body.toMove).toEqual([]);
    expect(created.body.seats[0]).toMatchObject({ seat: 0, name: 'Ada', colour: 'red' });
    expect(created.body.seats[1]).toEqual({ seat: 1, open: true });
    const code = created.body.invite.code as string;
    expect(Buffer.from(code.replace(/^inv_/, ''), 'base64url').length * 8).toBeGreaterThanOrEqual(96);

    const waiting = await request(s.url).get(`/api/v1/games/${id}`).set(auth(ada.token));
    expect(waiting.body).toMatchObject({ status: 'waiting', toMove: [], viewer: { seat: 0 } });
    expect(waiting.body.players).toEqual([
      { seat: 0, name: 'Ada', open: false, resigned: false, colour: 'red' },
      { seat: 1, name: '', open: true, resigned: false },
    ]);
    expect(await inbox(ada.token)).toMatchObject([{ id, seat: 0, status: 'waiting', isMyTurn: false, lastMoveAt: null }]);
    expect(await inbox(bob.token)).toEqual([]);
    // Bob's token before he has a seat: a spectator.
    expect((await request(s.url).get(`/api/v1/games/${id}`).set(auth(bob.token))).body.viewer).toEqual({ seat: null });

    const joinedHook: unknown[] = [];
    s.lobby.lobby.onJoined((j) => joinedHook.push(j));
    const taken = await request(s.url).post(`/api/v1/games/${id}/join`).set(auth(bob.token)).send({ inviteCode: code, colour: 'red' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('COLOUR_TAKEN');
    const joined = await request(s.url).post(`/api/v1/games/${id}/join`).set(auth(bob.token)).send({ inviteCode: code, colour: 'green' });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(joined.body).toMatchObject({ seat: 1, name: 'Bob', colour: 'green', status: 'active' });
    // What play-by-mail builds on: the 'joined' hook, and the player (with email) of each seat.
    expect(joinedHook).toEqual([{ gameId: id, type: 'ma-petite-ville', seat: 1, playerId: bob.id, started: true }]);
    expect(await s.lobby.lobby.playerOf(id, 0)).toEqual({ id: ada.id, name: 'Ada', email: 'ada@example.org' });
    expect(await s.lobby.lobby.playerOf(id, 1)).toMatchObject({ id: bob.id, name: 'Bob' });

    const tokenOf = [ada.token, bob.token];
    const rng = Rng.fromSeed('lobby-choices');
    let g = (await request(s.url).get(`/api/v1/games/${id}`).set(auth(ada.token))).body;
    expect(g.status).toBe('active');
    expect(g.toMove.length).toBeGreaterThan(0);
    let guard = 0;
    for (;;) {
      // Each one's inbox shows the game with the right turn flag after every move.
      for (const [seat, token] of tokenOf.entries()) {
        const [entry, ...rest] = await inbox(token);
        expect(rest).toEqual([]);
        expect(entry).toMatchObject({
          id,
          seat,
          version: g.version,
          status: g.status,
          toMove: g.toMove,
          isMyTurn: g.status === 'active' && g.toMove.includes(seat),
        });
        if (g.version > 0) expect(entry!.lastMoveAt).not.toBeNull();
        expect((await inbox(token, '?toMove=true')).map((e) => e.id)).toEqual(entry!.isMyTurn ? [id] : []);
      }
      if (g.status !== 'active') break;
      expect(++guard).toBeLessThan(500);
      const seat = rng.pick(g.toMove as number[]);
      const legal = await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set(auth(tokenOf[seat]!));
      expect(legal.status).toBe(200);
      expect(legal.body.seat).toBe(seat);
      const r = await request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .set(auth(tokenOf[seat]!))
        .send({ move: rng.pick(legal.body.moves) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      g = (await request(s.url).get(`/api/v1/games/${id}`).set(auth(tokenOf[seat]!))).body;
      expect(g.viewer.seat).toBe(seat);
    }
    expect(g.status).toBe('finished');
    expect(g.outcome.winners.length).toBeGreaterThan(0);
    expect((await inbox(ada.token, '?status=finished')).map((e) => e.id)).toEqual([id]);
    expect(await inbox(ada.token, '?status=active')).toEqual([]);
    // The invitation no longer admits anyone.
    const late = await request(s.url).post(`/api/v1/games/${id}/join`).send({ inviteCode: code, name: 'Cy' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('GAME_OVER');
  });

  it('20 clients racing to join a 3-seat game on two server processes: exactly 2 get seats, every other one 409 GAME_FULL', async () => {
    const created = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'sealed-bids', players: [{ name: 'Host' }, { open: true }, { open: true }] });
    expect(created.status).toBe(201);
    const { id, invite } = created.body;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(i % 2 ? s2.url : s.url)
          .post(`/api/v1/games/${id}/join`)
          .send({ inviteCode: invite.code, name: `racer${i}` }),
      ),
    );
    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status !== 201);
    expect(won).toHaveLength(2);
    expect(new Set(won.map((r) => r.body.seat))).toEqual(new Set([1, 2]));
    expect(lost).toHaveLength(18);
    for (const r of lost) expect([r.status, r.body.code]).toEqual([409, 'GAME_FULL']);
    expect(won.map((r) => r.body.status).sort()).toEqual(['active', 'waiting']);
    // Both processes see the started game with the winners seated, and accept the winners' tokens.
    for (const url of [s.url, s2.url]) {
      const g = await request(url).get(`/api/v1/games/${id}`).set(auth(won[0]!.body.token));
      expect(g.body.status).toBe('active');
      expect(g.body.players.filter((p: { open: boolean }) => !p.open)).toHaveLength(3);
      expect(g.body.viewer.seat).toBe(won[0]!.body.seat);
    }
  });

  it(
    'a waiting game accepts no move (REST and GraphQL) and lists no legal move; the move is ' + 'accepted once the last seat is taken',
    async () => {
      const created = await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'sealed-bids', players: [{ name: 'a' }, { open: true }] });
      const { id } = created.body;
      const token = created.body.seats[0].token;
      const move = await request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .set(auth(token))
        .send({ move: { type: 'bid', amount: 1 } });
      expect([move.status, move.body.code]).toEqual([409, 'GAME_NOT_STARTED']);
      const gql = await request(s.url).post('/graphql').set(auth(token)).send({
        query: 'mutation($id: ID!) { submitMove(gameId: $id, move: { sealedBids: { bid: { amount: 1 } } }) { version } }',
        variables: { id },
      });
      expect(gql.body.errors[0].extensions.code).toBe('GAME_NOT_STARTED');
      expect((await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set(auth(token))).body).toMatchObject({ toMove: [], moves: [] });
      expect((await request(s.url).get(`/api/v1/games/${id}/events`)).body.moves).toEqual([]);
      // The other process has the waiting game cached; the join on this one starts it for both.
      expect(
        (
          await request(s2.url)
            .post(`/api/v1/games/${id}/moves`)
            .set(auth(token))
            .send({ move: { type: 'bid', amount: 1 } })
        ).body.code,
      ).toBe('GAME_NOT_STARTED');
      const j = await request(s.url).post(`/api/v1/games/${id}/join`).send({ inviteCode: created.body.invite.code, name: 'b' });
      expect(j.status).toBe(201);
      const ok = await request(s2.url)
        .post(`/api/v1/games/${id}/moves`)
        .set(auth(token))
        .send({ move: { type: 'bid', amount: 1 } });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.version).toBe(1);
    },
  );

  it('lists public waiting games newest first, paged; a cancelled game disappears from the lobby', async () => {
    const host = await player('Host');
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await request(s.url)
        .post('/api/v1/games')
        .set(auth(host.token))
        .send({ type: 'town-center', players: [{ me: true }, { open: true }, { open: true }], public: true, options: {} });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      made.push(r.body.id);
    }
    await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'town-center', players: [{ name: 'x' }, { open: true }] }); // private: never listed
    const first = await request(s.url).get('/api/v1/lobby?type=town-center&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.games.map((g: { id: string }) => g.id)).toEqual([made[2], made[1]]);
    expect(first.body.games[0]).toMatchObject({
      type: 'town-center',
      seatsTaken: 1,
      seatsOpen: 2,
      seats: [
        { seat: 0, open: false, name: 'Host' },
        { seat: 1, open: true },
        { seat: 2, open: true },
      ],
    });
    const second = await request(s.url).get(`/api/v1/lobby?type=town-center&limit=2&before=${first.body.next}`);
    expect(second.body.games.map((g: { id: string }) => g.id)).toEqual([made[0]]);
    expect(second.body.next).toBeNull();

    const stranger = await player('Stranger');
    const refused = await request(s.url).post(`/api/v1/games/${made[1]}/cancel`).set(auth(stranger.token));
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await request(s.url).post(`/api/v1/games/${made[1]}/cancel`).set(auth(host.token))).status).toBe(204);
    expect((await request(s.url).post(`/api/v1/games/${made[0]}/cancel`).set(auth(OPERATOR_TOKEN))).status).toBe(204);
    const after = await request(s.url).get('/api/v1/lobby?type=town-center');
    expect(after.body.games.map((g: { id: string }) => g.id)).toEqual([made[2]]);
    expect((await request(s.url).get(`/api/v1/games/${made[1]}`)).status).toBe(404);
    expect((await request(s2.url).get(`/api/v1/games/${made[1]}`)).status).toBe(404);
  });

  it('the inbox is paged, newest activity first', async () => {
    const me = await player('Pager');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await request(s.url)
            .post('/api/v1/games')
            .set(auth(me.token))
            .send({ type: 'sealed-bids', players: [{ me: true }, { name: 'x' }] })
        ).body.id,
      );
    const moved = await request(s.url)
      .post(`/api/v1/games/${ids[0]}/moves`)
      .set(auth(me.token))
      .send({ move: { type: 'bid', amount: 1 } });
    expect(moved.status).toBe(200); // the oldest game now has the newest activity
    const first = await request(s.url).get('/api/v1/players/me/games?limit=2').set(auth(me.token));
    expect(first.body.games.map((g: { id: string }) => g.id)).toEqual([ids[0], ids[2]]);
    expect(first.body.games[0]).toMatchObject({ version: 1, isMyTurn: false, toMove: [1] });
    expect(first.body.games[1]).toMatchObject({ version: 0, isMyTurn: true, lastMoveAt: null });
    const second = await request(s.url).get(`/api/v1/players/me/games?limit=2&before=${first.body.next}`).set(auth(me.token));
    expect(second.body).toEqual({ games: [expect.objectContaining({ id: ids[1] })], next: null });
    expect((await inbox(me.token, '?toMove=true')).map((g) => g.id)).toEqual([ids[2], ids[1]]);
  });

  it('a seat left before the start is open again; leaving after the start is refused', async () => {
    const host = await player('Hostess');
    const guest = await player('Guest');
    const c = await request(s.url)
      .post('/api/v1/games')
      .set(auth(host.token))
      .send({ type: 'sealed-bids', players: [{ me: true }, { open: true }, { open: true }] });
    const { id, invite } = c.body;
    const j = await request(s.url).post(`/api/v1/games/${id}/join`).set(auth(guest.token)).send({ inviteCode: invite.code, seat: 2 });
    expect(j.body).toMatchObject({ seat: 2, name: 'Guest', status: 'waiting' });
    const again = await request(s.url).post(`/api/v1/games/${id}/join`).set(auth(guest.token)).send({ inviteCode: invite.code });
    expect([again.status, again.body.code]).toEqual([409, 'ALREADY_SEATED']);
    const left = await request(s.url).post(`/api/v1/games/${id}/leave`).set(auth(guest.token));
    expect([left.status, left.body]).toEqual([200, { seat: 2 }]);
    expect((await request(s.url).get(`/api/v1/games/${id}`)).body.players.map((p: { open: boolean }) => p.open)).toEqual([
      false,
      true,
      true,
    ]);
    expect(await inbox(guest.token)).toEqual([]);
    // The seat token given at the join no longer works.
    expect((await request(s.url).get(`/api/v1/games/${id}`).set(auth(j.body.token))).status).toBe(401);
    // the creator cancels instead
    expect((await request(s.url).post(`/api/v1/games/${id}/leave`).set(auth(host.token))).body.code).toBe('FORBIDDEN');
    await request(s.url).post(`/api/v1/games/${id}/join`).set(auth(guest.token)).send({ inviteCode: invite.code });
    await request(s.url).post(`/api/v1/games/${id}/join`).send({ inviteCode: invite.code, name: 'Third' });
    const late = await request(s.url).post(`/api/v1/games/${id}/leave`).set(auth(guest.token));
    expect([late.status, late.body.code]).toEqual([409, 'GAME_STARTED']);
    const cancel = await request(s.url).post(`/api/v1/games/${id}/cancel`).set(auth(host.token));
    expect([cancel.status, cancel.body.code]).toEqual([409, 'GAME_STARTED']);
  });

  it('the operator reissues a lost seat token: the old one stops working at once, on every process', async () => {
    const c = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] });
    const { id } = c.body;
    const old = c.body.seats[1].token;
    // cached on both
    for (const url of [s.url, s2.url]) expect((await request(url).get(`/api/v1/games/${id}`).set(auth(old))).body.viewer.seat).toBe(1);
    const r = await request(s.url).post(`/api/v1/games/${id}/seats/1/token`).set(auth(OPERATOR_TOKEN));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ seat: 1, name: 'b' });
    for (const url of [s.url, s2.url]) {
      expect((await request(url).get(`/api/v1/games/${id}`).set(auth(old))).status).toBe(401);
      expect(
        (
          await request(url)
            .post(`/api/v1/games/${id}/moves`)
            .set(auth(old))
            .send({ move: { type: 'bid', amount: 0 } })
        ).status,
      ).toBe(401);
    }
    const move = await request(s2.url)
      .post(`/api/v1/games/${id}/moves`)
      .set(auth(r.body.token))
      .send({ move: { type: 'bid', amount: 0 } });
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    const denied = await request(s.url).post(`/api/v1/games/${id}/seats/1/token`).set(auth(old));
    expect([denied.status, denied.body.code]).toEqual([403, 'FORBIDDEN']);
  });
});
