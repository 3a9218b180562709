import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/app/errors.js';
import { localize } from '../../src/app/i18n/index.js';
import { check, CreateGameBody, CreatePlayerBody, JoinBody, SubmitMoveBody } from '../../src/app/shapes.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Issue 22, item 2: each request shape exists once (src/app/shapes.ts). Given the same bad value,
 * the REST route (Fastify's validation of the shape) and `check` (what GraphQL and the service use)
 * refuse it with the same code and the same sentence, in English and in French; and no module
 * writes a route's types, a UUID rule or a bearer parser of its own again.
 */
const refusalOf = (f: () => unknown, lang: 'en' | 'fr') => {
  try {
    f();
  } catch (err) {
    return { code: (err as AppError).code, detail: localize(lang, err as AppError) };
  }
  throw new Error('expected a refusal');
};

describe('one shape, one refusal (REST and check alike)', () => {
  let s: TestServer;
  let gameId: string;
  beforeAll(async () => {
    s = await startTestServer();
    gameId = (
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'sealed-bids', players: [{ name: 'Ann' }, { open: true }] })
    ).body.id;
  });
  afterAll(async () => s?.close());

  const cases = [
    {
      name: 'an e-mail address without a dot in its domain',
      path: () => '/api/v1/players',
      shape: CreatePlayerBody,
      body: { name: 'Ann', email: 'ann@localhost' },
    },
    { name: 'an unknown field', path: () => '/api/v1/players', shape: CreatePlayerBody, body: { name: 'Ann', mail: 'ann@example.org' } },
    { name: 'a missing required field', path: () => '/api/v1/games', shape: CreateGameBody, body: { type: 'sealed-bids' } },
    {
      name: 'a bot level that does not exist',
      path: () => '/api/v1/games',
      shape: CreateGameBody,
      body: { type: 'sealed-bids', players: [{ bot: 'godlike' }, { name: 'Ann' }] },
    },
    { name: 'a seat number past the last', path: () => `/api/v1/games/${gameId}/join`, shape: JoinBody, body: { name: 'Bo', seat: 64 } },
    {
      name: 'a negative expected version',
      path: () => `/api/v1/games/${gameId}/moves`,
      shape: SubmitMoveBody,
      body: { notation: 'x', expectedVersion: -1 },
    },
    {
      name: 'both a move and its notation',
      path: () => `/api/v1/games/${gameId}/moves`,
      shape: SubmitMoveBody,
      body: { move: { type: 'pass' }, notation: 'pass' },
    },
    {
      name: 'neither a move nor a notation',
      path: () => `/api/v1/games/${gameId}/moves`,
      shape: SubmitMoveBody,
      body: { expectedVersion: 0 },
    },
    { name: 'a notation that is not text', path: () => `/api/v1/games/${gameId}/moves`, shape: SubmitMoveBody, body: { notation: 5 } },
    {
      name: 'a field neither form has',
      path: () => `/api/v1/games/${gameId}/moves`,
      shape: SubmitMoveBody,
      body: { move: { type: 'pass' }, expected: 1 },
    },
    // A body is JSON: a number sent as text is refused, as GraphQL refuses it for an Int (docs/api.md).
    {
      name: 'a number sent as text',
      path: () => '/api/v1/games',
      shape: CreateGameBody,
      body: { type: 'sealed-bids', players: [{ name: 'Ann' }, { name: 'Bo' }], turnDeadlineSeconds: '60' },
    },
    {
      name: 'a boolean sent as text',
      path: () => '/api/v1/games',
      shape: CreateGameBody,
      body: { type: 'sealed-bids', players: [{ name: 'Ann' }, { name: 'Bo' }], public: 'true' },
    },
  ];
  for (const c of cases) {
    for (const lang of ['en', 'fr'] as const) {
      it(
        `given ${c.name}, when sent to REST and checked (${lang}), then both refuse with 400 ` + `INVALID_INPUT and the same sentence`,
        async () => {
          const rest = await request(s.url).post(c.path()).set('Accept-Language', lang).send(c.body);
          expect(rest.status, JSON.stringify(rest.body)).toBe(400);
          expect({ code: rest.body.code, detail: rest.body.detail }).toEqual(refusalOf(() => check(c.shape, c.body, 'body'), lang));
        },
      );
    }
  }
});

describe('the same coercion rules for REST and GraphQL', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.close());

  it(
    'given the move route, when a body has both or neither of move and notation, then the ' + 'schema refuses it naming both fields',
    async () => {
      const id = (
        await request(s.url)
          .post('/api/v1/games')
          .send({ type: 'sealed-bids', players: [{ name: 'Ann' }, { name: 'Bo' }] })
      ).body.id;
      for (const body of [{ move: { type: 'pass' }, notation: 'pass' }, {}]) {
        const r = await request(s.url).post(`/api/v1/games/${id}/moves`).send(body);
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ code: 'INVALID_INPUT', detail: 'body must have exactly one of these fields: move, notation' });
      }
      const typo = await request(s.url).post(`/api/v1/games/${id}/moves`).send({ notation: 'pass', expectedVerison: 0 });
      expect(typo.body.detail).toBe('body must NOT have additional properties ("expectedVerison")');
    },
  );

  it(
    'given turnDeadlineSeconds "60" (text), when creating a game by REST or by GraphQL, then ' +
      'both refuse it; the integer 60 is taken by both',
    async () => {
      const players = [{ name: 'Ann' }, { name: 'Bo' }];
      const rest = await request(s.url).post('/api/v1/games').send({ type: 'sealed-bids', players, turnDeadlineSeconds: '60' });
      expect(rest.status).toBe(400);
      expect(rest.body).toMatchObject({ code: 'INVALID_INPUT', detail: 'body/turnDeadlineSeconds must be integer' });
      const mutation = 'mutation($input: CreateGameInput!) { createGame(input: $input) { id } }';
      const gql = await request(s.url)
        .post('/graphql')
        .send({ query: mutation, variables: { input: { type: 'sealed-bids', players, turnDeadlineSeconds: '60' } } });
      expect(gql.body.data ?? null).toBeNull();
      expect(JSON.stringify(gql.body.errors)).toMatch(/turnDeadlineSeconds/);
      expect((await request(s.url).post('/api/v1/games').send({ type: 'sealed-bids', players, turnDeadlineSeconds: 60 })).status).toBe(201);
      const ok = await request(s.url)
        .post('/graphql')
        .send({ query: mutation, variables: { input: { type: 'sealed-bids', players, turnDeadlineSeconds: 60 } } });
      expect(ok.body.errors).toBeUndefined();
    },
  );

  it('given a query string, when it carries a number, then it is read from its text (query strings are text)', async () => {
    const r = await request(s.url).get('/api/v1/lobby?limit=5');
    expect(r.status).toBe(200);
    expect((await request(s.url).get('/api/v1/lobby?limit=five')).body).toMatchObject({
      code: 'INVALID_INPUT',
      detail: 'querystring/limit must be integer',
    });
  });
});

describe('each rule written once in src/', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? (d.name === 'generated' ? [] : files(join(dir, d.name))) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
    );
  const src = files('src').map((f) => [f.replace(/\\/g, '/'), readFileSync(f, 'utf8')] as const);
  const where = (re: RegExp, except: string[]) => src.filter(([f, text]) => re.test(text) && !except.includes(f)).map(([f]) => f);

  it('given the REST route modules, then none writes its params, query or body type by hand (the schema types them)', () => {
    expect(where(/\.(get|post|put|delete|patch|route)<\{/, [])).toEqual([]);
  });
  it('given src/, then the UUID rule is in app/ids.ts only', () => {
    expect(where(/\[0-9a-f(A-F)?\]\{8\}-/, ['src/app/ids.ts'])).toEqual([]);
  });
  it('given src/, then Authorization is parsed in app/shapes.ts only', () => {
    expect(where(/\/\^Bearer/, ['src/app/shapes.ts'])).toEqual([]);
  });
});
