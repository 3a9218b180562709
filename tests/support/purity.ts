import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  randomPlayout,
  resolveOptions,
  type AnyGame,
  type GameConfig,
  type GameEvent,
  type Move,
  type Seat,
  type Viewer,
} from '../../src/engine/index.js';
import type { GameRegistry } from '../../src/games/registry.js';
import { perturb, perturbEvents } from './perturb.js';

/** Freezes a JSON value all the way down: writing to it then throws (test modules run in strict mode). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const same = (a: unknown, b: unknown, what: string) => expect(canonicalJson(a), what).toBe(canonicalJson(b));

/** Positions checked per random game: evenly spread from the start to the last move (checking every one is the property tests' job). */
const PER_GAME = 8;

/** Plays a random game and calls `check` at PER_GAME positions spread over it, with the events so far. */
function atSampledPositions(
  game: AnyGame,
  config: GameConfig<unknown>,
  choiceSeed: string,
  check: (state: unknown, seat: Seat, legal: Move[], events: readonly GameEvent[], step: number) => void,
): void {
  const length = randomPlayout(game, config, choiceSeed).steps.length;
  const stride = Math.max(1, Math.ceil(length / PER_GAME));
  const events: GameEvent[] = [];
  let step = 0;
  randomPlayout(game, config, choiceSeed, {
    beforeMove(state, seat, legal) {
      if (step++ % stride === 0 || step === length) check(state, seat, legal, events, step);
    },
    afterMove(_state, played) {
      events.push(...played.events);
    },
  });
}

/**
 * The purity contract of src/engine/types.ts, for one game, over random games of every seat count
 * (`games` per count, PROPERTY_SCALE-scaled by the caller; PER_GAME positions spread over each):
 * - decide, evolve, legalMoves, view and eventView never write to their input (every state and event
 *   is deep-frozen) and give the same answer twice (no clock, no Math.random, no hidden counter);
 * - setup is a function of its config: the same seed sets up the same game;
 * - no hidden state in views: what a viewer may not see (its plug-in's perturbation in `registry`,
 *   the hosted games' by default; tests/support/perturb.ts: bag and deck
 *   orders, other seats' hands, the generator) changes neither its view nor its reading of the events.
 */
export function describePurity(game: AnyGame, games: number, registry?: GameRegistry): void {
  describe(`purity of ${game.id}: deterministic, never mutating, no hidden state in views`, () => {
    const seatCounts = Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i);
    const configOf = (players: number, seed: string) => {
      const r = resolveOptions(game, players, {});
      if (!r.ok) throw new Error(r.error.message);
      return { players, options: r.value, seed };
    };

    it('setup is a function of its config: the same seed gives the same game', () => {
      for (const players of seatCounts) {
        const a = game.setup(configOf(players, 'purity-same'));
        same(game.setup(configOf(players, 'purity-same')), a, `${players} seats`);
      }
    });

    it('decide, evolve, legalMoves, view and eventView: deep-frozen inputs, the same answer twice', () => {
      for (const players of seatCounts) {
        for (let i = 0; i < games; i++) {
          const viewers: Viewer[] = [null, ...Array.from({ length: players }, (_, s) => s)];
          atSampledPositions(game, configOf(players, `purity-${players}-${i}`), `purity-choices-${i}`, (state, seat, legal) => {
            deepFreeze(state);
            same(game.legalMoves(state, seat), legal, 'legalMoves twice');
            for (const v of viewers) same(game.view(state, v), game.view(state, v), `view for ${v} twice`);
            // Every listed move when few, else the first, middle and last: decided twice, evolved twice.
            for (const move of legal.length <= 4 ? legal : [legal[0]!, legal[legal.length >> 1]!, legal[legal.length - 1]!]) {
              const a = game.decide(state, move, seat);
              same(game.decide(state, move, seat), a, `decide ${JSON.stringify(move)} twice`);
              if (!a.ok) throw new Error(`listed move refused: ${a.error.code}`);
              let s1: unknown = state;
              let s2: unknown = state;
              for (const e of a.value as GameEvent[]) {
                deepFreeze(e);
                s1 = deepFreeze(game.evolve(s1, e));
                s2 = game.evolve(s2, e);
                for (const v of viewers) same(game.eventView(e, v), game.eventView(e, v), 'eventView twice');
              }
              same(s2, s1, `evolve after ${JSON.stringify(move)} twice`);
            }
          });
        }
      }
    });

    it('no hidden state in views: perturbing what a viewer may not see changes neither its view nor its events', () => {
      for (const players of seatCounts) {
        for (let i = 0; i < games; i++) {
          atSampledPositions(
            game,
            configOf(players, `hidden-${players}-${i}`),
            `hidden-choices-${i}`,
            (state, _seat, _legal, events, step) => {
              for (let v = -1; v < players; v++) {
                const viewer: Viewer = v < 0 ? null : v;
                const seed = `perturb-${i}-${step}-${v}`;
                same(
                  game.view(perturb(game.id, state, viewer, seed, registry), viewer),
                  game.view(state, viewer),
                  `view for ${viewer} at step ${step}`,
                );
                const seen = events.map((e) => game.eventView(e, viewer));
                same(
                  perturbEvents(game.id, events, viewer, seed, registry).map((e) => game.eventView(e, viewer)),
                  seen,
                  `events for ${viewer} at step ${step}`,
                );
              }
            },
          );
        }
      }
    });
  });
}
