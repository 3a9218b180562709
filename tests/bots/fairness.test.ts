import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, canonicalJson, chooseMove, seatKnowledge, type BotLevel } from '../../src/engine/index.js';
import { botFor } from '../../src/games/bots.js';
import type { State as CtState } from '../../src/games/city-tycoon/types.js';
import { perturb, perturbEvents } from '../support/perturb.js';
import { games, randomPositions, tableSizes } from '../support/playouts.js';

/** Small search budgets: the choice must not depend on the clock. */
const ITERATIONS: Partial<Record<BotLevel, number>> = { ismcts: 25, 'ismcts-strong': 50 };

/**
 * Bots play fair: with a fixed seed, a bot's choice (and its search figures) is the same when
 * everything its seat may not see is changed: other hands, deck order, the bag's draws, the
 * generator, in the state and in the log. The perturbations are the board pictures' (tests/support).
 */
describe('a bot never uses what its seat may not see', () => {
  for (const g of games) {
    it(`${g.id}: the same choice at every level when the hidden state is perturbed`, () => {
      const bot = botFor(g.id)!;
      let compared = 0,
        hiddenChanged = 0;
      for (const players of tableSizes(g)) {
        const all = randomPositions(g, players, `fair-${g.id}-${players}`, 5);
        const spread = all.filter((_, j) => j % Math.max(1, Math.floor(all.length / 6)) === 0);
        for (const [i, { state, events }] of spread.entries()) {
          const seat = g.toMove(state)[0]!;
          const other = perturb(g.id, state, seat, `p-${i}`);
          const otherEvents = perturbEvents(g.id, events, seat, `e-${i}`);
          if (canonicalJson(other) !== canonicalJson(state) || canonicalJson(otherEvents) !== canonicalJson(events)) hiddenChanged++;
          const level = BOT_LEVELS[i % BOT_LEVELS.length]!;
          const ask = (s: unknown, ev: typeof events) =>
            chooseMove(g, bot, {
              ...seatKnowledge(g, s, ev, seat),
              level,
              seed: `fair-${i}`,
              legal: g.legalMoves(s, seat),
              iterations: ITERATIONS[level],
            });
          const a = ask(state, events);
          const b = ask(other, otherEvents);
          expect(canonicalJson(b), `${g.id} ${level} seat ${seat} after ${events.length} events`).toBe(canonicalJson(a));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(10);
      // The perturbations really changed what the seat may not see (Town Center hides only its generator).
      expect(hiddenChanged).toBeGreaterThan(compared / 2);
    });
  }

  it('city-tycoon: what the seat does see counts (its own hand changes the choice)', () => {
    const g = games.find((x) => x.id === 'city-tycoon')!;
    const bot = botFor(g.id)!;
    let differ = 0,
      swapped = 0;
    for (const [i, { state, events }] of randomPositions(g, 4, 'ct-own', 2).entries()) {
      const s = state as CtState;
      const seat = g.toMove(state)[0]!;
      // The seat's draft hand swapped with a neighbour's of the same size: the seat sees other tiles.
      const peer = (seat + 1) % 4;
      if (s.phase !== 'draft' || s.hands[seat]!.length < 2 || s.hands[peer]!.length !== s.hands[seat]!.length) continue;
      const hands = s.hands.slice();
      [hands[seat], hands[peer]] = [hands[peer]!, hands[seat]!];
      const other: CtState = { ...s, hands };
      const a = chooseMove(g, bot, {
        ...seatKnowledge(g, state, events, seat),
        level: 'greedy',
        seed: `own-${i}`,
        legal: g.legalMoves(state, seat),
      });
      const b = chooseMove(g, bot, {
        ...seatKnowledge(g, other, [], seat),
        level: 'greedy',
        seed: `own-${i}`,
        legal: g.legalMoves(other, seat),
      });
      swapped++;
      if (canonicalJson(a.move) !== canonicalJson(b.move)) differ++;
    }
    expect(swapped).toBeGreaterThan(10);
    expect(differ).toBeGreaterThan(swapped / 2);
  });
});
