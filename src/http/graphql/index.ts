import type { FastifyInstance, FastifyRequest } from 'fastify';
import mercurius from 'mercurius';
import { AppError } from '../../app/errors.js';
import type { GameService } from '../../app/game-service.js';
import type { LobbyLayer } from '../../app/lobby/index.js';
import type { Notifications } from '../../app/notify/index.js';
import { languageOf } from '../../app/i18n/index.js';
import type { Fanout } from '../../app/live.js';
import type { Ratings } from '../../app/ratings/ratings.js';
import type { WholeAnalysis } from '../../app/bots/whole-analysis.js';
import type { Config } from '../../config.js';
import { limitRules } from '../graphql-limits.js';
import { needed } from '../route-kit.js';
import { gameTypesSdl } from '../graphql-types.js';
import { registerGraphiql } from '../graphiql.js';
import { bearerToken as bearer } from '../../app/shapes.js';
import type { ClocksOf, DeadlinesOf } from '../rest.js';
import { isObject, type Deps } from './context.js';
import { formatErrors } from './errors.js';
import { checkGraphqlRequest } from './request.js';
import { schemaSdl } from './schema.js';
import { gameResolvers } from './games.js';
import { moveResolvers } from './moves.js';
import { lobbyResolvers } from './lobby.js';
import { playerResolvers } from './players.js';
import { tournamentResolvers } from './tournaments.js';
import type { Tournaments } from '../../app/tournaments/tournaments.js';
import { liveResolvers } from './live.js';
import { conditionalResolvers } from './conditional.js';
import type { ConditionalMoves } from '../../app/conditional-moves.js';

export { gameField } from './move-input.js';

/**
 * GraphQL at /graphql (Mercurius, graphql-ws subscriptions): the schema (schema.ts), the request
 * pre-checks (request.ts), the one error formatting (errors.ts) and the resolvers by area (games,
 * moves, lobby, players, live), all calling the same service as REST.
 */
/** What GraphQL is built on: the service, the configuration, the live fan-out, clocks, and the application's services (absent:
 * their fields answer 503). */
export interface GraphqlDeps {
  service: GameService;
  config: Config;
  lobby?: LobbyLayer;
  fanout: Fanout;
  deadlines?: DeadlinesOf;
  clocks?: ClocksOf;
  notifications?: Notifications;
  ratings?: Ratings;
  analyses?: WholeAnalysis;
  tournaments?: Tournaments;
  conditional?: ConditionalMoves;
}

export async function registerGraphql(app: FastifyInstance, given: GraphqlDeps): Promise<void> {
  const { service, config, lobby, fanout } = given;
  const deadlines = given.deadlines ?? (async () => []);
  const clocks = given.clocks ?? (async () => []);
  const deps: Deps = {
    service,
    config,
    fanout,
    deadlines,
    clocks,
    takebacks: service.takebacks,
    limiter: config.rateLimitPerMinute > 0 && app.hasDecorator('createRateLimit') ? app.createRateLimit() : undefined,
    layer: needed(() => lobby, 'lobby'),
    notices: needed(() => given.notifications, 'notifications'),
    rated: needed(() => given.ratings, 'ratings'),
    analysed: needed(() => given.analyses, 'wholeAnalysis'),
    tourneys: needed(() => given.tournaments, 'tournaments'),
    lines: needed(() => given.conditional, 'conditionalMoves'),
    recordKeys: app.recordKeys,
  };
  const games = service.registry.list();
  const areas = [
    gameResolvers(deps),
    moveResolvers(deps),
    lobbyResolvers(deps),
    playerResolvers(deps),
    liveResolvers(deps),
    tournamentResolvers(deps),
    conditionalResolvers(deps),
  ];
  const resolvers = {
    ...Object.assign({}, ...areas),
    Query: Object.assign({}, ...areas.map((r) => ('Query' in r ? r.Query : {}))),
    Mutation: Object.assign({}, ...areas.map((r) => ('Mutation' in r ? r.Mutation : {}))),
    ...gameTypesSdl(games).resolvers,
  };
  // A malformed header is refused by checkGraphqlRequest; the context (also built for error answers) never throws.
  const tokenOfRequest = (req: FastifyRequest) => {
    try {
      return bearer(req.headers.authorization);
    } catch {
      return undefined;
    }
  };

  await app.register(mercurius, {
    schema: schemaSdl(games),
    resolvers: resolvers as never,
    // GraphiQL is served from this server's own copy of its assets (no CDN): src/http/graphiql.ts.
    graphiql: false,
    validationRules: limitRules({
      maxDepth: config.graphqlMaxDepth,
      maxIntrospectionDepth: config.graphqlMaxIntrospectionDepth,
      maxAliases: config.graphqlMaxAliases,
      maxCost: config.graphqlMaxCost,
      maxReadWeight: config.graphqlMaxReadWeight,
    }),
    additionalRouteOptions: { preHandler: async (req: FastifyRequest) => checkGraphqlRequest(req) },
    context: (req: FastifyRequest) => ({ token: tokenOfRequest(req), service, lang: languageOf(req.headers['accept-language']) }),
    subscription: {
      // Mercurius calls onConnect as a method of the connection, whose `socket` it is: a malformed
      // token closes it with 4403 Forbidden, as the graphql-transport-ws protocol says (no
      // connection_error message, which the protocol does not have).
      onConnect: function (this: { socket?: { close(code: number, reason: string): void } }, { payload }: { payload?: unknown }) {
        const p = isObject(payload) ? payload : {};
        const header = p.authorization ?? p.Authorization;
        try {
          if (header !== undefined && typeof header !== 'string') throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.gqlAuthorization');
          return { token: bearer(header) ?? undefined };
        } catch {
          this.socket?.close(4403, 'Forbidden');
          return false;
        }
      },
      // Per connection: its upgrade request (for the rate limit) and its count of subscriptions.
      context: (_socket: unknown, request: FastifyRequest) => ({ service, request, subscriptions: { open: 0 } }),
    },
    errorFormatter: (execution, ctx) => formatErrors(execution as never, ctx as never) as never,
  });
  if (!config.production) await registerGraphiql(app);
}
