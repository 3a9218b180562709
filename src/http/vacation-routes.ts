import type { FastifyInstance } from 'fastify';
import { AppError } from '../app/errors.js';
import type { Notifications } from '../app/notify/index.js';
import { bearer } from './rest.js';
import { operation } from './route-schema.js';

const vacation = {
  type: 'object',
  additionalProperties: false,
  required: ['until', 'daysPerYear', 'daysUsed', 'daysLeft'],
  properties: {
    until: { type: ['string', 'null'], format: 'date-time', description: 'The end of the running vacation; null: none' },
    daysPerYear: { type: 'number', description: 'The yearly allowance (VACATION_DAYS_PER_YEAR)' },
    daysUsed: { type: 'number', description: 'Days taken this calendar year, the running vacation counted to its end' },
    daysLeft: { type: 'number', description: 'Days left of this year\'s allowance' },
  },
} as const;

/** A player's vacation (play by mail): PUT, GET and DELETE /players/me/vacation with the player token. */
export function vacationRoutes(get: () => Notifications | undefined) {
  const vacations = () => {
    const v = get()?.vacations;
    if (!v) throw AppError.of('UNAVAILABLE', 'UNAVAILABLE.vacations');
    return v;
  };
  return async function routes(app: FastifyInstance) {
    app.put<{ Body: { until: string } }>('/players/me/vacation', {
      schema: operation({
        operationId: 'setVacation',
        summary: 'Go on vacation until a date: the deadlines of all your seats pause until then',
        description: 'Within the yearly allowance (VACATION_DAYS_PER_YEAR, default 21 days per calendar year). A new vacation replaces the running one. The other players see the pause and its end in each game\'s deadlines (pausedUntil); each paused clock starts again, whole, when the vacation ends.',
        tags: ['players'],
        access: 'player',
        body: { type: 'object', additionalProperties: false, required: ['until'], properties: { until: { type: 'string', minLength: 10, maxLength: 40, description: 'ISO 8601 date and time, in the future' } } },
        success: { status: 200, description: 'The vacation now, and the days left', schema: vacation },
        errors: [400, 401, 413, 415, 422],
        errorDescriptions: { 422: 'VACATION_TOO_LONG: more days than are left of this year\'s allowance' },
      }),
    }, async (req) => vacations().set(bearer(req.headers.authorization), req.body.until));
    app.get('/players/me/vacation', {
      schema: operation({
        operationId: 'getVacation',
        summary: 'Your running vacation and the days left this year',
        description: 'With the player token: the end of the running vacation (null when none), and the days used and left of this calendar year\'s allowance.',
        tags: ['players'],
        access: 'player',
        success: { status: 200, description: 'The vacation now', schema: vacation },
        errors: [401],
      }),
    }, async (req) => vacations().get(bearer(req.headers.authorization)));
    app.delete('/players/me/vacation', {
      schema: operation({
        operationId: 'endVacation',
        summary: 'Come back now: your deadlines run again',
        description: 'With the player token. The unused days are not counted against the allowance.',
        tags: ['players'],
        access: 'player',
        success: { status: 200, description: 'The vacation now (none)', schema: vacation },
        errors: [401],
      }),
    }, async (req) => vacations().end(bearer(req.headers.authorization)));
  };
}
