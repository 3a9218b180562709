import type { Notifications } from '../app/notify/index.js';
import { VacationBody } from '../app/shapes.js';
import { needed, tokenOf, type Routes } from './route-kit.js';
import { closed, operation } from './route-schema.js';

const vacation = closed(
  {
    until: { type: ['string', 'null'], format: 'date-time', description: 'The end of the running vacation; null: none' },
    daysPerYear: { type: 'number', description: 'The yearly allowance (VACATION_DAYS_PER_YEAR)' },
    daysUsed: { type: 'number', description: 'Days taken this calendar year, the running vacation counted to its end' },
    daysLeft: { type: 'number', description: "Days left of this year's allowance" },
  },
  ['until', 'daysPerYear', 'daysUsed', 'daysLeft'],
);

/** A player's vacation (play by mail): PUT, GET and DELETE /players/me/vacation with the player token. */
export function vacationRoutes(get: () => Notifications | undefined): Routes {
  const vacations = needed(() => get()?.vacations, 'vacations');
  const answer = (description: string) => ({ status: 200, description, schema: vacation });
  return async function routes(app) {
    app.put(
      '/players/me/vacation',
      {
        schema: operation({
          operationId: 'setVacation',
          summary: 'Go on vacation until a date: the deadlines of all your seats pause until then',
          description:
            'Within the yearly allowance (VACATION_DAYS_PER_YEAR, default 21 days per calendar year). ' +
            'A new vacation replaces the running one. The other players see the pause and its end in ' +
            "each game's deadlines (pausedUntil); each paused clock starts again, whole, when the " +
            'vacation ends.',
          tags: ['players'],
          access: 'player',
          body: VacationBody,
          success: answer('The vacation now, and the days left'),
          errors: [400, 401, 413, 415, 422],
          errorDescriptions: { 422: "VACATION_TOO_LONG: more days than are left of this year's allowance" },
        }),
      },
      async (req) => vacations().set(tokenOf(req), req.body.until),
    );
    // Reading and ending the vacation take nothing but the player token.
    const plain = [
      {
        method: 'GET',
        operationId: 'getVacation',
        summary: 'Your running vacation and the days left this year',
        description:
          'With the player token: the end of the running vacation (null when none), and the days ' +
          "used and left of this calendar year's allowance.",
        answer: 'The vacation now',
        run: (token?: string) => vacations().get(token),
      },
      {
        method: 'DELETE',
        operationId: 'endVacation',
        summary: 'Come back now: your deadlines run again',
        description: 'With the player token. The unused days are not counted against the allowance.',
        answer: 'The vacation now (none)',
        run: (token?: string) => vacations().end(token),
      },
    ] as const;
    for (const r of plain) {
      app.route({
        method: r.method,
        url: '/players/me/vacation',
        schema: operation({
          operationId: r.operationId,
          summary: r.summary,
          description: r.description,
          tags: ['players'],
          access: 'player',
          success: answer(r.answer),
          errors: [401],
        }),
        handler: async (req) => r.run(tokenOf(req)),
      });
    }
  };
}
