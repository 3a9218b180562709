import { Rng, type GameConfig } from '../../engine/index.js';
import { PLANT_STACKS, ROUND_TILES, START_TILES, TERRAIN_TILES } from './data.js';
import { cell } from './evolve.js';
import { key } from './map.js';
import type { Cell, Options, State } from './types.js';

export const HAND_SIZE = 6;
export const START_MONEY = 20;
export const START_MONEY_STEP = 2;

/**
 * Setup (rulebook "Préparation", C1-C3): the 2x2 city block, each city plant holding one cube
 * per player; the four round stacks shuffled; round 1 turn order drawn at random; $20 for the
 * first in turn order and $2 more for each next one; the round I hands dealt (6 tiles each, from
 * the top of the shuffled stack).
 */
export function setup(config: GameConfig<Options>): State {
  const n = config.players;
  const rng = Rng.fromSeed(config.seed);
  const order = rng.shuffle(Array.from({ length: n }, (_, i) => i));
  const stacks = ROUND_TILES.map((tiles) => rng.shuffle(tiles));
  const money = Array.from({ length: n }, () => 0);
  order.forEach((seat, i) => (money[seat] = START_MONEY + START_MONEY_STEP * i));
  const hands = Array.from({ length: n }, (_, seat) => stacks[0]!.slice(seat * HAND_SIZE, (seat + 1) * HAND_SIZE));
  stacks[0] = stacks[0]!.slice(n * HAND_SIZE);
  const cells: Record<string, Cell> = {};
  for (const t of START_TILES) {
    const tile = t.role === 'power' ? 'cityPower' : t.role === 'water' ? 'cityWater' : 'cityDistrict';
    cells[key(t.x, t.y)] = {
      ...cell(t.x, t.y, 'city', null, tile),
      plant: t.role === 'district' ? null : t.role,
      cubes: t.cubesPerPlayer * n,
      recycle: t.recyclePerPlayer * n,
    };
  }
  return {
    players: n,
    draftPass: config.options.draftPass ?? 'right',
    round: 1,
    phase: 'draft',
    order,
    turn: 0,
    money,
    vp: money.map(() => 0),
    goods: money.map(() => 0),
    bank: 0,
    stacks,
    hands,
    picked: money.map(() => false),
    kept: money.map(() => []),
    discard: [],
    pending: null,
    passed: money.map(() => false),
    plantStacks: { power: [...PLANT_STACKS.power], water: [...PLANT_STACKS.water] },
    terrainLeft: TERRAIN_TILES,
    cells,
    rng: rng.state,
  };
}
