/**
 * Move generation. Every choice a seat has is enumerated here, and decide uses the same functions,
 * so the legal list and decide agree exactly.
 */
import type { RuledCode } from './messages.js';
import type { Seat } from '../../engine/index.js';
import { boardOf, type Board } from './board.js';
import { COLOR_LETTERS, cubeName, indexOfLetter, nameOf, RESIDENTIAL, COMMERCIAL, UTILITY, ELEVATOR, type Letter } from './data.js';
import { towerCount } from './evolve.js';
import { countColor, developmentTargets, elevatorPurchaseError, hasSite, heightLimit, placementError } from './town.js';
import type { TownCenterMove, TownCenterState } from './types.js';

export const distinctLetters = (text: string): string[] => COLOR_LETTERS.filter((l) => text.includes(l));

/** Whether a cube may go on a tower in Phase I (R24): 2 per tower with 2-4 players; with 5-8, 4 towers of at least 2. */
export function stackError(s: TownCenterState, tower: number): RuledCode | null {
  if (!Number.isInteger(tower) || tower < 0 || tower >= s.towers.length) return 'NO_SUCH_TOWER';
  if (s.players <= 4) return s.towers[tower]!.length >= 2 ? 'TOWER_FULL' : null;
  let missing = 0;
  s.towers.forEach((t, i) => {
    const size = t.length + (i === tower ? 1 : 0);
    if (size < 2) missing += 2 - size;
  });
  return missing > s.drawn.length - 1 ? 'TOWERS_INCOMPLETE' : null;
}

/** After building `letter` on `site`, can the other cube still be built somewhere? (R12) */
export function secondFits(board: Board, stacks: readonly string[], limit: number, letter: string, site: number, other: string): boolean {
  const next = stacks.slice();
  next[site] = next[site]! + letter;
  const lim = letter === 'E' || letter === 'U' ? heightLimit(board, next) : limit;
  return hasSite(board, next, lim, other);
}

export interface Placement {
  letter: string;
  site: number;
}

/** Every legal site for every cube in hand, before the both-cubes rule (R7, R8, R10). */
export function firstPlacements(board: Board, stacks: readonly string[], limit: number, hand: string): Placement[] {
  const out: Placement[] = [];
  for (const letter of distinctLetters(hand)) {
    for (let site = 0; site < board.siteCount; site++) {
      if (placementError(board, stacks, limit, letter, site, true) === null) out.push({ letter, site });
    }
  }
  return out;
}

const otherCube = (hand: string, letter: string): string => {
  const i = hand.indexOf(letter);
  return (hand.slice(0, i) + hand.slice(i + 1)).charAt(0);
};

/**
 * The Construction placements a seat may make now: every legal one, except that with two cubes in
 * hand, placements that strand the other cube are dropped when some placement lets both be built (R12).
 */
export function constructionPlacements(s: TownCenterState, seat: Seat): Placement[] {
  const hand = s.hands[seat]!;
  if (hand.length === 0) return [];
  const board = boardOf(s.towns[seat]!.board);
  const stacks = s.towns[seat]!.stacks;
  const limit = heightLimit(board, stacks);
  const firsts = firstPlacements(board, stacks, limit, hand);
  if (hand.length < 2) return firsts;
  const good: Placement[] = [];
  for (const p of firsts) if (secondFits(board, stacks, limit, p.letter, p.site, otherCube(hand, p.letter))) good.push(p);
  return good.length > 0 ? good : firsts;
}

/** Whether this placement strands the other cube although some other placement would not (R12). */
export function breaksBothCubesRule(s: TownCenterState, seat: Seat, letter: string, site: number): boolean {
  const hand = s.hands[seat]!;
  if (hand.length < 2) return false;
  const board = boardOf(s.towns[seat]!.board);
  const stacks = s.towns[seat]!.stacks;
  const limit = heightLimit(board, stacks);
  if (secondFits(board, stacks, limit, letter, site, otherCube(hand, letter))) return false;
  return firstPlacements(board, stacks, limit, hand).some((p) =>
    secondFits(board, stacks, limit, p.letter, p.site, otherCube(hand, p.letter)),
  );
}

/** The developments a seat can make now (R13, R14, R16). */
export function developments(s: TownCenterState, seat: Seat): { letter: 'R' | 'C'; site: number }[] {
  return developmentTargets(boardOf(s.towns[seat]!.board), s.towns[seat]!.stacks, s.reserve[RESIDENTIAL]! > 0, s.reserve[COMMERCIAL]! > 0);
}

/** Public Works price of the next cube of that colour in this town (R20). */
export const purchasePrice = (stacks: readonly string[], letter: string): number => 5 * (countColor(stacks, letter) + 1);

/** Why this purchase is refused, or null (R20, R21). */
export function purchaseError(s: TownCenterState, seat: Seat, letter: string, site: number): RuledCode | null {
  const town = s.towns[seat]!;
  const board = boardOf(town.board);
  if (letter !== 'U' && letter !== 'E') return 'NOT_FOR_SALE';
  if (s.reserve[indexOfLetter[letter as Letter]]! <= 0) return 'RESERVE_EMPTY';
  if (town.money < purchasePrice(town.stacks, letter)) return 'NOT_ENOUGH_MONEY';
  if (letter === 'U') return placementError(board, town.stacks, heightLimit(board, town.stacks), 'U', site, false);
  return elevatorPurchaseError(board, town.stacks, site, countColor(town.stacks, 'E') > 0);
}

export function purchases(s: TownCenterState, seat: Seat): Placement[] {
  const town = s.towns[seat]!;
  const board = boardOf(town.board);
  const out: Placement[] = [];
  if (s.reserve[UTILITY]! > 0 && town.money >= purchasePrice(town.stacks, 'U')) {
    const limit = heightLimit(board, town.stacks);
    for (let site = 0; site < board.siteCount; site++)
      if (placementError(board, town.stacks, limit, 'U', site, false) === null) out.push({ letter: 'U', site });
  }
  if (s.reserve[ELEVATOR]! > 0 && town.money >= purchasePrice(town.stacks, 'E')) {
    const hasBlack = countColor(town.stacks, 'E') > 0;
    for (let site = 0; site < board.siteCount; site++)
      if (elevatorPurchaseError(board, town.stacks, site, hasBlack) === null) out.push({ letter: 'E', site });
  }
  return out;
}

/** Seats that must act now. */
export function toMove(s: TownCenterState): Seat[] {
  switch (s.phase) {
    case 'cityHall':
    case 'arrange':
    case 'pick':
    case 'soloReturn':
    case 'publicWorks':
      return [s.active];
    case 'construction': {
      const out: Seat[] = [];
      for (let i = 0; i < s.players; i++) if (s.hands[i]!.length > 0) out.push(i);
      return out;
    }
    case 'development':
      return s.devMode === 'sequential' ? [s.active] : s.devSeats.slice();
    case 'over':
      return [];
  }
}

export function legalMoves(s: TownCenterState, seat: Seat): TownCenterMove[] {
  if (!toMove(s).includes(seat)) return [];
  const board = boardOf(s.towns[seat]!.board);
  const at = (site: number) => ({ row: board.row[site]!, col: board.col[site]! });
  switch (s.phase) {
    case 'cityHall': {
      const out: TownCenterMove[] = [];
      for (let site = 0; site < board.siteCount; site++) out.push({ type: 'placeCityHall', ...at(site) });
      return out;
    }
    case 'arrange': {
      const out: TownCenterMove[] = [];
      for (const letter of distinctLetters(s.drawn)) {
        for (let tower = 0; tower < towerCount(s.players); tower++) {
          if (stackError(s, tower) === null) out.push({ type: 'stackCube', color: cubeName(letter), tower });
        }
      }
      return out;
    }
    case 'pick': {
      const out: TownCenterMove[] = [];
      s.towers.forEach((t, tower) => {
        if (t.length > 0) out.push({ type: 'takeCube', tower });
      });
      return out;
    }
    case 'soloReturn':
      return distinctLetters(s.hands[0]!).map((l) => ({ type: 'returnCube' as const, color: cubeName(l) }));
    case 'construction': {
      const out: TownCenterMove[] = [];
      for (const p of constructionPlacements(s, seat))
        out.push({ type: 'buildCube', color: cubeName(p.letter), row: board.row[p.site]!, col: board.col[p.site]! });
      return out;
    }
    case 'development': {
      const out: TownCenterMove[] = [];
      for (const p of developments(s, seat))
        out.push({
          type: 'developCube',
          color: nameOf[p.letter] === 'residential' ? 'residential' : 'commercial',
          row: board.row[p.site]!,
          col: board.col[p.site]!,
        });
      return out;
    }
    case 'publicWorks':
      return [
        ...purchases(s, seat).map(
          (p): TownCenterMove => ({
            type: 'buyCube',
            color: nameOf[p.letter as Letter] === 'utility' ? 'utility' : 'elevator',
            ...at(p.site),
          }),
        ),
        { type: 'pass' },
      ];
    case 'over':
      return [];
  }
}
