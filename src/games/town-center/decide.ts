/**
 * decide: checks a move against every rule, returns its events, then the forced steps that follow
 * (forfeits, the start of Development, Phase IV income, Public Works turns with nothing to buy,
 * the next round's draw, the end of the game) until some seat must act or the game is over.
 */
import { ok, Rng, type Result, type Seat } from '../../engine/index.js';
import { boardOf, siteOf } from './board.js';
import {
  COLOR_LETTERS,
  COMMERCIAL,
  letterOf,
  nameOf,
  OFFICE,
  OFFICE_COST,
  RESIDENTIAL,
  ROUNDS,
  type ColorName,
  type Letter,
} from './data.js';
import { evolveAhead, sortCubes } from './evolve.js';
import { breaksBothCubesRule, developments, firstPlacements, purchaseError, purchasePrice, purchases, stackError } from './legal.js';
import { violation, wrongPhase, type RuledCode } from './messages.js';
import { analyzeTown, heightLimit, placementError, townIncome } from './town.js';
import type { TownCenterEvent, TownCenterMove, TownCenterState } from './types.js';

const names = (letters: string): ColorName[] => letters.split('').map((l) => nameOf[l as Letter]);

/** One cube drawn at random from bag counts (which it decrements); its colour index. */
function drawOne(left: number[], rng: Rng): number {
  let total = 0;
  for (const c of left) total += c;
  let r = rng.int(total);
  let i = 0;
  while (r >= left[i]!) r -= left[i++]!;
  left[i]!--;
  return i;
}

/**
 * Draws `count` cubes from the bag counts, as the rulebook does it: in round 1 every Office drawn
 * goes back into the bag and is replaced by a new draw, until none of the cubes is an Office (R24).
 * Returns the cubes (sorted) and how many Offices went back.
 */
function drawFromBag(bag: readonly number[], count: number, round1: boolean, rng: Rng): { cubes: string; officesReturned: number } {
  const left = bag.slice();
  let available = 0;
  for (const c of left) available += c;
  const drawn: number[] = [];
  for (let k = 0; k < count && k < available; k++) drawn.push(drawOne(left, rng));
  let officesReturned = 0;
  if (round1) {
    for (let offices = drawn.filter((c) => c === OFFICE).length; offices > 0; offices = drawn.filter((c) => c === OFFICE).length) {
      for (let k = drawn.length - 1; k >= 0; k--) {
        if (drawn[k] === OFFICE) {
          drawn.splice(k, 1);
          left[OFFICE]!++;
        }
      }
      officesReturned += offices;
      for (let k = 0; k < offices; k++) drawn.push(drawOne(left, rng));
    }
  }
  return { cubes: sortCubes(drawn.map((c) => COLOR_LETTERS[c]!).join('')), officesReturned };
}

function roundStart(s: TownCenterState, round: number, firstPlayer: Seat): TownCenterEvent {
  const rng = new Rng(s.rng);
  if (s.solo === 'centralPark') {
    return { type: 'roundStarted', round, firstPlayer, cubes: names(sortCubes(s.row.slice(0, 3))), officesReturned: 0, rng: rng.state };
  }
  const { cubes, officesReturned } = drawFromBag(s.bag, s.players === 1 ? 3 : 2 * s.players, round === 1, rng);
  return { type: 'roundStarted', round, firstPlayer, cubes: names(cubes), officesReturned, rng: rng.state };
}

/** Seats in reverse player order starting just before the first player (R16, R20). */
function reverseOrder(s: TownCenterState): Seat[] {
  const out: Seat[] = [];
  for (let i = 1; i <= s.players; i++) out.push((s.firstPlayer - i + s.players * 2) % s.players);
  return out;
}

/** The forced events a Construction seat needs: Offices it cannot pay for, cubes with no site (R11, R12). */
function constructionForfeits(s: TownCenterState, seat: Seat): TownCenterEvent[] {
  const out: TownCenterEvent[] = [];
  let hand = s.hands[seat]!;
  if (hand.length === 0) return out;
  const town = s.towns[seat]!;
  let offices = 0;
  for (const l of hand) if (l === 'O') offices++;
  const affordable = Math.floor(town.money / OFFICE_COST);
  for (let k = affordable; k < offices; k++) {
    out.push({ type: 'cubeForfeited', seat, color: 'office', reason: 'cannotPay' });
    hand = hand.replace('O', '');
  }
  if (hand.length === 0) return out;
  const board = boardOf(town.board);
  const limit = heightLimit(board, town.stacks);
  if (firstPlacements(board, town.stacks, limit, hand).length === 0) {
    for (const l of hand) out.push({ type: 'cubeForfeited', seat, color: nameOf[l as Letter], reason: 'noSite' });
  }
  return out;
}

/** Where settle accumulates: the state so far and the events emitted. */
interface Settling {
  s: TownCenterState;
  events: TownCenterEvent[];
}

function emit(ctx: Settling, e: TownCenterEvent): void {
  ctx.events.push(e);
  ctx.s = evolveAhead(ctx.s, e);
}

/**
 * Applies forced steps until someone must act or the game is over. `focus` is the seat whose move
 * this follows (Construction, Development): while the phase and round are unchanged only that seat
 * can have new forced steps, so only it is re-examined.
 */
function settle(start: TownCenterState, events: TownCenterEvent[], focus: Seat | null): void {
  const ctx: Settling = { s: start, events };
  for (let guard = 0; guard < 10_000; guard++) {
    const s = ctx.s;
    const focused = focus !== null && s.phase === start.phase && s.round === start.round;
    switch (s.phase) {
      case 'cityHall':
        if (s.active < s.players) return;
        emit(ctx, roundStart(s, 1, 0));
        continue;
      case 'arrange':
      case 'pick':
      case 'soloReturn':
      case 'over':
        return;
      case 'construction': {
        let forced = false;
        for (let seat = 0; seat < s.players; seat++) {
          if (focused && seat !== focus) continue;
          for (const e of constructionForfeits(ctx.s, seat)) {
            emit(ctx, e);
            forced = true;
          }
        }
        if (forced) continue;
        if (s.hands.some((h) => h.length > 0)) return;
        // Development begins (R15, R16).
        const seats = reverseOrder(s).filter((seat) => developments(s, seat).length > 0);
        if (seats.length === 0) {
          emit(ctx, income(s));
          continue;
        }
        const scarce = s.reserve[RESIDENTIAL]! < s.players || s.reserve[COMMERCIAL]! < s.players;
        emit(ctx, {
          type: 'developmentStarted',
          mode: scarce ? 'sequential' : 'simultaneous',
          seats: seats.slice().sort((a, b) => a - b),
          active: seats[0]!,
        });
        continue;
      }
      case 'development': {
        if (s.devMode === 'sequential') {
          if (developments(s, s.active).length > 0) return;
          emit(ctx, income(s));
          continue;
        }
        // A seat's developments only change with its own town, or for everyone when a colour runs out.
        const reserveLeft = s.reserve[RESIDENTIAL]! > 0 && s.reserve[COMMERCIAL]! > 0;
        let ended = false;
        for (const seat of s.devSeats) {
          if (reserveLeft && focused && seat !== focus) continue;
          if (developments(s, seat).length === 0) {
            emit(ctx, { type: 'developmentEnded', seat });
            ended = true;
          }
        }
        if (ctx.s.devSeats.length === 0) emit(ctx, income(ctx.s));
        else if (!ended) return;
        continue;
      }
      case 'publicWorks':
        if (s.worksDone >= s.players) {
          if (s.round >= ROUNDS) emit(ctx, { type: 'gameEnded' });
          else emit(ctx, roundStart(s, s.round + 1, (s.firstPlayer + 1) % s.players));
          continue;
        }
        if (purchases(s, s.active).length > 0) return;
        emit(ctx, { type: 'passed', seat: s.active, forced: true });
        continue;
    }
  }
  throw new Error('town-center: forced steps did not settle');
}

function income(s: TownCenterState): TownCenterEvent {
  return { type: 'incomePaid', amounts: s.towns.map((t) => townIncome(analyzeTown(boardOf(t.board), t.stacks), t.stacks).total) };
}

function siteFor(s: TownCenterState, seat: Seat, row: number, col: number): number {
  return siteOf(boardOf(s.towns[seat]!.board), row, col);
}

/**
 * The first checks of a move that puts a cube of a given kind on a site of the seat's town
 * (developing, buying), in this order: the phase, the cube's kind (`kinds`: the letters allowed,
 * else the `notKind` violation), the site. The cube's letter and the site, or the rule broken.
 */
function cubeOnSite(
  s: TownCenterState,
  seat: Seat,
  move: { color: ColorName; row: number; col: number },
  phase: TownCenterState['phase'],
  kinds: string,
  notKind: RuledCode,
): Result<{ letter: Letter; site: number }> {
  if (s.phase !== phase) return wrongPhase(s.phase);
  const letter = letterOf[move.color];
  if (!letter || !kinds.includes(letter)) return violation(notKind);
  const site = siteFor(s, seat, move.row, move.col);
  if (site < 0) return violation('NO_SUCH_SITE');
  return ok({ letter, site });
}

/** The move's own events, or the rule it breaks. */
function moveEvents(s: TownCenterState, move: TownCenterMove, seat: Seat): Result<TownCenterEvent[]> {
  const board = boardOf(s.towns[seat]!.board);
  switch (move.type) {
    case 'placeCityHall': {
      if (s.phase !== 'cityHall') return wrongPhase(s.phase);
      const site = siteFor(s, seat, move.row, move.col);
      if (site < 0) return violation('NO_SUCH_SITE');
      return ok([{ type: 'cityHallPlaced', seat, site }]);
    }
    case 'stackCube': {
      if (s.phase !== 'arrange') return wrongPhase(s.phase);
      const letter = letterOf[move.color];
      if (!letter || !s.drawn.includes(letter)) return violation('NOT_DRAWN');
      const err = stackError(s, move.tower);
      if (err) return violation(err);
      return ok([{ type: 'cubeStacked', color: move.color, tower: move.tower }]);
    }
    case 'takeCube': {
      if (s.phase !== 'pick') return wrongPhase(s.phase);
      if (!Number.isInteger(move.tower) || move.tower < 0 || move.tower >= s.towers.length) return violation('NO_SUCH_TOWER');
      const t = s.towers[move.tower]!;
      if (t.length === 0) return violation('TOWER_EMPTY');
      return ok([{ type: 'cubeTaken', seat, tower: move.tower, color: nameOf[t.charAt(t.length - 1) as Letter] }]);
    }
    case 'returnCube': {
      if (s.players !== 1) return violation('SOLO_ONLY');
      if (s.phase !== 'soloReturn') return wrongPhase(s.phase);
      const letter = letterOf[move.color];
      if (!letter || !s.hands[0]!.includes(letter)) return violation('NOT_IN_HAND');
      return ok([{ type: 'cubeReturned', color: move.color }]);
    }
    case 'buildCube': {
      if (s.phase !== 'construction') return wrongPhase(s.phase);
      const letter = letterOf[move.color];
      if (!letter || !s.hands[seat]!.includes(letter)) return violation('NOT_IN_HAND');
      const site = siteFor(s, seat, move.row, move.col);
      if (site < 0) return violation('NO_SUCH_SITE');
      const stacks = s.towns[seat]!.stacks;
      const err = placementError(board, stacks, heightLimit(board, stacks), letter, site, true);
      if (err) return violation(err);
      if (breaksBothCubesRule(s, seat, letter, site)) return violation('BOTH_CUBES_RULE');
      return ok([
        { type: 'cubeBuilt', seat, color: move.color, site, level: stacks[site]!.length + 1, cost: letter === 'O' ? OFFICE_COST : 0 },
      ]);
    }
    case 'developCube': {
      const at = cubeOnSite(s, seat, move, 'development', 'RC', 'NOT_DEVELOPABLE');
      if (!at.ok) return at;
      const { letter, site } = at.value;
      if (s.reserve[letter === 'R' ? RESIDENTIAL : COMMERCIAL]! <= 0) return violation('RESERVE_EMPTY');
      if (!developments(s, seat).some((d) => d.letter === letter && d.site === site)) return violation('DEVELOPMENT_SPOT');
      const events: TownCenterEvent[] = [
        { type: 'cubeDeveloped', seat, color: move.color, site, level: s.towns[seat]!.stacks[site]!.length + 1 },
      ];
      if (s.devMode === 'sequential') {
        // The turn passes in reverse player order to the next seat that can develop (R16).
        const after = evolveAhead(s, events[0]!);
        for (let i = 1; i <= s.players; i++) {
          const next = (seat - i + s.players * 2) % s.players;
          if (developments(after, next).length > 0) {
            events.push({ type: 'developmentTurn', seat: next });
            break;
          }
        }
      }
      return ok(events);
    }
    case 'buyCube': {
      const at = cubeOnSite(s, seat, move, 'publicWorks', 'UE', 'NOT_FOR_SALE');
      if (!at.ok) return at;
      const { letter, site } = at.value;
      const err = purchaseError(s, seat, letter, site);
      if (err) return violation(err);
      const stacks = s.towns[seat]!.stacks;
      return ok([
        { type: 'cubeBought', seat, color: move.color, site, level: stacks[site]!.length + 1, cost: purchasePrice(stacks, letter) },
      ]);
    }
    case 'pass':
      if (s.phase !== 'publicWorks') return wrongPhase(s.phase);
      return ok([{ type: 'passed', seat, forced: false }]);
    default:
      return wrongPhase(s.phase);
  }
}

export function decide(s: TownCenterState, move: TownCenterMove, seat: Seat): Result<TownCenterEvent[]> {
  const r = moveEvents(s, move, seat);
  if (!r.ok) return r;
  const events = r.value;
  let after = s;
  for (const e of events) after = evolveAhead(after, e);
  settle(after, events, move.type === 'buildCube' || move.type === 'developCube' ? seat : null);
  return ok(events);
}

/** Used by tests: the forced steps from a hand-built state. */
export function settled(s: TownCenterState): TownCenterState {
  const events: TownCenterEvent[] = [];
  settle(s, events, null);
  let out = s;
  for (const e of events) out = evolveAhead(out, e);
  return out;
}
