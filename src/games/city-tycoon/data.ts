import { DISTRICT_ROWS, DISTRICT_TYPES, PLANT_ROWS, START_TILES, TERRAIN_TILES } from './tiles.js';
import type { Benefit, BuildLevel, District, DistrictType, Plant, SupplyOption } from './types.js';

/**
 * Parses the readable tile table of tiles.ts into typed records, once, when the module loads.
 * A malformed row throws here, naming the tile, so a data mistake never reaches a game.
 */

const NONE: Benefit = { money: 0, vp: 0, goods: 0 };

function fail(id: string, what: string): never {
  throw new Error(`city-tycoon tile ${id}: cannot read ${what}`);
}

function parseType(id: string, s: string): DistrictType {
  if (!(DISTRICT_TYPES as readonly string[]).includes(s)) fail(id, `district type "${s}"`);
  return s as DistrictType;
}

/** "$5 1vp 2g" or "+$5 +1vp" -> a benefit. */
function parseBenefit(id: string, tokens: string[]): Benefit {
  const b = { ...NONE };
  for (const raw of tokens) {
    const t = raw.replace(/^\+/, '');
    let m: RegExpMatchArray | null;
    if ((m = t.match(/^\$(\d+)$/))) b.money += Number(m[1]);
    else if ((m = t.match(/^(\d+)vp$/))) b.vp += Number(m[1]);
    else if ((m = t.match(/^(\d+)g$/))) b.goods += Number(m[1]);
    else fail(id, `benefit "${raw}"`);
  }
  return b;
}

function parseBuild(id: string, s: string): BuildLevel[] {
  return s.split('|').map((level) => {
    const [cost, ...bonus] = level.trim().split(/\s+/);
    const m = cost?.match(/^\$(\d+)$/);
    if (!m) fail(id, `build cost "${level}"`);
    return { cost: Number(m[1]), bonus: parseBenefit(id, bonus) };
  });
}

function parseOption(id: string, s: string): SupplyOption {
  const [needs, gives] = s.split('>');
  if (!needs || !gives || !/^[EWG]+$/.test(needs)) fail(id, `supply option "${s}"`);
  const count = (c: string) => needs.split('').filter((x) => x === c).length;
  return { needs: { electricity: count('E'), water: count('W'), goods: count('G') }, gives: parseBenefit(id, gives.trim().split(/\s+/)) };
}

function parseDistrict(row: (typeof DISTRICT_ROWS)[number]): District {
  const id = row.id;
  const m = id.match(/^t([1-4])_\d\d$/);
  if (!m) fail(id, 'id (expected t<round>_<nn>)');
  let cooperation: District['cooperation'] = null;
  if (row.coop) {
    const [type, ...bonus] = row.coop.split(/\s+/);
    const b = parseBenefit(id, bonus);
    cooperation = { type: parseType(id, type ?? ''), money: b.money, vp: b.vp };
  }
  let terrain: District['terrain'] = null;
  if (row.terrain) {
    const [kind, n] = row.terrain.split(/\s+/);
    if ((kind !== 'forest' && kind !== 'water') || !/^\d+$/.test(n ?? '')) fail(id, `terrain "${row.terrain}"`);
    terrain = { kind, count: Number(n) };
  }
  let typeCount: District['typeCount'] = null;
  if (row.typeCount) {
    const [type, vp] = row.typeCount.split(/\s+/);
    const v = vp?.match(/^(\d+)vp$/);
    if (!v) fail(id, `type-count icon "${row.typeCount}"`);
    typeCount = { type: parseType(id, type ?? ''), vp: Number(v[1]) };
  }
  const options = row.supply.map((o) => parseOption(id, o));
  if (options.length < 1 || options.length > 3) fail(id, 'supply options (one to three)');
  return {
    id,
    round: Number(m[1]),
    name: row.name,
    type: parseType(id, row.type),
    build: parseBuild(id, row.build),
    options,
    cooperation,
    terrain,
    typeCount,
  };
}

export const DISTRICTS: Record<string, District> = {};
for (const row of DISTRICT_ROWS) {
  if (DISTRICTS[row.id]) throw new Error(`city-tycoon tile ${row.id} is listed twice`);
  DISTRICTS[row.id] = parseDistrict(row);
}

export const DISTRICT_IDS: string[] = DISTRICT_ROWS.map((r) => r.id);

/** District ids of each round, rounds 1-4 at indices 0-3. */
export const ROUND_TILES: string[][] = [1, 2, 3, 4].map((r) => DISTRICT_IDS.filter((id) => DISTRICTS[id]!.round === r));

export const PLANTS: Record<string, Plant> = {};
for (const p of PLANT_ROWS) {
  const id = `${p.kind}${p.number}`;
  PLANTS[id] = { id, kind: p.kind, number: p.number, a: { ...p.a }, b: { ...p.b } };
}

/** The two plant stacks, top (number 1) first. */
export const PLANT_STACKS = {
  power: PLANT_ROWS.filter((p) => p.kind === 'power')
    .sort((a, b) => a.number - b.number)
    .map((p) => `power${p.number}`),
  water: PLANT_ROWS.filter((p) => p.kind === 'water')
    .sort((a, b) => a.number - b.number)
    .map((p) => `water${p.number}`),
};

export { START_TILES, TERRAIN_TILES, DISTRICT_TYPES };

export function district(id: string): District {
  const d = DISTRICTS[id];
  if (!d) throw new Error(`unknown district tile ${id}`);
  return d;
}

export function plant(id: string): Plant {
  const p = PLANTS[id];
  if (!p) throw new Error(`unknown plant ${id}`);
  return p;
}
