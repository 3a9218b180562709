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
import { DISTRICT_IDS } from './data.js';
import { COORD_LIMIT } from './map.js';

/** City Tycoon's shapes as JSON Schema (TypeBox): moves, the view and the public events. The TypeScript types derive from them. */

const tile = StringEnum(DISTRICT_IDS, 'a district tile id (t<round>_<nn>)');
const coord = (axis: string) =>
  Type.Integer({
    minimum: -COORD_LIMIT,
    maximum: COORD_LIMIT,
    description: `map ${axis} (x grows east, y grows south; the city covers 0..1)`,
  });
const point = Obj({ x: coord('column'), y: coord('row') });
export const Resource = StringEnum(['power', 'water']);
export const PlantSide = StringEnum(['a', 'b']);

/** One schema per move type: the fields besides `type`. */
export const moveSchemas = {
  keepTile: Obj({ tile }, 'Draft: keep one tile of your hand; the rest goes to your neighbour (C3).'),
  buildDistrict: Obj(
    { tile, level: Type.Integer({ minimum: 0, maximum: 2, description: 'index of the cost level paid' }) },
    'Construction: reveal a kept district and pay one of its cost levels (0 unless variable cost); then place it (C4).',
  ),
  buildPlant: Obj(
    { tile, plant: Resource, side: PlantSide },
    'Construction: discard a kept tile to build the top power plant or water station on the chosen side; then place it (C4).',
  ),
  sellTile: Obj({ tile }, 'Construction: reveal and discard a kept tile for $5 (C4).'),
  place: Obj(
    { x: coord('column'), y: coord('row') },
    'Construction: put the revealed district or plant on a free square sharing an edge with a placed tile (C1).',
  ),
  placeTerrain: Obj(
    { x: coord('column'), y: coord('row') },
    'Construction: put one terrain tile of the district just built on a free square next to it (C5).',
  ),
  supply: Obj(
    {
      x: coord('column'),
      y: coord('row'),
      option: Type.Integer({ minimum: 0, maximum: 2, description: 'index of the supply option' }),
      routes: Type.Optional(
        Type.Array(Obj({ path: Type.Array(point, { minItems: 2, maxItems: 400 }) }, 'one cube route'), {
          description: 'optional: one route per electricity and water cube, each from its source plant to the district',
          maxItems: 8,
        }),
      ),
    },
    'Supply one of your districts with one option, all its cubes at once; routes are found by the server unless given (C6-C8).',
  ),
  pass: Obj({}, 'Supply: stop supplying for the rest of this phase (C6).'),
};
export const MoveSchema = moveUnion(moveSchemas);
export type CityTycoonMove = MoveOf<typeof moveSchemas>;

const int = (description?: string) => Type.Integer(description ? { description } : {});
export const DistrictType = StringEnum(['residential', 'commercial', 'downtown', 'industrial', 'special']);
const Terrain = StringEnum(['forest', 'water']);
const benefit = Obj({ money: int(), vp: int(), goods: int() });
/** A district tile's printed face. */
export const DistrictFace = Obj(
  {
    id: tile,
    round: Type.Integer({ minimum: 1, maximum: 4 }),
    name: Type.String(),
    type: DistrictType,
    build: Type.Array(Obj({ cost: int(), bonus: benefit }), {
      description: 'One level: a fixed cost. Several: a variable cost (the builder picks one)',
    }),
    options: Type.Array(Obj({ needs: Obj({ electricity: int(), water: int(), goods: int() }), gives: benefit }), {
      description: 'Supply options',
    }),
    cooperation: Nullable(Obj({ type: DistrictType, money: int(), vp: int() })),
    terrain: Nullable(Obj({ kind: Terrain, count: int() })),
    typeCount: Nullable(Obj({ type: DistrictType, vp: int() })),
  },
  "A district tile's printed face",
);
const plantFace = { cost: int(), cubes: int(), recycle: int() };
export const Plant = Obj({ id: Type.String(), kind: Resource, number: int(), a: Obj(plantFace), b: Obj(plantFace) });
const cell = Obj(
  {
    x: int(),
    y: int(),
    kind: StringEnum(['city', 'district', 'plant', 'forest', 'water']),
    owner: Nullable(SeatSchema),
    tile: Nullable(
      Type.String({ description: 'District id, plant id (power3), cityPower / cityWater / cityDistrict, or null for terrain' }),
    ),
    face: Type.Union([DistrictFace, Obj({ ...plantFace, number: int() }), Type.Null()]),
    resource: Nullable(Resource),
    side: Nullable(PlantSide),
    cubes: int('Cubes waiting on a plant'),
    recycle: int('Cubes a plant adds at each cleanup'),
    supplied: Nullable(Obj({ option: int(), electricity: int(), water: int(), goods: int() })),
  },
  'A placed tile',
);
export const Phase = StringEnum(['draft', 'construction', 'supply', 'over']);

export const OutcomeDetailSchema = Obj({
  vp: Type.Array(int()),
  money: Type.Array(int()),
  moneyPoints: Type.Array(int()),
  goods: Type.Array(int()),
  tieBreak: StringEnum(['money']),
});

/** The result once over (the kernel's Outcome, typed). */
export const OutcomeSchema = outcomeSchema(OutcomeDetailSchema);

export const ViewSchema = Obj(
  {
    ...viewHeader(Phase, OutcomeSchema),
    order: Type.Array(SeatSchema, { description: 'Turn order: seats, first to last' }),
    turn: Nullable(SeatSchema),
    draftPass: StringEnum(['right', 'left']),
    players: Type.Array(
      Obj({
        seat: SeatSchema,
        money: int(),
        vp: int(),
        goods: int(),
        score: int(),
        turnPosition: int(),
        handSize: int(),
        keptCount: int(),
        keptThisPass: Type.Boolean(),
        passed: Type.Boolean(),
      }),
    ),
    map: Type.Array(cell),
    pending: Type.Union(
      [
        Obj({ kind: Type.Literal('district'), tile: Type.String(), level: int(), face: DistrictFace }),
        Obj({ kind: Type.Literal('plant'), tile: Type.String(), plant: Type.String(), side: PlantSide, face: Obj(plantFace) }),
        Obj({ kind: Type.Literal('terrain'), terrain: Terrain, remaining: int(), x: int(), y: int() }),
        Type.Null(),
      ],
      { description: 'The revealed tile waiting for its place during construction' },
    ),
    placeable: Type.Array(Obj({ x: int(), y: int() })),
    plantStacks: Obj({ power: Type.Array(Plant), water: Type.Array(Plant) }),
    stackSizes: Type.Array(int()),
    terrainLeft: int(),
    discard: Type.Array(Type.String()),
    bank: int(),
    supplyCosts: Type.Array(
      Obj({
        x: int(),
        y: int(),
        option: int(),
        cost: Nullable(int()),
        cooperation: Obj({ money: int(), vp: int() }),
        deliverable: Type.Boolean(),
        problem: Nullable(Type.String()),
        routes: Type.Array(Obj({ resource: Resource, path: Type.Array(Obj({ x: int(), y: int() })), cost: int() }), {
          description:
            "The server's cheapest route of each electricity and water cube, from its plant to the " +
            'district ([] when they cannot be brought)',
        }),
      }),
    ),
    hand: Type.Optional(Type.Array(DistrictFace, { description: "The viewer's draft hand (a seat's own view only)" })),
    kept: Type.Optional(Type.Array(DistrictFace, { description: "The viewer's kept tiles (a seat's own view only)" })),
  },
  'A City Tycoon game as a seat or a spectator sees it',
);
export type CityTycoonView = Static<typeof ViewSchema>;

const seat = SeatSchema;
export const Transfer = Obj({
  from: Type.Union([SeatSchema, Type.Literal('bank')]),
  to: Type.Union([SeatSchema, Type.Literal('bank')]),
  amount: int(),
});
const transfers = Type.Array(Transfer);
const handView = {
  handSizes: Type.Array(int()),
  hand: Nullable(Type.Array(Type.String(), { description: "The viewer's own new hand; null for others" })),
};
export const EventSchema = eventUnion([
  Ev('roundStarted', { round: int(), order: SeatListSchema, ...handView }),
  Ev('tileKept', { seat, tile: Type.Optional(Type.String({ description: 'Only for the seat that kept it' })) }),
  Ev('handsPassed', handView),
  Ev('constructionStarted', { turn: int() }),
  Ev('districtRevealed', { seat, tile: Type.String(), level: int() }),
  Ev('districtBuilt', { seat, tile: Type.String(), level: int(), x: int(), y: int(), transfers, vp: int(), goods: int() }),
  Ev('terrainPlaced', { seat, terrain: Terrain, x: int(), y: int() }),
  Ev('terrainSkipped', { seat, terrain: Terrain, count: int() }),
  Ev('plantRevealed', { seat, tile: Type.String(), plant: Type.String(), side: PlantSide }),
  Ev('plantBuilt', { seat, plant: Type.String(), side: PlantSide, x: int(), y: int(), transfers }),
  Ev('tileSold', { seat, tile: Type.String(), transfers }),
  Ev('turnChanged', { turn: int() }),
  Ev('supplyStarted', { turn: int() }),
  Ev('districtSupplied', {
    seat,
    x: int(),
    y: int(),
    option: int(),
    deliveries: Type.Array(Obj({ resource: Resource, path: Type.Array(Obj({ x: int(), y: int() })), cost: int() })),
    goodsUsed: int(),
    transfers,
    vp: int(),
    goods: int(),
  }),
  Ev('supplyPassed', { seat, forced: Type.Boolean() }),
  Ev('cleanedUp', { recycled: Type.Array(Obj({ x: int(), y: int(), cubes: int() })) }),
  Ev('gameEnded', {}),
]);
export type CityTycoonEventView = Static<typeof EventSchema>;

export const schemas = { view: ViewSchema, event: EventSchema, move: MoveSchema, outcome: OutcomeSchema };
