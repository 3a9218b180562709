import { describe, expect, it } from 'vitest';
import { after, type Move, randomPlayout } from '../../src/engine/index.js';
import { botFor } from '../../src/games/bots.js';
import { evaluate, evaluateAfter, room } from '../../src/games/ma-petite-ville/bot.js';
import { silhouettePlacements } from '../../src/games/ma-petite-ville/board.js';
import type { MpvState } from '../../src/games/ma-petite-ville/types.js';
import type { State as CityTycoonState } from '../../src/games/city-tycoon/types.js';
import { configOf, games, tableSizes } from '../support/playouts.js';

describe("the games' evaluations", () => {
  for (const g of games) {
    it(`${g.id}: at the end of a game, the evaluation ranks the seats as the outcome does`, () => {
      const bot = botFor(g.id)!;
      let ended = 0;
      for (const players of tableSizes(g)) {
        for (let i = 0; i < 6; i++) {
          const { state } = randomPlayout<unknown>(g, configOf(g, players, `eval-end-${i}`), `eval-choice-${i}`);
          const outcome = g.outcome(state)!;
          const v = bot.evaluate(state);
          expect(v).toHaveLength(players);
          for (let a = 0; a < players; a++) {
            for (let b = 0; b < players; b++) {
              if (outcome.ranks[a]! < outcome.ranks[b]!) expect(v[a], `${g.id} seat ${a} ranked above ${b}`).toBeGreaterThan(v[b]!);
            }
          }
          ended++;
        }
      }
      expect(ended).toBeGreaterThanOrEqual(6);
    });
  }

  it('ma-petite-ville: the room the evaluation counts is where the engine lets each silhouette go', () => {
    const g = games.find((x) => x.id === 'ma-petite-ville')!;
    let compared = 0;
    for (const version of ['easy', 'normal'] as const) {
      for (let i = 0; i < 4; i++) {
        randomPlayout<MpvState>(g, { players: 4, options: { version }, seed: `room-${version}-${i}` }, `room-c-${i}`, {
          afterMove(state) {
            if (state.phase === 'over') return;
            const counts = room(state);
            for (let seat = 0; seat < 4; seat++) {
              const all = silhouettePlacements({ ...state, hands: state.hands.map(() => [2, 3, 4]) }, seat);
              for (const length of [2, 3, 4])
                expect(counts[seat]![length], `seat ${seat} length ${length}`).toBe(
                  Math.min(2, all.filter((p) => p.length === length).length),
                );
            }
            compared++;
          },
        });
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('ma-petite-ville: the evaluation after each move without playing it is, to the last bit, the evaluation after playing it', () => {
    const g = games.find((x) => x.id === 'ma-petite-ville')!;
    const compared: Record<string, number> = {};
    // Moves decide refuses too: a tile off the city, a pass before the final round, a silhouette off the city.
    const refused = [
      { type: 'placeTile', x: 99, y: 99, quarterTurns: 0 },
      { type: 'pass' },
      { type: 'placeSilhouette', length: 4, x: 500, y: 0, direction: 'horizontal' },
    ] as Move[];
    for (const version of ['easy', 'normal'] as const) {
      for (let i = 0; i < 4; i++) {
        randomPlayout<MpvState>(g, { players: 4, options: { version }, seed: `after-${version}-${i}` }, `after-c-${i}`, {
          beforeMove(state, seat, legal) {
            const moves = [...legal, ...refused];
            const fast = evaluateAfter(state, seat, moves);
            if (!fast) return;
            moves.forEach((m, k) => {
              const next = after(g, state, m, seat);
              expect(fast[k], `${state.phase} ${JSON.stringify(m)}`).toEqual(next === null ? null : evaluate(next));
              const kind = next === null ? 'refused' : `${(m as { type: string }).type}${next.result ? ' (the last silhouette)' : ''}`;
              compared[kind] = (compared[kind] ?? 0) + 1;
            });
          },
        });
      }
    }
    expect(compared.placeTile).toBeGreaterThan(1_000);
    expect(compared.placeSilhouette).toBeGreaterThan(50);
    expect(compared.drawTile).toBeGreaterThan(50);
    expect(compared.refused).toBeGreaterThan(100);
    expect(compared['placeSilhouette (the last silhouette)']).toBeGreaterThan(0);
  });

  it('city-tycoon: the map part kept per cell table gives, to the last bit, what a fresh read of the map gives', () => {
    const g = games.find((x) => x.id === 'city-tycoon')!;
    const bot = botFor(g.id)!;
    /** The same position on a copy of its cell table: nothing kept for it, so the map is read afresh. */
    const fresh = (s: CityTycoonState) => bot.evaluate({ ...s, cells: { ...s.cells } });
    let compared = 0;
    let shared = 0;
    for (const players of [4, 2]) {
      randomPlayout<CityTycoonState>(g, configOf(g, players, `map-worth-${players}`), `map-worth-c-${players}`, {
        afterMove(state) {
          expect(bot.evaluate(state)).toEqual(fresh(state));
          expect(bot.evaluate(state)).toEqual(fresh(state)); // read again: now from what was kept
          // States that share the table but not the round or the passes read the map again.
          if (state.phase !== 'over') {
            const later = { ...state, round: Math.min(4, state.round + 1) };
            const passed = { ...state, phase: 'supply' as const, passed: state.passed.map((p) => !p) };
            for (const other of [later, passed]) expect(bot.evaluate(other)).toEqual(fresh(other));
            shared++;
          }
          compared++;
        },
      });
    }
    expect(compared).toBeGreaterThan(200);
    expect(shared).toBeGreaterThan(200);
  });
});
