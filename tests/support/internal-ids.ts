import { DISTRICT_IDS, PLANTS } from '../../src/games/city-tycoon/data.js';
import { TILES } from '../../src/games/ma-petite-ville/data.js';
import { BUILDINGS, HABITATIONS, SPECIALS, TOWN_HALL } from '../../src/games/ville-de-demain/data.js';

/**
 * The games' internal ids that are not words a person reads: City Tycoon's tile and plant ids
 * (t1_22, power2, cityPower), Ma Petite Ville's tile ids (T05), La Ville de Demain's card ids that
 * differ from their printed names (smallHouse for Small House). None may show where people read.
 */
export function forbiddenIds(): Set<string> {
  const ids = new Set<string>([...DISTRICT_IDS, ...Object.keys(PLANTS), 'cityPower', 'cityWater', 'cityDistrict', ...TILES.map((t) => t.id)]);
  for (const c of [TOWN_HALL, ...BUILDINGS, ...Object.values(HABITATIONS), ...SPECIALS]) {
    if (c.id.toLowerCase() !== c.name.toLowerCase()) ids.add(c.id);
  }
  return ids;
}

/** The forbidden ids that appear in `text` as whole tokens. */
export function visibleIds(text: string, forbidden: Set<string>): string[] {
  return [...new Set(text.split(/[^A-Za-z0-9_]+/).filter((w) => forbidden.has(w)))];
}
