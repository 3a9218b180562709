import { Repeater } from '@repeaterjs/repeater';
import { AppError } from '../../app/errors.js';
import { liveUpdates } from '../../app/live.js';
import type { TimeControl } from '../../store/types.js';
import { liveChannel } from '../http-metrics.js';
import { takeSubscriptionPlace } from '../live-caps.js';
import type { Ctx, Deps } from './context.js';
import { guard } from './errors.js';
import { typedView } from './games.js';

/** The subscription `gameUpdated`: the shared live loop (src/app/live.ts) as GraphQL updates. */
export function liveResolvers({ service, fanout, config, limiter, clocks }: Deps) {
  return {
    Subscription: {
      gameUpdated: {
        subscribe: guard(async (_: unknown, a: { gameId: string; after?: number | null }, ctx: Ctx) => {
          // Each subscription counts against the client's rate limit like a request, and one
          // connection holds at most graphqlMaxSubscriptions at once.
          if (limiter && ctx.request) {
            const r = await limiter(ctx.request);
            if (!r.isAllowed && r.isExceeded)
              throw AppError.of(
                'RATE_LIMITED',
                'RATE_LIMITED.graphql',
                { max: r.max, retry: r.ttlInSeconds },
                { retryAfter: r.ttlInSeconds },
              );
          }
          const count = ctx.subscriptions ?? { open: 0 };
          if (count.open >= config.graphqlMaxSubscriptions)
            throw AppError.of('TOO_MANY_SUBSCRIPTIONS', 'TOO_MANY_SUBSCRIPTIONS.max', { max: config.graphqlMaxSubscriptions });
          const release = takeSubscriptionPlace(ctx.request, ctx.token); // 429 past the caps per token and per address (live-caps.ts)
          count.open++;
          try {
            // The shared live loop (src/app/live.ts): the game and the token are checked first.
            const updates = liveUpdates(service, fanout, a.gameId, ctx.token, a.after ?? undefined);
            const first = await updates.next();
            // A Repeater, so that a client's `complete` ends it at once, even while it waits for a move.
            return new Repeater(async (push, stop) => {
              void stop.then(() => updates.return(undefined));
              const live = liveChannel('graphql'); // counted open, and each update sent (src/telemetry)
              const send: typeof push = (update) => (live.sent(), push(update));
              try {
                for (let u = first; !u.done; u = await updates.next()) {
                  const x = u.value;
                  if ((x.kind === 'game' && !x.resumed) || x.kind === 'seats')
                    await send({ gameUpdated: { ...x.game, seat: null, events: [] } });
                  else if (x.kind === 'move') await send({ gameUpdated: { id: a.gameId, ...x.move } });
                }
                stop();
              } catch (err) {
                stop(err);
              } finally {
                count.open--;
                live.closed();
                release();
              }
            });
          } catch (err) {
            count.open--;
            release();
            throw err;
          }
        }),
      },
    },
    GameUpdate: {
      gameId: (g: { id: string }) => g.id,
      typedView,
      clocks: guard(async (g: { id: string; status: string; seat: number | null; timeControl?: TimeControl }) =>
        g.seat === null && g.timeControl ? clocks(g.id, g.timeControl, g.status) : null,
      ),
    },
  };
}
