import { Rng, seedState, type Viewer } from '../../engine/index.js';
import type { GameTesting } from '../plugin.js';
import { TILES } from './data.js';
import type { MpvState } from './types.js';

/** Ma Petite Ville hides the order of the pile of tiles. */
export const testing: GameTesting = {
  // Tile ids (T05): never where people read.
  internalIds: () => TILES.map((t) => t.id),
  perturb(state: unknown, _viewer: Viewer, seed: string) {
    const s = state as MpvState;
    return { ...s, pile: new Rng(seedState(seed)).shuffle(s.pile.slice()).reverse() };
  },
  seatCounts: [2, 3, 4],
  example: { players: 2, after: 6 },
};
