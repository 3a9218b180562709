import type { GameService } from '../app/game-service.js';
import type { LobbyLayer } from '../app/lobby/index.js';
import { CreateGameBody, GameIdParams, ListGamesQuery } from '../app/shapes.js';
import { botLevel, players, ref, seatList, status } from './contract.js';
import { withClocks, type ClocksOf, type DeadlinesOf } from './clocks.js';
import { needed, tokenOf, type Routes } from './route-kit.js';
import { answer, closed, operation, pageOfGames } from './route-schema.js';

/** The answer of a creation or an import: the game, with its seat tokens shown this once. */
export const createdGame = closed(
  {
    id: { type: 'string', format: 'uuid' },
    type: { type: 'string', description: 'The game type' },
    engineVersion: { type: 'integer' },
    version: { type: 'integer' },
    status,
    toMove: seatList,
    seedChosen: { type: 'boolean', description: 'True when a client chose the seed: whoever chose it can foresee every hidden draw' },
    rated: { type: 'boolean', description: "A rated game: its result updates the players' ratings" },
    seats: {
      type: 'array',
      description:
        'One secret token per seated seat. Shown only once: the server keeps only a hash. An open ' +
        'seat has open: true and no token; a bot seat has bot (its level) and no token.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['seat'],
        properties: {
          seat: { type: 'integer' },
          name: { type: 'string' },
          token: { type: 'string' },
          open: { type: 'boolean', const: true },
          colour: { type: 'string' },
          bot: botLevel,
        },
      },
    },
    invite: {
      type: 'object',
      additionalProperties: false,
      required: ['code'],
      description: 'With open seats: the invitation code others join with (shown once)',
      properties: { code: { type: 'string' } },
    },
  },
  ['id', 'type', 'engineVersion', 'version', 'status', 'toMove', 'seedChosen', 'seats'],
);

/** The games themselves: what the server hosts, creating, reading, listing and deleting a game. */
export function gameRoutes(service: GameService, lobby: LobbyLayer | undefined, deadlines: DeadlinesOf, clocks: ClocksOf): Routes {
  const layer = needed(() => lobby, 'lobby');
  return async function routes(app) {
    app.get(
      '/game-types',
      {
        schema: operation({
          operationId: 'listGameTypes',
          summary: 'The games this server hosts',
          description:
            'Each game type with its player counts, engine version, and the JSON Schemas of its ' +
            "options and of each move type's fields. The same shapes are in this document's components " +
            '(<Game>Options, <Game>Move).',
          tags: ['games'],
          access: 'public',
          success: answer('The hosted game types', {
            type: 'array',
            items: closed(
              {
                id: { type: 'string' },
                name: { type: 'string' },
                minPlayers: { type: 'integer' },
                maxPlayers: { type: 'integer' },
                engineVersion: { type: 'integer' },
                options: { type: 'object', additionalProperties: true, description: 'JSON Schema of the options object' },
                moves: {
                  type: 'object',
                  additionalProperties: { type: 'object', additionalProperties: true },
                  description: "JSON Schema of each move type's fields, by type",
                },
              },
              ['id', 'name', 'minPlayers', 'maxPlayers', 'engineVersion', 'options', 'moves'],
            ),
          }),
          errors: [],
        }),
      },
      async () => service.gameTypes(),
    );

    app.get(
      '/bots',
      {
        schema: operation({
          operationId: 'listBots',
          summary: 'The bot levels',
          description:
            'The levels a bot seat (players: [{ "bot": level }]) and a stand-in (standInBot) may have: ' +
            'what each does, its think time per move and its search iterations at most. Bots think in ' +
            'worker threads, and see only what their seat sees.',
          tags: ['games'],
          access: 'public',
          success: answer('The bot levels, weakest first', {
            type: 'array',
            items: closed(
              {
                level: botLevel,
                description: { type: 'string' },
                thinkMs: {
                  type: 'integer',
                  minimum: 0,
                  description:
                    'Think time per move at most, in milliseconds (0: answers at once); a search stops sooner ' +
                    'once more thinking could not change its move',
                },
                iterations: { type: 'integer', minimum: 0, description: 'Search iterations at most per move (0: no search)' },
              },
              ['level', 'description', 'thinkMs', 'iterations'],
            ),
          }),
          errors: [],
        }),
      },
      async () => service.botLevels(),
    );

    app.post(
      '/games',
      {
        schema: operation({
          operationId: 'createGame',
          summary: 'Create a game',
          description:
            'Starts a game of the given type and returns one secret bearer token per seated seat, ' +
            'once, and an invitation code when seats are open. Each entry of players is { name, ' +
            'colour? } (seated now), { open: true } (an open seat: the game waits until someone joins ' +
            'it), { me: true, colour? } (seated now and bound to the player whose token is in ' +
            'Authorization) or { bot, name? } (a bot of that level, GET /bots: no token, it moves by ' +
            'itself). standInBot (default greedy) plays resigned seats and timed-out seats ' +
            "(timeoutAction auto-move). Options are checked against the game's option schema (unknown " +
            'options are refused); missing ones take their defaults.',
          tags: ['games'],
          access: 'playerOptional',
          body: CreateGameBody,
          documentedBody: ref('NewGame'),
          success: answer('The game was created; the seat tokens (and the invitation code) are shown only now', createdGame, 201),
          errors: [400, 401, 403, 409, 413, 415],
        }),
      },
      async (req, reply) => reply.status(201).send(await layer().lobby.createGame(req.body, tokenOf(req))),
    );

    app.get(
      '/games/:id',
      {
        schema: operation({
          operationId: 'getGame',
          summary: "A game as the token's seat sees it",
          description:
            "The game's header, players and the view of the token's seat; without a token, the " +
            "spectator's view (public information only). The view's shape depends on the game type " +
            '(<Game>View).',
          tags: ['games'],
          access: 'seatOrSpectator',
          params: GameIdParams,
          success: answer('The game, as this caller may see it', ref('Game')),
          errors: [401, 404, 409],
        }),
      },
      async (req) => withClocks(await service.getGame(req.params.id, tokenOf(req)), deadlines, clocks),
    );

    app.get(
      '/games',
      {
        schema: operation({
          operationId: 'listGames',
          summary: 'List games (operator only)',
          description:
            'Games, most recently updated first, filtered by status and type, a page at a time ' +
            '(`before` takes the `next` cursor of the previous page).',
          tags: ['admin'],
          access: 'operator',
          querystring: ListGamesQuery,
          success: answer(
            'A page of games',
            pageOfGames(
              closed(
                {
                  id: { type: 'string' },
                  type: { type: 'string' },
                  version: { type: 'integer' },
                  status,
                  toMove: seatList,
                  players,
                  createdAt: { type: 'string', format: 'date-time' },
                  updatedAt: { type: 'string', format: 'date-time' },
                },
                ['id', 'type', 'version', 'status', 'toMove', 'players', 'createdAt', 'updatedAt'],
              ),
            ),
          ),
          errors: [400, 401, 403],
        }),
      },
      async (req) => service.listGames(tokenOf(req), req.query),
    );

    app.delete(
      '/games/:id',
      {
        schema: operation({
          operationId: 'deleteGame',
          summary: 'Delete a game (operator only)',
          description: 'Deletes the game and its whole log. It cannot be undone.',
          tags: ['admin'],
          access: 'operator',
          params: GameIdParams,
          success: { status: 204, description: 'The game is deleted' },
          errors: [401, 403, 404, 415],
        }),
      },
      async (req, reply) => {
        await service.deleteGame(tokenOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
  };
}
