import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalHash, Rng, type Json } from '../../src/engine/index.js';
import { run } from '../../src/cli/citybuilder.js';
import { hostedGames } from '../../src/games/index.js';
import { expectTextRoundTrip, GraphqlClient, RestClient, type Snapshot } from '../support/clients.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * End to end over real HTTP: for every hosted game, a whole game from creation to its result,
 * played by seeded random choices among the legal moves the server lists, once through REST and
 * once through GraphQL. Then the replay endpoint must give, at every version, exactly the views
 * that were live, and a record exported then imported, as JSON and as text, must reach the same
 * final state.
 */
describe('whole games over HTTP (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.stop();
  });

  for (const game of hostedGames) {
    const players = Math.min(game.maxPlayers, Math.max(3, game.minPlayers));

    it(`${game.id}: a whole ${players}-player game through REST, replayed at every version, exported and re-imported`, async () => {
      const api = new RestClient(s.url);
      const { id, seats } = await api.create(game.id, players, { seed: `e2e-rest-${game.id}` });
      const rng = Rng.fromSeed(`choices-${game.id}`);
      const live = new Map<number, { spectator: string; seat0: string }>();
      let g = await api.game(id);
      const remember = async (snap: Snapshot) =>
        live.set(snap.version, { spectator: canonicalHash(snap.view), seat0: canonicalHash((await api.game(id, seats[0]!.token)).view) });
      await remember(g);
      let guard = 0;
      while (g.status === 'active') {
        expect(++guard).toBeLessThan(5000);
        const seat = rng.pick(g.toMove);
        const legal = await api.legal(id, seats[seat]!.token);
        expect(legal.length).toBeGreaterThan(0);
        const r = await api.move(id, seats[seat]!.token, rng.pick(legal));
        expect(r.version).toBe(g.version + 1);
        g = await api.game(id);
        await remember(g);
      }
      expect(g.status).toBe('finished');
      const outcome = g.outcome as { scores: number[]; ranks: number[]; winners: number[] };
      expect(outcome.scores).toHaveLength(players);
      expect(outcome.winners.length).toBeGreaterThan(0);

      // Replay: every version, as a spectator and as seat 0, equals what was live.
      for (const [version, hashes] of live) {
        const asSpectator = await request(s.url).get(`/api/v1/games/${id}/replay?at=${version}`);
        expect(asSpectator.status).toBe(200);
        expect(canonicalHash(asSpectator.body.view), `spectator view at ${version}`).toBe(hashes.spectator);
        const asSeat = await request(s.url)
          .get(`/api/v1/games/${id}/replay?at=${version}`)
          .set('Authorization', `Bearer ${seats[0]!.token}`);
        expect(canonicalHash(asSeat.body.view), `seat 0 view at ${version}`).toBe(hashes.seat0);
      }

      // Export, import: the new game reaches the same final state and result.
      const record = await request(s.url).get(`/api/v1/games/${id}/record`);
      expect(record.status).toBe(200);
      expect(record.body.seed).toBe(`e2e-rest-${game.id}`);
      expect(record.body.moves).toHaveLength(g.version);
      const imported = await request(s.url).post('/api/v1/games/import').send(record.body);
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      expect(imported.body.id).not.toBe(id);
      const copy = await api.game(imported.body.id);
      expect(copy.version).toBe(g.version);
      expect(canonicalHash(copy.view)).toBe(canonicalHash(g.view));
      expect(copy.outcome).toEqual(g.outcome);
      expect(await s.service.stateHash(imported.body.id)).toBe(await s.service.stateHash(id));
      // The text record (moves in notation) imports to the same final state too.
      const text = await expectTextRoundTrip(s.url, (x) => s.service.stateHash(x), id);
      expect(text.split('\n').filter((l) => /^\d+\. \d+: /.test(l))).toHaveLength(g.version);

      // The command line, offline, accepts both records, converts the JSON one to the same moves
      // in text, and replays the game to the final view the server shows.
      const files: Record<string, string> = { 'game.json': JSON.stringify(record.body), 'game.txt': text };
      const cli = async (...argv: string[]) => {
        const out: string[] = [];
        const code = await run(argv, {
          out: (t) => out.push(t),
          err: (t) => out.push(t),
          read: async (f) => files[f]!,
          write: async (f, t) => void (files[f] = t),
        });
        return { code, out: out.join('\n') };
      };
      for (const f of Object.keys(files))
        expect(await cli('validate', f)).toMatchObject({ code: 0, out: expect.stringMatching(/^valid: .* finished/) });
      const converted = (await cli('convert', 'game.json', '--to', 'text')).out;
      const movesOf = (t: string) => t.split('\n').filter((l) => /^\d+\. \d+: /.test(l));
      expect(movesOf(converted)).toEqual(movesOf(text));
      const replay = (await cli('replay', 'game.txt', '--seat', '0', '--json')).out;
      expect(canonicalHash(JSON.parse(replay.slice(replay.indexOf('\n{') + 1)))).toBe(
        canonicalHash((await api.game(id, seats[0]!.token)).view),
      );
      // ... and draws the same board picture as the server, offline.
      expect((await cli('replay', 'game.json', '--seat', '0', '--svg', 'board.svg')).code).toBe(0);
      const served = await request(s.url)
        .get(`/api/v1/games/${id}/board.svg`)
        .set('Authorization', `Bearer ${seats[0]!.token}`)
        .set('Accept-Language', 'en')
        .buffer(true)
        .parse((res, done) => {
          let b = '';
          res.on('data', (c) => (b += c));
          res.on('end', () => done(null, b));
        });
      expect(files['board.svg']).toBe(served.body);
    });

    it(`${game.id}: a whole 2-player game through GraphQL with typed moves`, async () => {
      const api = new GraphqlClient(s.url);
      const { id, seats } = await api.create(game.id, Math.max(2, game.minPlayers));
      const rng = Rng.fromSeed(`gql-choices-${game.id}`);
      let g = await api.game(id);
      let guard = 0;
      while (g.status === 'active') {
        expect(++guard).toBeLessThan(5000);
        const seat = rng.pick(g.toMove);
        const { legalMoves } = await api.game(id, seats[seat]!.token);
        const r = await api.move(game, id, seats[seat]!.token, rng.pick(legalMoves!));
        expect(r.version).toBe(g.version + 1);
        g = await api.game(id);
      }
      expect(g.status).toBe('finished');
      expect((g.outcome as unknown as { winners: number[] }).winners.length).toBeGreaterThan(0);
      expect(g.view as Json).not.toBeNull();
      await expectTextRoundTrip(s.url, (x) => s.service.stateHash(x), id);
    });
  }
});
