import { randomBytes } from 'node:crypto';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { AppError } from '../app/errors.js';
import type { GameService } from '../app/game-service.js';
import type { Config } from '../config.js';
import { contractComponents } from './contract.js';
import { registerGraphql } from './graphql.js';
import { problemSchema, sendProblem } from './problem.js';
import { restRoutes } from './rest.js';
import { documentedSchema } from './route-schema.js';

export interface AppDeps {
  service: GameService;
  config: Config;
  /** Readiness: resolves when the database answers. */
  ping: () => Promise<void>;
  logger?: FastifyServerOptions['logger'];
}

const GAME_IN_URL = /\/games\/([0-9a-f-]{36})/i;
/**
 * The HTTP application: external plugins first (CORS, rate limit, OpenAPI), then the REST routes
 * under /api/v1 and GraphQL at /graphql, all calling the same GameService.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { service, config } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomBytes(8).toString('hex');
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    return503OnClosing: true,
    // Every log line of a request names its game.
    childLoggerFactory: (logger, bindings, opts, raw) => {
      const m = GAME_IN_URL.exec(raw.url ?? '');
      return logger.child(m ? { ...bindings, gameId: m[1] } : bindings, opts);
    },
  });

  // Answers are plain JSON built by the service: response schemas document them (typed per game in
  // OpenAPI) and are not used to reshape them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // The API speaks JSON only: any other body is a 415, not a string to misread.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((err, req, reply) => sendProblem(err, req, reply));
  app.setNotFoundHandler((req, reply) => sendProblem(new AppError('NOT_FOUND', `no route ${req.method} ${req.url.split('?')[0]}`), req, reply));
  // Clients can correlate their calls with the server's logs.
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  await app.register(cors, {
    origin: config.corsOrigins === '*' ? '*' : config.corsOrigins.split(',').map((s) => s.trim()),
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
    maxAge: 600,
  });
  if (config.rateLimitPerMinute > 0) {
    await app.register(rateLimit, {
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      // One bucket per client address. (Not per bearer token: a client could mint fake tokens to
      // get fresh buckets, and checking a token costs a database read before the limit applies.)
      keyGenerator: (req) => req.ip,
      allowList: (req) => req.url === '/healthz' || req.url === '/readyz',
      errorResponseBuilder: (_req, ctx) => Object.assign(new Error(`rate limit of ${ctx.max} requests per minute exceeded; retry in ${Math.ceil(ctx.ttl / 1000)} s`), { statusCode: 429 }),
    });
  }

  app.addSchema(problemSchema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'City-building games server',
        version: '1.0.0',
        description: 'Create games, read each seat\'s view, list legal moves, submit moves, replay and export games. Views, events, moves and options are typed per game (components <Game>View, <Game>Event, <Game>Move, <Game>Options; answers discriminated by the game `type`). Errors are application/problem+json with a stable `code`.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      tags: [
        { name: 'games', description: 'Game types, creating games and reading them' },
        { name: 'moves', description: 'Legal moves and submitting moves' },
        { name: 'replay', description: 'The event log, replays at a version, records and imports' },
        { name: 'admin', description: 'Operator-only listing and deletion' },
      ],
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          seatToken: { type: 'http', scheme: 'bearer', description: 'A seat token returned by POST /api/v1/games' },
          operatorToken: { type: 'http', scheme: 'bearer', description: 'The OPERATOR_TOKEN of the server' },
        },
        schemas: contractComponents(service.registry.list()) as never,
      },
    },
    // The document covers the REST API; GraphQL describes itself by introspection.
    transform: ({ schema, url }) => ({ schema: url.startsWith('/api/') ? documentedSchema(schema as Record<string, unknown>) : { ...(schema ?? {}), hide: true }, url }) as never,
    refResolver: { buildLocalReference: (json, _base, _frag, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await deps.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).type('application/problem+json').send({ type: 'urn:citybuilder:problem:UNAVAILABLE', title: 'unavailable', status: 503, code: 'UNAVAILABLE', detail: 'the database does not answer' });
    }
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(restRoutes(service, config), { prefix: '/api/v1' });
  await registerGraphql(app, service, config);
  return app;
}
