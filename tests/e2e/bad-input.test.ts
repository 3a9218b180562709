import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectTextRoundTrip } from '../support/clients.js';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from '../support/server.js';

/**
 * Every kind of bad input gets its 4xx, a stable code and a message naming the broken rule; never
 * a 500, and never a partial write (after each refusal the game's version and log are unchanged).
 */
describe('bad input (end-to-end, REST and GraphQL)', () => {
  let s: TestServer;
  let id: string;
  let tokens: string[];
  let toMove: number;
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
  const logLength = async () => (await request(s.url).get(`/api/v1/games/${id}/events`)).body.moves.length as number;
  let before: number;

  beforeAll(async () => {
    s = await startTestServer({ BODY_LIMIT_BYTES: '4096' });
    const r = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'Ada' }, { name: 'Bob' }] });
    id = r.body.id;
    tokens = r.body.seats.map((x: { token: string }) => x.token);
    toMove = r.body.toMove[0];
  });
  afterAll(async () => {
    await s?.stop();
  });
  afterEach(async () => {
    if (before !== undefined) expect(await logLength(), 'nothing was written').toBe(before);
  });

  const expectProblem = (r: request.Response, status: number, code: string, detail?: RegExp) => {
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(r.body.code).toBe(code);
    expect(r.body.status).toBe(status);
    expect(typeof r.body.detail).toBe('string');
    if (detail) expect(r.body.detail).toMatch(detail);
  };

  it('malformed JSON -> 400 INVALID_INPUT', async () => {
    before = await logLength();
    const r = await request(s.url)
      .post(`/api/v1/games/${id}/moves`)
      .set(bearer(tokens[toMove]!))
      .set('Content-Type', 'application/json')
      .send('{"move": {"type": ');
    expectProblem(r, 400, 'INVALID_INPUT', /malformed JSON/);
  });

  it('an unknown field -> 400 INVALID_INPUT naming it', async () => {
    const r = await request(s.url)
      .post(`/api/v1/games/${id}/moves`)
      .set(bearer(tokens[toMove]!))
      .send({ move: { type: 'takeCoin' }, hurry: true });
    expectProblem(r, 400, 'INVALID_INPUT', /hurry/);
    const c = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }], colour: 'red' });
    expectProblem(c, 400, 'INVALID_INPUT', /colour/);
  });

  it('an unknown move type, or a field of the wrong type -> 400 INVALID_INPUT', async () => {
    expectProblem(
      await request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .set(bearer(tokens[toMove]!))
        .send({ move: { type: 'teleport' } }),
      400,
      'INVALID_INPUT',
      /unknown move type "teleport"/,
    );
    expectProblem(
      await request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .set(bearer(tokens[toMove]!))
        .send({ move: { type: 'drawCard', deck: 'blue' } }),
      400,
      'INVALID_INPUT',
      /deck must be an integer/,
    );
    expectProblem(
      await request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .set(bearer(tokens[toMove]!))
        .send({ move: { type: 'drawCard', deck: 1, extra: 1 } }),
      400,
      'INVALID_INPUT',
      /unknown field "extra"/,
    );
  });

  it('an unknown game type, a wrong player count, an unknown option -> 400 INVALID_INPUT', async () => {
    expectProblem(
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'monopoly', players: [{ name: 'a' }, { name: 'b' }] }),
      400,
      'INVALID_INPUT',
      /unknown game type "monopoly"/,
    );
    const count = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'a' }] });
    expectProblem(count, 400, 'INVALID_INPUT', /2 to 5 players/);
    expect(count.body.violation).toBe('PLAYER_COUNT');
    expectProblem(
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'ma-petite-ville', players: [{ name: 'a' }, { name: 'b' }], options: { speed: 'fast' } }),
      400,
      'INVALID_INPUT',
      /unknown option "speed"/,
    );
  });

  it('an unknown game or route -> 404 NOT_FOUND', async () => {
    expectProblem(await request(s.url).get('/api/v1/games/00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectProblem(await request(s.url).get('/api/v1/games/not-a-uuid'), 404, 'NOT_FOUND');
    expectProblem(await request(s.url).get('/api/v1/nothing-here'), 404, 'NOT_FOUND');
  });

  it('a missing, unknown or malformed token -> 401 UNAUTHORIZED', async () => {
    expectProblem(
      await request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .send({ move: { type: 'takeCoin' } }),
      401,
      'UNAUTHORIZED',
      /seat token/,
    );
    expectProblem(
      await request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .set(bearer('cbs_forged'))
        .send({ move: { type: 'takeCoin' } }),
      401,
      'UNAUTHORIZED',
    );
    expectProblem(
      await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set('Authorization', 'Basic abc'),
      401,
      'UNAUTHORIZED',
      /Bearer/,
    );
    expectProblem(await request(s.url).get('/api/v1/games'), 401, 'UNAUTHORIZED');
  });

  it('a seat token where the operator is needed, or the operator making a move -> 403 FORBIDDEN', async () => {
    expectProblem(await request(s.url).get('/api/v1/games').set(bearer(tokens[0]!)), 403, 'FORBIDDEN');
    expectProblem(await request(s.url).delete(`/api/v1/games/${id}`).set(bearer(tokens[0]!)), 403, 'FORBIDDEN');
    expectProblem(
      await request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .set(bearer(OPERATOR_TOKEN))
        .send({ move: { type: 'takeCoin' } }),
      403,
      'FORBIDDEN',
    );
  });

  it("another seat's turn -> 409 NOT_YOUR_TURN", async () => {
    const other = 1 - toMove;
    expectProblem(
      await request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .set(bearer(tokens[other]!))
        .send({ move: { type: 'skipDiscard' } }),
      409,
      'NOT_YOUR_TURN',
    );
  });

  it("an illegal move of the right shape -> 422 ILLEGAL_MOVE with the engine's rule", async () => {
    const legal = (await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set(bearer(tokens[toMove]!))).body.moves as {
      type: string;
    }[];
    expect(legal.some((m) => m.type === 'buyHabitation')).toBe(false);
    const r = await request(s.url)
      .post(`/api/v1/games/${id}/moves`)
      .set(bearer(tokens[toMove]!))
      .send({ move: { type: 'buyHabitation', kind: 'luxuryResidence' } });
    expectProblem(r, 422, 'ILLEGAL_MOVE');
    expect(r.body.violation).toMatch(/^[A-Z_]+$/);
    expect(r.body.rule.length).toBeGreaterThan(0);
  });

  it('a stale expectedVersion -> 409 VERSION_CONFLICT with the current version', async () => {
    const r = await request(s.url)
      .post(`/api/v1/games/${id}/moves`)
      .set(bearer(tokens[toMove]!))
      .send({ move: { type: 'skipDiscard' }, expectedVersion: 7 });
    expectProblem(r, 409, 'VERSION_CONFLICT');
    expect(r.body.currentVersion).toBe(0);
  });

  it('an oversized body -> 413 PAYLOAD_TOO_LARGE; a body that is not JSON -> 415', async () => {
    expectProblem(
      await request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .set(bearer(tokens[toMove]!))
        .send({ move: { type: 'takeCoin', pad: 'x'.repeat(10_000) } }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expectProblem(
      await request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .set(bearer(tokens[toMove]!))
        .set('Content-Type', 'text/plain')
        .send('takeCoin'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it("a replay outside the game's versions, or a bad query parameter -> 400 INVALID_INPUT", async () => {
    expectProblem(await request(s.url).get(`/api/v1/games/${id}/replay?at=999`), 400, 'INVALID_INPUT', /between 0 and/);
    expectProblem(await request(s.url).get(`/api/v1/games/${id}/replay?at=soon`), 400, 'INVALID_INPUT');
    expectProblem(await request(s.url).get(`/api/v1/games/${id}/replay`), 400, 'INVALID_INPUT', /at/);
  });

  it('a finished game -> 409 GAME_OVER', async () => {
    before = undefined as unknown as number;
    const g = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }], options: { rounds: 1 } });
    const [a, b] = g.body.seats.map((x: { token: string }) => x.token);
    await request(s.url)
      .post(`/api/v1/games/${g.body.id}/moves`)
      .set(bearer(a))
      .send({ move: { type: 'bid', amount: 1 } })
      .expect(200);
    await request(s.url)
      .post(`/api/v1/games/${g.body.id}/moves`)
      .set(bearer(b))
      .send({ move: { type: 'bid', amount: 1 } })
      .expect(200);
    expectProblem(
      await request(s.url)
        .post(`/api/v1/games/${g.body.id}/moves`)
        .set(bearer(a))
        .send({ move: { type: 'bid', amount: 1 } }),
      409,
      'GAME_OVER',
    );
    await expectTextRoundTrip(s.url, (x) => s.service.stateHash(x), g.body.id);
    before = await logLength();
  });

  describe('GraphQL', () => {
    const gql = (query: string, variables: Record<string, unknown> = {}, token?: string) =>
      request(s.url)
        .post('/graphql')
        .set(token ? bearer(token) : {})
        .send({ query, variables });
    const firstCode = (r: request.Response) => r.body.errors?.[0]?.extensions?.code;

    it("an illegal move, another seat's move, a stale version carry the same codes in extensions.code", async () => {
      const m = `mutation($id: ID!, $move: MoveInput!, $v: Int) { submitMove(gameId: $id, move: $move, expectedVersion: $v) { version } }`;
      expect(firstCode(await gql(m, { id, move: { villeDeDemain: { buyHabitation: { kind: 'luxuryResidence' } } } }, tokens[toMove]))).toBe(
        'ILLEGAL_MOVE',
      );
      expect(firstCode(await gql(m, { id, move: { villeDeDemain: { skipDiscard: true } } }, tokens[1 - toMove]))).toBe('NOT_YOUR_TURN');
      expect(firstCode(await gql(m, { id, move: { villeDeDemain: { skipDiscard: true } }, v: 3 }, tokens[toMove]))).toBe(
        'VERSION_CONFLICT',
      );
      expect(firstCode(await gql(m, { id, move: { villeDeDemain: { skipDiscard: true } } }))).toBe('UNAUTHORIZED');
      expect(firstCode(await gql(m, { id, move: { townCenter: { pass: true } } }, tokens[toMove]))).toBe('INVALID_INPUT');
    });

    it('a move input naming two move types, or an unknown enum value, fails validation -> INVALID_INPUT', async () => {
      const m = `mutation($id: ID!, $move: MoveInput!) { submitMove(gameId: $id, move: $move) { version } }`;
      const two = await gql(m, { id, move: { villeDeDemain: { skipDiscard: true, takeCoin: true } } }, tokens[toMove]);
      expect(firstCode(two)).toBe('INVALID_INPUT');
      const badEnum = await gql(m, { id, move: { villeDeDemain: { buyHabitation: { kind: 'castle' } } } }, tokens[toMove]);
      expect(firstCode(badEnum)).toBe('INVALID_INPUT');
    });

    it('a query too deep, with too many aliases or too costly is refused before it runs, each with its code', async () => {
      const ofTypes = (n: number): string => (n === 0 ? 'name' : `ofType { ${ofTypes(n - 1)} }`);
      const deep = await gql(`{ __schema { types { fields { type { ${ofTypes(12)} } } } } }`);
      expect(deep.status).toBe(400);
      expect(firstCode(deep)).toBe('QUERY_TOO_DEEP');
      const aliases = await gql(`{ ${Array.from({ length: 160 }, (_, i) => `a${i}:gameTypes{id}`).join(' ')} }`);
      expect(aliases.status).toBe(400);
      expect(firstCode(aliases)).toBe('TOO_MANY_ALIASES');
      const records = await gql(`{ ${Array.from({ length: 5 }, (_, i) => `a${i}: game(id: "${id}") { record }`).join(' ')} }`);
      expect(records.status).toBe(400);
      expect(firstCode(records)).toBe('QUERY_TOO_COSTLY');
    });

    it('an unknown game -> NOT_FOUND', async () => {
      expect(firstCode(await gql('query { game(id: "00000000-0000-4000-8000-000000000000") { version } }'))).toBe('NOT_FOUND');
    });
  });
});
