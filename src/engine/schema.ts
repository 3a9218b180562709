import type { Json } from './types.js';
import {
  Type,
  type Static,
  type TLiteral,
  type TObject,
  type TProperties,
  type TSchema,
  type TUnion,
  type TUnsafe,
} from '@sinclair/typebox';

/**
 * The building blocks of the games' JSON Schemas (TypeBox: each schema is plain JSON Schema, and
 * `Static<typeof S>` is its TypeScript type, so the schema is the one source of truth). Each game's
 * `schema.ts` describes its moves, its view and its public events with these; the engine's code is
 * typed by them, the property tests validate every view, event and legal move against them, and the
 * HTTP layer publishes them in OpenAPI and GraphQL.
 */

/** A 0-based seat index. */
export const SeatSchema = Type.Integer({ minimum: 0, description: '0-based seat index' });
export const SeatListSchema = Type.Array(SeatSchema);

/** A closed object: every listed field is required unless wrapped in Type.Optional, and no other field is allowed. */
export const Obj = <P extends TProperties>(properties: P, description?: string): TObject<P> =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });

/** A union of string literals, as one `enum` (what generators turn into a string-literal union). */
export function StringEnum<T extends readonly string[]>(
  values: [...T],
  description?: string,
): TUnsafe<T[number]> & { type: 'string'; enum: T[number][] } {
  const schema = { type: 'string' as const, enum: values, ...(description ? { description } : {}) };
  return Object.assign(Type.Unsafe<T[number]>(schema), schema);
}

/** A value or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const outcomeFields = {
  scores: Type.Array(Type.Number(), { description: 'Final score of each seat, in seat order' }),
  ranks: Type.Array(Type.Integer({ minimum: 1 }), { description: 'Rank of each seat (1 is best; tied seats share a rank)' }),
  winners: Type.Array(SeatSchema, { description: 'The seats ranked 1' }),
};
/**
 * The result of a finished game, the kernel's `Outcome` (types.ts derives it from this schema):
 * seats are 0-based, rank 1 is best, tied seats share a rank; `detail` is the game's own public
 * breakdown (score components, tie-break values). Records and answers carry it as it is.
 */
export const Outcome = Type.Object(
  {
    ...outcomeFields,
    detail: Type.Optional(Type.Unsafe<Json>({ description: "Game-specific JSON; see the game's docs/rules document" })),
  },
  { description: 'The result of a finished game' },
);
export type Outcome = Static<typeof Outcome>;
/** The kernel's Outcome with the game's own typed `detail`, closed (each game's schema.ts). */
export const outcomeSchema = <D extends TSchema>(detail: D) => Obj({ ...outcomeFields, detail }, 'The result of a finished game');

/**
 * The fields every game's view starts with (docs/api.md, "View conventions"): the phase, the
 * round, whose turn it is, the scores so far and the result (null until the game is over).
 */
export const viewHeader = <P extends TSchema, R extends TSchema>(phase: P, result: R) => ({
  phase,
  round: Type.Integer({ minimum: 0, description: 'The current round (0 before the first one where the game has a setup round)' }),
  toMove: Type.Array(SeatSchema, { description: 'The seats that must act now (several in simultaneous phases; empty once over)' }),
  scores: Type.Array(Type.Number(), { description: "Each seat's score so far, in seat order, as the game would count it if it ended now" }),
  result: Nullable(result),
});

/** One move type: `{ type: <name>, ...fields }`. */
export type MoveShape<K extends string, T extends TObject> = TObject<{ type: TLiteral<K> } & T['properties']>;

/**
 * The union of a game's moves from its move schemas (the fields besides `type`, one schema per
 * move type): each member is `{ type: const, ...fields }`, closed.
 */
export function moveUnion<M extends Record<string, TObject>>(
  moves: M,
): TUnion<{ [K in keyof M & string]: MoveShape<K, M[K]> }[keyof M & string][]> {
  return Type.Union(
    Object.entries(moves).map(([type, s]) =>
      Type.Object(
        { type: Type.Literal(type), ...s.properties },
        { additionalProperties: false, ...(s.description ? { description: s.description } : {}) },
      ),
    ),
  ) as never;
}

/** The move type of a game, from its move schemas. */
export type MoveOf<M extends Record<string, TObject>> = { [K in keyof M & string]: { type: K } & Static<M[K]> }[keyof M & string];

/** A union of event shapes, each `{ type: const, ...fields }`, closed. */
export const eventUnion = <T extends TSchema[]>(events: [...T]) => Type.Union(events);
export const Ev = <K extends string, P extends TProperties>(type: K, properties: P, description?: string) =>
  Obj({ type: Type.Literal(type), ...properties } as { type: TLiteral<K> } & P, description);

/** What a game publishes about its shapes, all as JSON Schema. */
export interface GameSchemas {
  /** What `view` returns, for a seat or a spectator. */
  view: TSchema;
  /** What `eventView` returns (a union discriminated by `type`). */
  event: TSchema;
  /** Every move (a union discriminated by `type`). */
  move: TSchema;
  /** What `outcome` returns once over (the view's `result`): the kernel's Outcome with a typed `detail`. */
  outcome: TSchema;
}

export type { Static, TSchema } from '@sinclair/typebox';
export { Type } from '@sinclair/typebox';
