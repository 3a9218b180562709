import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from '../support/server.js';

/**
 * Every bad input of the lobby and player layer gets its 4xx, a stable code and a message naming
 * the broken rule, and writes nothing: after each refusal the waiting game's seats, the started
 * game's log and the number of players are what they were.
 */
describe('lobby bad input (end-to-end)', () => {
  let s: TestServer;
  const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
  let ada: { id: string; token: string };
  let bob: { id: string; token: string };
  let waiting: { id: string; code: string; adaSeatToken: string };
  let started: { id: string; code: string; tokens: string[] };
  let before: string | undefined;
  const state = async () => {
    const w = (await request(s.url).get(`/api/v1/games/${waiting.id}`)).body;
    const a = (await request(s.url).get(`/api/v1/games/${started.id}/events`)).body;
    const st = (await request(s.url).get(`/api/v1/games/${started.id}`)).body;
    const players = await s.app.inject({ method: 'GET', url: '/api/v1/players/me', headers: auth(ada.token) });
    return JSON.stringify([w.status, w.players, a.moves.length, st.players, st.status, players.statusCode]);
  };
  const expectProblem = (r: request.Response, status: number, code: string, detail?: RegExp) => {
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(r.body.code).toBe(code);
    if (detail) expect(r.body.detail).toMatch(detail);
  };

  beforeAll(async () => {
    s = await startTestServer();
    ada = (await request(s.url).post('/api/v1/players').send({ name: 'Ada' })).body;
    bob = (await request(s.url).post('/api/v1/players').send({ name: 'Bob' })).body;
    const w = await request(s.url)
      .post('/api/v1/games')
      .set(auth(ada.token))
      .send({ type: 'ma-petite-ville', players: [{ me: true, colour: 'blue' }, { open: true }, { open: true }] });
    waiting = { id: w.body.id, code: w.body.invite.code, adaSeatToken: w.body.seats[0].token };
    const a = await request(s.url)
      .post('/api/v1/games')
      .set(auth(ada.token))
      .send({ type: 'sealed-bids', players: [{ me: true }, { open: true }] });
    const j = await request(s.url).post(`/api/v1/games/${a.body.id}/join`).send({ inviteCode: a.body.invite.code, name: 'Cy' });
    started = { id: a.body.id, code: a.body.invite.code, tokens: [a.body.seats[0].token, j.body.token] };
  });
  afterAll(async () => {
    await s?.stop();
  });
  afterEach(async () => {
    if (before !== undefined) expect(await state(), 'nothing was written').toBe(before);
  });

  it('an unknown invitation code -> 403 FORBIDDEN', async () => {
    before = await state();
    expectProblem(
      await request(s.url).post(`/api/v1/games/${waiting.id}/join`).send({ inviteCode: 'inv_guessed', name: 'Eve' }),
      403,
      'FORBIDDEN',
      /invitation code/,
    );
    expectProblem(
      await request(s.url).post(`/api/v1/games/${waiting.id}/join`).send({ inviteCode: started.code, name: 'Eve' }),
      403,
      'FORBIDDEN',
    ); // another game's code
  });

  it('a reused code, joining a started game -> 409 GAME_FULL; an unknown game -> 404', async () => {
    expectProblem(
      await request(s.url).post(`/api/v1/games/${started.id}/join`).send({ inviteCode: started.code, name: 'Eve' }),
      409,
      'GAME_FULL',
      /every seat/,
    );
    expectProblem(
      await request(s.url).post('/api/v1/games/00000000-0000-0000-0000-000000000000/join').send({ inviteCode: started.code, name: 'Eve' }),
      404,
      'NOT_FOUND',
    );
  });

  it('a player token of another player: a spectator who can neither leave, resign nor cancel -> 403', async () => {
    expect((await request(s.url).get(`/api/v1/games/${started.id}`).set(auth(bob.token))).body.viewer).toEqual({ seat: null });
    expectProblem(await request(s.url).post(`/api/v1/games/${waiting.id}/leave`).set(auth(bob.token)), 403, 'FORBIDDEN', /no seat/);
    expectProblem(await request(s.url).post(`/api/v1/games/${started.id}/resign`).set(auth(bob.token)), 403, 'FORBIDDEN', /no seat/);
    expectProblem(await request(s.url).post(`/api/v1/games/${waiting.id}/cancel`).set(auth(bob.token)), 403, 'FORBIDDEN', /creator/);
    expectProblem(
      await request(s.url)
        .post(`/api/v1/games/${started.id}/moves`)
        .set(auth(bob.token))
        .send({ move: { type: 'bid', amount: 1 } }),
      401,
      'UNAUTHORIZED',
    );
  });

  it("a token that is nobody's -> 401 UNAUTHORIZED", async () => {
    expectProblem(await request(s.url).get('/api/v1/players/me').set(auth('cbp_nobody')), 401, 'UNAUTHORIZED', /player token/);
    expectProblem(await request(s.url).get('/api/v1/players/me/games'), 401, 'UNAUTHORIZED');
    expectProblem(await request(s.url).get(`/api/v1/games/${waiting.id}`).set(auth('cbp_nobody')), 401, 'UNAUTHORIZED');
    expectProblem(
      await request(s.url).post(`/api/v1/games/${waiting.id}/join`).set(auth('cbp_nobody')).send({ inviteCode: waiting.code }),
      401,
      'UNAUTHORIZED',
    );
    expectProblem(
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'sealed-bids', players: [{ me: true }, { open: true }] }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('leaving or cancelling after the start -> 409 GAME_STARTED; moving or resigning before it -> 409 GAME_NOT_STARTED', async () => {
    expectProblem(
      await request(s.url).post(`/api/v1/games/${started.id}/leave`).set(auth(started.tokens[1]!)),
      409,
      'GAME_STARTED',
      /resign instead/,
    );
    expectProblem(await request(s.url).post(`/api/v1/games/${started.id}/cancel`).set(auth(ada.token)), 409, 'GAME_STARTED');
    expectProblem(await request(s.url).post(`/api/v1/games/${waiting.id}/resign`).set(auth(ada.token)), 409, 'GAME_NOT_STARTED', /leave/);
    expectProblem(
      await request(s.url)
        .post(`/api/v1/games/${waiting.id}/moves`)
        .set(auth(waiting.adaSeatToken))
        .send({ move: { type: 'drawTile' } }),
      409,
      'GAME_NOT_STARTED',
      /seat is still open/,
    );
  });

  it(
    'the same player joining twice -> 409 ALREADY_SEATED; a taken colour -> 409 COLOUR_TAKEN; ' + 'a taken seat -> 409 SEAT_TAKEN',
    async () => {
      expectProblem(
        await request(s.url).post(`/api/v1/games/${waiting.id}/join`).set(auth(ada.token)).send({ inviteCode: waiting.code }),
        409,
        'ALREADY_SEATED',
      );
      expectProblem(
        await request(s.url)
          .post(`/api/v1/games/${waiting.id}/join`)
          .set(auth(bob.token))
          .send({ inviteCode: waiting.code, colour: 'blue' }),
        409,
        'COLOUR_TAKEN',
        /M7/,
      );
      expectProblem(
        await request(s.url).post(`/api/v1/games/${waiting.id}/join`).set(auth(bob.token)).send({ inviteCode: waiting.code, seat: 0 }),
        409,
        'SEAT_TAKEN',
      );
      expectProblem(
        await request(s.url)
          .post('/api/v1/games')
          .send({
            type: 'ma-petite-ville',
            players: [
              { name: 'a', colour: 'red' },
              { name: 'b', colour: 'red' },
            ],
          }),
        409,
        'COLOUR_TAKEN',
      );
      expectProblem(
        await request(s.url)
          .post('/api/v1/games')
          .set(auth(ada.token))
          .send({ type: 'sealed-bids', players: [{ me: true }, { me: true }] }),
        409,
        'ALREADY_SEATED',
      );
    },
  );

  it('a seat index out of range, a name over 64 characters, a malformed entry or colour -> 400 INVALID_INPUT', async () => {
    expectProblem(
      await request(s.url).post(`/api/v1/games/${waiting.id}/join`).send({ inviteCode: waiting.code, name: 'Eve', seat: 3 }),
      400,
      'INVALID_INPUT',
      /seat 3 is out of range/,
    );
    expectProblem(
      await request(s.url).post(`/api/v1/games/${waiting.id}/join`).send({ inviteCode: waiting.code, name: 'Eve', seat: -1 }),
      400,
      'INVALID_INPUT',
      /seat/,
    );
    expectProblem(
      await request(s.url).post(`/api/v1/games/${started.id}/seats/2/token`).set(auth(OPERATOR_TOKEN)),
      400,
      'INVALID_INPUT',
      /out of range/,
    );
    const long = 'x'.repeat(65);
    expectProblem(
      await request(s.url).post(`/api/v1/games/${waiting.id}/join`).send({ inviteCode: waiting.code, name: long }),
      400,
      'INVALID_INPUT',
      /64/,
    );
    expectProblem(await request(s.url).post('/api/v1/players').send({ name: long }), 400, 'INVALID_INPUT', /64/);
    expectProblem(await request(s.url).post('/api/v1/players').send({ name: 'ok', email: 'not-an-email' }), 400, 'INVALID_INPUT', /email/);
    expectProblem(
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'sealed-bids', players: [{ name: long }, { open: true }] }),
      400,
      'INVALID_INPUT',
      /64/,
    );
    expectProblem(
      await request(s.url).post(`/api/v1/games/${waiting.id}/join`).send({ name: 'Eve' }),
      403,
      'FORBIDDEN',
      /not public: joining it takes its invitation code \(inviteCode\)/,
    );
    expectProblem(
      await request(s.url).post(`/api/v1/games/${waiting.id}/join`).send({ inviteCode: waiting.code }),
      400,
      'INVALID_INPUT',
      /name is required/,
    );
    expectProblem(
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'sealed-bids', players: [{ name: 'a', open: true }, { open: true }] }),
      400,
      'INVALID_INPUT',
      /exactly one of/,
    );
    expectProblem(
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'sealed-bids', players: [{ name: 'a' }, { open: false }] }),
      400,
      'INVALID_INPUT',
    );
    expectProblem(
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'ma-petite-ville', players: [{ name: 'a' }, { open: true, colour: 'red' }] }),
      400,
      'INVALID_INPUT',
      /whoever joins/,
    );
    expectProblem(
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'ma-petite-ville', players: [{ name: 'a', colour: 'purple' }, { name: 'b' }] }),
      400,
      'INVALID_INPUT',
      /blue, green, yellow, red/,
    );
    expectProblem(
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'sealed-bids', players: [{ name: 'a', colour: 'red' }, { name: 'b' }] }),
      400,
      'INVALID_INPUT',
      /no colour/,
    );
    expectProblem(await request(s.url).get('/api/v1/lobby?before=garbage'), 400, 'INVALID_INPUT', /cursor/);
    expectProblem(await request(s.url).get('/api/v1/players/me/games?status=lost').set(auth(ada.token)), 400, 'INVALID_INPUT');
  });

  it("resigning twice -> 409 ALREADY_RESIGNED; a resigned seat's move -> 409 SEAT_RESIGNED (3 seats: the game goes on)", async () => {
    const c = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] });
    const t = c.body.seats.map((x: { token: string }) => x.token);
    const r = await request(s.url).post(`/api/v1/games/${c.body.id}/resign`).set(auth(t[2]));
    expect(r.status).toBe(200);
    // Seat 2 was to bid in the simultaneous round: the server bid for it at once.
    expect((await request(s.url).get(`/api/v1/games/${c.body.id}`)).body).toMatchObject({ version: 2, status: 'active', toMove: [0, 1] });
    expectProblem(await request(s.url).post(`/api/v1/games/${c.body.id}/resign`).set(auth(t[2])), 409, 'ALREADY_RESIGNED');
    expectProblem(
      await request(s.url)
        .post(`/api/v1/games/${c.body.id}/moves`)
        .set(auth(t[2]))
        .send({ move: { type: 'bid', amount: 0 } }),
      409,
      'SEAT_RESIGNED',
    );
    expect((await request(s.url).get(`/api/v1/games/${c.body.id}/events`)).body.moves).toHaveLength(2);
  });
});
