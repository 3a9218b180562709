import { XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalHash } from '../../src/engine/index.js';
import { defaultRegistry } from '../../src/games/index.js';
import { expectTextRoundTrip } from '../support/clients.js';
import { perturb } from '../support/perturb.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { toy, toyStreet } from '../support/toy-game/index.js';

/**
 * A game is a plug-in (src/games/plugin.ts, docs/adding-a-game.md): Toy Street, a game that lives
 * only in tests/support/toy-game/, is plugged into a real server by one line (the registry below)
 * and nothing else. Over real HTTP it is listed, published in OpenAPI and GraphQL, played to its
 * end through REST and GraphQL in turn (moves as values, as notation, as typed GraphQL inputs),
 * drawn as a board with its legal moves marked, replayed at every version, exported and imported.
 */
describe('a game plugged in by one registry line: Toy Street (end-to-end)', () => {
  let s: TestServer;
  // Toy Street, and the same rules plugged in bare (an engine alone: no picture, no bot, no helpers).
  const registry = defaultRegistry([toy, { engine: { ...toyStreet, id: 'toy-street-bare', name: 'Toy Street, bare' } }]);
  beforeAll(async () => {
    s = await startTestServer({}, undefined, { registry });
  });
  afterAll(async () => {
    await s?.stop();
  });
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('is listed by /game-types and GraphQL, and published in /openapi.json (its view, game, move and options)', async () => {
    const types = await request(s.url).get('/api/v1/game-types');
    expect(types.status).toBe(200);
    const listed = (types.body as { id: string; minPlayers: number; options: { properties: object } }[]).find((t) => t.id === 'toy-street');
    expect(listed).toMatchObject({ id: 'toy-street', name: 'Toy Street (test game)', minPlayers: 2, maxPlayers: 2 });
    expect(Object.keys(listed!.options.properties)).toEqual(['rounds']);

    const openapi = (await request(s.url).get('/openapi.json')).body as {
      components: { schemas: Record<string, { discriminator?: { mapping: Record<string, string> } }> };
    };
    for (const name of ['ToyStreetView', 'ToyStreetGame', 'ToyStreetMove', 'ToyStreetOptions', 'ToyStreetEvent', 'ToyStreetOutcome'])
      expect(openapi.components.schemas, name).toHaveProperty(name);
    expect(openapi.components.schemas.Game!.discriminator!.mapping['toy-street']).toBe('#/components/schemas/ToyStreetGame');

    const g = await request(s.url)
      .post('/graphql')
      .send({ query: '{ gameTypes { id } __type(name: "MoveInput") { inputFields { name } } }' });
    expect(g.body.data.gameTypes.map((t: { id: string }) => t.id)).toContain('toy-street');
    expect(g.body.data.__type.inputFields.map((f: { name: string }) => f.name)).toContain('toyStreet');

    // Its own seat count is checked (two players), and the registry without the line has no such game.
    const alone = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'toy-street', players: [{ name: 'A' }] });
    expect([alone.status, alone.body.violation]).toEqual([400, 'PLAYER_COUNT']);
    expect(defaultRegistry().current('toy-street')).toBeUndefined();
  });

  it('is played to its end over REST and GraphQL in turn, drawn as a board, replayed, exported and imported', async () => {
    const created = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'toy-street', seed: 'toy-e2e', players: [{ name: 'Ann' }, { name: 'Bob' }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, seats } = created.body as { id: string; seats: { token: string }[] };
    const live = new Map<number, string>();
    const remember = async () => {
      const g = await request(s.url).get(`/api/v1/games/${id}`).set(auth(seats[0]!.token));
      live.set(g.body.version, canonicalHash(g.body.view));
      return g.body as {
        version: number;
        status: string;
        toMove: number[];
        view: { favourite: string | null; lots: unknown[] };
        outcome?: { scores: number[]; winners: number[] };
      };
    };
    let g = await remember();
    expect(g.view.favourite).toMatch(/^(house|shop)$/);

    // Six builds: REST as a value, REST as notation, GraphQL as a typed input, GraphQL as notation, in turn.
    const plan = ['h2', 's3', 'h5', 's1', 's6', 'h4'];
    for (const [i, notation] of plan.entries()) {
      const seat = g.toMove[0]!;
      expect(seat).toBe(i % 2);
      const token = seats[seat]!.token;
      const legal = await request(s.url)
        .get(`/api/v1/games/${id}/legal-moves?include=labels`)
        .set({ ...auth(token), 'Accept-Language': 'fr' });
      expect(legal.status).toBe(200);
      expect(legal.body.notations).toContain(notation);
      expect(legal.body.notations).toHaveLength(2 * (6 - i)); // a house or a shop on each empty lot
      expect(legal.body.labels[legal.body.notations.indexOf(notation)]).toMatch(/^Construire une (maison|boutique) \(terrain \d\)$/);
      const move = legal.body.moves[legal.body.notations.indexOf(notation)];
      if (i % 4 === 0) {
        const r = await request(s.url).post(`/api/v1/games/${id}/moves`).set(auth(token)).send({ move, expectedVersion: i });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      } else if (i % 4 === 1) {
        const r = await request(s.url).post(`/api/v1/games/${id}/moves`).set(auth(token)).send({ notation: notation.toUpperCase() });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      } else if (i % 4 === 2) {
        const { type: _type, ...fields } = move as { type: string; lot: number; building: string };
        const r = await request(s.url)
          .post('/graphql')
          .set(auth(token))
          .send({
            query: 'mutation($id: ID!, $move: MoveInput!) { submitMove(gameId: $id, move: $move) { version } }',
            variables: { id, move: { toyStreet: { build: fields } } },
          });
        expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
        expect(r.body.data.submitMove.version).toBe(i + 1);
      } else {
        const r = await request(s.url)
          .post('/graphql')
          .set(auth(token))
          .send({
            query: 'mutation($id: ID!, $n: String!) { submitNotation(gameId: $id, notation: $n) { version } }',
            variables: { id, n: notation },
          });
        expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      }
      g = await remember();
      expect(g.version).toBe(i + 1);

      if (i === 2) {
        // The board as seat 1 sees it, its legal moves marked on the empty lots (both builds of a lot on one element).
        const svg = await request(s.url)
          .get(`/api/v1/games/${id}/board.svg`)
          .set(auth(seats[1]!.token))
          .buffer(true)
          .parse((res, cb) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString('utf8')));
            res.on('end', () => cb(null, text));
          });
        expect(svg.status).toBe(200);
        expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
        const text = svg.body as string;
        expect(XMLValidator.validate(text)).toBe(true);
        expect(text).toContain('Toy Street');
        const marked = [...text.matchAll(/data-notations="([^"]*)"/g)].map((m) => m[1]);
        expect(marked.sort()).toEqual(['h1|s1', 'h4|s4', 'h6|s6']);
        // A bad move is the toy's own refusal: a clear 4xx with its code, nothing written.
        const taken = await request(s.url).post(`/api/v1/games/${id}/moves`).set(auth(seats[1]!.token)).send({ notation: 'h2' });
        expect([taken.status, taken.body.code, taken.body.violation, taken.body.rule]).toEqual([
          422,
          'ILLEGAL_MOVE',
          'LOT_TAKEN',
          'Toy Street, lots',
        ]);
        const unreadable = await request(s.url).post(`/api/v1/games/${id}/moves`).set(auth(seats[1]!.token)).send({ notation: 'tower 9' });
        expect(unreadable.status).toBe(400);
        expect(unreadable.body.detail).toMatch(/expected h<lot 1-6> or s<lot 1-6>/);
      }
    }
    expect(g.status).toBe('finished');
    // Street points (house 1, a shop next to a house 2) plus each favourite's bonus, now revealed.
    const favourites = (g.outcome as unknown as { detail: { favourites: string[] } }).detail.favourites;
    const street = [1 + 1 + 2, 2 + 2 + 1];
    const built = [
      ['house', 'house', 'shop'],
      ['shop', 'shop', 'house'],
    ];
    expect(g.outcome!.scores).toEqual(street.map((p, seat) => p + built[seat]!.filter((b) => b === favourites[seat]).length));

    // GraphQL reads the same finished game, its log in words from the toy's picture.
    const read = await request(s.url)
      .post('/graphql')
      .set(auth(seats[0]!.token))
      .send({ query: 'query($id: ID!) { game(id: $id) { version status view events { label } } }', variables: { id } });
    expect(read.body.errors, JSON.stringify(read.body.errors)).toBeUndefined();
    expect(read.body.data.game).toMatchObject({ version: 6, status: 'finished' });
    expect(canonicalHash(read.body.data.game.view)).toBe(live.get(6));
    const words = [
      'Built a house (lot 2)',
      'Built a shop (lot 3)',
      'Built a house (lot 5)',
      'Built a shop (lot 1)',
      'Built a shop (lot 6)',
      'Built a house (lot 4)',
    ];
    expect(read.body.data.game.events.map((m: { label: string }) => m.label)).toEqual(words);
    const log = await request(s.url).get(`/api/v1/games/${id}/events?include=labels`);
    expect(log.status).toBe(200);
    expect(log.body.moves.map((m: { label: string }) => m.label)).toEqual(words);

    // Replay: every version, as seat 0, is what was live.
    for (const [version, hash] of live) {
      const at = await request(s.url).get(`/api/v1/games/${id}/replay?at=${version}`).set(auth(seats[0]!.token));
      expect(at.status).toBe(200);
      expect(canonicalHash(at.body.view), `version ${version}`).toBe(hash);
    }

    // The text record, in the toy's notation, imports to the same final state.
    const text = await expectTextRoundTrip(s.url, (x) => s.service.stateHash(x), id);
    expect(text).toContain('[Game "toy-street"]');
    expect(
      text
        .split('\n')
        .filter((l) => /^\d+\. \d+: /.test(l))
        .map((l) => l.replace(/^\d+\. \d+: /, '').trim()),
    ).toEqual(plan);
  });

  it('a game plugged in without a picture: no board (404) and no moves in words (400), its moves played all the same', async () => {
    const created = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'toy-street-bare', players: [{ name: 'Ann' }, { name: 'Bob' }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, seats } = created.body as { id: string; seats: { token: string }[] };
    const board = await request(s.url).get(`/api/v1/games/${id}/board.svg`);
    expect([board.status, board.body.code]).toEqual([404, 'NOT_FOUND']);
    const labels = await request(s.url).get(`/api/v1/games/${id}/legal-moves?include=labels`).set(auth(seats[0]!.token));
    expect([labels.status, labels.body.code]).toEqual([400, 'INVALID_INPUT']);
    expect(labels.body.detail).toMatch(/toy-street-bare have no moves in words: leave out include=labels/);
    expect((await request(s.url).post(`/api/v1/games/${id}/moves`).set(auth(seats[0]!.token)).send({ notation: 'h1' })).status).toBe(200);
    const log = await request(s.url).get(`/api/v1/games/${id}/events?include=labels`);
    expect([log.status, log.body.code]).toEqual([400, 'INVALID_INPUT']);
    expect((await request(s.url).get(`/api/v1/games/${id}/events`)).body.moves).toHaveLength(1);
  });

  it("its test helper hides only what a viewer may not see: the other seat's favourite", () => {
    const state = toyStreet.setup({ players: 2, options: { rounds: 3 }, seed: 'perturb' });
    for (const viewer of [0, 1, null]) {
      const changed = perturb('toy-street', state, viewer, `p-${String(viewer)}`, registry);
      expect(toyStreet.view(changed as typeof state, viewer)).toEqual(toyStreet.view(state, viewer));
    }
    // It does change what the other seat sees (so the check above can fail).
    const seat1 = new Set(
      Array.from({ length: 8 }, (_, i) =>
        JSON.stringify(toyStreet.view(perturb('toy-street', state, 0, `q-${i}`, registry) as typeof state, 1)),
      ),
    );
    expect(seat1.size).toBeGreaterThan(1);
  });
});
