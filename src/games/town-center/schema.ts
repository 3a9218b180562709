import {
  Ev,
  eventUnion,
  moveUnion,
  Nullable,
  Obj,
  outcomeSchema,
  SeatListSchema,
  SeatSchema,
  StringEnum,
  Type,
  viewHeader,
  type MoveOf,
  type Static,
} from '../../engine/schema.js';
import { BOARDS, COLOR_NAMES } from './data.js';

/** Town Center's shapes as JSON Schema (TypeBox): moves, the view and the public events. The TypeScript types derive from them. */

// Coordinates range over the largest board grid in the data, so a new board needs no change here.
const boards = Object.values(BOARDS);
const maxRow = Math.max(...boards.map((b) => b.rows.length)) - 1;
const maxCol = Math.max(...boards.flatMap((b) => b.rows.map((r) => r.length))) - 1;
const row = Type.Integer({ minimum: 0, maximum: maxRow, description: 'Row of the building site on the board grid, 0 at the top.' });
const col = Type.Integer({ minimum: 0, maximum: maxCol, description: 'Column of the building site on the board grid, 0 at the left.' });
const anyColor = StringEnum(
  ['office', 'residential', 'commercial', 'utility', 'elevator'],
  'Cube colour: office (red), residential (green), commercial (blue), utility (yellow), elevator (black Elevator/Parking).',
);
const tower = Type.Integer({ minimum: 0, maximum: 3, description: 'Tower number, 0-based.' });

/** One schema per move type: the fields besides `type`. */
export const moveSchemas = {
  placeCityHall: Obj({ row, col }, 'Setup: put your City Hall on a building site of your town.'),
  stackCube: Obj({ color: anyColor, tower }, 'Investment (first player): put one drawn cube of this colour on top of a tower.'),
  takeCube: Obj({ tower }, 'Investment: take the top cube of a tower.'),
  returnCube: Obj(
    { color: anyColor },
    'Solo Investment: put one of the 3 drawn cubes back (in the bag, or at the back of the Central Park row).',
  ),
  buildCube: Obj({ color: anyColor, row, col }, 'Construction: build one of your drafted cubes on a site (on top of its stack).'),
  developCube: Obj(
    { color: StringEnum(['residential', 'commercial'], 'Colour of the unit that develops.'), row, col },
    'Development: add a cube from the reserve to a unit that develops, on top of the stack of this site.',
  ),
  buyCube: Obj(
    { color: StringEnum(['utility', 'elevator'], 'utility (yellow) or elevator (black).'), row, col },
    'Public Works: buy one Utilities or Elevator/Parking cube and place it on this site.',
  ),
  pass: Obj({}, 'Public Works: buy nothing this round.'),
};
export const MoveSchema = moveUnion(moveSchemas);
export type TownCenterMove = MoveOf<typeof moveSchemas>;

export const ColorName = StringEnum(
  [...COLOR_NAMES],
  'Cube colour: office (red), residential (green), commercial (blue), utility (yellow), elevator (black), cityHall',
);
const colorCounts = Obj(
  Object.fromEntries(COLOR_NAMES.map((c) => [c, Type.Integer({ minimum: 0 })])) as Record<
    (typeof COLOR_NAMES)[number],
    ReturnType<typeof Type.Integer>
  >,
  'Cubes per colour',
);
export const Phase = StringEnum(
  ['cityHall', 'arrange', 'pick', 'soloReturn', 'construction', 'development', 'publicWorks', 'over'],
  'cityHall (setup), arrange and pick (Investment), soloReturn, construction, development, publicWorks, over',
);
const siteRef = Obj({ row: Type.Integer({ minimum: 0 }), col: Type.Integer({ minimum: 0 }) });
const cubeRef = Obj({
  row: Type.Integer({ minimum: 0 }),
  col: Type.Integer({ minimum: 0 }),
  level: Type.Integer({ minimum: 1, maximum: 5 }),
});
const unitCommon = {
  size: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
  powered: Type.Boolean({ description: 'Whether a Utilities cube powers the unit' }),
  canDevelop: Type.Boolean(),
  value: Type.Integer({ minimum: 0 }),
  cubes: Type.Array(cubeRef),
};
const scoreBreakdown = { cash: Type.Integer(), residential: Type.Integer(), suburbs: Type.Integer(), total: Type.Integer() };
const cubesPerLevel = Type.Array(Type.Integer({ minimum: 0 }), {
  minItems: 5,
  maxItems: 5,
  description: 'Cubes on each level, level 1 first',
});
const town = Obj(
  {
    seat: SeatSchema,
    board: Obj({
      id: Type.String(),
      name: Type.String(),
      standIn: Type.Boolean(),
      rows: Type.Array(Type.String(), { description: "The board's grid, top row first: S a building site, C a central site, '.' no site" }),
    }),
    money: Type.Integer({ minimum: 0 }),
    hand: Type.Array(ColorName, { description: 'Drafted cubes not yet built' }),
    sites: Type.Array(
      Obj({
        row: Type.Integer({ minimum: 0 }),
        col: Type.Integer({ minimum: 0 }),
        center: Type.Boolean(),
        stack: Type.Array(ColorName, { description: 'The stack, bottom first' }),
      }),
    ),
    heightLimit: Type.Integer({ minimum: 0 }),
    residentialUnits: Type.Array(Obj({ ...unitCommon, offices: Type.Integer({ minimum: 0 }) })),
    commercialUnits: Type.Array(Obj({ ...unitCommon, residentialUnits: Type.Integer({ minimum: 0 }) })),
    parkingLots: Type.Array(Obj({ sites: Type.Array(siteRef), income: Type.Integer({ minimum: 0 }) })),
    income: Obj({ commercial: Type.Integer(), parking: Type.Integer(), cityHall: Type.Integer(), total: Type.Integer() }),
    score: Obj(scoreBreakdown),
    cubesPerLevel,
    prices: Obj({ utility: Type.Integer(), elevator: Type.Integer() }),
  },
  'One town: its board, money, cubes and the figures derived from them',
);

/** The outcome's detail: each town's score breakdown, and the solo level in a solo game. */
export const OutcomeDetailSchema = Obj({
  towns: Type.Array(Obj({ ...scoreBreakdown, cubesPerLevel })),
  soloLevel: Type.Optional(Obj({ en: Type.String(), fr: Type.String() })),
});

/** The result once over (the kernel's Outcome, typed). */
export const OutcomeSchema = outcomeSchema(OutcomeDetailSchema);

export const ViewSchema = Obj(
  {
    ...viewHeader(Phase, OutcomeSchema),
    rounds: Type.Integer({ description: 'Rounds in a game' }),
    players: Type.Integer({ minimum: 1 }),
    boxes: Type.Integer({ minimum: 1, maximum: 2 }),
    solo: Nullable(StringEnum(['bag', 'centralPark'])),
    firstPlayer: SeatSchema,
    active: SeatSchema,
    bag: colorCounts,
    bagTotal: Type.Integer({ minimum: 0 }),
    row: Type.Array(ColorName, { description: 'Central Park solo: the row of cubes, front first' }),
    reserve: colorCounts,
    drawn: Type.Array(ColorName),
    towers: Type.Array(Type.Array(ColorName), { description: 'The towers, bottom first' }),
    pickOrder: SeatListSchema,
    picksMade: Type.Integer({ minimum: 0 }),
    developmentMode: Nullable(StringEnum(['simultaneous', 'sequential'])),
    publicWorksDone: Type.Integer({ minimum: 0 }),
    towns: Type.Array(town),
  },
  'A Town Center game as a seat or a spectator sees it (everything is public)',
);
export type TownCenterView = Static<typeof ViewSchema>;

const seat = SeatSchema;
const site = Type.Integer({ minimum: 0, description: "Index of the site in the town's sites" });
export const EventSchema = eventUnion([
  Ev('cityHallPlaced', { seat, site }),
  Ev('roundStarted', { round: Type.Integer(), firstPlayer: seat, cubes: Type.Array(ColorName), officesReturned: Type.Integer() }),
  Ev('cubeStacked', { color: ColorName, tower }),
  Ev('cubeTaken', { seat, tower, color: ColorName }),
  Ev('cubeReturned', { color: ColorName }),
  Ev('cubeForfeited', { seat, color: ColorName, reason: StringEnum(['cannotPay', 'noSite']) }),
  Ev('cubeBuilt', { seat, color: ColorName, site, level: Type.Integer(), cost: Type.Integer() }),
  Ev('developmentStarted', { mode: StringEnum(['simultaneous', 'sequential']), seats: SeatListSchema, active: seat }),
  Ev('cubeDeveloped', { seat, color: ColorName, site, level: Type.Integer() }),
  Ev('developmentEnded', { seat }),
  Ev('developmentTurn', { seat }),
  Ev('incomePaid', { amounts: Type.Array(Type.Integer()) }),
  Ev('cubeBought', { seat, color: ColorName, site, level: Type.Integer(), cost: Type.Integer() }),
  Ev('passed', { seat, forced: Type.Boolean() }),
  Ev('gameEnded', {}),
]);
export type TownCenterEventView = Static<typeof EventSchema>;

export const schemas = { view: ViewSchema, event: EventSchema, move: MoveSchema, outcome: OutcomeSchema };
