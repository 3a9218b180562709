import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Move notation and text records over real HTTP: legal moves carry their notation, a move can be
 * sent as notation, and a game's text record reads back (and imports) to the same game; every bad
 * notation or record is a clear 4xx naming what was expected (and the line), with nothing written.
 */
describe('notation and text records (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.stop();
  });
  const create = async (type: string, players: number, seed: string) => {
    const r = await request(s.url)
      .post('/api/v1/games')
      .send({ type, seed, players: Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}` })) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: string; seats: { token: string }[] };
  };
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const legal = async (id: string, token: string) => {
    const r = await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set(auth(token));
    expect(r.status).toBe(200);
    return r.body as { version: number; moves: object[]; notations: string[] };
  };
  const play = (id: string, token: string, body: object) => request(s.url).post(`/api/v1/games/${id}/moves`).set(auth(token)).send(body);

  it('legal moves come with their notations, and a move sent as notation is stored as the move it names', async () => {
    const { id, seats } = await create('town-center', 2, 'notation-e2e');
    const l = await legal(id, seats[0]!.token);
    expect(l.notations).toHaveLength(l.moves.length);
    expect(l.notations).toContain('hall c3');
    const k = l.notations.indexOf('hall c3');
    const r = await play(id, seats[0]!.token, { notation: 'HALL C3', expectedVersion: 0 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.version).toBe(1);
    const log = await request(s.url).get(`/api/v1/games/${id}/events`);
    expect(log.body.moves[0].move).toEqual(l.moves[k]);

    // A notation sent twice with one Idempotency-Key is applied once; the retry gets the first answer.
    const send = () =>
      request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .set({ ...auth(seats[1]!.token), 'Idempotency-Key': 'hall-once' })
        .send({ notation: 'hall b2' });
    const first = await send();
    const again = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await request(s.url)
      .post(`/api/v1/games/${id}/moves`)
      .set({ ...auth(seats[1]!.token), 'Idempotency-Key': 'hall-once' })
      .send({ notation: 'hall d2' });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await request(s.url).get(`/api/v1/games/${id}`)).body.version).toBe(2);
  });

  it('an unreadable notation is 400 INVALID_INPUT naming what was expected, with the legal notations; nothing is written', async () => {
    const { id, seats } = await create('town-center', 2, 'notation-bad');
    const l = await legal(id, seats[0]!.token);
    const r = await play(id, seats[0]!.token, { notation: 'hall 3c' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('INVALID_INPUT');
    expect(r.body.detail).toMatch(/cannot read "hall 3c" as a move: expected a site as column letter and row number/);
    expect(r.body.detail).toMatch(/legal now: hall b1, hall c1/);
    expect(r.body.legalNotations).toEqual(l.notations);
    for (const body of [{ move: { type: 'pass' }, notation: 'pass' }, { expectedVersion: 0 }]) {
      const both = await play(id, seats[0]!.token, body);
      expect(both.status).toBe(400);
      expect(both.body.detail).toBe('body must have exactly one of these fields: move, notation');
    }
    expect((await request(s.url).get(`/api/v1/games/${id}`)).body.version).toBe(0);
  });

  it('GraphQL: legalMoveNotations next to legalMoves, and submitNotation', async () => {
    const { id, seats } = await create('ville-de-demain', 2, 'notation-gql');
    const q = (query: string, variables: object, token?: string) =>
      request(s.url)
        .post('/graphql')
        .set(token ? auth(token) : {})
        .send({ query, variables });
    const g = await q('query($id: ID!) { game(id: $id) { legalMoves legalMoveNotations } }', { id }, seats[0]!.token);
    const { legalMoves, legalMoveNotations } = g.body.data.game;
    expect(legalMoveNotations).toHaveLength(legalMoves.length);
    expect(legalMoveNotations).toContain('draw 1');
    const m = await q(
      'mutation($id: ID!, $n: String!) { submitNotation(gameId: $id, notation: $n) { version } }',
      { id, n: 'Draw 1' },
      seats[0]!.token,
    );
    expect(m.body.data.submitNotation.version).toBe(1);
    const bad = await q(
      'mutation($id: ID!, $n: String!) { submitNotation(gameId: $id, notation: $n) { version } }',
      { id, n: 'draw 7' },
      seats[0]!.token,
    );
    expect(bad.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    expect(bad.body.errors[0].message).toMatch(/expected draw <deck 1, 2 or 3>.*legal now: draw 1/);
  });

  it("a running game's text record: no seed, result *, and a kept draft tile written {hidden} for the other seats", async () => {
    const { id, seats } = await create('city-tycoon', 2, 'notation-hidden');
    const l = await legal(id, seats[0]!.token);
    expect((await play(id, seats[0]!.token, { notation: l.notations[0] })).status).toBe(200);
    const mine = await request(s.url)
      .get(`/api/v1/games/${id}/record`)
      .set({ ...auth(seats[0]!.token), Accept: 'text/plain' });
    expect(mine.headers['content-type']).toMatch(/^text\/plain/);
    expect(mine.text).toContain(`\n1. 0: ${l.notations[0]}\n*\n`);
    expect(mine.text).toContain('[Game "city-tycoon"]');
    expect(mine.text).toContain('[Result "*"]');
    expect(mine.text).not.toContain('[Seed');
    for (const viewer of [auth(seats[1]!.token), {}]) {
      const other = await request(s.url).get(`/api/v1/games/${id}/record?format=text`).set(viewer);
      expect(other.text).toContain('\n1. 0: {hidden}\n');
      expect(other.text).not.toContain(l.notations[0]!);
    }
    const json = await request(s.url).get(`/api/v1/games/${id}/record?format=json`).set('Accept', 'text/plain');
    expect(json.body.format).toBe('citybuilder-record/1');
  });

  it(
    'a text record imports to the same game; a missing header, a bad move number, an ' +
      'unreadable or illegal move are refused, naming the line',
    async () => {
      const { id, seats } = await create('ma-petite-ville', 2, 'notation-import');
      expect((await play(id, seats[0]!.token, { notation: 'draw' })).status).toBe(200);
      const l = await legal(id, seats[0]!.token);
      expect((await play(id, seats[0]!.token, { notation: l.notations[0] })).status).toBe(200);
      const text = (await request(s.url).get(`/api/v1/games/${id}/record?format=text`)).text.replace(
        '[Status',
        '[Seed "notation-import"]\n[Status',
      );
      const lines = text.split('\n');
      const post = (body: string) =>
        request(s.url).post('/api/v1/games/import').set('Content-Type', 'text/plain; charset=utf-8').send(body);

      const ok = await post(text);
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      expect(await s.service.stateHash(ok.body.id)).toBe(await s.service.stateHash(id));

      const games = async () =>
        (await request(s.url).get('/api/v1/games?limit=200').set('Authorization', 'Bearer test-operator-token')).body.games
          .length as number;
      const before = await games();
      const line = (prefix: string) => lines.findIndex((x) => x.startsWith(prefix)) + 1;
      const cases: { body: string; status: number; code: string; line: number; detail: RegExp; rule?: boolean }[] = [
        { body: text.replace(/\[Game .*\]\n/, ''), status: 400, code: 'INVALID_INPUT', line: 1, detail: /missing header \[Game/ },
        {
          body: text.replace('\n2. 0:', '\n3. 0:'),
          status: 400,
          code: 'INVALID_INPUT',
          line: line('2. 0:'),
          detail: /bad move number 3: expected 2/,
        },
        {
          body: text.replace(/\n2\. 0: .*\n/, '\n2. 0: tile here\n'),
          status: 422,
          code: 'IMPORT_INVALID',
          line: line('2. 0:'),
          detail: /expected tile <x,y> r<0\|90\|180\|270>/,
        },
        {
          body: text.replace(/\n2\. 0: .*\n/, '\n2. 0: tile 9,9 r0\n'),
          status: 422,
          code: 'IMPORT_INVALID',
          line: line('2. 0:'),
          detail: /move 2 \(tile 9,9 r0\) is illegal/,
          rule: true,
        },
        {
          body: text.replace(/\n1\. 0: .*\n/, '\n1. 1: draw\n'),
          status: 422,
          code: 'IMPORT_INVALID',
          line: line('1. 0:'),
          detail: /is illegal: It is not seat 1's turn/,
        },
        {
          body: text.replace(/\n\*\n/, '\n12:0\n'),
          status: 422,
          code: 'IMPORT_INVALID',
          line: lines.length,
          detail: /the result line says 12:0, but the moves give \*/,
        },
      ];
      for (const c of cases) {
        const r = await post(c.body);
        expect(r.status, `${c.detail} -> ${JSON.stringify(r.body)}`).toBe(c.status);
        expect(r.body.code).toBe(c.code);
        expect(r.body.detail).toMatch(c.detail);
        expect(r.body.detail).toMatch(new RegExp(`^line ${c.line}: `));
        expect(r.body.line).toBe(c.line);
        if (c.rule) expect(r.body.rule).toBeTruthy();
      }
      expect(await games()).toBe(before); // no refused record wrote anything
    },
  );
});
