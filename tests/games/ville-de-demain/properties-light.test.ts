import { describe, it, expect } from 'vitest';
import { canonicalHash, fold, randomPlayout, Rng } from '../../../src/engine/index.js';
import type { GameEvent } from '../../../src/engine/index.js';
import { CITY_LIMIT } from '../../../src/games/ville-de-demain/data.js';
import type { VilleState } from '../../../src/games/ville-de-demain/index.js';
import { villeDeDemain } from '../../../src/games/ville-de-demain/index.js';
import { game, scaled } from './helpers.js';
import { invariant } from './invariants.js';

/**
 * Thousands of random games with plain checks (no assertion library in the inner loop): listed
 * moves are accepted (the one played and one more drawn at random); the invariants hold after
 * every move; the readable events of every step and, about every third step, the view (for a
 * viewer drawn at random: a seat or the spectator) hold no physical card reference or generator
 * state (the harness file checks every view of every step); every game ends with scores on a
 * 10-card city; its log replays to the live state.
 */
const GAMES = scaled(500);

describe('property: thousands of random games (light loop)', () => {
  for (const players of [2, 3, 4, 5]) {
    it(
      `${GAMES} random ${players}-player games end with scores, conserve cards, keep cities at ` + `10 or fewer, replay to the live state`,
      () => {
        let endedAtTen = 0;
        for (let i = 0; i < GAMES; i++) {
          const config = { players, options: {}, seed: `vdd-light-${players}-${i}` };
          const initial = villeDeDemain.setup(config);
          const log: GameEvent[] = [];
          let steps = 0;
          const pick = Rng.fromSeed(`viewers-${players}-${i}`);
          const { state } = randomPlayout<VilleState>(game, config, `choices-${i}`, {
            beforeMove(s, seat, legal) {
              // The playout applies one listed move; one more, drawn at random, is decided too (the
              // harness file decides every listed move of every step).
              const m = pick.pick(legal);
              if (!game.decide(s, m, seat).ok) throw new Error(`listed ${JSON.stringify(m)} refused`);
            },
            afterMove(s, step) {
              log.push(...step.events);
              invariant(s);
              const viewer = pick.int(players + 1) - 1;
              const who = viewer < 0 ? null : viewer;
              // Every step's readable events; the view of one viewer every third step (speed).
              let text = JSON.stringify(step.events.map((e) => game.eventView(e, who)));
              if (++steps % 3 === 0 || step.events.some((e) => e.type === 'deckRebuilt'))
                text += JSON.stringify(villeDeDemain.view(s, who));
              if (text.includes('#') || text.includes('"order"') || text.includes(String(s.rng[0])))
                throw new Error(`viewer ${who} can read a face-down card or the generator state`);
            },
          });
          const outcome = villeDeDemain.outcome(state);
          expect(outcome).not.toBeNull();
          expect(outcome!.scores).toHaveLength(players);
          if (state.cities.some((c) => c.length === CITY_LIMIT)) endedAtTen += 1;
          expect(canonicalHash(fold(game, initial, log))).toBe(canonicalHash(state));
        }
        expect(endedAtTen).toBe(GAMES); // every game ends by a 10-card city
      },
    );
  }
});
