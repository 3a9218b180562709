import { once } from 'node:events';
import { createClient } from 'graphql-ws';
import { getIntrospectionQuery } from 'graphql';
import request from 'supertest';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from '../support/server.js';

/**
 * Hostile input found by a probe of the running service (issue 9, D1 D5-D9 D12): each gets its
 * clear 4xx with its own code, in the body shape of its endpoint, and nothing is written.
 */
describe('hostile input (end-to-end, REST and GraphQL)', () => {
  let s: TestServer;
  let id: string;
  let tokens: string[];
  let toMove: number;
  let finishedRecord: Record<string, unknown>;
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
  const op = bearer(OPERATOR_TOKEN);
  const gql = (query: unknown, variables: unknown = {}, headers: Record<string, string> = {}, url = s.url) =>
    request(url).post('/graphql').set(headers).send({ query, variables });
  const code = (r: request.Response) => r.body.errors?.[0]?.extensions?.code;
  const expectProblem = (r: request.Response, status: number, c: string, detail?: RegExp) => {
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(r.body.code).toBe(c);
    if (detail) expect(r.body.detail).toMatch(detail);
  };
  /** A GraphQL-shaped refusal: JSON (not problem+json), data null, the code in extensions. */
  const expectGqlError = (r: request.Response, status: number, c: string, message?: RegExp) => {
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.body.data ?? null).toBeNull();
    expect(code(r), JSON.stringify(r.body)).toBe(c);
    expect(r.body.errors[0].message).not.toBe('internal server error');
    if (message) expect(r.body.errors[0].message).toMatch(message);
  };
  const version = async () => (await request(s.url).get(`/api/v1/games/${id}`)).body.version as number;

  beforeAll(async () => {
    s = await startTestServer();
    const r = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'Ada' }, { name: 'Bob' }] });
    id = r.body.id;
    tokens = r.body.seats.map((x: { token: string }) => x.token);
    toMove = r.body.toMove[0];
    const g = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }], options: { rounds: 1 }, seed: 'hostile' });
    for (const [seat, t] of g.body.seats.entries())
      await request(s.url)
        .post(`/api/v1/games/${g.body.id}/moves`)
        .set(bearer(t.token))
        .send({ move: { type: 'bid', amount: seat } })
        .expect(200);
    finishedRecord = (await request(s.url).get(`/api/v1/games/${g.body.id}/record`).expect(200)).body;
  });
  afterAll(async () => {
    await s?.stop();
  });

  describe('D1: every integer is bounded, in REST and GraphQL', () => {
    it("event pages: after up to the version column's maximum, limit up to 1000; beyond is 400, never 500", async () => {
      const near = await request(s.url).get(`/api/v1/games/${id}/events?after=2147483448`);
      expect(near.status, JSON.stringify(near.body)).toBe(200);
      expect(near.body.moves).toEqual([]);
      for (const q of [
        'after=2147483648',
        'after=1e300',
        'after=Infinity',
        'after=-1',
        'limit=Infinity',
        'limit=1001',
        'limit=0',
        'limit=1e300',
      ]) {
        expectProblem(await request(s.url).get(`/api/v1/games/${id}/events?${q}`), 400, 'INVALID_INPUT', /after|limit/);
      }
      const top = await gql(`{ game(id: "${id}") { events(after: 2147483647, limit: 1000) { version } } }`);
      expect(top.status, JSON.stringify(top.body)).toBe(200);
      expect(top.body.data.game.events).toEqual([]);
      expectGqlError(
        await gql(`{ game(id: "${id}") { events(limit: 100000) { version } } }`),
        400,
        'INVALID_INPUT',
        /limit must be an integer from 1 to 1000/,
      );
      expectGqlError(
        await gql(`{ game(id: "${id}") { events(after: -5) { version } } }`),
        400,
        'INVALID_INPUT',
        /after must be an integer from 0/,
      );
    });

    it('replay at, expectedVersion: within the version column; a number too big for it is 400', async () => {
      expectProblem(await request(s.url).get(`/api/v1/games/${id}/replay?at=2147483648`), 400, 'INVALID_INPUT');
      expectProblem(await request(s.url).get(`/api/v1/games/${id}/replay?at=1e300`), 400, 'INVALID_INPUT');
      const before = await version();
      expectProblem(
        await request(s.url)
          .post(`/api/v1/games/${id}/moves`)
          .set(bearer(tokens[toMove]!))
          .send({ move: { type: 'takeCoin' }, expectedVersion: 2 ** 40 }),
        400,
        'INVALID_INPUT',
        /expectedVersion/,
      );
      const m =
        'mutation($id: ID!, $v: Int) { submitMove(gameId: $id, move: { villeDeDemain: { takeCoin: ' +
        'true } }, expectedVersion: $v) { version } }';
      expectGqlError(await gql(m, { id, v: -1 }, bearer(tokens[toMove]!)), 400, 'INVALID_INPUT', /expectedVersion/);
      expect(await version()).toBe(before);
    });

    it("the operator's list: limit has a maximum; a cursor holding a date out of range is 400", async () => {
      for (const q of ['limit=Infinity', 'limit=201', 'limit=1e300', 'limit=0'])
        expectProblem(await request(s.url).get(`/api/v1/games?${q}`).set(op), 400, 'INVALID_INPUT', /limit/);
      for (const date of ['+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', '0000-01-01T00:00:00.000Z']) {
        const cursor = Buffer.from(`${date}|00000000-0000-4000-8000-000000000000`).toString('base64url');
        expectProblem(await request(s.url).get(`/api/v1/games?before=${cursor}`).set(op), 400, 'INVALID_INPUT', /cursor/);
        expectGqlError(await gql(`{ games(before: "${cursor}") { next } }`, {}, op), 400, 'INVALID_INPUT', /cursor/);
      }
      expectGqlError(
        await gql('{ games(limit: 100000) { next } }', {}, op),
        400,
        'INVALID_INPUT',
        /limit must be an integer from 1 to 200/,
      );
      const page = await request(s.url).get('/api/v1/games?limit=200').set(op);
      expect(page.status).toBe(200);
    });
  });

  describe('D5: GraphQL client errors have their own codes and GraphQL-shaped bodies', () => {
    it('a body that is not JSON -> 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      expectGqlError(
        await request(s.url).post('/graphql').set('Content-Type', 'text/plain').send('{ gameTypes { id } }'),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
    });

    it('several operations without operationName, an unknown operationName -> 400 INVALID_INPUT naming them', async () => {
      const doc = 'query A { gameTypes { id } } query B { gameTypes { name } }';
      expectGqlError(await gql(doc), 400, 'INVALID_INPUT', /2 operations \(A, B\).*operationName/);
      expectGqlError(
        await request(s.url).post('/graphql').send({ query: doc, operationName: 'Zed' }),
        400,
        'INVALID_INPUT',
        /no operation named "Zed"/,
      );
      const picked = await request(s.url).post('/graphql').send({ query: doc, operationName: 'B' });
      expect(picked.body.data.gameTypes[0].name).toBeTypeOf('string');
    });

    it('a query or variables of the wrong type, or a syntax error -> 400 INVALID_INPUT', async () => {
      for (const query of [7, {}, [], true]) expectGqlError(await gql(query), 400, 'INVALID_INPUT');
      for (const variables of ['x', [1], 3]) expectGqlError(await gql('{ gameTypes { id } }', variables), 400, 'INVALID_INPUT');
      expectGqlError(
        await request(s.url).post('/graphql').send({ query: '{ gameTypes { id } }', operationName: 5 }),
        400,
        'INVALID_INPUT',
        /operationName|no operation named "5"/,
      );
      expectGqlError(
        await request(s.url)
          .post('/graphql')
          .send({ query: '{ gameTypes { id } }', operationName: { a: 1 } }),
        400,
        'INVALID_INPUT',
      );
      expectGqlError(await gql('{ gameTypes { id '), 400, 'INVALID_INPUT', /Syntax Error/);
      expectGqlError(await request(s.url).post('/graphql').send({}), 400, 'INVALID_INPUT');
      for (const v of ['36', '[1]', '{bad', '"x"']) {
        expectGqlError(
          await request(s.url).get(`/graphql?query=${encodeURIComponent('{ gameTypes { id } }')}&variables=${encodeURIComponent(v)}`),
          400,
          'INVALID_INPUT',
          /variables/,
        );
      }
    });

    it('a mutation over GET -> 405 METHOD_NOT_ALLOWED; a subscription over HTTP -> 400 INVALID_INPUT', async () => {
      const get = await request(s.url)
        .get(`/graphql?query=${encodeURIComponent(`mutation { deleteGame(id: "${id}") }`)}`)
        .set(op);
      expectGqlError(get, 405, 'METHOD_NOT_ALLOWED', /POST/);
      expect((await request(s.url).get(`/api/v1/games/${id}`)).status).toBe(200);
      expectGqlError(await gql(`subscription { gameUpdated(gameId: "${id}") { version } }`), 400, 'INVALID_INPUT', /WebSocket/);
    });

    it('a malformed Authorization header -> 401 UNAUTHORIZED in a GraphQL body, not problem+json', async () => {
      expectGqlError(await gql('{ gameTypes { id } }', {}, { Authorization: 'Basic abc' }), 401, 'UNAUTHORIZED', /Bearer/);
    });

    it('over the rate limit -> 429 RATE_LIMITED with Retry-After, in a GraphQL body', async () => {
      const limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: '2' }, s.db);
      try {
        for (let i = 0; i < 2; i++) expect((await gql('{ gameTypes { id } }', {}, {}, limited.url)).status).toBe(200);
        const r = await gql('{ gameTypes { id } }', {}, {}, limited.url);
        expectGqlError(r, 429, 'RATE_LIMITED');
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await limited.stop();
      }
    });
  });

  describe("D6: importRecord is checked exactly as REST's import", () => {
    const bad = () => [
      { players: [{ name: 1 }, { name: 'b' }] },
      { players: [null, { name: 'b' }] },
      { moves: [null] },
      { players: [{ name: 'x'.repeat(5000) }, { name: 'b' }] },
      { seed: 'x'.repeat(20_000) },
      { engineVersion: 2 ** 40 },
      { moves: [{ seat: 2 ** 40, move: { type: 'bid', amount: 1 } }] },
      { options: { toString: 1 } },
    ];
    it('the same refusal, code and message over REST and GraphQL; nothing is created', async () => {
      const count = async () => (await request(s.url).get('/api/v1/games?limit=200').set(op)).body.games.length as number;
      const before = await count();
      for (const change of bad()) {
        const record = { ...finishedRecord, ...change };
        const rest = await request(s.url).post('/api/v1/games/import').send(record);
        expect(rest.status, `${JSON.stringify(change).slice(0, 80)} -> ${JSON.stringify(rest.body).slice(0, 300)}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(rest.status).toBeLessThan(500);
        const g = await gql('mutation($r: JSON!) { importRecord(record: $r) { id } }', { r: record });
        expect(code(g)).toBe(rest.body.code);
        expect(g.body.errors[0].message).toBe(rest.body.detail);
        expect(g.status).toBe(rest.status);
      }
      expect(await count()).toBe(before);
      const good = await gql('mutation($r: JSON!) { importRecord(record: $r) { id } }', { r: finishedRecord });
      expect(good.body.errors).toBeUndefined();
    });
  });

  describe('D7: only own properties count; the one validator checks moves and options', () => {
    it('Object.prototype keys in a move or options are unknown fields; nothing is stored', async () => {
      const before = await version();
      const post = (move: unknown) => request(s.url).post(`/api/v1/games/${id}/moves`).set(bearer(tokens[toMove]!)).send({ move });
      expectProblem(
        await post({ type: 'drawCard', deck: 1, toString: [1], constructor: 7 }),
        400,
        'INVALID_INPUT',
        /unknown field "(toString|constructor)"/,
      );
      for (const type of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf']) {
        const r = await post({ type });
        expectProblem(r, 400, 'INVALID_INPUT', new RegExp(`unknown move type "${type}"`));
        expect(r.body.detail).not.toMatch(/native code/);
      }
      expectProblem(
        await request(s.url)
          .post('/api/v1/games')
          .send({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }], options: { toString: 1 } }),
        400,
        'INVALID_INPUT',
        /unknown option "toString"/,
      );
      const g = await gql('mutation($i: CreateGameInput!) { createGame(input: $i) { id } }', {
        i: { type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }], options: { constructor: 1 } },
      });
      expect(code(g)).toBe('INVALID_INPUT');
      expect(g.body.errors[0].message).toMatch(/unknown option "constructor"/);
      expect(await version()).toBe(before);
    });
  });

  describe('text the database cannot store (found by the fuzz run)', () => {
    it('a NUL character or an unpaired surrogate in a body or query string -> 400 INVALID_INPUT, nothing written', async () => {
      expectProblem(
        await request(s.url)
          .post('/api/v1/games/import')
          .send({ ...finishedRecord, seed: '\u0000' }),
        400,
        'INVALID_INPUT',
        /NUL character/,
      );
      expectProblem(
        await request(s.url)
          .post('/api/v1/games')
          .send({ type: 'sealed-bids', players: [{ name: 'a\u0000' }, { name: '\ud800' }] }),
        400,
        'INVALID_INPUT',
        /body\.players\[0\]\.name/,
      );
      expectProblem(await request(s.url).get('/api/v1/games?type=%00').set(op), 400, 'INVALID_INPUT');
      const g = await gql('mutation($i: CreateGameInput!) { createGame(input: $i) { id } }', {
        i: { type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }], seed: 'x\u0000' },
      });
      expectGqlError(g, 400, 'INVALID_INPUT', /NUL character/);
      const emoji = await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'sealed-bids', players: [{ name: '😀' }, { name: 'b' }] });
      expect(emoji.status).toBe(201);
    });
  });

  describe('D9: work amplification is bounded', () => {
    it('the standard introspection query works under the default limits', async () => {
      const r = await gql(getIntrospectionQuery());
      expect(r.status, JSON.stringify(r.body.errors)).toBe(200);
      expect(r.body.data.__schema.queryType.name).toBe('Query');
    });

    it('99 aliases of a record -> TOO_MANY_ALIASES; a few records at once -> QUERY_TOO_COSTLY; one is fine', async () => {
      const aliased = (n: number, field: string) =>
        `{ ${Array.from({ length: n }, (_, i) => `a${i}: game(id: "${id}") { ${field} }`).join(' ')} }`;
      expectGqlError(await gql(aliased(99, 'record')), 400, 'TOO_MANY_ALIASES', /15/);
      expectGqlError(await gql(aliased(4, 'record')), 400, 'QUERY_TOO_COSTLY');
      expectGqlError(await gql(aliased(10, 'replay(at: 0) { version }')), 400, 'QUERY_TOO_COSTLY');
      expectGqlError(await gql(`{ game(id: "${id}") { events(limit: 1000) { version } record } }`), 400, 'QUERY_TOO_COSTLY');
      const one = await gql(`{ game(id: "${id}") { record events { version } } }`);
      expect(one.status, JSON.stringify(one.body.errors)).toBe(200);
    });

    it('a query deeper than GRAPHQL_MAX_DEPTH -> QUERY_TOO_DEEP (introspection has its own limit)', async () => {
      const shallow = await startTestServer({ GRAPHQL_MAX_DEPTH: '2' }, s.db);
      try {
        expectGqlError(
          await gql(`{ game(id: "${id}") { replay(at: 0) { outcome { scores } } } }`, {}, {}, shallow.url),
          400,
          'QUERY_TOO_DEEP',
          /depth limit of 2/,
        );
        // The words are ours, by id, in the caller's language (not GraphQL Armor's English), the limit named.
        expectGqlError(
          await gql(`{ game(id: "${id}") { replay(at: 0) { outcome { scores } } } }`, {}, { 'Accept-Language': 'fr' }, shallow.url),
          400,
          'QUERY_TOO_DEEP',
          /limite de profondeur de 2/,
        );
        expect((await gql(getIntrospectionQuery(), {}, {}, shallow.url)).status).toBe(200);
      } finally {
        await shallow.stop();
      }
    });

    it('imports beyond the concurrency and queue limits -> 503 UNAVAILABLE with Retry-After, never 500', async () => {
      const gated = await startTestServer({ IMPORT_CONCURRENCY: '1', IMPORT_QUEUE: '1' }, s.db);
      try {
        const answers = await Promise.all(
          Array.from({ length: 12 }, () => request(gated.url).post('/api/v1/games/import').send(finishedRecord)),
        );
        const statuses = answers.map((r) => r.status);
        expect(
          statuses.every((x) => x === 201 || x === 503),
          statuses.join(','),
        ).toBe(true);
        expect(statuses.filter((x) => x === 201).length).toBeGreaterThanOrEqual(2);
        const refused = answers.filter((r) => r.status === 503);
        expect(refused.length, statuses.join(',')).toBeGreaterThan(0);
        for (const r of refused) {
          expect(r.body.code).toBe('UNAVAILABLE');
          expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
        }
      } finally {
        await gated.stop();
      }
    });
  });

  describe('D8 and D12: subscriptions', () => {
    const wsUrl = (url: string) => `${url.replace('http', 'ws')}/graphql`;

    it('a malformed token in connection_init closes the socket with 4403, and no connection_error message', async () => {
      const ws = new WebSocket(wsUrl(s.url), 'graphql-transport-ws');
      const messages: string[] = [];
      ws.on('message', (m) => messages.push(String(m)));
      await once(ws, 'open');
      ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: 'Basic abc' } }));
      const [closeCode] = (await once(ws, 'close')) as [number];
      expect(closeCode).toBe(4403);
      expect(messages).toEqual([]);
    });

    it('subscriptions are capped per connection and counted by the rate limit', async () => {
      const t = await startTestServer({ RATE_LIMIT_PER_MINUTE: '8', GRAPHQL_MAX_SUBSCRIPTIONS: '3' }, s.db);
      const client = createClient({ url: wsUrl(t.url), webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
      try {
        const open = () => {
          const seen: { data: unknown[]; errors: unknown[] } = { data: [], errors: [] };
          let settle!: () => void;
          const first = new Promise<void>((r) => (settle = r));
          const dispose = client.subscribe(
            { query: `subscription { gameUpdated(gameId: "${id}") { version } }` },
            {
              next: (m) => {
                if (m.data) seen.data.push(m.data);
                if (m.errors) seen.errors.push(...m.errors);
                settle();
              },
              error: (e) => {
                seen.errors.push(e);
                settle();
              },
              complete: () => settle(),
            },
          );
          return { seen, first, dispose };
        };
        const subs = [open(), open(), open()];
        for (const x of subs) await x.first;
        expect(subs.every((x) => x.seen.data.length === 1)).toBe(true);
        const fourth = open();
        await fourth.first;
        expect(JSON.stringify(fourth.seen.errors)).toContain('TOO_MANY_SUBSCRIPTIONS');
        subs[0]!.dispose();
        await new Promise((r) => setTimeout(r, 100));
        // The upgrade request and each subscription count as a request: 1 + 3 + 1 refused + this one are 6 of 8.
        const again = open();
        await again.first;
        expect(again.seen.data.length, JSON.stringify(again.seen.errors)).toBe(1);
        for (const x of [again, subs[2]!]) x.dispose(); // subs[1] stays open, and so does the connection
        await new Promise((r) => setTimeout(r, 150));
        let limited = false;
        let served = 0;
        for (let i = 0; i < 6 && !limited; i++) {
          const x = open();
          await x.first;
          limited = JSON.stringify(x.seen.errors).includes('RATE_LIMITED');
          if (x.seen.data.length) served++;
          x.dispose();
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(limited).toBe(true);
        // 8 in the minute: the upgrade request, 5 subscriptions so far, then 2 more, then RATE_LIMITED.
        expect(served).toBe(2);
        expect((await request(t.url).get('/api/v1/game-types')).status).toBe(429);
      } finally {
        await client.dispose();
        await t.stop();
      }
    });
  });
});
