import type { Viewer } from '../../engine/index.js';
import type { TownCenterEventView, TownCenterView } from './schema.js';
import { boardOf } from './board.js';
import { BOARDS, COLOR_NAMES, nameOf, ROUNDS, soloLevel, type ColorName, type Letter } from './data.js';
import { pickSeat } from './evolve.js';
import { purchasePrice, toMove } from './legal.js';
import { analyzeTown, cubesPerLevel, townIncome, townScore, unitValue, type Unit } from './town.js';
import type { TownCenterEvent, TownCenterState } from './types.js';

const names = (letters: string): ColorName[] => letters.split('').map((l) => nameOf[l as Letter]);
const counts = (c: readonly number[]): TownCenterView['bag'] =>
  Object.fromEntries(COLOR_NAMES.map((n, i) => [n, c[i] ?? 0])) as TownCenterView['bag'];

function townView(s: TownCenterState, seat: number): TownCenterView['towns'][number] {
  const town = s.towns[seat]!;
  const board = boardOf(town.board);
  const data = BOARDS[town.board]!;
  const a = analyzeTown(board, town.stacks);
  const cell = (c: number) => ({ row: board.row[(c / 5) | 0]!, col: board.col[(c / 5) | 0]!, level: (c % 5) + 1 });
  const unit = (u: Unit) => ({
    size: u.size,
    height: u.height,
    powered: u.powered,
    canDevelop: u.develops,
    value: unitValue(u),
    cubes: u.cells.map(cell),
  });
  return {
    seat,
    board: { id: data.id, name: data.name, standIn: data.standIn, rows: data.rows },
    money: town.money,
    hand: names(s.hands[seat]!),
    sites: town.stacks.map((st, i) => ({ row: board.row[i]!, col: board.col[i]!, center: board.center[i]!, stack: names(st) })),
    heightLimit: a.limit,
    residentialUnits: a.residential.map((u) => ({ ...unit(u), offices: u.offices })),
    commercialUnits: a.commercial.map((u) => ({ ...unit(u), residentialUnits: u.residentialUnits })),
    parkingLots: a.parkingLots.map((p) => ({
      sites: p.sites.map((i) => ({ row: board.row[i]!, col: board.col[i]! })),
      income: p.adjacentCubes,
    })),
    income: { ...townIncome(a, town.stacks) },
    score: { ...townScore(board, a, town.stacks, town.money) },
    cubesPerLevel: cubesPerLevel(town.stacks),
    prices: { utility: purchasePrice(town.stacks, 'U'), elevator: purchasePrice(town.stacks, 'E') },
  };
}

/** Everything is public except the bag's order, which does not exist (the bag is counts) and the generator state. */
export function view(s: TownCenterState, _viewer: Viewer): TownCenterView {
  const pickOrder: number[] = [];
  if (s.players > 1) for (let i = 0; i < 2 * s.players; i++) pickOrder.push(pickSeat(s, i));
  const towns = s.towns.map((_, i) => townView(s, i));
  return {
    phase: s.phase,
    round: s.round,
    toMove: toMove(s),
    scores: towns.map((t) => t.score.total),
    result: outcome(s),
    rounds: ROUNDS,
    players: s.players,
    boxes: s.boxes,
    solo: s.solo,
    firstPlayer: s.firstPlayer,
    active: s.active,
    bag: counts(s.bag),
    bagTotal: s.bag.reduce((a, b) => a + b, 0),
    row: names(s.row),
    reserve: counts(s.reserve),
    drawn: names(s.drawn),
    towers: s.towers.map(names),
    pickOrder,
    picksMade: s.picks,
    developmentMode: s.phase === 'development' ? s.devMode : null,
    publicWorksDone: s.worksDone,
    towns,
  };
}

export function eventView(e: TownCenterEvent, _viewer: Viewer): TownCenterEventView {
  if (e.type === 'roundStarted') {
    const { rng: _rng, ...rest } = e;
    return rest;
  }
  return e;
}

/**
 * The result once round 10 is over: scores (R23), ranks by score then cubes on level 5, 4, ... 1,
 * shared when all equal; solo games also get their level from the solo table (R25).
 */
export function outcome(s: TownCenterState): TownCenterView['result'] {
  if (s.phase !== 'over') return null;
  const rows = s.towns.map((t) => {
    const board = boardOf(t.board);
    const a = analyzeTown(board, t.stacks);
    return { score: townScore(board, a, t.stacks, t.money), levels: cubesPerLevel(t.stacks) };
  });
  const key = (i: number) => [rows[i]!.score.total, ...rows[i]!.levels.slice().reverse()];
  const cmp = (i: number, j: number) => {
    const a = key(i),
      b = key(j);
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return b[k]! - a[k]!;
    return 0;
  };
  const scores = rows.map((r) => r.score.total);
  const ranks = rows.map((_, i) => 1 + rows.filter((__, j) => cmp(j, i) < 0).length);
  const winners = ranks.flatMap((r, i) => (r === 1 ? [i] : []));
  const detail = {
    towns: rows.map((r) => ({ ...r.score, cubesPerLevel: r.levels })),
    ...(s.players === 1 ? { soloLevel: soloLevel(scores[0]!) } : {}),
  };
  return { scores, ranks, winners, detail };
}
