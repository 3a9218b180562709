import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GraphqlClient } from '../support/clients.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** Every field of a Game that depends on the game's version, as one query asks them. */
const ALL_FIELDS =
  `query($id: ID!) { game(id: $id) { version status toMove view legalMoves ` +
  `legalMoveNotations legalMoveLabels legalMovesUndoable typedLegalMoves { id } } }`;

type Answer = {
  game: {
    version: number;
    status: string;
    toMove: number[];
    view: { drawnTile: unknown };
    legalMoves: { type: string }[];
    legalMoveNotations: string[];
    legalMoveLabels: string[];
    legalMovesUndoable: boolean[];
    typedLegalMoves: { id: string }[];
  };
};

const listedVersion = (id: string) => (JSON.parse(Buffer.from(id, 'base64url').toString('utf8')) as { v: number }).v;

describe('a GraphQL query resolves all its fields of one game at one version', () => {
  let s: TestServer;
  let gql: GraphqlClient;
  beforeAll(async () => {
    s = await startTestServer();
    gql = new GraphqlClient(s.url);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('given a query asking the view and every legal-move field, then the game and its legal moves are each read once', async () => {
    const { id, seats } = await gql.create('ma-petite-ville', 2);
    const games = vi.spyOn(s.service, 'getGame');
    const legal = vi.spyOn(s.service, 'legalMoves');
    const d = await gql.run<Answer>(ALL_FIELDS, { id }, seats[0]!.token);
    expect(games).toHaveBeenCalledTimes(1);
    expect(legal).toHaveBeenCalledTimes(1);
    expect(d.game.legalMoves.length).toBeGreaterThan(0);
  });

  it(
    'given a move that lands between the read of the game and of its legal moves, when the ' +
      'mover asks every field, then all answer at the version after the move',
    async () => {
      const { id, seats } = await gql.create('ma-petite-ville', 2);
      const token = seats[0]!.token;
      const before = await gql.run<Answer>(ALL_FIELDS, { id }, token);
      expect(before.game).toMatchObject({ version: 0, toMove: [0], view: { drawnTile: null } });
      const draw = before.game.legalMoves.find((m) => m.type === 'drawTile')!;
      // The seat's own move, committed right after the query has read the game (another request of
      // the same player, in another tab): the legal moves read next are already those after it.
      const getGame = s.service.getGame.bind(s.service);
      vi.spyOn(s.service, 'getGame').mockImplementationOnce(async (...args) => {
        const game = await getGame(...args);
        await s.service.submitMove(id, token, draw);
        return game;
      });
      const d = await gql.run<Answer>(ALL_FIELDS, { id }, token);
      // Without one version per query: version 0 and the view before the draw, with the legal moves after it.
      expect(d.game.version).toBe(1);
      expect(d.game.view.drawnTile).not.toBeNull();
      expect(d.game.legalMoves.map((m) => m.type)).not.toContain('drawTile');
      expect(d.game.typedLegalMoves.map((m) => listedVersion(m.id))).toEqual(d.game.legalMoves.map(() => 1));
      for (const list of [d.game.legalMoveNotations, d.game.legalMoveLabels, d.game.legalMovesUndoable])
        expect(list).toHaveLength(d.game.legalMoves.length);
      // The same as REST answers now that the game stays at version 1.
      const rest = await request(s.url)
        .get(`/api/v1/games/${id}/legal-moves`)
        .set({ Authorization: `Bearer ${token}` });
      expect(rest.body.version).toBe(1);
      expect(d.game.legalMoves).toEqual(rest.body.moves);
      expect(d.game.legalMoveNotations).toEqual(rest.body.notations);
    },
  );

  it(
    'given a spectator, when it asks the view and the legal moves, then the legal moves alone ' + 'are refused with the code they had',
    async () => {
      const { id } = await gql.create('ma-petite-ville', 2);
      const r = await request(s.url)
        .post('/graphql')
        .send({ query: `query($id: ID!) { game(id: $id) { version legalMoves } }`, variables: { id } });
      expect(r.body.errors).toHaveLength(1);
      expect(r.body.errors[0].path).toEqual(['game', 'legalMoves']);
      expect(r.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    },
  );
});
