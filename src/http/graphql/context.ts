import type { Tournaments } from '../../app/tournaments/tournaments.js';
import type { ConditionalMoves } from '../../app/conditional-moves.js';
import type { RecordKeys } from '../../app/replays/record-signing.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GameService } from '../../app/game-service.js';
import type { LobbyLayer } from '../../app/lobby/index.js';
import type { Notifications } from '../../app/notify/index.js';
import type { Ratings } from '../../app/ratings/ratings.js';
import type { WholeAnalysis } from '../../app/bots/whole-analysis.js';
import type { Fanout } from '../../app/live.js';
import type { Language } from '../../app/i18n/index.js';
import type { Config } from '../../config.js';
import type { ClocksOf, DeadlinesOf } from '../rest.js';

/** What every resolver gets as its third argument. */
export interface Ctx {
  token?: string;
  /** The language of error messages (Accept-Language of the HTTP request; English on subscriptions). */
  lang?: Language;
  service: GameService;
  /** Subscriptions only: the WebSocket upgrade request, and the connection's count of open subscriptions. */
  request?: FastifyRequest;
  subscriptions?: { open: number };
}

/**
 * What the resolvers of each area are built from: the service, and the parts a server may run
 * without (lobby, notifications, ratings, whole-game analysis), each a 503 UNAVAILABLE when absent.
 */
export interface Deps {
  service: GameService;
  config: Config;
  fanout: Fanout;
  takebacks: GameService['takebacks'];
  deadlines: DeadlinesOf;
  clocks: ClocksOf;
  /** The rate limiter subscriptions count against, when rate limits are on. */
  limiter?: ReturnType<FastifyInstance['createRateLimit']>;
  layer(): LobbyLayer;
  notices(): Notifications;
  rated(): Ratings;
  analysed(): WholeAnalysis;
  tourneys(): Tournaments;
  /** Seats' conditional lines. */
  lines(): ConditionalMoves;
  /** Signs exported records (src/app/replays/record-signing.ts). */
  recordKeys: RecordKeys;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
