import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { GameService } from '../../src/app/game-service.js';
import { loadConfig } from '../../src/config.js';
import { defaultRegistry, hostedGames } from '../../src/games/index.js';
import { buildApp } from '../../src/http/app.js';
import { gameField } from '../../src/http/graphql/index.js';
import { MemoryGameStore } from '../../src/store/memory-store.js';

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
const named = (t: TypeRef): TypeRef => (t.ofType ? named(t.ofType) : t);

/** Moves are typed GraphQL inputs, introspectable down to every field: no opaque JSON scalar. */
describe('GraphQL schema: typed move inputs', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      service: new GameService(new MemoryGameStore(), defaultRegistry()),
      config: loadConfig({}),
      ping: async () => {},
    });
  });
  afterAll(async () => {
    await app.close();
  });
  const introspect = async (name: string) => {
    const r = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query:
          `query($n: String!) { __type(name: $n) { name isOneOf inputFields { name type { kind name ` +
          `ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } ` +
          `}`,
        variables: { n: name },
      },
    });
    return r.json().data.__type as { name: string; isOneOf: boolean; inputFields: { name: string; type: TypeRef }[] };
  };

  it("MoveInput is a @oneOf with one field per hosted game, each a @oneOf of that game's move types", async () => {
    const input = await introspect('MoveInput');
    expect(input.isOneOf).toBe(true);
    expect(input.inputFields.map((f) => f.name).sort()).toEqual(hostedGames.map(gameField).sort());
    for (const game of hostedGames) {
      const field = input.inputFields.find((f) => f.name === gameField(game))!;
      const perGame = await introspect(named(field.type).name!);
      expect(perGame.isOneOf).toBe(true);
      expect(perGame.inputFields.map((f) => f.name).sort()).toEqual(Object.keys(game.moveSchemas).sort());
    }
  });

  it('no move field anywhere is the JSON scalar: every leaf is Int, String, Boolean or an enum', async () => {
    const seen = new Set<string>();
    const walk = async (name: string): Promise<void> => {
      if (seen.has(name)) return;
      seen.add(name);
      const t = await introspect(name);
      for (const f of t.inputFields) {
        const leaf = named(f.type);
        expect(leaf.name, `${name}.${f.name}`).not.toBe('JSON');
        if (leaf.kind === 'INPUT_OBJECT') await walk(leaf.name!);
        else expect(['SCALAR', 'ENUM']).toContain(leaf.kind);
      }
    };
    await walk('MoveInput');
    expect(seen.size).toBeGreaterThan(hostedGames.length);
  });
});
