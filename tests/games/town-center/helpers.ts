import { applyMove, type Move, type Rng, type Seat } from '../../../src/engine/index.js';
import { townCenter } from '../../../src/games/town-center/index.js';
import { boardOf } from '../../../src/games/town-center/board.js';
import { CUBES_PER_BOX } from '../../../src/games/town-center/data.js';
import { heightLimit } from '../../../src/games/town-center/town.js';
import type { TownCenterMove, TownCenterState } from '../../../src/games/town-center/types.js';

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
  for (const t of s.towns) {
    const board = boardOf(t.board);
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
  if (s.phase !== 'construction' && s.phase !== 'soloReturn' && s.phase !== 'pick')
    for (const h of s.hands) if (h !== '') fail('hands empty outside the draft and Construction');
}

const COLORS = ['office', 'residential', 'commercial', 'utility', 'elevator', 'cityHall'];

/** Plausible illegal moves: listed moves shifted by one site, recoloured, with other towers, other phases' types. */
export function candidates(_s: TownCenterState, _seat: Seat, legal: Move[], rng: Rng): Move[] {
  const out: Move[] = [];
  for (let k = 0; k < 2 && legal.length > 0; k++) {
    const m = rng.pick(legal) as Move & Record<string, unknown>;
    if (typeof m.row === 'number' && typeof m.col === 'number') {
      out.push({ ...m, row: m.row + rng.int(3) - 1, col: m.col + rng.int(3) - 1 } as Move);
      out.push({ ...m, row: rng.int(5), col: rng.int(5) } as Move);
    }
    if (typeof m.color === 'string') out.push({ ...m, color: rng.pick(COLORS) } as Move);
    if (typeof m.tower === 'number') out.push({ ...m, tower: rng.int(5) } as Move);
  }
  // Two moves of any type, anywhere: mostly another phase's moves, or this phase's at random places.
  const generic = (): Move => {
    switch (rng.int(7)) {
      case 0:
        return { type: 'pass' } as Move;
      case 1:
        return { type: 'developCube', color: rng.pick(['residential', 'commercial']), row: rng.int(5), col: rng.int(5) } as Move;
      case 2:
        return { type: 'buyCube', color: rng.pick(['utility', 'elevator']), row: rng.int(5), col: rng.int(5) } as Move;
      case 3:
        return { type: 'buildCube', color: rng.pick(COLORS.slice(0, 5)), row: rng.int(5), col: rng.int(5) } as Move;
      case 4:
        return { type: 'takeCube', tower: rng.int(4) } as Move;
      case 5:
        return { type: 'stackCube', color: rng.pick(COLORS.slice(0, 5)), tower: rng.int(4) } as Move;
      default:
        return { type: 'returnCube', color: rng.pick(COLORS.slice(0, 5)) } as Move;
    }
  };
  out.push(generic(), generic());
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

/**
 * A town from a picture: one string per board row, sites separated by spaces, each site its stack
 * bottom first ('-' empty, '.' for a grid square without a site). E.g. for side A:
 *   ['. - - - .', '- H R - -', ...]
 */
export function stacksFrom(boardId: string, picture: string[]): string[] {
  const board = boardOf(boardId);
  const stacks = new Array<string>(board.siteCount).fill('');
  picture.forEach((line, r) => {
    line
      .trim()
      .split(/\s+/)
      .forEach((cell, c) => {
        const site = board.siteAt[r * board.width + c]!;
        if (site < 0) {
          if (cell !== '.') throw new Error(`no site at ${r},${c}`);
          return;
        }
        stacks[site] = cell === '-' ? '' : cell;
      });
  });
  return stacks;
}

export function siteAt(boardId: string, row: number, col: number): number {
  const b = boardOf(boardId);
  return b.siteAt[row * b.width + col]!;
}

export const OPTIONS = { boardSide: 'A' as const, soloVariant: 'bag' as const, seatSides: '' };

/** A fresh game state. */
export function newGame(players: number, options: Partial<typeof OPTIONS> | Record<string, string> = {}, seed = 'test'): TownCenterState {
  return townCenter.setup({ players, options: { ...OPTIONS, ...options } as never, seed });
}

/** A hand-built position: a fresh game with fields replaced (towns given as pictures). */
export function position(p: {
  players?: number;
  board?: 'A' | 'B';
  towns?: { picture: string[]; money?: number }[];
  fields?: Partial<TownCenterState>;
}): TownCenterState {
  const s = newGame(p.players ?? 1, { boardSide: p.board ?? 'A' });
  const towns = s.towns.map((t, i) => {
    const spec = p.towns?.[i];
    return spec ? { board: t.board, stacks: stacksFrom(t.board, spec.picture), money: spec.money ?? t.money } : t;
  });
  return { ...s, round: 1, towns, ...p.fields };
}

/** Applies a move, failing the test with the rejection if it is refused. */
export function play(s: TownCenterState, seat: number, move: TownCenterMove): TownCenterState {
  const r = applyMove<TownCenterState>(townCenter, s, move, seat);
  if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.error.code} ${r.error.message}`);
  return r.value.state;
}

/** The rejection code of a move (or 'OK'). */
export function codeOf(s: TownCenterState, seat: number, move: TownCenterMove): string {
  const r = applyMove<TownCenterState>(townCenter, s, move, seat);
  return r.ok ? 'OK' : r.error.code;
}

/** Plays the first legal move of the first seat to move until the predicate holds. */
export function playUntil(
  s: TownCenterState,
  done: (s: TownCenterState) => boolean,
  pick: (legal: TownCenterMove[], s: TownCenterState) => TownCenterMove = (l) => l[0]!,
): TownCenterState {
  let guard = 0;
  while (!done(s)) {
    if (guard++ > 5000) throw new Error('playUntil: no end');
    const seat = townCenter.toMove(s)[0];
    if (seat === undefined) throw new Error('playUntil: nobody to move');
    s = play(s, seat, pick(townCenter.legalMoves(s, seat), s));
  }
  return s;
}

/**
 * A playout policy that builds compact towns (sites next to many cubes), stacks where it can and
 * buys in Public Works: random games with it develop, merge and climb far more than uniform ones,
 * so the property and exhaustive checks reach Development and tall stacks.
 */
export function densePick(s: TownCenterState, seat: Seat, legal: TownCenterMove[], rng: Rng): TownCenterMove {
  if (rng.int(5) === 0) return rng.pick(legal);
  const board = boardOf(s.towns[seat]?.board ?? 'A');
  const stacks = s.towns[seat]?.stacks;
  const scoreOf = (m: TownCenterMove): number => {
    if (!('row' in m) || !stacks) return m.type === 'pass' ? -1 : 0;
    const site = board.siteAt[m.row * board.width + m.col]!;
    let score = board.center[site] ? 2 : 0;
    for (const t of board.neighbors[site]!) if (stacks[t]!.length > 0) score += 1;
    score += 2 * stacks[site]!.length;
    // Put Residential next to Offices, Offices next to Residential, Commercial next to Residential.
    if (m.type === 'buildCube' || m.type === 'developCube') {
      const L = stacks[site]!.length + 1;
      const around: string[] = [stacks[site]!.charAt(L - 2)];
      for (const t of board.neighbors[site]!) around.push(stacks[t]!.charAt(L - 1));
      const want = m.color === 'residential' ? /[OH]/ : m.color === 'office' || m.color === 'commercial' ? /R/ : null;
      if (want) for (const c of around) if (want.test(c)) score += 3;
    }
    return score;
  };
  let best: TownCenterMove[] = [];
  let bestScore = -Infinity;
  for (const m of legal) {
    const v = scoreOf(m);
    if (v > bestScore) {
      bestScore = v;
      best = [m];
    } else if (v === bestScore) best.push(m);
  }
  return rng.pick(best);
}
