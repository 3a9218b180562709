import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../engine/schema.js';

/**
 * The shapes of what the store keeps that clients also send or read, as TypeBox schemas: the one
 * declaration of each, its TypeScript type derived (`Static<>`), used by the store's port
 * (types.ts), the request shapes (app/shapes.ts), records (app/record-schema.ts) and the OpenAPI
 * document (http/contract.ts).
 */

/** A game's status: waiting for seats, being played, over, or expired in the lobby. */
export const STATUSES = ['waiting', 'active', 'finished', 'expired'] as const;
export const GameStatus = StringEnum(
  [...STATUSES],
  'waiting: seats open; active: being played; finished: over; expired: left waiting too long (lobby)',
);
export type GameStatus = Static<typeof GameStatus>;

const tcSeconds = (what: string) => Type.Integer({ minimum: 1, maximum: 90 * 24 * 3600, description: `${what} (1 s to 90 days)` });
/** A time control: a bank per seat, running only while that seat must act (src/app/time-control.ts). */
export const TimeControl = Type.Object(
  {
    initialSeconds: tcSeconds("Each seat's bank at the start, at most maxSeconds"),
    incrementSeconds: tcSeconds("Added to the seat's bank after each of its moves, at most maxSeconds"),
    maxSeconds: tcSeconds('The most a bank can hold'),
    pauseOnWeekends: Type.Optional(
      Type.Boolean({
        description:
          "The clocks stop on Saturdays and Sundays in each seat's time zone (its player's settings, else UTC): no bank runs down " +
          'and no deadline falls then (default false; answers show it only when true)',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'A bank per seat: it starts at initialSeconds, runs only while the seat must act, gains ' +
      "incrementSeconds after each of the seat's moves and never exceeds maxSeconds; at zero the " +
      "game's timeoutAction applies. turnDeadlineSeconds d is { d, d, d }.",
  },
);
export type TimeControl = Static<typeof TimeControl>;
