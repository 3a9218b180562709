import type { FastifyInstance, FastifyReply } from 'fastify';
import { codeLabel, httpDuration, httpErrors, liveMessages, liveOpen, methodLabel, metricsOn } from '../telemetry/metrics.js';

const CODE = Symbol('citybuilder.problemCode');

/** The problem's stable code, noted by the error mapping (problem.ts) for the errors counter. */
export function noteProblemCode(reply: FastifyReply, code: string): void {
  (reply as FastifyReply & { [CODE]?: string })[CODE] = code;
}

/**
 * HTTP requests measured by route template (never the raw URL: `/api/v1/games/:id/moves`, not a
 * game's id), method and status; errors counted with the problem's code. A request that matched
 * no route is counted under the route `(no route)`.
 */
export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    if (metricsOn()) {
      const route = req.routeOptions.url ?? '(no route)';
      const method = methodLabel(req.method);
      const status = String(reply.statusCode);
      httpDuration.observe({ method, route, status }, reply.elapsedTime / 1000);
      if (reply.statusCode >= 400)
        httpErrors.inc({ method, route, status, code: codeLabel((reply as FastifyReply & { [CODE]?: string })[CODE] ?? 'NONE') });
    }
    done();
  });
}

/** A live channel opened (an SSE stream, a GraphQL subscription): counted open until `closed()` is called, once. */
export function liveChannel(transport: 'sse' | 'graphql') {
  let open = metricsOn();
  if (open) liveOpen.inc({ transport });
  return {
    sent: () => void (metricsOn() && liveMessages.inc({ transport })),
    closed: () => {
      if (open) liveOpen.dec({ transport });
      open = false;
    },
  };
}
