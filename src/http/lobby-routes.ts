import type { FastifyInstance } from 'fastify';
import { AppError } from '../app/errors.js';
import type { LobbyLayer } from '../app/lobby/index.js';
import type { JoinInput } from '../app/lobby/lobby.js';
import type { GameStatus } from '../store/types.js';
import { botLevel, colourField, ref, seatList, status, STATUSES } from './contract.js';
import { bearer } from './rest.js';
import { operation, pageOfGames } from './route-schema.js';

const idParam = { type: 'object', properties: { id: { type: 'string', description: 'Game id (UUID)' } }, required: ['id'] } as const;
const name = { type: 'string', minLength: 1, maxLength: 64 } as const;
const cursor = { type: 'string', maxLength: 200, description: 'The `next` cursor of the previous page' } as const;
const seatToken = {
  type: 'object',
  additionalProperties: false,
  required: ['seat', 'name', 'token'],
  properties: { seat: { type: 'integer', minimum: 0 }, name: { type: 'string' }, token: { type: 'string', description: 'The seat\'s token, shown once: the server keeps only a hash' } },
} as const;

/** REST routes of the lobby and player layer: players, the inbox, join/leave/cancel, resign, the lobby, token reissue. */
export function lobbyRoutes(lobby: LobbyLayer | undefined) {
  const layer = () => {
    if (!lobby) throw AppError.of('UNAVAILABLE', 'UNAVAILABLE.lobby');
    return lobby;
  };
  return async function routes(app: FastifyInstance) {
    const tokenOf = (req: { headers: { authorization?: string } }) => bearer(req.headers.authorization);

    app.post<{ Body: { name: string; email?: string } }>('/players', {
      schema: operation({
        operationId: 'createPlayer',
        summary: 'Create a player identity',
        description: 'A player identity holds one token for all of a person\'s seats (games created with { me: true }, seats joined with it). The token is shown once: the server keeps only a hash.',
        tags: ['players'],
        access: 'public',
        body: { type: 'object', additionalProperties: false, required: ['name'], properties: { name, email: { type: 'string', format: 'email', maxLength: 254, description: 'Where play-by-mail notifications go by default' } } },
        success: {
          status: 201,
          description: 'The player, with its token (shown once)',
          schema: { type: 'object', additionalProperties: false, required: ['id', 'name', 'token'], properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, token: { type: 'string', description: 'Secret: shown once, the server keeps only a hash' } } },
        },
        errors: [400, 413, 415],
      }),
    }, async (req, reply) => reply.status(201).send(await layer().players.create(req.body)));

    app.get('/players/me', {
      schema: operation({
        operationId: 'getMe',
        summary: 'The player whose token is in Authorization',
        description: 'The player identity the bearer player token belongs to: its id, name and email (when it has one).',
        tags: ['players'],
        access: 'player',
        success: { status: 200, description: 'The player this token belongs to', schema: { type: 'object', additionalProperties: false, required: ['id', 'name'], properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, email: { type: 'string' } } } },
        errors: [401],
      }),
    }, async (req) => layer().players.me(tokenOf(req)));

    app.get<{ Querystring: { status?: GameStatus; toMove?: boolean; limit?: number; before?: string } }>('/players/me/games', {
      schema: operation({
        operationId: 'listMyGames',
        summary: 'The player\'s games (the inbox)',
        description: 'The games of the player whose token is in Authorization, newest activity first, a page at a time, each with whether it is the player\'s turn; filtered by status or by toMove.',
        tags: ['players'],
        access: 'player',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: STATUSES },
            toMove: { type: 'boolean', description: 'true: only the games where it is the player\'s turn' },
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
            before: cursor,
          },
        },
        success: {
          status: 200,
          description: 'A page of the player\'s games',
          schema: pageOfGames({
            type: 'object',
            additionalProperties: false,
            required: ['id', 'type', 'seat', 'version', 'status', 'toMove', 'isMyTurn'],
            properties: {
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
          }),
        },
        errors: [400, 401],
      }),
    }, async (req) => layer().inbox.list(tokenOf(req), req.query));

    app.get<{ Querystring: { type?: string; limit?: number; before?: string } }>('/lobby', {
      schema: operation({
        operationId: 'listLobby',
        summary: 'Public games waiting for players',
        description: 'The public games that still have open seats, newest first, a page at a time, with their seats (open or taken) and options; join one with its invitation code.',
        tags: ['lobby'],
        access: 'public',
        querystring: { type: 'object', additionalProperties: false, properties: { type: { type: 'string', description: 'Only games of this type' }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, before: cursor } },
        success: {
          status: 200,
          description: 'A page of waiting public games',
          schema: pageOfGames({
            type: 'object',
            additionalProperties: false,
            required: ['id', 'type', 'options', 'seats', 'seatsTaken', 'seatsOpen', 'createdAt'],
            properties: {
              id: { type: 'string', format: 'uuid' },
              type: { type: 'string' },
              options: { type: 'object', description: 'The game\'s options' },
              seats: {
                type: 'array',
                items: { type: 'object', additionalProperties: false, required: ['seat', 'open'], properties: { seat: { type: 'integer', minimum: 0 }, open: { type: 'boolean' }, name: { type: 'string' }, colour: { type: 'string' } } },
              },
              seatsTaken: { type: 'integer' },
              seatsOpen: { type: 'integer' },
              createdAt: { type: 'string', format: 'date-time' },
            },
          }),
        },
        errors: [400],
      }),
    }, async (req) => layer().lobby.lobby(req.query));

    app.post<{ Params: { id: string }; Body: JoinInput }>('/games/:id/join', {
      schema: operation({
        operationId: 'joinGame',
        summary: 'Take an open seat of a public game, or with the invitation code',
        description: 'A public game (listed in the lobby) takes anyone; a private one needs its invitation code (403 otherwise). Takes the requested open seat, or the first open one; with a player token the seat is bound to that player. The join that fills the last open seat starts the game. Two people racing for the last seat: exactly one gets it.',
        tags: ['lobby'],
        access: 'playerOptional',
        params: idParam,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            inviteCode: { type: 'string', minLength: 1, maxLength: 128, description: 'The invitation code: needed to join a game that is not public' },
            name: { ...name, description: 'Required without a player token; with one, the player\'s name by default' },
            seat: { type: 'integer', minimum: 0 },
            colour: colourField,
          },
        },
        success: {
          status: 201,
          description: 'The seat taken, with its token (shown once)',
          schema: {
            type: 'object',
            additionalProperties: false,
            required: ['seat', 'name', 'token', 'status'],
            properties: { seat: { type: 'integer', minimum: 0 }, name: { type: 'string' }, token: { type: 'string', description: 'The seat\'s token, shown once' }, colour: { type: 'string' }, status },
          },
        },
        errors: [400, 401, 403, 404, 409, 413, 415],
      }),
    }, async (req, reply) => reply.status(201).send(await layer().lobby.join(req.params.id, tokenOf(req), req.body)));

    app.post<{ Params: { id: string }; Body: { bot: string; seat?: number; name?: string } }>('/games/:id/bot', {
      schema: operation({
        operationId: 'fillSeatWithBot',
        summary: 'Put a bot in an open seat of your waiting game',
        description: 'The creator of a waiting game (the seat made with { me: true }, by its seat or player token) fills the requested open seat, or the first open one, with a bot of the given level (GET /bots). A bot seat has no token and moves by itself; filling the last open seat starts the game.',
        tags: ['lobby'],
        access: 'seat',
        params: idParam,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['bot'],
          properties: {
            bot: botLevel,
            seat: { type: 'integer', minimum: 0 },
            name: { ...name, description: 'The bot seat\'s name (default: "Bot (<level>)")' },
          },
        },
        success: {
          status: 201,
          description: 'The seat the bot took',
          schema: { type: 'object', additionalProperties: false, required: ['seat', 'name', 'bot', 'status'], properties: { seat: { type: 'integer', minimum: 0 }, name: { type: 'string' }, bot: botLevel, status } },
        },
        errors: [400, 401, 403, 404, 409, 413, 415],
      }),
    }, async (req, reply) => reply.status(201).send(await layer().lobby.fillWithBot(req.params.id, tokenOf(req), req.body)));

    app.post<{ Params: { id: string } }>('/games/:id/leave', {
      schema: operation({
        operationId: 'leaveGame',
        summary: 'Free your seat of a game that has not started',
        description: 'The seat of the token (a seat token, or a player token bound to a seat of this game) becomes open again; only while the game waits for players.',
        tags: ['lobby'],
        access: 'seat',
        params: idParam,
        success: { status: 200, description: 'The seat that was freed', schema: { type: 'object', additionalProperties: false, required: ['seat'], properties: { seat: { type: 'integer', minimum: 0 } } } },
        errors: [401, 403, 404, 409],
      }),
    }, async (req) => layer().lobby.leave(req.params.id, tokenOf(req)));

    app.post<{ Params: { id: string } }>('/games/:id/cancel', {
      schema: operation({
        operationId: 'cancelGame',
        summary: 'Cancel (delete) a game that has not started',
        description: 'Its creator (seat or player token) or the operator deletes a game that still waits for players; a game that has started cannot be cancelled (GAME_STARTED).',
        tags: ['lobby'],
        access: 'seatOrOperator',
        params: idParam,
        success: { status: 204, description: 'The game is cancelled and deleted' },
        errors: [401, 403, 404, 409],
      }),
    }, async (req, reply) => {
      await layer().lobby.cancel(req.params.id, tokenOf(req));
      return reply.status(204).send();
    });

    app.post<{ Params: { id: string } }>('/games/:id/resign', {
      schema: operation({
        operationId: 'resignGame',
        summary: 'Resign your seat',
        description: 'With two seats the other wins at once. With more the game goes on: the server plays a deterministic legal move whenever the resigned seat must act, and the resigned seat ranks last. Seat or player token.',
        tags: ['moves'],
        access: 'seat',
        params: idParam,
        success: { status: 200, description: 'The resignation was logged: the new version and the game\'s state', schema: ref('MoveResult') },
        errors: [400, 401, 403, 404, 409],
      }),
    }, async (req) => layer().resignation.resign(req.params.id, tokenOf(req)));

    app.post<{ Params: { id: string; seat: number } }>('/games/:id/seats/:seat/token', {
      schema: operation({
        operationId: 'reissueSeatToken',
        summary: 'Give a seat a new token (operator only)',
        description: 'The seat gets a new secret token, shown once; the old one stops working at once. For a person who lost their token.',
        tags: ['admin'],
        access: 'operator',
        params: { type: 'object', properties: { id: { type: 'string', description: 'Game id (UUID)' }, seat: { type: 'integer', minimum: 0 } }, required: ['id', 'seat'] },
        success: { status: 200, description: 'The seat\'s new token (shown once)', schema: seatToken },
        errors: [400, 401, 403, 404],
      }),
    }, async (req) => layer().lobby.reissue(req.params.id, req.params.seat, tokenOf(req)));
  };
}
