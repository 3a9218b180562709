import { codegen } from '@graphql-codegen/core';
import * as typescriptPlugin from '@graphql-codegen/typescript';
import { buildClientSchema, getIntrospectionQuery, parse, printSchema, type IntrospectionQuery } from 'graphql';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostedGames } from '../../src/games/index.js';
import { GraphqlClient } from '../support/clients.js';
import { startTestServer, type TestServer } from '../support/server.js';

const pascal = (s: string) => s.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

describe("typed GraphQL: views, events and legal moves from the games' JSON Schemas", () => {
  let s: TestServer;
  let gql: GraphqlClient;
  beforeAll(async () => {
    // Default limits: the standard introspection query has its own depth limit (15), so generators
    // load the schema from a server as it is deployed.
    s = await startTestServer();
    gql = new GraphqlClient(s.url);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('graphql-codegen generates TypeScript types from the served schema, with a typed view, event and move per game', async () => {
    const r = await request(s.url).post('/graphql').send({ query: getIntrospectionQuery() });
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    const schema = buildClientSchema(r.body.data as IntrospectionQuery);
    const output = await codegen({
      schema: parse(printSchema(schema)),
      documents: [],
      filename: 'graphql.ts',
      config: {},
      plugins: [{ typescript: {} }],
      pluginMap: { typescript: typescriptPlugin },
    });
    expect(output).toMatch(/export type GameView = /);
    for (const g of hostedGames) {
      const P = pascal(g.id);
      expect(output).toMatch(new RegExp(`export type ${P}View = \\{`));
      for (const type of Object.keys(g.moveSchemas))
        expect(output).toContain(`${P}${type.charAt(0).toUpperCase()}${type.slice(1)}Move = {`);
    }
    // A view's fields are typed, not the JSON scalar.
    const tc = /export type TownCenterView = \{([\s\S]*?)\n\};/.exec(output)![1]!;
    expect(tc).toMatch(/toMove: Array<Scalars\['Int'\]\['output'\]>/);
    expect(tc).toMatch(/towns: Array<TownCenterViewTownsItem>/);
    expect(tc).not.toMatch(/Scalars\['JSON'\]/);
  });

  it('a listed move is submitted by its id; views and events come back typed', async () => {
    const { id, seats } = await gql.create('ma-petite-ville', 2);
    const listed = await gql.run<{ game: { typedLegalMoves: { id: string; move: { __typename: string; type: string } }[] } }>(
      `query($id: ID!) { game(id: $id) { typedLegalMoves { id move { __typename ... on MaPetiteVilleDrawTileMove { type } } } } }`,
      { id },
      seats[0]!.token,
    );
    const draw = listed.game.typedLegalMoves.find((m) => m.move.__typename === 'MaPetiteVilleDrawTileMove')!;
    expect(draw.move.type).toBe('drawTile');
    const done = await gql.run<{ submitListedMove: { version: number; typedEvents: { __typename: string; tile?: string }[] } }>(
      `mutation($id: ID!, $moveId: ID!) { submitListedMove(gameId: $id, moveId: $moveId) { ` +
        `version typedEvents { __typename ... on MaPetiteVilleTileDrawnEvent { tile } } } }`,
      { id, moveId: draw.id },
      seats[0]!.token,
    );
    expect(done.submitListedMove.version).toBe(1);
    expect(done.submitListedMove.typedEvents[0]).toMatchObject({ __typename: 'MaPetiteVilleTileDrawnEvent', tile: expect.any(String) });
    const g = await gql.run<{
      game: {
        typedView: { __typename: string; phase: string; toMove: number[]; drawnTile: { tile: string } | null };
        events: { typedEvents: { __typename: string }[] }[];
      };
    }>(
      `query($id: ID!) { game(id: $id) { typedView { __typename ... on MaPetiteVilleView { phase ` +
        `toMove drawnTile { tile } } } events { typedEvents { __typename } } } }`,
      { id },
      seats[0]!.token,
    );
    expect(g.game.typedView).toEqual({
      __typename: 'MaPetiteVilleView',
      phase: 'placeTile',
      toMove: [0],
      drawnTile: { tile: done.submitListedMove.typedEvents[0]!.tile },
    });
    expect(g.game.events[0]!.typedEvents[0]!.__typename).toBe('MaPetiteVilleTileDrawnEvent');

    // The same id once the game has moved on is stale: VERSION_CONFLICT, and a made-up id is bad input.
    const stale = await request(s.url)
      .post('/graphql')
      .set({ Authorization: `Bearer ${seats[0]!.token}` })
      .send({
        query: `mutation($id: ID!, $moveId: ID!) { submitListedMove(gameId: $id, moveId: $moveId) { version } }`,
        variables: { id, moveId: draw.id },
      });
    expect(stale.body.errors[0].extensions.code).toBe('VERSION_CONFLICT');
    const bad = await request(s.url)
      .post('/graphql')
      .set({ Authorization: `Bearer ${seats[0]!.token}` })
      .send({ query: `mutation($id: ID!) { submitListedMove(gameId: $id, moveId: "nonsense") { version } }`, variables: { id } });
    expect(bad.body.errors[0].extensions.code).toBe('INVALID_INPUT');
  });

  it("every game's typed view and legal moves resolve (union members told apart), nested unions included", async () => {
    for (const g of hostedGames) {
      const { id, seats } = await gql.create(g.id, g.minPlayers === 1 ? 2 : g.minPlayers);
      const P = pascal(g.id);
      const d = await gql.run<{
        game: { typedView: { __typename: string; phase: string; scores: number[] }; typedLegalMoves: { move: { __typename: string } }[] };
      }>(
        `query($id: ID!) { game(id: $id) { typedView { __typename ... on ${P}View { phase scores } ` +
          `} typedLegalMoves { move { __typename } } } }`,
        { id },
        seats[0]!.token,
      );
      expect(d.game.typedView.__typename).toBe(`${P}View`);
      expect(d.game.typedView.scores.length).toBeGreaterThan(0);
      expect(d.game.typedLegalMoves.length).toBeGreaterThan(0);
      for (const m of d.game.typedLegalMoves) expect(m.move.__typename.startsWith(P)).toBe(true);
    }
    // City Tycoon's map cells carry a union face (district or plant): played by listed move ids until one is built.
    const { id, seats } = await gql.create('city-tycoon', 2);
    const faces = async () =>
      (
        await gql.run<{ game: { toMove: number[]; typedView: { map: { face: { __typename: string } | null }[] } } }>(
          `query($id: ID!) { game(id: $id) { toMove typedView { ... on CityTycoonView { map { face { __typename } } } } } }`,
          { id },
        )
      ).game;
    let g = await faces();
    for (let i = 0; i < 100 && !g.typedView.map.some((c) => c.face !== null); i++) {
      const token = seats[g.toMove[0]!]!.token;
      const legal = await gql.run<{ game: { typedLegalMoves: { id: string }[] } }>(
        `query($id: ID!) { game(id: $id) { typedLegalMoves { id } } }`,
        { id },
        token,
      );
      await gql.run(
        `mutation($id: ID!, $moveId: ID!) { submitListedMove(gameId: $id, moveId: $moveId) { version } }`,
        { id, moveId: legal.game.typedLegalMoves[0]!.id },
        token,
      );
      g = await faces();
    }
    expect(g.typedView.map.map((c) => c.face?.__typename).filter(Boolean)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^CityTycoonViewMapItemFace/)]),
    );
  });
});
