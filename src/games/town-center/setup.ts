import { Rng, type GameConfig } from '../../engine/index.js';
import { boardOf } from './board.js';
import { BAG_PER_PLAYER, BOX, CENTRAL_PARK_ROW, COLOR_LETTERS, STARTING_MONEY } from './data.js';
import type { TownCenterOptions, TownCenterState } from './types.js';

/**
 * The initial state: the bag (20 cubes per player), the reserve (everything else, the City Halls
 * included until they are placed), $3 per town, seat 0 as first player (ruling TC1), and the City
 * Hall placement phase in seat order. With 5-8 players every component count is doubled.
 * Central Park solo: the 20 bag cubes are laid out in a random row with no Office in the first 3
 * places (R25), so the bag stays empty.
 */
export function setup(config: GameConfig<TownCenterOptions>): TownCenterState {
  const n = config.players;
  const boxes = n >= 5 ? 2 : 1;
  const solo = n === 1 ? config.options.soloVariant : null;
  const sideOf = (seat: number): string =>
    solo === 'centralPark' ? 'centralPark' : (config.options.seatSides ?? '').charAt(seat) || config.options.boardSide;
  const rng = Rng.fromSeed(config.seed);
  const bag = BAG_PER_PLAYER.map((k) => k * n);
  const reserve = BOX.map((k, i) => k * boxes - bag[i]!);
  let row = '';
  if (solo === 'centralPark') {
    const cubes: string[] = [];
    bag.forEach((k, i) => {
      for (let j = 0; j < k; j++) cubes.push(COLOR_LETTERS[i]!);
    });
    if (cubes.length !== CENTRAL_PARK_ROW) throw new Error('the Central Park row needs 20 cubes');
    let laid = rng.shuffle(cubes);
    while (laid.slice(0, 3).includes('O')) laid = rng.shuffle(cubes);
    row = laid.join('');
    bag.fill(0);
  }
  return {
    players: n,
    boxes,
    solo,
    round: 0,
    phase: 'cityHall',
    firstPlayer: 0,
    active: 0,
    bag,
    row,
    reserve,
    drawn: '',
    towers: [],
    picks: 0,
    hands: new Array<string>(n).fill(''),
    devMode: 'simultaneous',
    devSeats: [],
    worksDone: 0,
    towns: Array.from({ length: n }, (_, seat) => ({
      board: sideOf(seat),
      stacks: new Array<string>(boardOf(sideOf(seat)).siteCount).fill(''),
      money: STARTING_MONEY,
    })),
    rng: rng.state,
  };
}
