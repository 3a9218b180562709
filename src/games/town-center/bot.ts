/**
 * Town Center for bots (src/engine/bot.ts): a state sampled from a seat's view, and an evaluation
 * from the rulebook's scoring.
 *
 * Everything is public (the bag is counts, drawn when a round starts) but the generator, so a
 * sample is the view read back into a state with a fresh generator state: the next round's draw is
 * what differs between samples.
 */
import { Rng, type GameBot, type Json, type Seat } from '../../engine/index.js';
import { boardOf } from './board.js';
import { COLOR_NAMES, letterOf, ROUNDS, type ColorName } from './data.js';
import type { TownCenterView } from './schema.js';
import { analyzeTown, countColor, townIncome, unitValue } from './town.js';
import type { TownCenterState } from './types.js';

const letters = (names: readonly ColorName[]): string => names.map((n) => letterOf[n]).join('');
const counts = (c: Record<ColorName, number>): number[] => COLOR_NAMES.map((n) => c[n]);

const publicParts = new WeakMap<object, TownCenterState>();

function read(view: TownCenterView): TownCenterState {
  const cached = publicParts.get(view);
  if (cached) return cached;
  const base: TownCenterState = {
    players: view.players,
    boxes: view.boxes,
    solo: view.solo,
    round: view.round,
    phase: view.phase,
    firstPlayer: view.firstPlayer,
    active: view.active,
    bag: counts(view.bag),
    row: letters(view.row),
    reserve: counts(view.reserve),
    drawn: letters(view.drawn),
    towers: view.towers.map(letters),
    picks: view.picksMade,
    hands: view.towns.map((t) => letters(t.hand)),
    devMode: view.developmentMode ?? 'simultaneous',
    // Simultaneous development: the seats still developing are those to move; otherwise unused.
    devSeats: view.phase === 'development' && view.developmentMode === 'simultaneous' ? view.toMove.slice() : [],
    worksDone: view.publicWorksDone,
    towns: view.towns.map((t) => ({ board: t.board.id, stacks: t.sites.map((s) => letters(s.stack)), money: t.money })),
    rng: [0, 0, 0, 0],
  };
  publicParts.set(view, base);
  return base;
}

export function determinize(view: Json, _history: readonly Json[], _seat: Seat, rng: Rng): TownCenterState {
  const base = read(view as unknown as TownCenterView);
  return { ...base, rng: new Rng([rng.next(), rng.next(), rng.next(), rng.next()]).state };
}

/** What a town's cubes are worth, computed once per stacks array (states share unchanged towns' stacks). */
interface Structure {
  residential: number;
  suburbs: number;
  income: number;
  unpoweredCommercial: number;
  limit: number;
  offices: number;
  tieBreak: number;
}
const structures = new WeakMap<object, Structure>();

function structure(boardId: string, stacks: readonly string[]): Structure {
  const cached = structures.get(stacks);
  if (cached) return cached;
  const board = boardOf(boardId);
  const a = analyzeTown(board, stacks);
  let residential = 0;
  for (const u of a.residential) residential += u.powered ? unitValue(u) : 0.4 * unitValue({ ...u, powered: true });
  let unpoweredCommercial = 0;
  for (const u of a.commercial) if (!u.powered) unpoweredCommercial += unitValue({ ...u, powered: true });
  let suburbs = 0;
  for (let i = 0; i < board.siteCount; i++) if (!board.center[i]) suburbs += stacks[i]!.length;
  const out: Structure = {
    residential,
    suburbs,
    income: townIncome(a, stacks).total,
    unpoweredCommercial,
    limit: a.limit,
    offices: countColor(stacks, 'O') + countColor(stacks, 'H'),
    tieBreak: tieBreak(stacks),
  };
  structures.set(stacks, out);
  return out;
}

/**
 * Per seat, the final score it is heading for (R23): cash at $5 a point, powered Residential
 * units at their value and unpowered ones at part of it (a yellow cube may still power them), the
 * Suburb penalty, plus the income still to come (R17-R19) for the income phases left, and the
 * cubes in hand. At the end it is the score, plus the level-5 tie-break as a fraction.
 */
export function evaluate(s: TownCenterState): number[] {
  const over = s.phase === 'over';
  const incomesLeft = over ? 0 : ROUNDS - s.round + (s.phase === 'publicWorks' ? 0 : 1);
  return s.towns.map((town, seat) => {
    const t = structure(town.board, town.stacks);
    if (over) return Math.floor(town.money / 5) + t.residential - t.suburbs + t.tieBreak;
    const hand = s.hands[seat]!;
    const handValue = hand.length * 0.6 + countColor([hand], 'O') * 0.4 - (hand.includes('O') && town.money < 5 ? 1 : 0);
    return (
      town.money / 5 +
      t.residential -
      t.suburbs +
      (t.income * incomesLeft) / 5 +
      (0.25 * t.unpoweredCommercial * incomesLeft) / 5 +
      handValue +
      (t.limit > 1 ? 0.5 * (t.limit - 1) : 0) +
      (0.15 * t.offices * Math.min(incomesLeft, 5)) / 5
    );
  });
}

/** Cubes on level 5, then 4, ... as a fraction under one point (R23's tie-break). */
function tieBreak(stacks: readonly string[]): number {
  let t = 0;
  for (let level = 5; level >= 1; level--) {
    let n = 0;
    for (const st of stacks) if (st.length >= level) n++;
    t = t * 32 + n;
  }
  return t / 32 ** 5;
}

/** Playouts of 20 moves (about one phase of a 4-player round), then the evaluation. */
export const bot: GameBot<TownCenterState> = { determinize, evaluate, scale: 4, playoutDepth: 20 };
