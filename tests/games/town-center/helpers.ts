import type { Move, Rng, Seat } from '../../../src/engine/index.js';
import { boardOf } from '../../../src/games/town-center/board.js';
import { CUBES_PER_BOX } from '../../../src/games/town-center/data.js';
import { heightLimit } from '../../../src/games/town-center/town.js';
import type { TownCenterState } from '../../../src/games/town-center/types.js';

/** PROPERTY_SCALE multiplies property-test game counts (default 1; 0.05 while iterating). */
export const SCALE = Number(process.env.PROPERTY_SCALE ?? '1');
export const games = (n: number): number => Math.max(1, Math.round(n * SCALE));

/** Every cube is somewhere: bag + reserve + drafted (drawn, towers, hands, Central Park row) + towns = 123 per box. */
export function cubeCount(s: TownCenterState): number {
  let n = 0;
  for (const c of s.bag) n += c;
  for (const c of s.reserve) n += c;
  n += s.drawn.length + s.row.length;
  for (const t of s.towers) n += t.length;
  for (const h of s.hands) n += h.length;
  for (const t of s.towns) for (const st of t.stacks) n += st.length;
  return n;
}

/** State invariants every reachable state keeps (plain checks: this runs on millions of states). */
export function invariant(s: TownCenterState): void {
  const fail = (what: string) => {
    throw new Error(`invariant broken: ${what} (round ${s.round}, phase ${s.phase})`);
  };
  if (cubeCount(s) !== CUBES_PER_BOX * s.boxes) fail(`cubes accounted for: ${cubeCount(s)}`);
  for (const c of [...s.bag, ...s.reserve]) if (c < 0) fail('negative bag or reserve count');
  const board = boardOf(s.board);
  for (const t of s.towns) {
    if (t.money < 0) fail('money is never negative');
    const limit = heightLimit(board, t.stacks);
    t.stacks.forEach((st, site) => {
      if (st.length > 5) fail('at most 5 high');
      if (!board.center[site] && st.length > 1) fail('suburb height 1');
      if (st.length > 0 && st[0] === 'E') {
        if (!/^E+$/.test(st)) fail('black stacks are all black');
      } else {
        if (st.includes('E')) fail('no black above other colours');
        if (st.length > limit) fail('within the height limit');
      }
    });
  }
  if (s.phase !== 'construction' && s.phase !== 'soloReturn' && s.phase !== 'pick') for (const h of s.hands) if (h !== '') fail('hands empty outside the draft and Construction');
}

const COLORS = ['office', 'residential', 'commercial', 'utility', 'elevator', 'cityHall'];

/** Plausible illegal moves: listed moves shifted by one site, recoloured, with other towers, other phases' types. */
export function candidates(_s: TownCenterState, _seat: Seat, legal: Move[], rng: Rng): Move[] {
  const out: Move[] = [];
  for (let k = 0; k < 4 && legal.length > 0; k++) {
    const m = rng.pick(legal) as Move & Record<string, unknown>;
    if (typeof m.row === 'number' && typeof m.col === 'number') {
      out.push({ ...m, row: m.row + rng.int(3) - 1, col: m.col + rng.int(3) - 1 } as Move);
      out.push({ ...m, row: rng.int(5), col: rng.int(5) } as Move);
    }
    if (typeof m.color === 'string') out.push({ ...m, color: rng.pick(COLORS) } as Move);
    if (typeof m.tower === 'number') out.push({ ...m, tower: rng.int(5) } as Move);
  }
  out.push({ type: 'pass' } as Move);
  out.push({ type: 'developCube', color: rng.pick(['residential', 'commercial']), row: rng.int(5), col: rng.int(5) } as Move);
  out.push({ type: 'buyCube', color: rng.pick(['utility', 'elevator']), row: rng.int(5), col: rng.int(5) } as Move);
  out.push({ type: 'buildCube', color: rng.pick(COLORS.slice(0, 5)), row: rng.int(5), col: rng.int(5) } as Move);
  out.push({ type: 'takeCube', tower: rng.int(4) } as Move);
  out.push({ type: 'returnCube', color: rng.pick(COLORS.slice(0, 5)) } as Move);
  // Shapes the schema accepts are the only ones decide sees: keep colours and coordinates in range.
  return out.filter((m) => {
    const r = m as Move & Record<string, unknown>;
    if (r.color === 'cityHall') return false;
    if (typeof r.row === 'number' && (r.row < 0 || r.row > 4)) return false;
    if (typeof r.col === 'number' && (r.col < 0 || r.col > 4)) return false;
    if (typeof r.tower === 'number' && r.tower > 3) return false;
    if (r.type === 'developCube' && r.color !== 'residential' && r.color !== 'commercial') return false;
    if (r.type === 'buyCube' && r.color !== 'utility' && r.color !== 'elevator') return false;
    return true;
  });
}
