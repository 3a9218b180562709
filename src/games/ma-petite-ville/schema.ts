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
import { SQUARE_COORD_MAX, SQUARE_COORD_MIN, TILE_COORD_MAX, TILE_COORD_MIN } from './board.js';
import { COLOURS } from './data.js';

/** Ma Petite Ville's shapes as JSON Schema (TypeBox): moves, the view and the public events. The TypeScript types derive from them. */

const squareCoord = (axis: string) =>
  Type.Integer({
    description: `${axis} square coordinate of the silhouette's ${axis === 'x' ? 'left' : 'top'} end (the first tile covers squares 0..2)`,
    minimum: SQUARE_COORD_MIN,
    maximum: SQUARE_COORD_MAX,
  });
const tileCoord = (axis: string) =>
  Type.Integer({
    description:
      `${axis} position on the tile grid (the first tile is at 0, 0; ${axis === 'x' ? 'x grows to the right' : 'y grows downwards'}` + `)`,
    minimum: TILE_COORD_MIN,
    maximum: TILE_COORD_MAX,
  });
const quarterTurns = Type.Integer({ minimum: 0, maximum: 3, description: 'clockwise quarter turns from the printed orientation' });
export const Direction = StringEnum(['horizontal', 'vertical'], 'horizontal: rightwards from (x, y); vertical: downwards');

/** One schema per move type: the fields besides `type`. */
export const moveSchemas = {
  drawTile: Obj({}, 'Take the top tile of the draw pile; it is shown to everyone and must then be placed (placeTile).'),
  placeTile: Obj(
    { x: tileCoord('x'), y: tileCoord('y'), quarterTurns },
    'Place the drawn tile edge to edge with the city, turned clockwise by quarterTurns.',
  ),
  placeSilhouette: Obj(
    {
      length: Type.Integer({ minimum: 2, maximum: 4, description: 'number of objects on the silhouette' }),
      x: squareCoord('x'),
      y: squareCoord('y'),
      direction: Direction,
    },
    'Place one of your silhouettes in a straight line on free squares, both ends on your colour.',
  ),
  pass: Obj({}, 'Final round only: give up your last chance to place a silhouette.'),
};
export const MoveSchema = moveUnion(moveSchemas);
export type MpvMove = MoveOf<typeof moveSchemas>;

export const Colour = StringEnum([...COLOURS]);
export const EndReason = StringEnum(
  ['lastSilhouette', 'finalRound'],
  'lastSilhouette: a seat placed its last silhouette; finalRound: the final round after the last tile is over',
);
const Square = Obj(
  { colour: Nullable(Colour), isX: Type.Boolean({ description: 'An X square (no colour)' }), coveredBy: Nullable(SeatSchema) },
  'One square of the city',
);
export const Phase = StringEnum(
  ['turn', 'placeTile', 'finalRound', 'over'],
  'turn: take a tile or place a silhouette; placeTile: place the drawn tile; finalRound: each seat may place one last silhouette; over',
);

export const OutcomeDetailSchema = Obj({
  reason: EndReason,
  objectsLeft: Type.Array(Type.Integer({ minimum: 0 }), { description: 'Objects on the silhouettes each seat still holds' }),
  silhouettesLeft: Type.Array(Type.Integer({ minimum: 0 })),
});

/** The result once over (the kernel's Outcome, typed). */
export const OutcomeSchema = outcomeSchema(OutcomeDetailSchema);

export const ViewSchema = Obj(
  {
    ...viewHeader(Phase, OutcomeSchema),
    version: StringEnum(['easy', 'normal'], 'The rules version (the `version` option)'),
    mustTakeTile: Type.Boolean({
      description: 'On a regular turn, whether the seat to move must take a tile because no silhouette fits (M5)',
    }),
    pileCount: Type.Integer({ minimum: 0, description: 'Tiles left in the draw pile (its order is hidden)' }),
    drawnTile: Nullable(
      Obj({
        tile: Type.String(),
        rotations: Type.Array(Obj({ quarterTurns, rows: Type.Array(Type.Array(Square)) }), {
          description: 'The drawn tile in each of its four orientations, 3 rows of 3 squares',
        }),
      }),
    ),
    city: Obj(
      {
        x: Type.Integer({ description: 'Square x of the top-left corner' }),
        y: Type.Integer({ description: 'Square y of the top-left corner' }),
        width: Type.Integer(),
        height: Type.Integer(),
        rows: Type.Array(Type.Array(Nullable(Square)), { description: 'Row by row from the top; null where no tile lies' }),
      },
      'The city as a rectangle of squares',
    ),
    tiles: Type.Array(Obj({ tile: Type.String(), x: Type.Integer(), y: Type.Integer(), quarterTurns })),
    silhouettes: Type.Array(
      Obj({
        seat: SeatSchema,
        length: Type.Integer({ minimum: 2, maximum: 4 }),
        x: Type.Integer(),
        y: Type.Integer(),
        direction: Direction,
        colour: Colour,
      }),
    ),
    players: Type.Array(
      Obj({
        seat: SeatSchema,
        colour: Colour,
        object: Type.String({ description: "The object drawn on the seat's silhouettes" }),
        silhouettes: Type.Array(Type.Integer({ minimum: 2, maximum: 4 }), { description: 'Lengths of the silhouettes in hand, ascending' }),
        silhouettesLeft: Type.Integer({ minimum: 0 }),
        objectsLeft: Type.Integer({ minimum: 0 }),
        rank: Type.Integer({ minimum: 1 }),
      }),
    ),
    colours: Type.Array(Colour),
    finalRound: Nullable(Obj({ lastTilePlacer: SeatSchema, turnsLeft: Type.Integer({ minimum: 0 }) })),
  },
  "A Ma Petite Ville game as a seat or a spectator sees it (everything is public but the pile's order)",
);
export type MpvView = Static<typeof ViewSchema>;

const seat = SeatSchema;
export const EventSchema = eventUnion([
  Ev('tileDrawn', { seat, tile: Type.String() }),
  Ev('tilePlaced', { seat, tile: Type.String(), x: Type.Integer(), y: Type.Integer(), quarterTurns }),
  Ev('silhouettePlaced', { seat, length: Type.Integer(), x: Type.Integer(), y: Type.Integer(), direction: Direction }),
  Ev('passed', { seat }),
  Ev('finalRoundBegan', { lastTilePlacer: seat }),
  Ev('turnSkipped', { seat, reason: StringEnum(['noPlacement']) }),
  Ev('gameEnded', { reason: EndReason, winners: SeatListSchema }),
]);
export type MpvEventView = Static<typeof EventSchema>;

export const schemas = { view: ViewSchema, event: EventSchema, move: MoveSchema, outcome: OutcomeSchema };
