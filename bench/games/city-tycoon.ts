/**
 * City Tycoon figures beyond the generic games/second bench: supply routing time.
 *
 * Maps: "full game" is a 13 x 13 block (169 squares, about the 168 tiles of the box); "large" is
 * a 60 x 60 block (3,600 squares), far beyond a real game, to show how routing scales. Both are
 * filled at random (seeded) with districts of 5 owners (55%), their forests (15%), water (10%)
 * and 24 power plants / water stations, the city in the middle.
 *
 * Figures (milliseconds, medians over repeated runs):
 * - routeOneDistrictMs: cheapest routes from every plant of one resource to one district, cold
 *   (caches cleared): one search per plant.
 * - supplyPlansMs: the whole supply step for one seat, cold: every option of every district the
 *   seat owns (what legalMoves and the view's cost list need).
 * - supplyPlansWarmMs: the same after a cube was taken (map shape unchanged: searches cached).
 * Plus random complete games per second for 2-5 players (plain random playouts: setup, legalMoves,
 * a random listed move, decide and evolve until the end; 5 warm-up games, then 60 timed).
 *
 * Run: npx tsx bench/games/city-tycoon.ts
 */
import { randomPlayout, Rng } from '../../src/engine/index.js';
import { cityTycoon } from '../../src/games/city-tycoon/index.js';
import { cell } from '../../src/games/city-tycoon/evolve.js';
import { key } from '../../src/games/city-tycoon/map.js';
import { planDistrict, unsuppliedDistricts } from '../../src/games/city-tycoon/rules.js';
import { clearRouteCaches, routesFrom } from '../../src/games/city-tycoon/supply.js';
import { DISTRICT_IDS } from '../../src/games/city-tycoon/data.js';
import type { Cell, State } from '../../src/games/city-tycoon/types.js';

function randomMap(side: number, seed: string): Record<string, Cell> {
  const rng = Rng.fromSeed(seed);
  const cells: Record<string, Cell> = {};
  const half = Math.floor(side / 2);
  let plants = 0;
  for (let y = -half; y < side - half; y++) {
    for (let x = -half; x < side - half; x++) {
      const k = key(x, y);
      if (x >= 0 && x <= 1 && y >= 0 && y <= 1) {
        const role = y === 0 ? (x === 0 ? 'power' : 'water') : null;
        cells[k] = {
          ...cell(x, y, 'city', null, role ? (role === 'power' ? 'cityPower' : 'cityWater') : 'cityDistrict'),
          plant: role,
          cubes: role ? 5 : 0,
        };
        continue;
      }
      const owner = rng.int(5);
      const r = rng.int(100);
      if (r < 10) cells[k] = cell(x, y, 'water', null, null);
      else if (r < 25) cells[k] = cell(x, y, 'forest', owner, null);
      else if (r < 27 && plants < 24) {
        const kind = plants % 2 === 0 ? 'power' : 'water';
        plants++;
        cells[k] = { ...cell(x, y, 'plant', owner, `${kind}1`), plant: kind, side: 'a', cubes: 3 };
      } else cells[k] = cell(x, y, 'district', owner, DISTRICT_IDS[rng.int(DISTRICT_IDS.length)]!);
    }
  }
  return cells;
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return Number(s[Math.floor(s.length / 2)]!.toFixed(3));
}

function time(fn: () => void, runs: number): number {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return median(out);
}

function routing(side: number, runs: number) {
  const cells = randomMap(side, `bench-${side}`);
  const state: State = {
    ...cityTycoon.setup({ players: 5, options: { draftPass: 'right' }, seed: 'bench' }),
    phase: 'supply',
    cells,
    money: [1000, 1000, 1000, 1000, 1000],
    goods: [3, 3, 3, 3, 3],
  };
  const far = Object.values(cells)
    .filter((c) => c.kind === 'district' && c.owner === 0)
    .sort((a, b) => Math.abs(b.x) + Math.abs(b.y) - Math.abs(a.x) - Math.abs(a.y))[0]!;
  const districts = unsuppliedDistricts(state, 0);
  const routeOneDistrictMs = time(() => {
    clearRouteCaches();
    routesFrom(cells, 0, 'power', far);
  }, runs);
  const supplyPlansMs = time(
    () => {
      clearRouteCaches();
      for (const d of districts) planDistrict(state, 0, d);
    },
    Math.max(3, Math.floor(runs / 5)),
  );
  clearRouteCaches();
  for (const d of districts) planDistrict(state, 0, d);
  const src = Object.values(cells).find((c) => c.plant === 'power' && c.kind === 'plant')!;
  const supplyPlansWarmMs = time(
    () => {
      const after = { ...state, cells: { ...cells, [key(src.x, src.y)]: { ...src, cubes: src.cubes - 1 } } };
      for (const d of districts) planDistrict(after, 0, d);
    },
    Math.max(3, Math.floor(runs / 5)),
  );
  return {
    squares: side * side,
    tiles: Object.keys(cells).length,
    seatDistricts: districts.length,
    routeOneDistrictMs,
    supplyPlansMs,
    supplyPlansWarmMs,
  };
}

function gamesPerSecond(players: number, games: number) {
  for (let i = 0; i < 5; i++)
    randomPlayout(cityTycoon, { players, options: { draftPass: 'right' }, seed: `warm-${players}-${i}` }, `warm-c-${i}`);
  const t = performance.now();
  let moves = 0;
  for (let i = 0; i < games; i++)
    moves += randomPlayout(cityTycoon, { players, options: { draftPass: 'right' }, seed: `gps-${players}-${i}` }, `gps-c-${i}`).steps
      .length;
  const s = (performance.now() - t) / 1000;
  return { games, gamesPerSecond: Number((games / s).toFixed(1)), movesPerGame: Math.round(moves / games) };
}

const out = {
  game: 'city-tycoon',
  node: process.version,
  routing: {
    fullGameMap13x13: routing(13, 50),
    largeMap60x60: routing(60, 10),
  },
  randomGames: Object.fromEntries([2, 3, 4, 5].map((n) => [`${n}p`, gamesPerSecond(n, 60)])),
};
console.log(JSON.stringify(out, null, 2));
