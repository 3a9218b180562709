import { describe, expect, it } from 'vitest';
import { canonicalJson, Rng, seatKnowledge } from '../../src/engine/index.js';
import { botFor } from '../../src/games/bots.js';
import type { State as CtState } from '../../src/games/city-tycoon/types.js';
import { cardId } from '../../src/games/ville-de-demain/cards.js';
import type { VilleState } from '../../src/games/ville-de-demain/types.js';
import { games, randomPositions, tableSizes } from '../support/playouts.js';

/**
 * determinize(view, history, seat, rng) samples a state the seat cannot tell from the true one:
 * the seat's view of the sample is its view of the true state, its legal moves are the same, and
 * the sample is a position the engine plays on (every legal move of the seat to move is accepted).
 */
describe('determinize: a sample looks to the seat exactly like the true state', () => {
  for (const g of games) {
    for (const players of tableSizes(g)) {
      it(`${g.id}, ${players} players`, () => {
        const bot = botFor(g.id)!;
        let checked = 0,
          differs = 0;
        for (let game = 0; game < 3; game++) {
          for (const { state, events } of randomPositions(g, players, `det-${g.id}-${players}-${game}`, 4)) {
            for (let seat = 0; seat < players; seat++) {
              const k = seatKnowledge(g, state, events, seat);
              const rng = Rng.fromSeed(`sample-${checked}`);
              const sample = bot.determinize(k.view, k.history, seat, rng);
              expect(canonicalJson(g.view(sample, seat)), `${g.id} seat ${seat} after ${events.length} events`).toBe(canonicalJson(k.view));
              expect(canonicalJson(g.legalMoves(sample, seat))).toBe(canonicalJson(g.legalMoves(state, seat)));
              expect(JSON.parse(JSON.stringify(sample))).toEqual(sample);
              for (const s of g.toMove(sample))
                for (const m of g.legalMoves(sample, s).slice(0, 6)) expect(g.decide(sample, m, s).ok).toBe(true);
              if (canonicalJson(sample) !== canonicalJson(state)) differs++;
              checked++;
            }
          }
        }
        expect(checked).toBeGreaterThan(15);
        // The samples really are samples: hidden parts differ from the truth.
        expect(differs).toBeGreaterThan(checked / 2);
      });
    }
  }
});

describe('determinize remembers what the seat saw', () => {
  it("city-tycoon: a tile the seat saw in this round's draft and has not seen played is never in a sampled stack", () => {
    const g = games.find((x) => x.id === 'city-tycoon')!;
    const bot = botFor(g.id)!;
    let remembered = 0;
    for (let game = 0; game < 3; game++) {
      for (const { state, events } of randomPositions(g, 4, `ct-memory-${game}`, 3)) {
        const s = state as CtState;
        for (let seat = 0; seat < 4; seat++) {
          const k = seatKnowledge(g, state, events, seat);
          // Every tile dealt to or passed to this seat since the round began.
          const since = k.history.map((e) => e as { type: string; round?: number; hand?: string[] | null });
          const start = since.findLastIndex((e) => e.type === 'roundStarted' && e.round === s.round);
          const seen = new Set(since.slice(Math.max(0, start)).flatMap((e) => (start >= 0 && e.hand ? e.hand : [])));
          const hidden = [...seen].filter(
            (t) => s.hands.some((h, i) => i !== seat && h.includes(t)) || s.kept.some((h, i) => i !== seat && h.includes(t)),
          );
          if (hidden.length === 0) continue;
          for (let i = 0; i < 3; i++) {
            const sample = bot.determinize(k.view, k.history, seat, Rng.fromSeed(`m-${game}-${seat}-${i}-${remembered}`)) as CtState;
            for (const t of hidden)
              expect(
                sample.stacks.some((st) => st.includes(t)),
                `tile ${t} seen by seat ${seat}`,
              ).toBe(false);
            remembered++;
          }
        }
      }
    }
    expect(remembered).toBeGreaterThan(30);
  });

  it('ville-de-demain: the discard piles hold the cards the seat saw discarded, only the decks are shuffled', () => {
    const g = games.find((x) => x.id === 'ville-de-demain')!;
    const bot = botFor(g.id)!;
    let piles = 0;
    for (let game = 0; game < 4; game++) {
      for (const { state, events } of randomPositions(g, 3, `vdd-memory-${game}`, 3)) {
        const s = state as VilleState;
        if (s.discards.every((d) => d.length === 0)) continue;
        const k = seatKnowledge(g, state, events, 1);
        const sample = bot.determinize(k.view, k.history, 1, Rng.fromSeed(`v-${piles}`)) as VilleState;
        const ids = (refs: string[][]) => refs.map((d) => d.map(cardId).sort());
        expect(ids(sample.discards)).toEqual(ids(s.discards));
        expect(ids(sample.decks)).toEqual(ids(s.decks));
        piles++;
      }
    }
    expect(piles).toBeGreaterThan(10);
  });
});
