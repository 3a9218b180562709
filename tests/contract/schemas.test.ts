import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { randomPlayout, resolveOptions, type AnyGame, type GameSchemas } from '../../src/engine/index.js';
import { defaultRegistry, hostedGames } from '../../src/games/index.js';

/**
 * Every view (each seat and the spectator), every event as eventView gives it (each seat and the
 * spectator) and every legal move of thousands of random positions per game must validate against
 * the game's published JSON Schemas. 2000 positions per game (each with every viewer's view) keep it to seconds.
 */
const POSITIONS = 2000;
/** The seat counts sampled per game: its plug-in's `testing.seatCounts`. */
const hosted = defaultRegistry();

const ajv = new Ajv({ allErrors: false, strict: true });

function validators(s: GameSchemas) {
  return { view: ajv.compile(s.view), event: ajv.compile(s.event), move: ajv.compile(s.move) };
}

function check(game: AnyGame) {
  const v = validators(game.schemas!);
  const fail = (what: string, value: unknown, errors: unknown) => expect.fail(`${game.id}: ${what} does not match its schema: ${JSON.stringify(errors)}\n${JSON.stringify(value).slice(0, 2000)}`);
  let positions = 0;
  let events = 0;
  let moves = 0;
  for (let i = 0; positions < POSITIONS; i++) {
    const counts = hosted.plugin(game.id)?.testing?.seatCounts ?? [game.minPlayers];
    const players = counts[i % counts.length]!;
    const options = resolveOptions(game, players, {});
    if (!options.ok) throw new Error(options.error.message);
    const viewers = [null, ...Array.from({ length: players }, (_, s) => s)];
    const seeThrough = (state: unknown) => {
      positions++;
      for (const viewer of viewers) {
        const view = game.view(state, viewer);
        if (!v.view(view)) fail(`the view for ${viewer}`, view, v.view.errors);
      }
    };
    randomPlayout(game, { players, options: options.value, seed: `schema-${i}` }, `schema-choices-${i}`, {
      beforeMove(state, _seat, legal) {
        seeThrough(state);
        for (const m of legal) {
          moves++;
          if (!v.move(m)) fail('a legal move', m, v.move.errors);
        }
      },
      afterMove(state, step) {
        for (const e of step.events) {
          for (const viewer of viewers) {
            const seen = game.eventView(e, viewer);
            if (seen === null) continue;
            events++;
            if (!v.event(seen)) fail(`an event for ${viewer}`, seen, v.event.errors);
          }
        }
        if (game.outcome(state) !== null) seeThrough(state);
      },
    });
  }
  return { positions, events, moves };
}

describe('every view, event and legal move matches the game\'s JSON Schemas', () => {
  for (const game of hostedGames) {
    it(game.id, () => {
      expect(game.schemas, `${game.id} publishes its schemas`).toBeDefined();
      const n = check(game);
      expect(n.positions).toBeGreaterThanOrEqual(POSITIONS);
      expect(n.events).toBeGreaterThan(0);
      expect(n.moves).toBeGreaterThan(0);
    });
  }

  it('a schema refuses what it should: an unknown move type and a wrong field', () => {
    const v = validators(hostedGames[0]!.schemas!);
    expect(v.move({ type: 'teleport', banana: 3 })).toBe(false);
    expect(v.move({ type: 'takeCube', tower: 'two' })).toBe(false);
    expect(v.move({ type: 'takeCube', tower: 1 })).toBe(true);
  });
});
