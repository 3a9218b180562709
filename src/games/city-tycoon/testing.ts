import { Rng, seedState, type GameEvent, type Viewer } from '../../engine/index.js';
import type { GameTesting } from '../plugin.js';
import { DISTRICT_IDS, PLANTS } from './data.js';
import type { State } from './types.js';

/** City Tycoon hides the round stacks, other seats' hands and kept tiles, and its generator. */
export const testing: GameTesting = {
  // Its draft hand and kept tiles show in the seat's own picture.
  board: { ownSecretsShown: true },
  // Tile and plant ids (t1_22, power2, cityPower): never where people read.
  internalIds: () => [...DISTRICT_IDS, ...Object.keys(PLANTS), 'cityPower', 'cityWater', 'cityDistrict'],
  perturb(state: unknown, viewer: Viewer, seed: string) {
    const rng = new Rng(seedState(seed));
    const s = state as State;
    const others = (i: number) => i !== viewer;
    // One pool of every tile this viewer cannot see, dealt back into the same places and sizes.
    const pool = rng.shuffle([
      ...s.stacks.flat(),
      ...s.hands.filter((_, i) => others(i)).flat(),
      ...s.kept.filter((_, i) => others(i)).flat(),
    ]);
    const take = (n: number) => pool.splice(0, n);
    return {
      ...s,
      hands: s.hands.map((h, i) => (others(i) ? take(h.length) : h)),
      kept: s.kept.map((k, i) => (others(i) ? take(k.length) : k)),
      stacks: s.stacks.map((st) => take(st.length)),
      rng: seedState(`${seed}-rng`),
    };
  },
  perturbEvents(events: readonly GameEvent[], viewer: Viewer, seed: string) {
    const rng = new Rng(seedState(`${seed}-events`));
    const rename = (tile: string) => `${tile}~${rng.int(1000)}`;
    return events.map((e) => {
      const x = { ...(e as unknown as Record<string, unknown>) };
      if ((x.type === 'roundStarted' || x.type === 'handsPassed') && Array.isArray(x.hands)) {
        x.hands = (x.hands as string[][]).map((h, i) => (i === viewer ? h : h.map(rename)));
      }
      if (x.type === 'tileKept' && x.seat !== viewer) x.tile = rename(x.tile as string);
      return x as unknown as GameEvent;
    });
  },
  seatCounts: [2, 3, 5],
  example: { players: 2, after: 16 },
};
