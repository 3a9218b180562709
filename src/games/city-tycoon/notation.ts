/**
 * City Tycoon move notation. Tiles by their id (t<round>_<nn>); map squares as `x,y` (x grows
 * east, y south; the city covers 0..1); cost levels of a variable-cost district by the cost paid;
 * supply options numbered from 1; explicit cube routes as `via x,y>x,y>...` from the plant to the
 * district, one per cube.
 *
 *   keep t1_03 | build t1_03 | build t1_15 $8 | plant power a t1_07 | sell t1_07 | place 2,0 |
 *   terrain 3,0 | supply 2,0 #2 | supply 2,0 #1 via 0,0>1,0>2,0 | pass
 *
 * Every move's text follows from its fields alone, so texts are unique among any moves.
 */
import { normalise, ok, pointOf, NOTATION_RULE, usageError, type Notation, type Result, type Seat } from '../../engine/index.js';
import { messages, refuse } from './messages.js';
import { DISTRICTS } from './data.js';
import type { Move, Point, State } from './types.js';

const P = '[+-]?\\d+,[+-]?\\d+';
const TILE = '(t\\d_\\d\\d)';
const PATTERNS = {
  keep: new RegExp(`^keep ${TILE}$`),
  build: new RegExp(`^build ${TILE}(?: \\$(\\d+))?$`),
  plant: new RegExp(`^plant (power|water) (a|b) ${TILE}$`),
  sell: new RegExp(`^sell ${TILE}$`),
  place: new RegExp(`^place (${P})$`),
  terrain: new RegExp(`^terrain (${P})$`),
  supply: new RegExp(`^supply (${P}) #(\\d)((?: via ${P}(?:>${P})+)*)$`),
};
/** Each form written in the notation (the forms in words are the catalogue's `NOTATION.form.<verb>`). */
const EXAMPLES: Record<keyof typeof PATTERNS, string> = {
  keep: 'keep t1_03',
  build: 'build t1_03, build t1_15 $8',
  plant: 'plant power a t1_07',
  sell: 'sell t1_07',
  place: 'place 2,0',
  terrain: 'terrain 3,0',
  supply: 'supply 2,0 #1 via 0,0>1,0>2,0',
};
const ANY = 'keep t1_03, build t1_15 $8, plant power a t1_07, sell t1_07, place 2,0, terrain 3,0, supply 2,0 #1, pass';

const pt = (p: Point) => `${p.x},${p.y}`;

function knownTile(raw: string, id: string): Result<string> {
  return DISTRICTS[id] ? ok(id) : refuse('NOTATION', NOTATION_RULE, { text: raw.trim(), tile: id }, 'NOTATION.noTile');
}

export const notation: Notation<State, Move> = {
  format(_state: State, _seat: Seat, m: Move): string {
    switch (m.type) {
      case 'keepTile':
        return `keep ${m.tile}`;
      case 'buildDistrict': {
        const levels = DISTRICTS[m.tile]?.build ?? [];
        return levels.length === 1 && m.level === 0 ? `build ${m.tile}` : `build ${m.tile} $${levels[m.level]?.cost ?? `?${m.level}`}`;
      }
      case 'buildPlant':
        return `plant ${m.plant} ${m.side} ${m.tile}`;
      case 'sellTile':
        return `sell ${m.tile}`;
      case 'place':
        return `place ${pt(m)}`;
      case 'placeTerrain':
        return `terrain ${pt(m)}`;
      case 'supply':
        return `supply ${pt(m)} #${m.option + 1}${(m.routes ?? []).map((r) => ` via ${r.path.map(pt).join('>')}`).join('')}`;
      case 'pass':
        return 'pass';
    }
  },

  parse(_state: State, _seat: Seat, raw: string): Result<Move> {
    const text = normalise(raw.replace(/[()]/g, ' ')).replace(/ ?, ?/g, ',').replace(/ ?> ?/g, '>');
    if (text === 'pass') return ok({ type: 'pass' });
    const verb = text.split(' ')[0] as keyof typeof PATTERNS;
    const pattern = PATTERNS[verb];
    if (!pattern || !Object.hasOwn(PATTERNS, verb)) return usageError(messages, raw, 'any', ANY);
    const m = pattern.exec(text);
    if (!m) return usageError(messages, raw, verb, EXAMPLES[verb]);
    switch (verb) {
      case 'keep':
      case 'sell': {
        const t = knownTile(raw, m[1]!);
        return t.ok ? ok(verb === 'keep' ? { type: 'keepTile', tile: t.value } : { type: 'sellTile', tile: t.value }) : t;
      }
      case 'build': {
        const t = knownTile(raw, m[1]!);
        if (!t.ok) return t;
        const levels = DISTRICTS[t.value]!.build;
        const costs = { or: levels.map((l) => `$${l.cost}`) };
        if (m[2] === undefined) {
          return levels.length === 1
            ? ok({ type: 'buildDistrict', tile: t.value, level: 0 })
            : refuse('NOTATION', NOTATION_RULE, { tile: t.value, costs, example: levels[0]!.cost }, 'NOTATION.variableCost');
        }
        const level = levels.findIndex((l) => l.cost === Number(m[2]));
        return level < 0
          ? refuse('NOTATION', NOTATION_RULE, { tile: t.value, costs, paid: m[2]! }, 'NOTATION.wrongCost')
          : ok({ type: 'buildDistrict', tile: t.value, level });
      }
      case 'plant': {
        const t = knownTile(raw, m[3]!);
        return t.ok ? ok({ type: 'buildPlant', tile: t.value, plant: m[1] as 'power' | 'water', side: m[2] as 'a' | 'b' }) : t;
      }
      case 'place':
      case 'terrain': {
        const at = pointOf(m[1])!;
        return ok({ type: verb === 'place' ? 'place' : 'placeTerrain', ...at });
      }
      case 'supply': {
        const at = pointOf(m[1])!;
        const option = Number(m[2]) - 1;
        if (option < 0) return usageError(messages, raw, 'option', 'supply 2,0 #1');
        const vias = m[3]!.split(' via ').slice(1);
        const move: Move = { type: 'supply', ...at, option };
        return ok(vias.length === 0 ? move : { ...move, routes: vias.map((v) => ({ path: v.split('>').map((p) => pointOf(p)!) })) });
      }
    }
  },
};
