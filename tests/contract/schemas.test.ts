import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { defaultRegistry, hostedGames } from '../../src/games/index.js';
import { checkSchemas } from '../games/per-game.js';

/**
 * Every view (each seat and the spectator), every event as eventView gives it (each seat and the
 * spectator) and every legal move of thousands of random positions per game must validate against
 * the game's published JSON Schemas. 2000 positions per game (each with every viewer's view) keep it to seconds.
 */
const POSITIONS = 2000;
const hosted = defaultRegistry();

describe("every view, event and legal move matches the game's JSON Schemas", () => {
  for (const game of hostedGames) {
    it(game.id, () => {
      // The same check every game gets (tests/games/per-game.ts), at its plug-in's seat counts.
      const n = checkSchemas(hosted.plugin(game.id)!, POSITIONS);
      expect(n.positions).toBeGreaterThanOrEqual(POSITIONS);
      expect(n.events).toBeGreaterThan(0);
      expect(n.moves).toBeGreaterThan(0);
    });
  }

  it('a schema refuses what it should: an unknown move type and a wrong field', () => {
    const v = new Ajv({ strict: true }).compile(hostedGames[0]!.schemas!.move);
    expect(v({ type: 'teleport', banana: 3 })).toBe(false);
    expect(v({ type: 'takeCube', tower: 'two' })).toBe(false);
    expect(v({ type: 'takeCube', tower: 1 })).toBe(true);
  });
});
