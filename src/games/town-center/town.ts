/**
 * The rules that look at one town: where a cube may go, the height limit, units, development
 * targets, income and score. Everything here is a pure function of a board and a town's stacks.
 *
 * A cube is addressed by its cell: site * 5 + (level - 1), levels 1..5 (R1).
 */
import type { RuledCode } from './messages.js';
import type { Board } from './board.js';
import { MAX_LEVEL } from './data.js';

const CH_O = 79,
  CH_R = 82,
  CH_C = 67,
  CH_U = 85,
  CH_E = 69,
  CH_H = 72; // 'O' 'R' 'C' 'U' 'E' 'H'

/** T(n) = n(n+1)/2, the size and height scale of Commercial income and Residential points (R17, R23). */
export const tri = (n: number): number => (n > 0 ? (n * (n + 1)) / 2 : 0);

/**
 * The town's height limit (R8): the height of its tallest powered Elevator, or 1 with none.
 * An Elevator is a Center stack of two or more black cubes; it is powered when a yellow cube is
 * adjacent to any of its cubes (R5).
 */
export function heightLimit(board: Board, stacks: readonly string[]): number {
  let limit = 1;
  for (let s = 0; s < board.siteCount; s++) {
    const st = stacks[s]!;
    const len = st.length;
    if (len < 2 || len <= limit || st.charCodeAt(0) !== CH_E || !board.center[s]) continue;
    if (elevatorPowered(board, stacks, s)) limit = len;
  }
  return limit;
}

function elevatorPowered(board: Board, stacks: readonly string[], s: number): boolean {
  const len = stacks[s]!.length;
  for (const t of board.neighbors[s]!) {
    const nt = stacks[t]!;
    const top = Math.min(len, nt.length);
    for (let l = 0; l < top; l++) if (nt.charCodeAt(l) === CH_U) return true;
  }
  return false;
}

/**
 * Why a cube of this colour may not be built on this site now, or null when it may (R7, R8, and
 * with `spacing` the Construction spacing rule R10). `letter` is a colour letter (data.ts).
 */
export function placementError(
  board: Board,
  stacks: readonly string[],
  limit: number,
  letter: string,
  site: number,
  spacing: boolean,
): RuledCode | null {
  const st = stacks[site]!;
  const len = st.length;
  if (len >= MAX_LEVEL) return 'STACK_FULL';
  if (len > 0 && !board.center[site]) return 'SUBURB_NO_TOWER';
  const ch = letter.charCodeAt(0);
  const top = len > 0 ? st.charCodeAt(len - 1) : 0;
  if (ch === CH_E) {
    if (len > 0 && top !== CH_E) return 'BLACK_ONLY_ON_BLACK';
    return null; // black on black ignores the height limit (R7)
  }
  if (top === CH_E) return 'NOTHING_ON_BLACK';
  if (len + 1 > limit) return 'HEIGHT_LIMIT';
  if (spacing && (ch === CH_R || ch === CH_C)) {
    if (top === ch) return ch === CH_R ? 'RESIDENTIAL_SPACING' : 'COMMERCIAL_SPACING';
    for (const t of board.neighbors[site]!) {
      const nt = stacks[t]!;
      if (nt.length > len && nt.charCodeAt(len) === ch) return ch === CH_R ? 'RESIDENTIAL_SPACING' : 'COMMERCIAL_SPACING';
    }
  }
  return null;
}

/** True when the town has at least one legal site for a Construction cube of this colour. */
export function hasSite(board: Board, stacks: readonly string[], limit: number, letter: string): boolean {
  for (let s = 0; s < board.siteCount; s++) if (placementError(board, stacks, limit, letter, s, true) === null) return true;
  return false;
}

/**
 * Why a bought black cube may not go on this site (R21): the town's first black cube goes on an
 * empty site; any later one on top of an all-black Center stack. Null when it may.
 */
export function elevatorPurchaseError(board: Board, stacks: readonly string[], site: number, townHasBlack: boolean): RuledCode | null {
  const st = stacks[site]!;
  if (!townHasBlack) return st.length === 0 ? null : 'FIRST_BLACK_ON_GROUND';
  if (st.length === 0 || st.charCodeAt(st.length - 1) !== CH_E) return 'ELEVATOR_ON_BLACK';
  if (!board.center[site]) return 'SUBURB_NO_TOWER';
  if (st.length >= MAX_LEVEL) return 'STACK_FULL';
  return null;
}

export function countColor(stacks: readonly string[], letter: string): number {
  let n = 0;
  const ch = letter.charCodeAt(0);
  for (const st of stacks) for (let i = 0; i < st.length; i++) if (st.charCodeAt(i) === ch) n++;
  return n;
}

export interface Unit {
  /** 'R' Residential or 'C' Commercial. */
  color: 'R' | 'C';
  cells: number[];
  size: number;
  height: number;
  powered: boolean;
  /** Residential: distinct adjacent Office cubes, City Hall included (R4). */
  offices: number;
  /** Commercial: distinct adjacent Residential units (R13). */
  residentialUnits: number;
  /** Whether the unit qualifies to develop (R13), reserve aside. */
  develops: boolean;
}

export interface ParkingLot {
  sites: number[];
  /** Distinct cubes adjacent to the lot, not part of it (R18). */
  adjacentCubes: number;
}

export interface TownAnalysis {
  limit: number;
  residential: Unit[];
  commercial: Unit[];
  parkingLots: ParkingLot[];
}

// The cells adjacent to one cell (R2), written into these buffers by neighborCells (at most 6).
const nbCell = new Int32Array(6);
const nbCh = new Int32Array(6);

/** Fills nbCell/nbCh with the cells adjacent to cell (site, level) and their colour codes; returns how many. */
function neighborCells(board: Board, stacks: readonly string[], site: number, level: number): number {
  const st = stacks[site]!;
  let k = 0;
  if (level > 1) {
    nbCell[k] = site * 5 + level - 2;
    nbCh[k++] = st.charCodeAt(level - 2);
  }
  if (level < st.length) {
    nbCell[k] = site * 5 + level;
    nbCh[k++] = st.charCodeAt(level);
  }
  const ns = board.neighbors[site]!;
  for (let i = 0; i < ns.length; i++) {
    const t = ns[i]!;
    const nt = stacks[t]!;
    if (nt.length >= level) {
      nbCell[k] = t * 5 + level - 1;
      nbCh[k++] = nt.charCodeAt(level - 1);
    }
  }
  return k;
}

const isLotSite = (stacks: readonly string[], s: number): boolean => stacks[s]!.length === 1 && stacks[s]!.charCodeAt(0) === CH_E;

// Scratch buffers reused by analyzeTown (never re-entered); stamps only grow, so they need no reset.
let scratchUnit = new Int32Array(0);
let scratchStamp = new Int32Array(0);
let scratchLot = new Int32Array(0);
let stampNo = 0;

/** Units (R3) with their size, height, power and development figures, and Parking lots (R5). */
export function analyzeTown(board: Board, stacks: readonly string[]): TownAnalysis {
  const n = board.siteCount * 5;
  if (scratchUnit.length < n) {
    scratchUnit = new Int32Array(n);
    scratchStamp = new Int32Array(n);
    scratchLot = new Int32Array(board.siteCount);
  }
  const unitOf = scratchUnit;
  unitOf.fill(-1, 0, n);
  const stamp = scratchStamp;
  const residential: Unit[] = [];
  const commercial: Unit[] = [];
  const units: Unit[] = [];
  for (let p = 0; p < 2; p++) {
    const pass = p === 0 ? CH_R : CH_C;
    for (let s = 0; s < board.siteCount; s++) {
      const st = stacks[s]!;
      for (let l = 1; l <= st.length; l++) {
        const cell = s * 5 + l - 1;
        if (st.charCodeAt(l - 1) !== pass || unitOf[cell] !== -1) continue;
        const id = units.length;
        const cells = [cell];
        unitOf[cell] = id;
        for (let i = 0; i < cells.length; i++) {
          const c = cells[i]!;
          const k = neighborCells(board, stacks, (c / 5) | 0, (c % 5) + 1);
          for (let j = 0; j < k; j++) {
            const nc = nbCell[j]!;
            if (nbCh[j] === pass && unitOf[nc] === -1) {
              unitOf[nc] = id;
              cells.push(nc);
            }
          }
        }
        let height = 0;
        let powered = false;
        let offices = 0;
        let resUnits = 0;
        stampNo++;
        const seenUnits: number[] = [];
        for (const c of cells) {
          const level = (c % 5) + 1;
          if (level > height) height = level;
          const k = neighborCells(board, stacks, (c / 5) | 0, level);
          for (let j = 0; j < k; j++) {
            const nc = nbCell[j]!;
            const ch = nbCh[j]!;
            if (ch === CH_U) powered = true;
            else if ((ch === CH_O || ch === CH_H) && stamp[nc] !== stampNo) {
              stamp[nc] = stampNo;
              offices++;
            } else if (ch === CH_R && pass === CH_C) {
              const u = unitOf[nc]!;
              if (!seenUnits.includes(u)) {
                seenUnits.push(u);
                resUnits++;
              }
            }
          }
        }
        const size = cells.length;
        const unit: Unit = {
          color: pass === CH_R ? 'R' : 'C',
          cells,
          size,
          height,
          powered,
          offices: pass === CH_R ? offices : 0,
          residentialUnits: pass === CH_C ? resUnits : 0,
          develops: pass === CH_R ? offices >= size + 1 : resUnits >= size + 1,
        };
        units.push(unit);
        (pass === CH_R ? residential : commercial).push(unit);
      }
    }
  }
  // Parking lots: level-1 black cubes alone on their site, grouped orthogonally (R5).
  const parkingLots: ParkingLot[] = [];
  const inLot = scratchLot;
  inLot.fill(-1, 0, board.siteCount);
  for (let s = 0; s < board.siteCount; s++) {
    if (!isLotSite(stacks, s) || inLot[s] !== -1) continue;
    const id = parkingLots.length;
    const sites = [s];
    inLot[s] = id;
    for (let i = 0; i < sites.length; i++) {
      for (const t of board.neighbors[sites[i]!]!) {
        if (isLotSite(stacks, t) && inLot[t] === -1) {
          inLot[t] = id;
          sites.push(t);
        }
      }
    }
    stampNo++;
    let adjacent = 0;
    for (const ls of sites) {
      for (const t of board.neighbors[ls]!) {
        if (stacks[t]!.length > 0 && inLot[t] !== id && stamp[t * 5] !== stampNo) {
          stamp[t * 5] = stampNo;
          adjacent++;
        }
      }
    }
    parkingLots.push({ sites: sites.sort((a, b) => a - b), adjacentCubes: adjacent });
  }
  return { limit: heightLimit(board, stacks), residential, commercial, parkingLots };
}

/** What a powered unit is worth: T(size) + T(height - 1) (R17, R23). */
export const unitValue = (u: Unit): number => (u.powered ? tri(u.size) + tri(u.height - 1) : 0);

export interface IncomeBreakdown {
  commercial: number;
  parking: number;
  cityHall: number;
  total: number;
}

/** Phase IV income (R17-R19). */
export function townIncome(a: TownAnalysis, stacks: readonly string[]): IncomeBreakdown {
  let commercial = 0;
  for (const u of a.commercial) commercial += unitValue(u);
  let parking = 0;
  for (const p of a.parkingLots) parking += p.adjacentCubes;
  const cityHall = countColor(stacks, 'H');
  return { commercial, parking, cityHall, total: commercial + parking + cityHall };
}

export interface ScoreBreakdown {
  cash: number;
  residential: number;
  suburbs: number;
  total: number;
}

/** Final score (R23): cash / 5 rounded down, powered Residential units, -1 per Suburb cube. */
export function townScore(board: Board, a: TownAnalysis, stacks: readonly string[], money: number): ScoreBreakdown {
  const cash = Math.floor(money / 5);
  let residential = 0;
  for (const u of a.residential) residential += unitValue(u);
  let suburbs = 0;
  for (let s = 0; s < board.siteCount; s++) if (!board.center[s]) suburbs += stacks[s]!.length;
  return { cash, residential, suburbs: suburbs === 0 ? 0 : -suburbs, total: cash + residential - suburbs };
}

/** Cubes on each level, index 0 = level 1 (the tie-break of R23 reads it from level 5 down). */
export function cubesPerLevel(stacks: readonly string[]): number[] {
  const out = [0, 0, 0, 0, 0];
  for (const st of stacks) for (let l = 0; l < st.length; l++) out[l]!++;
  return out;
}

/**
 * Every development the town can make now (R13, R14): pairs of colour letter and site, where a new
 * cube of that colour would be adjacent to a cube of a qualifying unit and legal under R7/R8.
 * `canR`/`canC` say whether the reserve still holds a cube of that colour (R16).
 */
export function developmentTargets(
  board: Board,
  stacks: readonly string[],
  canR: boolean,
  canC: boolean,
): { letter: 'R' | 'C'; site: number }[] {
  const out: { letter: 'R' | 'C'; site: number }[] = [];
  if (!canR && !canC) return out;
  if (!hasDevelopmentSeed(stacks, canR, canC)) return out;
  const a = analyzeTown(board, stacks);
  const limit = a.limit;
  const seen = new Uint8Array(board.siteCount * 2);
  for (const [units, letter, k, can] of [
    [a.residential, 'R', 0, canR],
    [a.commercial, 'C', 1, canC],
  ] as const) {
    if (!can) continue;
    for (const u of units) {
      if (!u.develops) continue;
      for (const c of u.cells) {
        const s = (c / 5) | 0;
        const l = (c % 5) + 1;
        if (stacks[s]!.length === l && !seen[s * 2 + k] && devSpotOk(board, stacks, limit, s)) {
          seen[s * 2 + k] = 1;
        }
        for (const t of board.neighbors[s]!) {
          if (stacks[t]!.length === l - 1 && !seen[t * 2 + k] && devSpotOk(board, stacks, limit, t)) seen[t * 2 + k] = 1;
        }
      }
    }
    for (let s = 0; s < board.siteCount; s++) if (seen[s * 2 + k]) out.push({ letter, site: s });
  }
  return out;
}

/** Whether a developed cube may go on top of site t (R14 with R7/R8): ground, or a Center stack not topped by black, within the limit. */
function devSpotOk(board: Board, stacks: readonly string[], limit: number, t: number): boolean {
  const st = stacks[t]!;
  const L = st.length + 1;
  if (L === 1) return true;
  return board.center[t]! && L <= limit && L <= MAX_LEVEL && st.charCodeAt(st.length - 1) !== CH_E;
}

/** Cheap pre-check: a town without two Offices or without Residential cubes cannot develop. */
function hasDevelopmentSeed(stacks: readonly string[], canR: boolean, canC: boolean): boolean {
  let offices = 0,
    res = 0,
    com = 0;
  for (const st of stacks) {
    for (let i = 0; i < st.length; i++) {
      const ch = st.charCodeAt(i);
      if (ch === CH_O || ch === CH_H) offices++;
      else if (ch === CH_R) res++;
      else if (ch === CH_C) com++;
    }
  }
  return (canR && res > 0 && offices >= 2) || (canC && com > 0 && res >= 2);
}
