import type { FastifyInstance } from 'fastify';
import { AppError } from '../app/errors.js';
import type { Notifications } from '../app/notify/index.js';
import { bearer } from './rest.js';

const problem = { $ref: 'Problem#' };
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, { description: 'A problem document (application/problem+json) with a stable code', ...problem }]));
const vacation = {
  type: 'object',
  required: ['until', 'daysPerYear', 'daysUsed', 'daysLeft'],
  properties: {
    until: { type: ['string', 'null'], format: 'date-time', description: 'The end of the running vacation; null: none' },
    daysPerYear: { type: 'number', description: 'The yearly allowance (VACATION_DAYS_PER_YEAR)' },
    daysUsed: { type: 'number', description: 'Days taken this calendar year, the running vacation counted to its end' },
    daysLeft: { type: 'number' },
  },
} as const;

/** A player's vacation (play by mail): PUT, GET and DELETE /players/me/vacation with the player token. */
export function vacationRoutes(get: () => Notifications | undefined) {
  const vacations = () => {
    const v = get()?.vacations;
    if (!v) throw new AppError('UNAVAILABLE', 'vacations are not set up on this server');
    return v;
  };
  return async function routes(app: FastifyInstance) {
    const common = { tags: ['players'], security: [{ playerToken: [] }] };
    app.put<{ Body: { until: string } }>('/players/me/vacation', {
      schema: {
        ...common,
        operationId: 'setVacation',
        summary: 'Go on vacation until a date: the deadlines of all your seats pause until then',
        description: 'Within the yearly allowance (VACATION_DAYS_PER_YEAR, default 21 days per calendar year). A new vacation replaces the running one. The other players see the pause and its end in each game\'s deadlines (pausedUntil).',
        body: { type: 'object', additionalProperties: false, required: ['until'], properties: { until: { type: 'string', minLength: 10, maxLength: 40, description: 'ISO 8601 date and time' } } },
        response: { 200: { description: 'The vacation now, and the days left', ...vacation }, ...errors(400, 401, 422) },
      },
    }, async (req) => vacations().set(bearer(req.headers.authorization), req.body.until));
    app.get('/players/me/vacation', {
      schema: { ...common, operationId: 'getVacation', summary: 'Your running vacation and the days left this year', response: { 200: { description: 'The vacation now', ...vacation }, ...errors(401) } },
    }, async (req) => vacations().get(bearer(req.headers.authorization)));
    app.delete('/players/me/vacation', {
      schema: { ...common, operationId: 'endVacation', summary: 'Come back now: your deadlines run again, the unused days are not counted', response: { 200: { description: 'The vacation now (none)', ...vacation }, ...errors(401) } },
    }, async (req) => vacations().end(bearer(req.headers.authorization)));
  };
}
