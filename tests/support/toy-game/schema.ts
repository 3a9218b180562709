import {
  Ev,
  eventUnion,
  moveUnion,
  Nullable,
  Obj,
  outcomeSchema,
  SeatSchema,
  StringEnum,
  Type,
  viewHeader,
  type MoveOf,
  type Static,
} from '../../../src/engine/schema.js';

/**
 * Toy Street's shapes as JSON Schema (TypeBox), the one source of its move, view and event types:
 * published in OpenAPI and GraphQL, and checked against the positions the tests reach.
 */

export const LOTS = 6;
export const BUILDINGS = ['house', 'shop'] as const;
export type Building = (typeof BUILDINGS)[number];
const BuildingSchema = StringEnum([...BUILDINGS], 'house: 1 point; shop: 2 points next to a house, else none');
const Lot = Type.Integer({ minimum: 0, maximum: LOTS - 1, description: `A lot of the street, 0 to ${LOTS - 1} from the left` });

/** One schema per move type: the fields besides `type`. */
export const moveSchemas = {
  build: Obj({ lot: Lot, building: BuildingSchema }, 'Build a house or a shop on an empty lot.'),
};
export const MoveSchema = moveUnion(moveSchemas);
export type ToyMove = MoveOf<typeof moveSchemas>;

export const OutcomeSchema = outcomeSchema(
  Obj({
    favourites: Type.Array(BuildingSchema, {
      description: "Each seat's secret favourite, revealed at the end (1 bonus point per building of that kind it built)",
    }),
  }),
);

export const ViewSchema = Obj(
  {
    ...viewHeader(StringEnum(['build', 'over']), OutcomeSchema),
    lots: Type.Array(Nullable(Obj({ seat: SeatSchema, building: BuildingSchema })), {
      description: 'The street, left to right; null where a lot is empty',
    }),
    favourite: Nullable(BuildingSchema),
  },
  "Toy Street as a seat or a spectator sees it: all public but the other seats' favourites",
);
export type ToyView = Static<typeof ViewSchema>;

export const EventSchema = eventUnion([Ev('built', { seat: SeatSchema, lot: Lot, building: BuildingSchema })]);

export const schemas = { view: ViewSchema, event: EventSchema, move: MoveSchema, outcome: OutcomeSchema };
