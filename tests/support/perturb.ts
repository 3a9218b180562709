import { Rng, seedState, type GameEvent, type Viewer } from '../../src/engine/index.js';
import type { State as CtState } from '../../src/games/city-tycoon/types.js';
import type { MpvState } from '../../src/games/ma-petite-ville/types.js';
import type { VilleState } from '../../src/games/ville-de-demain/types.js';

/**
 * The state with everything `viewer` may not see replaced (sizes kept, so public counts stay):
 * bag and deck orders, discard piles, other seats' hands and kept tiles, the generator. A view or a
 * picture for that viewer must not change; the leak tests of board pictures and bots use it.
 */
export function perturb(type: string, state: unknown, viewer: Viewer, seed: string): unknown {
  const rng = new Rng(seedState(seed));
  const shuffled = <T>(xs: T[]): T[] => rng.shuffle(xs.slice());
  switch (type) {
    case 'town-center':
      return { ...(state as object), rng: seedState(`${seed}-rng`) };
    case 'ma-petite-ville': {
      const s = state as MpvState;
      return { ...s, pile: shuffled(s.pile).reverse() };
    }
    case 'ville-de-demain': {
      const s = state as VilleState;
      return { ...s, decks: s.decks.map((d) => shuffled(d).reverse()), discards: s.discards.map(shuffled), rng: seedState(`${seed}-rng`) };
    }
    case 'city-tycoon': {
      const s = state as CtState;
      const others = (i: number) => i !== viewer;
      // One pool of every tile this viewer cannot see, dealt back into the same places and sizes.
      const pool = shuffled([...s.stacks.flat(), ...s.hands.filter((_, i) => others(i)).flat(), ...s.kept.filter((_, i) => others(i)).flat()]);
      const take = (n: number) => pool.splice(0, n);
      return {
        ...s,
        hands: s.hands.map((h, i) => (others(i) ? take(h.length) : h)),
        kept: s.kept.map((k, i) => (others(i) ? take(k.length) : k)),
        stacks: s.stacks.map((st) => take(st.length)),
        rng: seedState(`${seed}-rng`),
      };
    }
    default:
      throw new Error(type);
  }
}

/**
 * The log with every field `viewer` may not read replaced: generator states, a rebuilt deck's
 * order, other seats' dealt and passed hands and the tiles they kept. What `eventView` gives that
 * viewer must not change.
 */
export function perturbEvents(events: readonly GameEvent[], viewer: Viewer, seed: string): GameEvent[] {
  const rng = new Rng(seedState(seed));
  const rename = (tile: string) => `${tile}~${rng.int(1000)}`;
  return events.map((e) => {
    const x = { ...(e as unknown as Record<string, unknown>) };
    if (Array.isArray(x.rng)) x.rng = seedState(`${seed}-${rng.next()}`);
    if (x.type === 'deckRebuilt' && Array.isArray(x.order)) x.order = rng.shuffle(x.order as string[]).reverse();
    if ((x.type === 'roundStarted' || x.type === 'handsPassed') && Array.isArray(x.hands)) {
      x.hands = (x.hands as string[][]).map((h, i) => (i === viewer ? h : h.map(rename)));
    }
    if (x.type === 'tileKept' && x.seat !== viewer) x.tile = rename(x.tile as string);
    return x as unknown as GameEvent;
  });
}
