import { Rng, seedState, type GameEvent, type Viewer } from '../../src/engine/index.js';
import { defaultRegistry } from '../../src/games/index.js';
import type { GameRegistry } from '../../src/games/registry.js';

/**
 * What a viewer may not see, replaced, by each game's own test helper (its plug-in's
 * `testing.perturb`, src/games/<game>/testing.ts). A view or a picture for that viewer must not
 * change; the leak tests of board pictures, bots and purity use it.
 */

const hosted = defaultRegistry();

/** The state with everything `viewer` may not see replaced (sizes kept, so public counts stay). */
export function perturb(type: string, state: unknown, viewer: Viewer, seed: string, registry: GameRegistry = hosted): unknown {
  const helper = registry.plugin(type)?.testing?.perturb;
  if (!helper) throw new Error(`${type} has no perturbation of its hidden state (its plug-in's testing.perturb)`);
  return helper(state, viewer, seed);
}

/**
 * The log with every field `viewer` may not read replaced: generator states (every game's events
 * that carry one), then the game's own hidden fields (its plug-in's `testing.perturbEvents`). What
 * `eventView` gives that viewer must not change.
 */
export function perturbEvents(
  type: string,
  events: readonly GameEvent[],
  viewer: Viewer,
  seed: string,
  registry: GameRegistry = hosted,
): GameEvent[] {
  const rng = new Rng(seedState(seed));
  const reseeded = events.map((e) => {
    const x = e as unknown as Record<string, unknown>;
    return (Array.isArray(x.rng) ? { ...x, rng: seedState(`${seed}-${rng.next()}`) } : e) as GameEvent;
  });
  return registry.plugin(type)?.testing?.perturbEvents?.(reseeded, viewer, seed) ?? reseeded;
}
