import { createHmac } from 'node:crypto';
import { GameLinks } from './app/game-link.js';
import { GameService } from './app/game-service.js';
import { createLobbyLayer, type LobbyLayer } from './app/lobby/index.js';
import { PlayerService } from './app/players.js';
import type { Config } from './config.js';
import { defaultRegistry } from './games/index.js';
import type { GameRegistry } from './games/registry.js';
import { createHttp, registerRoutes } from './http/app.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from './store/embedded.js';
import { migrate } from './store/migrate.js';
import { Notifications, NotificationStore } from './app/notify/index.js';
import { Ratings, ratingOptions } from './app/ratings/ratings.js';
import { LobbyStore } from './store/lobby-store.js';
import { PrismaBotStore } from './store/bot-store.js';
import { PrismaClockStore } from './store/clock-store.js';
import { PrismaDigestStore } from './store/digest-store.js';
import { PrismaVacationStore } from './store/vacation-store.js';
import { PrismaRatingsStore } from './store/ratings-store.js';
import { TournamentStore } from './store/tournament-store.js';
import { Tournaments } from './app/tournaments/tournaments.js';
import { createPrismaClient, poolOf, PrismaGameStore } from './store/prisma-store.js';
import { instrumentRegistry, instrumentStore, observeDatabase, observeService, observeUseCase } from './telemetry/instrument.js';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { BotPool } from './app/bots/pool.js';
import { BotRunner } from './app/bots/runner.js';
import { LobbyExpiry } from './app/lobby/expiry.js';
import { WholeAnalysis } from './app/bots/whole-analysis.js';
import { ReplayGifJobs } from './app/replays/replay-gif-jobs.js';
import { gifOptions, ReplayGifs } from './app/replays/replay-gifs.js';
import { ReplayGifStore } from './store/replay-gif-store.js';
import { ConditionalMoves } from './app/conditional-moves.js';
import { PrismaConditionalStore } from './store/conditional-store.js';

export interface Running {
  app: FastifyInstance;
  service: GameService;
  notifications: Notifications;
  ratings: Ratings;
  tournaments: Tournaments;
  /** Waiting games expire after LOBBY_EXPIRY_DAYS (their seated players warned a day before). */
  expiry: LobbyExpiry;
  /** Players, lobby, inbox, resignation. */
  lobby: LobbyLayer;
  databaseUrl: string;
  /** Stops taking requests, lets those in flight finish (a move's transaction is atomic), then closes the database. */
  close(): Promise<void>;
}

/** Without LINK_SECRET: a link secret derived from the one the first start stored (the same in every process). */
async function storedLinkSecret(notices: NotificationStore): Promise<string> {
  return createHmac('sha256', await notices.mailSecret())
    .update('game links')
    .digest('hex');
}

/**
 * Wires the server: the database (DATABASE_URL, or an embedded Postgres), its migrations, the
 * event store, the game service and the HTTP app. Nothing here is global: tests build as many as
 * they like.
 */
export async function createServer(
  config: Config,
  opts: { registry?: GameRegistry; logger?: FastifyServerOptions['logger']; log?: (m: string) => void; botWorker?: string } = {},
): Promise<Running> {
  let embedded: EmbeddedServer | undefined;
  let pool: BotPool | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    opts.log?.(`no DATABASE_URL: starting an embedded Postgres in ${config.dataDir} on port ${config.embeddedPort}`);
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPort, persistent: true });
    await ensureDatabase(embedded.adminUrl, 'citybuilder');
    databaseUrl = embedded.urlFor('citybuilder');
  }
  try {
    const migrated = await migrate(databaseUrl);
    if (migrated.applied.length) opts.log?.(`applied migrations: ${migrated.applied.join(', ')}`);
    const prisma = createPrismaClient(databaseUrl, config.dbPoolSize, {
      connectMs: config.dbConnectTimeoutMs,
      statementMs: config.dbStatementTimeoutMs,
    });
    const store = instrumentStore(new PrismaGameStore(prisma));
    const lobbyStore = new LobbyStore(prisma);
    const notificationStore = new NotificationStore(prisma);
    const botStore = new PrismaBotStore(prisma);
    const players = new PlayerService(lobbyStore);
    const links = new GameLinks(config.linkSecret ?? (await storedLinkSecret(notificationStore)), config.linkTtlSeconds);
    // Bots think in worker threads: bot seats (the runner) and stand-ins for resigned and timed-out seats.
    let log: FastifyInstance['log'] | undefined;
    const bot = (pool = config.bots
      ? new BotPool({
          size: config.botThreads,
          analysisThreads: config.analysisThreads,
          analysisQueue: config.analysisQueue,
          ...(opts.botWorker ? { filename: opts.botWorker } : {}),
          onError: (error, task) =>
            log?.warn({ error, game: task.game, seat: task.seat, level: task.level }, 'bot failed; its fallback plays'),
          onThreadError: (err) => log?.warn({ err }, 'a bot thread failed outside a task; it is replaced'),
        })
      : undefined);
    const caps = { maxIterations: config.botMaxIterations, maxThinkMs: config.botMaxThinkMs };
    const conditionalStore = new PrismaConditionalStore(prisma);
    const service = new GameService(store, instrumentRegistry(opts.registry ?? defaultRegistry()), {
      conditional: conditionalStore,
      snapshotEvery: config.snapshotEvery,
      cacheSize: config.cacheSize,
      operatorToken: config.operatorToken,
      isPlayerToken: (hash) => players.isPlayerTokenHash(hash),
      clientSeeds: config.clientSeeds,
      importConcurrency: config.importConcurrency,
      importQueue: config.importQueue,
      links,
      observe: observeUseCase,
      ...(bot ? { standIn: (task) => bot.choose(BotRunner.capped(task, caps)), analyse: (task) => bot.analyse(task) } : {}),
    });
    const lobby = createLobbyLayer(service, players, lobbyStore);
    observeService(service);
    const unobserve = observeDatabase({ query: (sql) => prisma.$queryRawUnsafe(sql), pool: poolOf(prisma) });
    // In order: HTTP and its external plugins (and with them the application's logger), then the
    // application's services, then the routes over them: nothing waits for a service to exist.
    const base = { service, config, ping: () => store.ping(), logger: opts.logger };
    const app = await createHttp(base);
    log = app.log;
    const ratings = new Ratings(new PrismaRatingsStore(prisma), service.registry, ratingOptions(config, app.log));
    ratings.watch(service);
    if (config.notifyWorker) ratings.start(config.ratingsSweepMs);
    const tournaments = new Tournaments(new TournamentStore(prisma), service, players, { log: app.log, publicUrl: config.publicUrl });
    tournaments.watch(service);
    if (config.notifyWorker) tournaments.start(config.tournamentsSweepMs);
    const notifications = new Notifications(service, notificationStore, {
      databaseUrl,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      publicUrl: config.publicUrl,
      links,
      allowPrivateWebhooks: config.webhookAllowPrivate,
      retryLimit: config.notifyRetryLimit,
      retryDelaySeconds: config.notifyRetryDelaySeconds,
      pollingSeconds: config.notifyPollSeconds,
      worker: config.notifyWorker,
      log: app.log,
      stores: { clocks: new PrismaClockStore(prisma), digests: new PrismaDigestStore(prisma), vacations: new PrismaVacationStore(prisma) },
      reminderShare: config.reminderShare,
      resignSeat: (gameId, seat) => lobby.resignation.resignSeat(gameId, seat),
      players,
      vacationDaysPerYear: config.vacationDaysPerYear,
      ...(config.smtpInboundPort !== undefined
        ? { inbound: { port: config.smtpInboundPort, host: config.smtpInboundHost, domain: config.mailDomain } }
        : {}),
    });
    const pbm = notifications;
    lobby.lobby.onJoined(
      (j) =>
        void pbm
          .joined(j.gameId, j.seat, j.started)
          .catch((err) => app.log.warn({ err, gameId: j.gameId }, 'could not write the joined notices')),
    );
    // Replay GIFs: with the notifications' job queue, the long ones are rendered by any worker process
    // and kept in the database for all; without it, each process renders its own in the background.
    const gifs = new ReplayGifs(service, gifOptions(config), app.log);
    if (config.notifications)
      gifs.shared = { store: new ReplayGifStore(prisma, config.gifStoredBytes), jobs: new ReplayGifJobs(gifs, notifications.notifier) };
    if (config.notifications) await notifications.start();
    // Conditional lines are judged after every commit, on the process that committed.
    const conditional = new ConditionalMoves(service, conditionalStore, {
      tell: async (gameId, version, seat) => pbm.notifier.enqueue(await notificationStore.addNotice(gameId, version, seat, 'conditional')),
      log: app.log,
    });
    conditional.watch();
    if (config.notifyWorker) conditional.start(5_000);
    tournaments.mailWith({ seats: (gameId) => lobbyStore.mailableSeats(gameId), enqueue: (ids) => pbm.notifier.enqueue(ids) });
    const expiry = new LobbyExpiry(lobbyStore, {
      days: config.lobbyExpiryDays,
      publicUrl: config.publicUrl,
      enqueue: (ids) => pbm.notifier.enqueue(ids),
      log: app.log,
    });
    if (config.notifyWorker) expiry.start(60_000);
    const bots = bot
      ? new BotRunner(service, { databaseUrl, store: botStore, pool: bot, pollingSeconds: config.notifyPollSeconds, ...caps, log: app.log })
      : undefined;
    await bots?.start();
    const analyses = bot
      ? new WholeAnalysis(service, {
          databaseUrl,
          store: botStore,
          maxIterations: config.analysisMaxIterations,
          pollingSeconds: config.notifyPollSeconds,
          log: app.log,
        })
      : undefined;
    await analyses?.start();
    await registerRoutes(app, { ...base, lobby, databaseUrl, notifications, ratings, analyses, tournaments, conditional, gifs });
    return {
      app,
      service,
      lobby,
      notifications,
      ratings,
      tournaments,
      expiry,
      databaseUrl,
      async close() {
        // Requests in flight finish; a keep-alive connection is closed as soon as it goes idle
        // (Node closes only the connections idle at the moment close starts).
        const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
        await app.close().finally(() => clearInterval(sweep));
        opts.log?.('http server closed');
        unobserve();
        ratings.stop();
        tournaments.stop();
        conditional.stop();
        expiry.stop();
        await notifications.stop();
        await bots?.stop();
        await analyses?.stop();
        await pool?.close();
        await store.close();
        opts.log?.('database connections closed');
        await embedded?.stop();
      },
    };
  } catch (err) {
    await pool?.close();
    await embedded?.stop();
    throw err;
  }
}
