import type { Notifications } from '../app/notify/index.js';
import {
  GameIdParams,
  MailLanguageShape as language,
  NoticeKinds as kinds,
  NotificationSettingsBody,
  OutboxQuery,
  UnsubscribeQuery,
} from '../app/shapes.js';
import { needed, tokenOf, type Routes } from './route-kit.js';
import { answer, closed, operation } from './route-schema.js';

const settings = closed(
  {
    seat: { type: 'integer' },
    email: { type: ['string', 'null'] },
    webhookUrl: { type: ['string', 'null'] },
    events: kinds,
    language,
    webhookSecret: {
      type: 'string',
      description: 'The Standard Webhooks signing secret (whsec_...): only in the answer that set a new webhookUrl. Shown once.',
    },
  },
  ['seat', 'email', 'webhookUrl', 'events', 'language'],
);

/** Play-by-mail routes: a seat's notification settings, unsubscribing, the operator's outbox. */
export function notificationRoutes(get: () => Notifications | undefined): Routes {
  const n = needed(get, 'notifications');
  return async function routes(app) {
    app.put(
      '/games/:id/seats/me/notifications',
      {
        schema: operation({
          operationId: 'putSeatNotifications',
          summary: "Where the token's seat is told of its turn, reminders, timeouts and the end (email, signed webhook)",
          description:
            'Fields left out keep their value; null turns a channel off. Setting a new webhookUrl ' +
            'returns its signing secret once. If it is already the seat\'s turn, a "turn" notification ' +
            'goes out at once.',
          tags: ['notifications'],
          access: 'seat',
          params: GameIdParams,
          body: NotificationSettingsBody,
          success: answer("The seat's notification settings now", settings),
          errors: [400, 401, 403, 404, 413, 415],
        }),
      },
      async (req) => n().putSeatSettings(req.params.id, tokenOf(req), req.body),
    );

    app.get(
      '/games/:id/seats/me/notifications',
      {
        schema: operation({
          operationId: 'getSeatNotifications',
          summary: "Where the token's seat is told now (its own settings, else its player's)",
          description:
            "`from` says whose settings apply: the seat's own (putSeatNotifications), those of the " +
            'player the seat is bound to (putPlayerNotifications), or none (nothing is sent). The ' +
            'webhook signing secret is never shown again.',
          tags: ['notifications'],
          access: 'seat',
          params: GameIdParams,
          success: answer(
            'The settings that apply to the seat',
            closed(
              {
                seat: { type: 'integer' },
                from: { type: 'string', enum: ['seat', 'player', 'none'] },
                email: { type: ['string', 'null'] },
                webhookUrl: { type: ['string', 'null'] },
                events: kinds,
                language,
              },
              ['seat', 'from', 'email', 'webhookUrl', 'events', 'language'],
            ),
          ),
          errors: [400, 401, 403, 404],
        }),
      },
      async (req) => n().getSeatSettings(req.params.id, tokenOf(req)),
    );

    app.get(
      '/players/me/notifications',
      {
        schema: operation({
          operationId: 'getPlayerNotifications',
          summary: 'Where a player is told of their games (the settings of putPlayerNotifications)',
          description:
            'With the player token. Defaults (no channel, every kind, English) until set. The webhook signing secret is never shown again.',
          tags: ['notifications'],
          access: 'player',
          success: answer(
            "The player's notification settings",
            closed(
              {
                playerId: { type: 'string' },
                email: { type: ['string', 'null'] },
                webhookUrl: { type: ['string', 'null'] },
                events: kinds,
                language,
              },
              ['playerId', 'email', 'webhookUrl', 'events', 'language'],
            ),
          ),
          errors: [401],
        }),
      },
      async (req) => n().getPlayerSettings(tokenOf(req)),
    );

    app.put(
      '/players/me/notifications',
      {
        schema: operation({
          operationId: 'putPlayerNotifications',
          summary: 'Where a player is told of the turns, reminders, timeouts, ends and joins of all their games',
          description:
            'With the player token. Used for every seat bound to the player that has no settings of ' +
            'its own (putSeatNotifications). Fields left out keep their value; null turns a channel ' +
            'off. A new webhookUrl returns its signing secret once. Seats of the player that are to ' +
            'move now are told at once.',
          tags: ['notifications'],
          access: 'player',
          body: NotificationSettingsBody,
          success: answer(
            "The player's notification settings now",
            closed(
              {
                playerId: { type: 'string' },
                email: { type: ['string', 'null'] },
                webhookUrl: { type: ['string', 'null'] },
                events: kinds,
                language,
                webhookSecret: { type: 'string', description: 'Shown once, when a new webhookUrl is set' },
              },
              ['playerId', 'email', 'webhookUrl', 'events', 'language'],
            ),
          ),
          errors: [400, 401, 413, 415],
        }),
      },
      async (req) => n().putPlayerSettings(tokenOf(req), req.body),
    );

    const unsubscribe = (operationId: string, how: string) => ({
      schema: operation({
        operationId,
        summary: 'Turn off the mails of the seat whose List-Unsubscribe link this is (one click, RFC 8058)',
        description: `${how} The token is the one in the mail's List-Unsubscribe link; the seat's email channel is turned off.`,
        tags: ['notifications'],
        access: 'public',
        querystring: UnsubscribeQuery,
        success: answer('The seat gets no more mails', closed({ unsubscribed: { type: 'boolean', const: true } }, ['unsubscribed'])),
        errors: [400, 404],
      }),
    });
    const doUnsubscribe = async (req: { query: { token: string } }) => {
      await n().unsubscribe(req.query.token);
      return { unsubscribed: true };
    };
    app.get('/notifications/unsubscribe', unsubscribe('unsubscribeByLink', 'The link a person follows from the mail.'), doUnsubscribe);
    app.post(
      '/notifications/unsubscribe',
      unsubscribe('unsubscribeOneClick', 'The one-click POST a mail client sends (List-Unsubscribe-Post, RFC 8058).'),
      doUnsubscribe,
    );

    app.get(
      '/admin/outbox',
      {
        schema: operation({
          operationId: 'listOutbox',
          summary: 'The notification outbox (operator only)',
          description:
            'Every notification, newest first: delivered, pending, held (no SMTP server configured) ' +
            'and dead (retries exhausted), a page at a time (`before` takes the `next` cursor of the ' +
            'previous page).',
          tags: ['admin'],
          access: 'operator',
          querystring: OutboxQuery,
          success: answer(
            'A page of the outbox',
            closed(
              {
                notifications: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      id: { type: 'string' },
                      gameId: { type: 'string' },
                      version: { type: 'integer' },
                      seat: { type: 'integer' },
                      kind: { type: 'string' },
                      channel: { type: 'string' },
                      target: { type: 'string' },
                      status: { type: 'string' },
                      attempts: { type: 'integer' },
                      lastError: { type: ['string', 'null'] },
                      message: { description: 'What was sent (the rendered mail or webhook payload)' },
                      createdAt: { type: 'string', format: 'date-time' },
                      deliveredAt: { type: ['string', 'null'], format: 'date-time' },
                    },
                  },
                },
                next: { type: ['string', 'null'], description: 'The cursor of the next page; null on the last page' },
              },
              ['notifications', 'next'],
            ),
          ),
          errors: [400, 401, 403],
        }),
      },
      async (req) => n().outbox(tokenOf(req), req.query),
    );
  };
}
