/**
 * Town Center move notation. Sites are written like spreadsheet cells: a column letter (a at the
 * left) and a row number (1 at the top), e.g. `c2`; towers are numbered from 1; cubes by colour
 * name (office, residential, commercial, utility, elevator), its letter (O R C U E), a unique
 * prefix of it, or its cube colour (red, green, blue, yellow, black).
 *
 *   hall c3 | stack office 2 | take 2 | return utility | build residential b4 |
 *   develop commercial b4 | buy elevator c1 | pass
 *
 * Every move's text follows from its fields alone, so texts are unique among any moves.
 */
import { intOf, normalise, ok, pickByName, usageError, type Notation, type Result, type Seat } from '../../engine/index.js';
import type { ColorName } from './data.js';
import { messages } from './messages.js';
import type { TownCenterMove, TownCenterState } from './types.js';

/** The colours a move may name (a City Hall is not a cube). */
type CubeColor = Exclude<ColorName, 'cityHall'>;
const CUBES: { value: CubeColor; names: string[] }[] = [
  { value: 'office', names: ['office', 'o', 'red'] },
  { value: 'residential', names: ['residential', 'r', 'green'] },
  { value: 'commercial', names: ['commercial', 'c', 'blue'] },
  { value: 'utility', names: ['utility', 'u', 'utilities', 'yellow'] },
  { value: 'elevator', names: ['elevator', 'e', 'parking', 'black'] },
];
const COLUMNS = 'abcdefghijklmnopqrstuvwxyz';

const site = (row: number, col: number) => `${COLUMNS[col] ?? `?${col}`}${row + 1}`;

function siteOf(text: string | undefined, raw: string): Result<{ row: number; col: number }> {
  const m = text === undefined ? null : /^([a-z])(\d{1,2})$/.exec(text);
  if (!m || Number(m[2]) < 1) return usageError(messages, raw, 'site', 'c2');
  return ok({ row: Number(m[2]) - 1, col: COLUMNS.indexOf(m[1]!) });
}

const cube = (text: string | undefined, raw: string, only?: readonly ColorName[]): Result<CubeColor> => {
  if (text === undefined) return usageError(messages, raw, 'colour', (only ?? CUBES.map((c) => c.value)).join(', '));
  return pickByName(text, only ? CUBES.filter((c) => only.includes(c.value)) : CUBES, { key: 'NOTATION.what.colour' }, messages);
};

const tower = (text: string | undefined, raw: string): Result<number> => {
  const n = intOf(text?.replace(/^t(ower)?/, ''));
  return n === null || n < 1 ? usageError(messages, raw, 'tower', '2') : ok(n - 1);
};

/** Every form, written in the notation (the forms in words are the catalogue's `NOTATION.form.any`). */
const EXAMPLES = 'hall c3, stack office 2, take 2, return utility, build residential b4, develop commercial b4, buy elevator c1, pass';

export const notation: Notation<TownCenterState, TownCenterMove> = {
  format(_state: TownCenterState, _seat: Seat, m: TownCenterMove): string {
    switch (m.type) {
      case 'placeCityHall':
        return `hall ${site(m.row, m.col)}`;
      case 'stackCube':
        return `stack ${m.color} ${m.tower + 1}`;
      case 'takeCube':
        return `take ${m.tower + 1}`;
      case 'returnCube':
        return `return ${m.color}`;
      case 'buildCube':
        return `build ${m.color} ${site(m.row, m.col)}`;
      case 'developCube':
        return `develop ${m.color} ${site(m.row, m.col)}`;
      case 'buyCube':
        return `buy ${m.color} ${site(m.row, m.col)}`;
      case 'pass':
        return 'pass';
    }
  },

  parse(_state: TownCenterState, _seat: Seat, raw: string): Result<TownCenterMove> {
    const words = normalise(raw).split(' ');
    const [verb, a, b] = words;
    const arity = (n: number, form: string, example: string): Result<never> | null =>
      words.length === n + 1 ? null : usageError(messages, raw, form, example);
    switch (verb) {
      case 'hall':
      case 'cityhall': {
        const bad = arity(1, 'hall', 'hall c3');
        if (bad) return bad;
        const s = siteOf(a, raw);
        return s.ok ? ok({ type: 'placeCityHall', ...s.value }) : s;
      }
      case 'stack': {
        const bad = arity(2, 'stack', 'stack office 2');
        if (bad) return bad;
        const c = cube(a, raw);
        if (!c.ok) return c;
        const t = tower(b, raw);
        return t.ok ? ok({ type: 'stackCube', color: c.value, tower: t.value }) : t;
      }
      case 'take': {
        const bad = arity(1, 'take', 'take 2');
        if (bad) return bad;
        const t = tower(a, raw);
        return t.ok ? ok({ type: 'takeCube', tower: t.value }) : t;
      }
      case 'return': {
        const bad = arity(1, 'return', 'return utility');
        if (bad) return bad;
        const c = cube(a, raw);
        return c.ok ? ok({ type: 'returnCube', color: c.value }) : c;
      }
      case 'build':
      case 'develop':
      case 'buy': {
        const bad = arity(2, verb, `${verb} ${verb === 'buy' ? 'utility' : 'residential'} b4`);
        if (bad) return bad;
        const only: ColorName[] | undefined =
          verb === 'develop' ? ['residential', 'commercial'] : verb === 'buy' ? ['utility', 'elevator'] : undefined;
        const c = cube(a, raw, only);
        if (!c.ok) return c;
        const s = siteOf(b, raw);
        if (!s.ok) return s;
        const type = verb === 'build' ? 'buildCube' : verb === 'develop' ? 'developCube' : 'buyCube';
        return ok({ type, color: c.value, ...s.value } as TownCenterMove);
      }
      case 'pass':
        return arity(0, 'pass', 'pass') ?? ok({ type: 'pass' });
      default:
        return usageError(messages, raw, 'any', EXAMPLES);
    }
  },
};
