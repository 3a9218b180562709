import { AppError } from '../app/errors.js';
import type { GameService } from '../app/game-service.js';
import { liveUpdates, type Fanout } from '../app/live.js';
import { languageOf } from '../app/i18n/index.js';
import { errorAnswer } from './error-map.js';
import { GameIdParams, LastEventIdHeaders, StreamQuery } from '../app/shapes.js';
import { tokenOf, type Routes } from './route-kit.js';
import { operation } from './route-schema.js';
import { liveChannel } from './http-metrics.js';
import { holdStreamPlace } from './live-caps.js';

const RETRY_MS = 1000;
const VERSION = /^(0|[1-9][0-9]{0,9})$/;

/** Where a client resumes: the Last-Event-ID header (sent by EventSource on reconnecting) or ?after=. */
function resumeFrom(header: string | string[] | undefined, query: string | undefined): number | undefined {
  const given = (Array.isArray(header) ? header[0] : header) ?? query;
  if (given === undefined || given === '') return undefined;
  if (!VERSION.test(given)) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.lastEventId', { given: given.slice(0, 40) });
  return Number(given);
}

/**
 * GET /games/{id}/stream: live updates over server-sent events. Without Last-Event-ID (or `after`)
 * the first event is `game` (the game now, as GET /games/{id} answers); then one `move` event per
 * accepted move, `id:` = its version, carrying the caller's view right after it and the move's
 * events as the caller may read them; `end` when the game is over and everything was sent. A client
 * that reconnects with Last-Event-ID gets every move after that version, once. The loop is the one
 * the GraphQL subscription runs too (liveUpdates, src/app/live.ts): moves committed on any server
 * process wake it through the fan-out and are read from the store.
 */
export function streamRoute(service: GameService, fanout: Fanout, withClocks: (game: object) => Promise<object> = async (g) => g): Routes {
  return async function routes(app) {
    const open = new Set<() => void>();
    // Streams never go idle: close them first so that a graceful shutdown does not wait for them.
    app.addHook('preClose', async () => {
      for (const close of open) close();
    });

    app.get(
      '/games/:id/stream',
      {
        sse: { kind: 'manual' },
        schema: operation({
          operationId: 'streamGame',
          summary: 'Live updates of a game as server-sent events (text/event-stream)',
          description: [
            'Events: `game` (first, unless resuming: the game now, as GET /games/{id} answers it, with ' +
              'its deadlines and clocks), then `move` for every accepted move',
            '(`id:` is the new version; data: `{ version, seat, at, move, events, status, toMove, outcome, view }`, where view is',
            "the caller's view right after the move and events what the move caused as the caller may read them), and `end`",
            '(data: `{ version }`) once the game is over and every move was sent; the server then closes the stream.',
            'If the game is deleted meanwhile, an `error` event (data: `{ code, detail }`) ends the stream.',
            'To resume after a disconnection send `Last-Event-ID: <version>` (EventSource does it by itself) or `?after=<version>`:',
            'every move after that version is sent, once, in order. A comment line (`: heartbeat`) keeps idle connections open.',
            'Send the seat token as `Authorization: Bearer` (without one: the spectator view).',
          ].join(' '),
          tags: ['games'],
          params: GameIdParams,
          querystring: StreamQuery,
          headers: LastEventIdHeaders,
          access: 'seatOrSpectator',
          success: {
            status: 200,
            description: 'A text/event-stream of `game`, `move` and `end` events',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          errors: [400, 401, 404, 409],
        }),
      },
      async (req, reply) => {
        const token = tokenOf(req);
        // 429 past the caps per token and per address, held until the response closes (live-caps.ts)
        holdStreamPlace(req, reply.raw, token);
        const resume = resumeFrom(req.headers['last-event-id'], req.query.after);
        const updates = liveUpdates(service, fanout, req.params.id, token, resume);
        // The game and the token are checked before the stream starts: a refusal is a problem document.
        const first = await updates.next();
        const sse = reply.sse;
        const close = () => void updates.return(undefined);
        open.add(close);
        const live = liveChannel('sse');
        sse.onClose(() => {
          open.delete(close);
          live.closed();
          close();
        });
        if (!sse.isConnected) {
          live.closed();
          return close(); // the client left while the stream was being set up
        }
        sse.keepAlive();
        sse.sendHeaders(); // the stream is open now, even when there is nothing to send yet
        const send = async (event: string, id: number | undefined, data: unknown, retry?: number) => {
          if (sse.isConnected) live.sent();
          if (sse.isConnected)
            await sse.send({ event, ...(id === undefined ? {} : { id: String(id) }), data, ...(retry ? { retry } : {}) });
        };
        try {
          // `retry`: an EventSource that loses the connection comes back after 1 s, with Last-Event-ID.
          for (let u = first; !u.done; u = await updates.next()) {
            const x = u.value;
            if (x.kind === 'game')
              // with deadlines and clocks, as GET /games/{id}
              await (x.resumed ? undefined : send('game', x.game.version, await withClocks(x.game), RETRY_MS));
            else if (x.kind === 'move') await send('move', x.move.version, x.move);
            else if (x.kind === 'end') await send('end', undefined, { version: x.version });
          }
        } catch (err) {
          // The game was deleted, the token revoked, or the store failed: say so on the stream.
          const { code, detail } = errorAnswer(err, languageOf(req.headers['accept-language']));
          await send('error', undefined, { code, detail }).catch(() => {});
        }
        open.delete(close);
        live.closed();
        sse.close();
      },
    );
  };
}
