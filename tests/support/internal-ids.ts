import type { GameRegistry } from '../../src/games/registry.js';
import { defaultRegistry } from '../../src/games/index.js';

/**
 * The games' internal ids that are not words a person reads, each game's from its plug-in
 * (`testing.internalIds`: City Tycoon's tile and plant ids t1_22, power2, cityPower; Ma Petite
 * Ville's tile ids T05; La Ville de Demain's card ids that differ from their printed names,
 * smallHouse for Small House). None may show where people read.
 */
export function forbiddenIds(registry: GameRegistry = defaultRegistry()): Set<string> {
  return new Set(registry.plugins().flatMap((p) => [...(p.testing?.internalIds?.() ?? [])]));
}

/** The forbidden ids that appear in `text` as whole tokens. */
export function visibleIds(text: string, forbidden: Set<string>): string[] {
  return [...new Set(text.split(/[^A-Za-z0-9_]+/).filter((w) => forbidden.has(w)))];
}
