import type { LobbyLayer } from '../app/lobby/index.js';
import {
  CreatePlayerBody,
  FillWithBotBody,
  GameIdParams,
  InboxQuery,
  JoinBody,
  LobbyQuery,
  PlayerToken,
  SeatParams,
  SeatToken,
} from '../app/shapes.js';
import { botLevel, ref, seatList, status } from './contract.js';
import { needed, tokenOf, type Routes } from './route-kit.js';
import { answer, closed, operation, pageOfGames } from './route-schema.js';

const seatToken = closed({ seat: { type: 'integer', minimum: 0 }, name: { type: 'string' }, token: SeatToken }, ['seat', 'name', 'token']);

/** REST routes of the lobby and player layer: players, the inbox, join/leave/cancel, resign, the lobby, token reissue. */
export function lobbyRoutes(lobby: LobbyLayer | undefined): Routes {
  const layer = needed(() => lobby, 'lobby');
  return async function routes(app) {
    app.post(
      '/players',
      {
        schema: operation({
          operationId: 'createPlayer',
          summary: 'Create a player identity',
          description:
            "A player identity holds one token for all of a person's seats (games created with { me: " +
            'true }, seats joined with it). The token is shown once: the server keeps only a hash.',
          tags: ['players'],
          access: 'public',
          body: CreatePlayerBody,
          success: answer(
            'The player, with its token (shown once)',
            closed({ id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, token: PlayerToken }, ['id', 'name', 'token']),
            201,
          ),
          errors: [400, 413, 415],
        }),
      },
      async (req, reply) => reply.status(201).send(await layer().players.create(req.body)),
    );

    app.get(
      '/players/me',
      {
        schema: operation({
          operationId: 'getMe',
          summary: 'The player whose token is in Authorization',
          description: 'The player identity the bearer player token belongs to: its id, name and email (when it has one).',
          tags: ['players'],
          access: 'player',
          success: answer(
            'The player this token belongs to',
            closed({ id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, email: { type: 'string' } }, ['id', 'name']),
          ),
          errors: [401],
        }),
      },
      async (req) => layer().players.me(tokenOf(req)),
    );

    app.get(
      '/players/me/games',
      {
        schema: operation({
          operationId: 'listMyGames',
          summary: "The player's games (the inbox)",
          description:
            'The games of the player whose token is in Authorization, newest activity first, a page at ' +
            "a time, each with whether it is the player's turn; filtered by status or by toMove.",
          tags: ['players'],
          access: 'player',
          querystring: InboxQuery,
          success: answer(
            "A page of the player's games",
            pageOfGames(
              closed(
                {
                  id: { type: 'string', format: 'uuid' },
                  type: { type: 'string' },
                  seat: { type: 'integer', minimum: 0 },
                  version: { type: 'integer' },
                  status,
                  toMove: seatList,
                  isMyTurn: { type: 'boolean' },
                  resigned: { type: 'boolean' },
                  lastMoveAt: { type: ['string', 'null'], format: 'date-time' },
                  updatedAt: { type: 'string', format: 'date-time' },
                },
                ['id', 'type', 'seat', 'version', 'status', 'toMove', 'isMyTurn'],
              ),
            ),
          ),
          errors: [400, 401],
        }),
      },
      async (req) => layer().inbox.list(tokenOf(req), req.query),
    );

    app.get(
      '/lobby',
      {
        schema: operation({
          operationId: 'listLobby',
          summary: 'Public games waiting for players',
          description:
            'The public games that still have open seats, newest first, a page at a time, with their ' +
            'seats (open or taken) and options; join one with its invitation code.',
          tags: ['lobby'],
          access: 'public',
          querystring: LobbyQuery,
          success: answer(
            'A page of waiting public games',
            pageOfGames(
              closed(
                {
                  id: { type: 'string', format: 'uuid' },
                  type: { type: 'string' },
                  options: { type: 'object', description: "The game's options" },
                  seats: {
                    type: 'array',
                    items: closed(
                      {
                        seat: { type: 'integer', minimum: 0 },
                        open: { type: 'boolean' },
                        name: { type: 'string' },
                        colour: { type: 'string' },
                      },
                      ['seat', 'open'],
                    ),
                  },
                  seatsTaken: { type: 'integer' },
                  seatsOpen: { type: 'integer' },
                  createdAt: { type: 'string', format: 'date-time' },
                },
                ['id', 'type', 'options', 'seats', 'seatsTaken', 'seatsOpen', 'createdAt'],
              ),
            ),
          ),
          errors: [400],
        }),
      },
      async (req) => layer().lobby.lobby(req.query),
    );

    app.post(
      '/games/:id/join',
      {
        schema: operation({
          operationId: 'joinGame',
          summary: 'Take an open seat of a public game, or with the invitation code',
          description:
            'A public game (listed in the lobby) takes anyone; a private one needs its invitation code ' +
            '(403 otherwise). Takes the requested open seat, or the first open one; with a player ' +
            'token the seat is bound to that player. The join that fills the last open seat starts the ' +
            'game. Two people racing for the last seat: exactly one gets it. A game created with ' +
            'minReliability refuses a player below it: 403 RELIABILITY_TOO_LOW with `reliability` (the ' +
            "player's figure) and `minReliability`; joining it needs a player token (401).",
          tags: ['lobby'],
          access: 'playerOptional',
          params: GameIdParams,
          body: JoinBody,
          success: answer(
            'The seat taken, with its token (shown once)',
            closed(
              { seat: { type: 'integer', minimum: 0 }, name: { type: 'string' }, token: SeatToken, colour: { type: 'string' }, status },
              ['seat', 'name', 'token', 'status'],
            ),
            201,
          ),
          errors: [400, 401, 403, 404, 409, 413, 415],
        }),
      },
      async (req, reply) => reply.status(201).send(await layer().lobby.join(req.params.id, tokenOf(req), req.body)),
    );

    app.post(
      '/games/:id/bot',
      {
        schema: operation({
          operationId: 'fillSeatWithBot',
          summary: 'Put a bot in an open seat of your waiting game',
          description:
            'The creator of a waiting game (the seat made with { me: true }, by its seat or player ' +
            'token) fills the requested open seat, or the first open one, with a bot of the given ' +
            'level (GET /bots). A bot seat has no token and moves by itself; filling the last open ' +
            'seat starts the game.',
          tags: ['lobby'],
          access: 'seat',
          params: GameIdParams,
          body: FillWithBotBody,
          success: answer(
            'The seat the bot took',
            closed({ seat: { type: 'integer', minimum: 0 }, name: { type: 'string' }, bot: botLevel, status }, [
              'seat',
              'name',
              'bot',
              'status',
            ]),
            201,
          ),
          errors: [400, 401, 403, 404, 409, 413, 415],
        }),
      },
      async (req, reply) => reply.status(201).send(await layer().lobby.fillWithBot(req.params.id, tokenOf(req), req.body)),
    );

    app.post(
      '/games/:id/leave',
      {
        schema: operation({
          operationId: 'leaveGame',
          summary: 'Free your seat of a game that has not started',
          description:
            'The seat of the token (a seat token, or a player token bound to a seat of this game) ' +
            'becomes open again; only while the game waits for players.',
          tags: ['lobby'],
          access: 'seat',
          params: GameIdParams,
          success: answer('The seat that was freed', closed({ seat: { type: 'integer', minimum: 0 } }, ['seat'])),
          errors: [401, 403, 404, 409],
        }),
      },
      async (req) => layer().lobby.leave(req.params.id, tokenOf(req)),
    );

    app.post(
      '/games/:id/cancel',
      {
        schema: operation({
          operationId: 'cancelGame',
          summary: 'Cancel (delete) a game that has not started',
          description:
            'Its creator (seat or player token) or the operator deletes a game that still waits for ' +
            'players; a game that has started cannot be cancelled (GAME_STARTED).',
          tags: ['lobby'],
          access: 'seatOrOperator',
          params: GameIdParams,
          success: { status: 204, description: 'The game is cancelled and deleted' },
          errors: [401, 403, 404, 409],
        }),
      },
      async (req, reply) => {
        await layer().lobby.cancel(req.params.id, tokenOf(req));
        return reply.status(204).send();
      },
    );

    app.post(
      '/games/:id/resign',
      {
        schema: operation({
          operationId: 'resignGame',
          summary: 'Resign your seat',
          description:
            'With two seats the other wins at once. With more the game goes on: the server plays a ' +
            'deterministic legal move whenever the resigned seat must act, and the resigned seat ranks ' +
            'last. Seat or player token.',
          tags: ['moves'],
          access: 'seat',
          params: GameIdParams,
          success: answer("The resignation was logged: the new version and the game's state", ref('MoveResult')),
          errors: [400, 401, 403, 404, 409],
        }),
      },
      async (req) => layer().resignation.resign(req.params.id, tokenOf(req)),
    );

    app.post(
      '/games/:id/seats/:seat/token',
      {
        schema: operation({
          operationId: 'reissueSeatToken',
          summary: 'Give a seat a new token (operator only)',
          description:
            'The seat gets a new secret token, shown once; the old one stops working at once. For a person who lost their token.',
          tags: ['admin'],
          access: 'operator',
          params: SeatParams,
          success: answer("The seat's new token (shown once)", seatToken),
          errors: [400, 401, 403, 404],
        }),
      },
      async (req) => layer().lobby.reissue(req.params.id, req.params.seat, tokenOf(req)),
    );
  };
}
