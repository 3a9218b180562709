import { indexOfLetter, letterOf, type Letter } from './data.js';
import type { Town, TownCenterEvent, TownCenterState } from './types.js';

/** Number of towers in Phase I: one per player with 2-4 players, exactly 4 with 5-8 (R24). */
export const towerCount = (players: number): number => (players <= 4 ? players : 4);

/** The seat making pick number i (0-based) of the round: clockwise from the first player, then back (R24). */
export function pickSeat(s: TownCenterState, i: number): number {
  const n = s.players;
  return i < n ? (s.firstPlayer + i) % n : (s.firstPlayer + 2 * n - 1 - i) % n;
}

export const sortCubes = (letters: string): string =>
  letters
    .split('')
    .sort((a, b) => indexOfLetter[a as Letter] - indexOfLetter[b as Letter])
    .join('');

const removeOne = (text: string, letter: string): string => {
  const i = text.indexOf(letter);
  return i < 0 ? text : text.slice(0, i) + text.slice(i + 1);
};

function withTown(s: TownCenterState, seat: number, f: (t: Town) => Town): Town[] {
  const towns = s.towns.slice();
  towns[seat] = f(s.towns[seat]!);
  return towns;
}

function addCube(t: Town, site: number, letter: string, cost: number): Town {
  const stacks = t.stacks.slice();
  stacks[site] = stacks[site]! + letter;
  return { board: t.board, stacks, money: t.money - cost };
}

function bump(counts: readonly number[], letter: string, by: number): number[] {
  const out = counts.slice();
  out[indexOfLetter[letter as Letter]]! += by;
  return out;
}

function setHand(s: TownCenterState, seat: number, hand: string): string[] {
  const hands = s.hands.slice();
  hands[seat] = hand;
  return hands;
}

/** A shallow copy with the same field order every time (faster than object spread on a state this wide). */
function patch(s: TownCenterState, p: Partial<TownCenterState>): TownCenterState {
  const out: TownCenterState = {
    players: s.players,
    boxes: s.boxes,
    solo: s.solo,
    round: s.round,
    phase: s.phase,
    firstPlayer: s.firstPlayer,
    active: s.active,
    bag: s.bag,
    row: s.row,
    reserve: s.reserve,
    drawn: s.drawn,
    towers: s.towers,
    picks: s.picks,
    hands: s.hands,
    devMode: s.devMode,
    devSeats: s.devSeats,
    worksDone: s.worksDone,
    towns: s.towns,
    rng: s.rng,
  };
  return Object.assign(out, p);
}

/**
 * Applies one event. Trusts it (decide checked everything) and returns a new state; the input is
 * never mutated. The phase changes that follow trivially from an event (the last tower cube, the
 * last pick, the last Public Works turn) happen here; the others come as their own events.
 */
function apply(s: TownCenterState, e: TownCenterEvent): TownCenterState {
  switch (e.type) {
    case 'cityHallPlaced':
      return patch(s, {
        towns: withTown(s, e.seat, (t) => addCube(t, e.site, 'H', 0)),
        reserve: bump(s.reserve, 'H', -1),
        active: e.seat + 1,
      });
    case 'roundStarted': {
      const letters = sortCubes(e.cubes.map((c) => letterOf[c]).join(''));
      const base = patch(s, { round: e.round, firstPlayer: e.firstPlayer, rng: e.rng, worksDone: 0, devSeats: [] });
      let bag = s.bag;
      let row = s.row;
      if (s.solo === 'centralPark') row = s.row.slice(letters.length);
      else {
        bag = s.bag.slice();
        for (const l of letters) bag[indexOfLetter[l as Letter]]!--;
      }
      if (s.players === 1) {
        return patch(base, { bag, row, hands: [letters], phase: letters.length === 3 ? 'soloReturn' : 'construction', active: 0 });
      }
      return patch(base, {
        bag,
        row,
        drawn: letters,
        towers: new Array<string>(towerCount(s.players)).fill(''),
        picks: 0,
        phase: 'arrange',
        active: e.firstPlayer,
      });
    }
    case 'cubeStacked': {
      const l = letterOf[e.color];
      const towers = s.towers.slice();
      towers[e.tower] = towers[e.tower]! + l;
      const drawn = removeOne(s.drawn, l);
      if (drawn.length > 0) return patch(s, { drawn, towers });
      return patch(s, { drawn, towers, phase: 'pick', picks: 0, active: pickSeat(s, 0) });
    }
    case 'cubeTaken': {
      const towers = s.towers.slice();
      const t = towers[e.tower]!;
      towers[e.tower] = t.slice(0, -1);
      const hands = setHand(s, e.seat, sortCubes(s.hands[e.seat]! + t.slice(-1)));
      const picks = s.picks + 1;
      if (picks === 2 * s.players) return patch(s, { towers, hands, picks, phase: 'construction' });
      return patch(s, { towers, hands, picks, active: pickSeat(s, picks) });
    }
    case 'cubeReturned': {
      const l = letterOf[e.color];
      const hands = setHand(s, 0, removeOne(s.hands[0]!, l));
      if (s.solo === 'centralPark') return patch(s, { hands, row: s.row + l, phase: 'construction' });
      return patch(s, { hands, bag: bump(s.bag, l, 1), phase: 'construction' });
    }
    case 'cubeForfeited': {
      const l = letterOf[e.color];
      return patch(s, { hands: setHand(s, e.seat, removeOne(s.hands[e.seat]!, l)), reserve: bump(s.reserve, l, 1) });
    }
    case 'cubeBuilt': {
      const l = letterOf[e.color];
      return patch(s, {
        hands: setHand(s, e.seat, removeOne(s.hands[e.seat]!, l)),
        towns: withTown(s, e.seat, (t) => addCube(t, e.site, l, e.cost)),
      });
    }
    case 'developmentStarted':
      return patch(s, { phase: 'development', devMode: e.mode, devSeats: e.seats.slice(), active: e.active });
    case 'cubeDeveloped': {
      const l = letterOf[e.color];
      return patch(s, { towns: withTown(s, e.seat, (t) => addCube(t, e.site, l, 0)), reserve: bump(s.reserve, l, -1) });
    }
    case 'developmentEnded':
      return patch(s, { devSeats: s.devSeats.filter((x) => x !== e.seat) });
    case 'developmentTurn':
      return patch(s, { active: e.seat });
    case 'incomePaid':
      return patch(s, {
        towns: s.towns.map((t, i) => ({ board: t.board, stacks: t.stacks, money: t.money + (e.amounts[i] ?? 0) })),
        phase: 'publicWorks',
        devSeats: [],
        worksDone: 0,
        active: (s.firstPlayer + s.players - 1) % s.players,
      });
    case 'cubeBought': {
      const l = letterOf[e.color];
      return patch(s, {
        towns: withTown(s, e.seat, (t) => addCube(t, e.site, l, e.cost)),
        reserve: bump(s.reserve, l, -1),
        worksDone: s.worksDone + 1,
        active: (e.seat + s.players - 1) % s.players,
      });
    }
    case 'passed':
      return patch(s, { worksDone: s.worksDone + 1, active: (e.seat + s.players - 1) % s.players });
    case 'gameEnded':
      return patch(s, { phase: 'over' });
  }
}

/**
 * decide applies its own events to look ahead (forced steps depend on the state they leave);
 * the kernel then folds the same event objects over the same state. A small ring of the last
 * (state, event) -> state steps lets that second fold reuse the work. It only answers for the
 * identical input objects (states and events are never mutated), so evolve stays a pure function.
 */
const RING = 64;
const ringEvent: (TownCenterEvent | null)[] = new Array<TownCenterEvent | null>(RING).fill(null);
const ringFrom: (TownCenterState | null)[] = new Array<TownCenterState | null>(RING).fill(null);
const ringTo: (TownCenterState | null)[] = new Array<TownCenterState | null>(RING).fill(null);
let ringNext = 0;
let ringHint = 0;

/** decide's own look-ahead: applies the event and remembers the step for the kernel's fold. */
export function evolveAhead(s: TownCenterState, e: TownCenterEvent): TownCenterState {
  const to = apply(s, e);
  ringEvent[ringNext] = e;
  ringFrom[ringNext] = s;
  ringTo[ringNext] = to;
  ringNext = (ringNext + 1) % RING;
  return to;
}

export function evolve(s: TownCenterState, e: TownCenterEvent): TownCenterState {
  // The fold replays decide's events in order: try the slot after the last hit first.
  if (ringEvent[ringHint] === e && ringFrom[ringHint] === s) {
    const to = ringTo[ringHint]!;
    ringHint = (ringHint + 1) % RING;
    return to;
  }
  for (let i = 0; i < RING; i++) {
    if (ringEvent[i] === e) {
      if (ringFrom[i] !== s) break;
      ringHint = (i + 1) % RING;
      return ringTo[i]!;
    }
  }
  return apply(s, e);
}
