import { describe, expect, it } from 'vitest';
import {
  applyMove,
  canonicalJson,
  eventViewOf,
  fold,
  liveEntries,
  restoredEvent,
  Rng,
  takebackMove,
  undoableOf,
  undoneByOf,
  type AnyGame,
  type GameEvent,
  type Json,
  type Move,
} from '../../src/engine/index.js';
import { configOf, games } from '../support/playouts.js';

/**
 * Takebacks in the kernel and the engines (src/engine/takeback.ts, src/games/<game>/undo.ts), no
 * database: which entries a takeback undoes, the fold of `@restored`, its view, and each game's
 * `undoable` against its hidden information and randomness over random games: a move it calls
 * undoable leaves the hidden stock (bag, pile, decks, stacks) and the generator untouched and shows
 * no seat anything of another's hand; a move that draws or reveals is refused with its reason.
 */

const scale = Number(process.env.PROPERTY_SCALE ?? '1');
const entry = (version: number, move: Move = { type: 'x' }) => ({ version, move });

describe('takebacks in the kernel', () => {
  it('a takeback undoes every entry in effect from its version on; later ones go further back; liveEntries keeps the rest', () => {
    const log = [
      entry(1),
      entry(2),
      entry(3),
      entry(4, takebackMove(3)),
      entry(5),
      entry(6, takebackMove(2)),
      entry(7),
      entry(8, takebackMove(7)),
      entry(9),
    ];
    expect([...undoneByOf(log)].sort((a, b) => a[0] - b[0])).toEqual([
      [2, 6],
      [3, 4],
      [5, 6],
      [7, 8],
    ]);
    expect(liveEntries(log).map((e) => e.version)).toEqual([1, 9]);
    expect(undoneByOf([entry(1), entry(2)]).size).toBe(0);
  });

  it('folding @restored puts its state in place of the current one; viewers read it without the state', () => {
    const g = games.find((x) => x.id === 'town-center')!;
    const s0 = g.setup(configOf(g, 2, 'fold-restored'));
    const seat = g.toMove(s0)[0]!;
    const r = applyMove(g, s0, g.legalMoves(s0, seat)[0]!, seat);
    if (!r.ok) throw new Error(r.error.message);
    const back = fold(g, r.value.state, [restoredEvent(1, s0)]);
    expect(canonicalJson(back)).toBe(canonicalJson(s0));
    for (const viewer of [null, 0, 1]) expect(eventViewOf(g, restoredEvent(1, s0), viewer)).toEqual({ type: '@restored', undone: 1 });
    expect(undoableOf(g, takebackMove(1), 0, [restoredEvent(1, s0)])).not.toBe(true);
  });
});

/** What each game keeps hidden and random (its state's fields): an undoable move leaves them as they were. */
const HIDDEN: Record<string, (s: Record<string, Json>) => Json> = {
  // The bag is counts per colour, public, with no order: a cube returned to it by choice is no secret; every draw moves the generator.
  'town-center': (s) => ({ rng: s.rng! }),
  'ma-petite-ville': (s) => ({ pile: s.pile! }),
  'city-tycoon': (s) => ({ stacks: s.stacks!, rng: s.rng! }),
  'ville-de-demain': (s) => ({ decks: s.decks!, rng: s.rng! }),
};
/** Events that draw at random or reveal, by game, and the reason each gives. */
const BLOCKING: Record<string, Record<string, 'random-draw' | 'hidden-reveal'>> = {
  'town-center': { roundStarted: 'random-draw' },
  'ma-petite-ville': { tileDrawn: 'random-draw' },
  'city-tycoon': {
    roundStarted: 'random-draw',
    handsPassed: 'hidden-reveal',
    districtRevealed: 'hidden-reveal',
    plantRevealed: 'hidden-reveal',
    tileSold: 'hidden-reveal',
  },
  'ville-de-demain': { cardDrawn: 'random-draw', deckRebuilt: 'random-draw' },
};

/** What a seat sees of the other seats' private tiles (City Tycoon's hands and kept tiles; none elsewhere): never changed by an
 * undoable move. */
const privateOf = (g: AnyGame, state: unknown, viewer: number): string => {
  const v = g.view(state, viewer) as { hand?: Json; kept?: Json };
  return canonicalJson({ hand: v.hand ?? null, kept: v.kept ?? null });
};

describe('each game says which moves may be undone, faithful to its hidden information and randomness', () => {
  for (const g of games) {
    it(`${g.id}: undoable moves draw nothing and reveal nothing; drawing and revealing moves are refused with their reason`, () => {
      const seen = { undoable: 0, refused: new Set<string>() };
      const runs = Math.max(2, Math.round(6 * scale));
      for (let run = 0; run < runs; run++) {
        const players = [g.minPlayers, Math.min(3, g.maxPlayers), g.maxPlayers][run % 3]!;
        const rng = Rng.fromSeed(`undoable:${g.id}:${run}`);
        let state = g.setup(configOf(g, players, `undoable:${g.id}:${run}`));
        while (g.outcome(state) === null) {
          const seat = rng.pick(g.toMove(state));
          const move = rng.pick(g.legalMoves(state, seat));
          const r = applyMove(g, state, move, seat);
          if (!r.ok) throw new Error(r.error.message);
          const events = r.value.events as GameEvent[];
          const u = undoableOf(g, move, seat, events);
          const blocking = events.map((e) => BLOCKING[g.id]![e.type]).filter((x) => x !== undefined);
          if (blocking.length > 0) {
            // random-draw wins when a move both draws and reveals (a new round dealt after the last pass).
            expect(u, `${move.type} with ${events.map((e) => e.type).join(', ')}`).toEqual({
              reason: blocking.includes('random-draw') ? 'random-draw' : 'hidden-reveal',
            });
            seen.refused.add((u as { reason: string }).reason);
          } else {
            expect(u, `${move.type} with ${events.map((e) => e.type).join(', ')}`).toBe(true);
            seen.undoable++;
            expect(
              canonicalJson(HIDDEN[g.id]!(r.value.state as Record<string, Json>)),
              `${move.type} left the hidden stock as it was`,
            ).toBe(canonicalJson(HIDDEN[g.id]!(state as Record<string, Json>)));
            for (let v = 0; v < players; v++)
              if (v !== seat) expect(privateOf(g, r.value.state, v), `seat ${v} saw nothing new`).toBe(privateOf(g, state, v));
          }
          state = r.value.state;
        }
      }
      expect(seen.undoable).toBeGreaterThan(0);
      expect([...seen.refused].sort()).toEqual([...new Set(Object.values(BLOCKING[g.id]!))].sort());
    }, 60_000);
  }
});
