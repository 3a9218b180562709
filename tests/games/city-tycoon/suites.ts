import { describe, expect, it } from 'vitest';
import { canonicalHash, fold, randomPlayout } from '../../../src/engine/index.js';
import type { Event, State } from '../../../src/games/city-tycoon/types.js';
import { checkRandomGame } from '../../support/properties.js';
import { game, OPTIONS } from './helpers.js';
import { allSecrets, candidates, check, count, invariant, secrets, startTotal, transferDelta } from './props.js';

/**
 * The two random-game suites, run by player count from several files (2-3 and 4-5 players) so
 * that vitest runs them side by side. `perPlayers` gives the number of games per player count.
 */
export function playoutSuite(perPlayers: Record<number, number>): void {
  const PLAYERS = Object.keys(perPlayers).map(Number);
  const GAMES = perPlayers;
  describe('city-tycoon random playouts (lighter loop)', () => {
    for (const players of PLAYERS) {
      const games = count(GAMES[players]!);
      it(
        `${games} random ${players}-player games end with scores; payments balance; listed moves ` +
          `accepted; no leak; replay equals live`,
        () => {
          const holds = invariant(startTotal(players));
          for (let i = 0; i < games; i++) {
            const config = { players, options: OPTIONS, seed: `light-${players}-${i}` };
            const initial = game.setup(config);
            const events: Event[] = [];
            let before = initial;
            let n = 0;
            const { state } = randomPlayout<State>(game, config, `light-choice-${i}`, {
              beforeMove(s, seat, legal) {
                // on one step in 32: listed moves are accepted (up to 12, spread over the list), and no view leaks a secret
                if (n++ % 32 !== i % 32) return;
                const stride = Math.max(1, Math.ceil(legal.length / 12));
                for (let k = n % stride; k < legal.length; k += stride) {
                  const m = legal[k]!;
                  const r = game.decide(s, m as never, seat);
                  check(r.ok, `listed move ${JSON.stringify(m)} accepted`);
                }
                for (let v = -1; v < players; v++) {
                  const viewer = v < 0 ? null : v;
                  const text = JSON.stringify(game.view(s, viewer));
                  for (const secret of [...allSecrets(s, viewer), JSON.stringify(s.rng)])
                    check(!text.includes(secret), `viewer ${viewer} cannot read ${secret}`);
                }
              },
              afterMove(s, step) {
                // every money change is a transfer: what one party pays, another receives
                const delta = transferDelta(step.events as Event[], players);
                for (let p = 0; p < players; p++)
                  check(s.money[p]! - before.money[p]! === delta[p], `seat ${p}'s money changes only by transfers`);
                events.push(...(step.events as Event[]));
                if (step.events.length > 0 && i % 10 === 0) holds(s);
                before = s;
              },
            });
            holds(state);
            const out = game.outcome(state)!;
            expect(out.scores).toEqual(state.vp.map((v, p) => v + Math.floor(state.money[p]! / 10)));
            expect(out.ranks.filter((r) => r === 1).length).toBe(out.winners.length);
            expect(canonicalHash(fold(game, initial, events))).toBe(canonicalHash(state));
          }
        },
      );
    }
  });
}

export function harnessSuite(perPlayers: Record<number, number>): void {
  describe('city-tycoon property tests (checkRandomGame)', () => {
    for (const [players, n] of Object.entries(perPlayers).map(([p, n]) => [Number(p), count(n)] as const)) {
      it(`${n} random ${players}-player games keep the kernel contracts, conservation and secrecy`, () => {
        for (let i = 0; i < n; i++) {
          checkRandomGame<State>(game, `ct-${players}-${i}`, {
            players,
            options: i % 4 === 3 ? { draftPass: 'left' } : {},
            invariant: invariant(startTotal(players)),
            candidates,
            secrets,
          });
        }
      });
    }
  });
}
