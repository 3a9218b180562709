import type { Notifications } from '../app/notify/index.js';
import { NotificationIdParams } from '../app/shapes.js';
import { needed, tokenOf, type Routes } from './route-kit.js';
import { answer, closed, operation } from './route-schema.js';

const row = closed(
  {
    id: { type: 'string' },
    gameId: { type: 'string' },
    version: { type: 'integer' },
    seat: { type: 'integer' },
    kind: { type: 'string' },
    channel: { type: 'string', enum: ['email', 'webhook'] },
    target: { type: 'string', description: 'The address or URL' },
    status: { type: 'string', enum: ['pending', 'delivered', 'held', 'dead'] },
    attempts: { type: 'integer' },
    lastError: { type: ['string', 'null'], description: 'What the last failed attempt ran into' },
    createdAt: { type: 'string', format: 'date-time', description: 'When the move that caused it committed' },
  },
  ['id', 'gameId', 'version', 'seat', 'kind', 'channel', 'target', 'status', 'attempts', 'lastError', 'createdAt'],
);

/** The operator's outbox page's API (/operator): what waits and what failed, and retry now. */
export function outboxRoutes(get: () => Notifications | undefined): Routes {
  const admin = needed(() => get()?.admin, 'notifications');
  return async function routes(app) {
    app.get(
      '/admin/outbox/summary',
      {
        schema: operation({
          operationId: 'outboxSummary',
          summary: 'What the outbox holds back (operator only): dead and retrying notifications, recent errors',
          description:
            'Counts of pending and dead notifications by channel; the dead ones (retries exhausted) ' +
            'and those waiting for another try, newest first, 50 of each; and the recent errors, ' +
            'grouped by message. Delivered notifications are listed by listOutbox.',
          tags: ['admin'],
          access: 'operator',
          success: answer(
            "The outbox's trouble now",
            closed(
              {
                counts: {
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['status', 'channel', 'count'],
                    properties: {
                      status: { type: 'string', enum: ['pending', 'dead'] },
                      channel: { type: 'string' },
                      count: { type: 'integer' },
                    },
                  },
                },
                dead: { type: 'array', items: row },
                retrying: { type: 'array', items: row },
                errors: {
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['error', 'channel', 'count', 'last'],
                    properties: {
                      error: { type: 'string' },
                      channel: { type: 'string' },
                      count: { type: 'integer', description: 'Pending and dead notifications whose last attempt failed so' },
                      last: { type: 'string', format: 'date-time' },
                    },
                  },
                },
              },
              ['counts', 'dead', 'retrying', 'errors'],
            ),
          ),
          errors: [401, 403],
        }),
      },
      async (req) => admin().summary(tokenOf(req)),
    );

    app.post(
      '/admin/outbox/:id/retry',
      {
        schema: operation({
          operationId: 'retryNotification',
          summary: 'Try to deliver a pending or dead notification now (operator only)',
          description:
            "One delivery attempt at once, outside the queue's schedule. A dead notification that " +
            'fails again stays dead; a pending one keeps its scheduled retries. Answers the ' +
            'notification after the attempt (`status` delivered or held when it went out, `lastError` ' +
            'when it did not).',
          tags: ['admin'],
          access: 'operator',
          params: NotificationIdParams,
          success: answer('The notification after the attempt', row),
          errors: [400, 401, 403, 404, 409],
          errorDescriptions: { 409: 'NOT_RETRYABLE: the notification was already delivered or held' },
        }),
      },
      async (req) => admin().retryNow(tokenOf(req), req.params.id),
    );
  };
}
