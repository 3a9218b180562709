import { buildSchema, type GraphQLEnumType, type GraphQLInputObjectType, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { Outcome } from '../../src/engine/schema.js';
import { defaultRegistry } from '../../src/games/index.js';
import { schemaSdl } from '../../src/http/graphql/schema.js';
import { STATUSES, TimeControl } from '../../src/store/shapes.js';

/** GraphQL's GameStatus, Outcome and TimeControl are generated from the TypeBox schemas REST validates and documents with
 * (src/http/graphql/sdl-shapes.ts). */
describe('GraphQL types of the shared shapes', () => {
  const schema = buildSchema(schemaSdl(defaultRegistry().list()));

  it("given the game status schema, then GraphQL's GameStatus has exactly its values", () => {
    expect((schema.getType('GameStatus') as GraphQLEnumType).getValues().map((v) => v.name)).toEqual([...STATUSES]);
  });

  it('given the Outcome and TimeControl schemas, then the GraphQL types have their fields, required ones non-null', () => {
    const fields = (t: GraphQLObjectType | GraphQLInputObjectType) =>
      Object.fromEntries(Object.values(t.getFields()).map((f) => [f.name, String(f.type)]));
    expect(fields(schema.getType('Outcome') as GraphQLObjectType)).toEqual({
      scores: '[Float!]!',
      ranks: '[Int!]!',
      winners: '[Int!]!',
      detail: 'JSON',
    });
    expect(Object.keys(fields(schema.getType('Outcome') as GraphQLObjectType))).toEqual(Object.keys(Outcome.properties));
    // The three bank fields are required integers; pauseOnWeekends an optional boolean.
    for (const name of ['TimeControl', 'TimeControlInput'])
      expect(fields(schema.getType(name) as GraphQLObjectType)).toEqual(
        Object.fromEntries(Object.keys(TimeControl.properties).map((k) => [k, k === 'pauseOnWeekends' ? 'Boolean' : 'Int!'])),
      );
  });
});
