import { Rng, seedState, type GameEvent, type Viewer } from '../../engine/index.js';
import type { GameTesting } from '../plugin.js';
import { BUILDINGS, HABITATIONS, SPECIALS, TOWN_HALL } from './data.js';
import type { VilleState } from './types.js';

/** La Ville de Demain hides the decks' and discards' order, its generator and a rebuilt deck's order. */
export const testing: GameTesting = {
  // Buttons beside the board; cards and decks are named, not placed on a grid.
  board: { offBoard: /^(no discard|take coin|no special)$/, coordinates: false },
  // Card ids that differ from their printed names (smallHouse for Small House): never where people read.
  internalIds: () =>
    [TOWN_HALL, ...BUILDINGS, ...Object.values(HABITATIONS), ...SPECIALS]
      .filter((c) => c.id.toLowerCase() !== c.name.toLowerCase())
      .map((c) => c.id),
  perturb(state: unknown, _viewer: Viewer, seed: string) {
    const rng = new Rng(seedState(seed));
    const s = state as VilleState;
    return {
      ...s,
      decks: s.decks.map((d) => rng.shuffle(d.slice()).reverse()),
      discards: s.discards.map((d) => rng.shuffle(d.slice())),
      rng: seedState(`${seed}-rng`),
    };
  },
  perturbEvents(events: readonly GameEvent[], _viewer: Viewer, seed: string) {
    const rng = new Rng(seedState(`${seed}-events`));
    return events.map((e) => {
      const x = e as unknown as Record<string, unknown>;
      return (
        x.type === 'deckRebuilt' && Array.isArray(x.order) ? { ...x, order: rng.shuffle((x.order as string[]).slice()).reverse() } : e
      ) as GameEvent;
    });
  },
  seatCounts: [2, 3, 5],
  example: { players: 2, after: 14 },
};
