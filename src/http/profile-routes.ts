import type { LobbyLayer } from '../app/lobby/index.js';
import { PlayerIdParams } from '../app/shapes.js';
import { needed, type Routes } from './route-kit.js';
import { answer, closed, operation } from './route-schema.js';

const count = (description: string) => ({ type: 'integer', minimum: 0, description });

/** The public profile of a player (GET /players/{id}): the name and their record of games. */
export function profileRoutes(lobby: LobbyLayer | undefined): Routes {
  const players = needed(() => lobby?.players, 'players');
  return async function routes(app) {
    app.get(
      '/players/:id',
      {
        schema: operation({
          operationId: 'getPlayerProfile',
          summary: "A player's profile: games finished, abandoned and timed out, and reliability",
          description:
            "Public: the player's name and record across games (no email). finished: games that ended " +
            'with the player still in them; abandoned: games the player resigned; timedOut: games in ' +
            'which a seat of theirs missed a deadline at least once; playing: games running now; ' +
            'expired: games that waited for players longer than LOBBY_EXPIRY_DAYS.',
          tags: ['players'],
          access: 'public',
          params: PlayerIdParams,
          success: answer(
            "The player's profile",
            closed({
              id: { type: 'string', format: 'uuid' },
              name: { type: 'string' },
              games: closed({
                finished: count('Games that ended with the player still in them'),
                abandoned: count('Games the player resigned'),
                timedOut: count('Games in which a seat of the player missed a deadline at least once'),
                playing: count('Games running now with the player in them'),
                expired: count('Games that expired waiting for players'),
              }),
              reliability: closed({
                finished: count('Games active within the window that ended with the player in them, no deadline missed'),
                abandoned: count('Games active within the window the player resigned (no deadline missed)'),
                timedOut: count('Games active within the window in which a seat of the player missed a deadline'),
                days: { type: 'integer', description: 'The window: games whose last change is within this many days (90)' },
                figure: {
                  type: ['number', 'null'],
                  minimum: 0,
                  maximum: 1,
                  description:
                    'finished / (finished + abandoned + timedOut); null before any game counts. Games and ' +
                    'tournaments created with minReliability refuse a player below it (403 RELIABILITY_TOO_LOW)',
                },
              }),
            }),
          ),
          errors: [404],
        }),
      },
      async (req) => players().profile(req.params.id),
    );
  };
}
