import { randomBytes } from 'node:crypto';
import cors from '@fastify/cors';
import { fastifySSE } from '@fastify/sse';
import swagger from '@fastify/swagger';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { AppError } from '../app/errors.js';
import { requestValidator } from '../app/shapes.js';
import type { GameService } from '../app/game-service.js';
import type { LobbyLayer } from '../app/lobby/index.js';
import { unavailable, within } from '../app/unavailable.js';
import type { Config } from '../config.js';
import { boardRoutes } from './board.js';
import { registerEtags, withEtagDocs } from './etag.js';
import { createFanout } from './fanout.js';
import { contractComponents } from './contract.js';
import { registerGraphql } from './graphql/index.js';
import { webPages } from './pages.js';
import { favicon } from './favicon.js';
import { registerRateLimit } from './rate-limit.js';
import { registerCreationBudget } from './creation-budget.js';
import { registerAnalysisBudget } from './analysis-budget.js';
import { registerLiveCaps } from './live-caps.js';
import { problemSchema, sendProblem } from './problem.js';
import { lobbyRoutes } from './lobby-routes.js';
import { clientErrorHandler, enforceRequestTimeout } from './request-timeout.js';
import { restRoutes, sharedSchemas, withClocks, type ClocksOf } from './rest.js';
import { documentedSchema } from './route-schema.js';
import { registerTextGuard } from './text-guard.js';
import { registerHttpMetrics } from './http-metrics.js';
import { streamRoute } from './stream.js';
import { notificationRoutes } from './notifications.js';
import { outboxRoutes } from './outbox-routes.js';
import { vacationRoutes } from './vacation-routes.js';
import { playerSettingsRoutes } from './player-settings-routes.js';
import { profileRoutes } from './profile-routes.js';
import { ratingRoutes } from './rating-routes.js';
import { takebackRoutes } from './takeback-routes.js';
import { conditionalRoutes } from './conditional-routes.js';
import type { ConditionalMoves } from '../app/conditional-moves.js';
import type { Ratings } from '../app/ratings/ratings.js';
import type { Tournaments } from '../app/tournaments/tournaments.js';
import { tournamentRoutes } from './tournament-routes.js';
import { analysisRoutes } from './analysis-routes.js';
import type { WholeAnalysis } from '../app/bots/whole-analysis.js';
import type { Notifications } from '../app/notify/index.js';
import { trustNearestProxy } from './trust-proxy.js';
import { loadRecordKeys } from '../app/replays/record-signing.js';
import { recordKeyRoutes } from './record-keys-routes.js';
import { replayGifRoutes } from './replay-gif-routes.js';
import { gifOptions, ReplayGifs } from '../app/replays/replay-gifs.js';
import { embedRoutes } from './embed-routes.js';

/** What the HTTP application is built on: the game service, the configuration, and the readiness check. */
export interface HttpBase {
  service: GameService;
  config: Config;
  /** Readiness: resolves when the database answers. */
  ping: () => Promise<void>;
  logger?: FastifyServerOptions['logger'];
}

/** The application's services the routes call, each built before the routes (src/server.ts); an absent one: its routes answer 503. */
export interface AppServices {
  /** Players, lobby, inbox, resignation; without it (the OpenAPI generator) their routes answer 503. */
  lobby?: LobbyLayer;
  /** The database, for live updates across processes (LISTEN/NOTIFY); none: this process alone. */
  databaseUrl?: string;
  /** Play-by-mail notifications. */
  notifications?: Notifications;
  /** Ratings and leaderboards. */
  ratings?: Ratings;
  /** Whole-game analysis (with the bot pool). */
  analyses?: WholeAnalysis;
  /** Tournaments. */
  tournaments?: Tournaments;
  /** Replay GIFs (with the job queue and the database's kept GIFs); none: made here, this process alone. */
  gifs?: ReplayGifs;
  /** Seats' conditional lines. */
  conditional?: ConditionalMoves;
}

export type AppDeps = HttpBase & AppServices;

const GAME_IN_URL = /\/games\/([0-9a-f-]{36})/i;
/**
 * The HTTP application in one call: `createHttp` (Fastify and the external plugins), then
 * `registerRoutes` with the services given. The server (src/server.ts) calls the two apart, building
 * its services in between with the application's logger, so no route waits for a service to exist.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = await createHttp(deps);
  await registerRoutes(app, deps);
  return app;
}

/**
 * Fastify and the external plugins, in order: validation, load shedding, the error and not-found
 * answers, CORS, rate limits, live-stream caps, ETags, SSE, the OpenAPI document, health and readiness.
 */
export async function createHttp(deps: HttpBase): Promise<FastifyInstance> {
  const { service, config } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomBytes(8).toString('hex');
    },
    return503OnClosing: true,
    // Behind a proxy (compose.yaml's HAProxy) the client's address comes from X-Forwarded-For.
    trustProxy: trustNearestProxy(config.trustProxy),
    // Slow headers and bodies get 408 (enforceRequestTimeout). Node checks for expired headers
    // every connectionsCheckingInterval (30 s by default: a 30 s timeout would act after 60 s).
    http: { connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.requestTimeoutMs / 4) || 1000)) },
    clientErrorHandler,
    // Every log line of a request names its game.
    childLoggerFactory: (logger, bindings, opts, raw) => {
      const m = GAME_IN_URL.exec(raw.url ?? '');
      return logger.child(m ? { ...bindings, gameId: m[1] } : bindings, opts);
    },
  });

  // One validator for REST and GraphQL: a body as JSON, never coerced; a query string, path or
  // header as text (src/app/shapes.ts, requestValidator).
  app.setValidatorCompiler(requestValidator);
  enforceRequestTimeout(app, config.requestTimeoutMs);
  registerHttpMetrics(app);
  let failedPings = 0;

  // Load shedding and outages: the database is pinged every second (with a time limit); while it
  // does not answer, or the event loop lags over MAX_EVENT_LOOP_DELAY_MS, every request but
  // /healthz is answered at once with 503 UNAVAILABLE and Retry-After, instead of queueing behind
  // connections that hang. Back to normal by itself at the first ping that succeeds.
  await app.register(underPressure, {
    // Unhealthy after two failed pings in a row: one slow ping on a busy machine sheds nothing.
    healthCheck: async () => {
      try {
        await within(deps.ping(), config.dbConnectTimeoutMs);
        failedPings = 0;
      } catch {
        failedPings++;
      }
      return failedPings < 2;
    },
    healthCheckInterval: 1000,
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    pressureHandler: (req, _reply, type) => {
      if (req.url === '/healthz') return undefined; // liveness: the process itself is fine
      return Promise.reject(unavailable(type === 'healthCheck' ? 'UNAVAILABLE.noAnswer' : 'UNAVAILABLE.overloaded'));
    },
  });

  // Answers are plain JSON built by the service, written with JSON.stringify; the response schemas
  // document them (typed per game in OpenAPI) and are not used to reshape them, because
  // fast-json-stringify would (1) drop every field a schema does not list, such as a problem
  // document's per-code fields (`reason`, `field`, `legalNotations`...), (2) need each component of
  // contract.ts registered as a Fastify shared schema to resolve `#/components/schemas/...`, and (3)
  // pick each per-game union's member by validating the answer against every member with Ajv, which
  // is slower than JSON.stringify, not faster. Instead, every answer the end-to-end tests receive is
  // checked against its route's schema (tests/support/answer-check.ts), so the document stays true.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // The API speaks JSON only: any other body is a 415, not a string to misread.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((err, req, reply) => sendProblem(err, req, reply));
  app.setNotFoundHandler((req, reply) =>
    sendProblem(AppError.of('NOT_FOUND', 'NOT_FOUND.route', { method: req.method, path: req.url.split('?')[0]! }), req, reply),
  );
  registerTextGuard(app);
  // Clients can correlate their calls with the server's logs.
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  await app.register(cors, {
    origin: config.corsOrigins === '*' ? '*' : config.corsOrigins.split(',').map((s) => s.trim()),
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'Content-Type',
      'Authorization',
      'Idempotency-Key',
      'X-Request-Id',
      'If-None-Match',
      'Last-Event-ID',
      'Accept-Language',
      'X-Game-Id',
    ],
    exposedHeaders: [
      'X-Request-Id',
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'ETag',
      'Content-Language',
    ],
    maxAge: 600,
  });
  await registerRateLimit(app, service, config);
  registerLiveCaps(app, config);
  registerEtags(app);
  await app.register(fastifySSE);

  for (const s of [problemSchema, ...sharedSchemas]) app.addSchema(s);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'City-building games server',
        version: '1.0.0',
        description:
          "Create games, read each seat's view, list legal moves, submit moves, replay and export " +
          'games. Views, events, moves and options are typed per game (components <Game>View, ' +
          '<Game>Event, <Game>Move, <Game>Options; answers discriminated by the game `type`). Errors ' +
          'are application/problem+json with a stable `code`.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      tags: [
        { name: 'games', description: 'Game types, creating games and reading them' },
        { name: 'moves', description: 'Legal moves and submitting moves' },
        { name: 'replay', description: 'The event log, replays at a version, records and imports' },
        { name: 'admin', description: 'Operator-only listing and deletion' },
        { name: 'ratings', description: "Players' ratings, leaderboards and expected chances (openskill)" },
        { name: 'tournaments', description: 'Round-robin and Swiss tournaments: entries, rounds made by the server, standings' },
      ],
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          seatToken: { type: 'http', scheme: 'bearer', description: 'A seat token returned by POST /api/v1/games' },
          playerToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'A player token returned by POST /api/v1/players: acts for every seat bound to the player',
          },
          operatorToken: { type: 'http', scheme: 'bearer', description: 'The OPERATOR_TOKEN of the server' },
        },
        schemas: contractComponents(service.registry.list()) as never,
      },
    },
    // The document covers the REST API; GraphQL describes itself by introspection.
    transform: ({ schema, url }) =>
      ({
        schema: url.startsWith('/api/')
          ? withEtagDocs(url, documentedSchema(schema as Record<string, unknown>))
          : { ...(schema ?? {}), hide: true },
        url,
      }) as never,
    refResolver: { buildLocalReference: (json, _base, _frag, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    try {
      await within(deps.ping(), config.dbConnectTimeoutMs);
      return { status: 'ready' };
    } catch {
      // Its own words, not the load shedder's (tests/faults/outage.test.ts tells them apart).
      return sendProblem(AppError.of('UNAVAILABLE', 'UNAVAILABLE.notReady'), req, reply);
    }
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  return app;
}

/** The routes: REST under /api/v1, the pages, GraphQL at /graphql, all calling the same service and the services given. */
export async function registerRoutes(app: FastifyInstance, deps: HttpBase & AppServices): Promise<void> {
  const { service, config } = deps;
  const notifications = () => deps.notifications;

  // Live updates (GraphQL subscriptions and the REST stream) share one fan-out: src/http/fanout.ts.
  const fanout = await createFanout(service, { redisUrl: config.redisUrl, databaseUrl: deps.databaseUrl, log: app.log });
  app.addHook('onClose', () => fanout.close());
  const deadlines = async (gameId: string) => (await deps.notifications?.clock.deadlines(gameId)) ?? [];
  const clocks: ClocksOf = async (gameId, control, status) => (await deps.notifications?.clock.clocks(gameId, control, status)) ?? [];
  // Exported records are signed (REST and GraphQL alike) with the key of src/app/replays/record-signing.ts.
  app.decorate('recordKeys', await loadRecordKeys(config, { ephemeral: config.testing }));
  await app.register(recordKeyRoutes);
  await app.register(restRoutes(service, config, deps.lobby, deadlines, clocks), { prefix: '/api/v1' });
  await app.register(
    streamRoute(service, fanout, (g) => withClocks(g as Parameters<typeof withClocks>[0], deadlines, clocks)),
    { prefix: '/api/v1' },
  );
  await app.register(lobbyRoutes(deps.lobby), { prefix: '/api/v1' });
  await app.register(notificationRoutes(notifications), { prefix: '/api/v1' });
  await app.register(outboxRoutes(notifications), { prefix: '/api/v1' });
  await app.register(vacationRoutes(notifications), { prefix: '/api/v1' });
  await app.register(playerSettingsRoutes(notifications), { prefix: '/api/v1' });
  await app.register(profileRoutes(deps.lobby), { prefix: '/api/v1' });
  await app.register(boardRoutes(service), { prefix: '/api/v1' });
  await app.register(replayGifRoutes(deps.gifs ?? new ReplayGifs(service, gifOptions(config), app.log)), { prefix: '/api/v1' });
  await app.register(
    ratingRoutes(service, () => deps.ratings),
    { prefix: '/api/v1' },
  );
  await app.register(takebackRoutes(service), { prefix: '/api/v1' });
  await app.register(
    conditionalRoutes(() => deps.conditional),
    { prefix: '/api/v1' },
  );
  await app.register(
    analysisRoutes(() => deps.analyses),
    { prefix: '/api/v1' },
  );
  await app.register(
    tournamentRoutes(() => deps.tournaments),
    { prefix: '/api/v1' },
  );
  await app.register(webPages);
  await app.register(embedRoutes(service));
  await app.register(favicon);
  await registerGraphql(app, {
    service,
    config,
    lobby: deps.lobby,
    fanout,
    deadlines,
    clocks,
    notifications: deps.notifications,
    ratings: deps.ratings,
    analyses: deps.analyses,
    tournaments: deps.tournaments,
    conditional: deps.conditional,
  });
  registerCreationBudget(app, config);
  registerAnalysisBudget(app, config);
}
