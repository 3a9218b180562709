import type { FastifyInstance } from 'fastify';
import { AppError } from '../app/errors.js';
import type { Notifications } from '../app/notify/index.js';
import type { NotificationSettingsInput } from '../app/notify/settings.js';
import { MAX_EMAIL_LENGTH, MAX_URL_LENGTH } from '../app/notify/settings.js';
import { NOTICE_KINDS } from '../store/types.js';
import { bearer } from './rest.js';

const problem = { $ref: 'Problem#' };
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, problem]));
const kinds = { type: 'array', maxItems: NOTICE_KINDS.length, items: { type: 'string', enum: [...NOTICE_KINDS] } } as const;
const settings = {
  type: 'object',
  required: ['seat', 'email', 'webhookUrl', 'events'],
  properties: {
    seat: { type: 'integer' },
    email: { type: ['string', 'null'] },
    webhookUrl: { type: ['string', 'null'] },
    events: kinds,
    webhookSecret: { type: 'string', description: 'The Standard Webhooks signing secret (whsec_...): only in the answer that set a new webhookUrl. Shown once.' },
  },
} as const;

/** Play-by-mail routes: a seat's notification settings, unsubscribing, the operator's outbox. */
export function notificationRoutes(get: () => Notifications | undefined) {
  const n = (): Notifications => {
    const x = get();
    if (!x) throw new AppError('UNAVAILABLE', 'notifications are not set up on this server');
    return x;
  };
  return async function routes(app: FastifyInstance) {
    app.put<{ Params: { id: string }; Body: NotificationSettingsInput }>('/games/:id/seats/me/notifications', {
      schema: {
        summary: 'Where the token\'s seat is told of its turn, reminders, timeouts and the end (email, signed webhook)',
        description: 'Fields left out keep their value; null turns a channel off. Setting a new webhookUrl returns its signing secret once. If it is already the seat\'s turn, a "turn" notification goes out at once.',
        tags: ['notifications'],
        params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        security: [{ seatToken: [] }],
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            email: { type: ['string', 'null'], maxLength: MAX_EMAIL_LENGTH },
            webhookUrl: { type: ['string', 'null'], maxLength: MAX_URL_LENGTH },
            events: kinds,
          },
        },
        response: { 200: settings, ...errors(400, 401, 403, 404) },
      },
    }, async (req) => n().putSeatSettings(req.params.id, bearer(req.headers.authorization), req.body));

    app.put<{ Body: NotificationSettingsInput }>('/players/me/notifications', {
      schema: {
        operationId: 'setPlayerNotifications',
        summary: 'Where a player is told of the turns, reminders, timeouts, ends and joins of all their games',
        description: 'With the player token. Used for every seat bound to the player that has no settings of its own (PUT /games/{id}/seats/me/notifications). Fields left out keep their value; null turns a channel off. A new webhookUrl returns its signing secret once. Seats of the player that are to move now are told at once.',
        tags: ['notifications'],
        security: [{ playerToken: [] }],
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            email: { type: ['string', 'null'], maxLength: MAX_EMAIL_LENGTH },
            webhookUrl: { type: ['string', 'null'], maxLength: MAX_URL_LENGTH },
            events: kinds,
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['playerId', 'email', 'webhookUrl', 'events'],
            properties: { playerId: { type: 'string' }, email: { type: ['string', 'null'] }, webhookUrl: { type: ['string', 'null'] }, events: kinds, webhookSecret: { type: 'string', description: 'Shown once, when a new webhookUrl is set' } },
          },
          ...errors(400, 401),
        },
      },
    }, async (req) => n().putPlayerSettings(bearer(req.headers.authorization), req.body));

    const unsubscribe = {
      schema: {
        summary: 'Turn off the mails of the seat whose List-Unsubscribe link this is (one click, RFC 8058)',
        tags: ['notifications'],
        querystring: { type: 'object', additionalProperties: false, required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 100 } } },
        response: { 200: { type: 'object', properties: { unsubscribed: { type: 'boolean' } } }, ...errors(400, 404) },
      },
    };
    const doUnsubscribe = async (req: { query: { token: string } }) => {
      await n().unsubscribe(req.query.token);
      return { unsubscribed: true };
    };
    app.get<{ Querystring: { token: string } }>('/notifications/unsubscribe', unsubscribe, doUnsubscribe);
    app.post<{ Querystring: { token: string } }>('/notifications/unsubscribe', unsubscribe, doUnsubscribe);

    app.get<{ Querystring: { status?: 'pending' | 'delivered' | 'held' | 'dead'; limit?: number; before?: string } }>('/admin/outbox', {
      schema: {
        summary: 'The notification outbox, newest first: delivered, pending, held (no SMTP server configured) and dead (retries exhausted) (operator only)',
        tags: ['admin'],
        security: [{ operatorToken: [] }],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { status: { type: 'string', enum: ['pending', 'delivered', 'held', 'dead'] }, limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 }, before: { type: 'string', maxLength: 200 } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              notifications: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' }, gameId: { type: 'string' }, version: { type: 'integer' }, seat: { type: 'integer' }, kind: { type: 'string' }, channel: { type: 'string' }, target: { type: 'string' },
                    status: { type: 'string' }, attempts: { type: 'integer' }, lastError: { type: ['string', 'null'] }, message: {}, createdAt: { type: 'string' }, deliveredAt: { type: ['string', 'null'] },
                  },
                },
              },
              next: { type: ['string', 'null'] },
            },
          },
          ...errors(400, 401, 403),
        },
      },
    }, async (req) => n().outbox(bearer(req.headers.authorization), req.query));
  };
}
