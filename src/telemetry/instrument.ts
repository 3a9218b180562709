import type { AnyGame } from '../engine/index.js';
import { GameRegistry } from '../games/registry.js';
import type { Committed, UseCaseObserver } from '../app/service-types.js';
import type { AppendResult, GameStore } from '../store/types.js';
import * as m from './metrics.js';
import { inSpan, inSpanSync } from './tracing.js';

/**
 * The service measured from the outside, without a line in its move path: the store is decorated
 * (append: time and span; createGame: games created), each engine's decide is wrapped (time, span,
 * refusals by code), and the after-commit hook counts log entries and finished games. Each wrapper
 * does nothing but call through when metrics and tracing are both off.
 */

const RAW = Symbol('citybuilder.rawGame');

/**
 * The engine as registered, without the measuring wrapper: for code that calls decide many times
 * for one move (a bot's search), whose calls are not moves and must not be counted as such.
 */
export const rawGame = (g: AnyGame): AnyGame => (g as AnyGame & { [RAW]?: AnyGame })[RAW] ?? g;

/** The same registry, each engine's decide measured: time and span, and its refusals counted by code. */
export function instrumentRegistry(registry: GameRegistry): GameRegistry {
  const all = registry.all();
  m.knowGameTypes(all.map((p) => p.engine.id));
  // The plug-ins as registered (bot, picture, seat choices), each engine measured.
  return new GameRegistry(all.map((p) => ({ ...p, engine: measuredGame(p.engine) })));
}

function measuredGame(game: AnyGame): AnyGame {
  if ((game as AnyGame & { [RAW]?: AnyGame })[RAW]) return game;
  const type = m.typeLabel(game.id);
  const timer = m.decideSeconds.labels(type);
  const decide: AnyGame['decide'] = (state, move, seat) =>
    inSpanSync(
      'decide',
      { 'citybuilder.game.type': game.id, 'citybuilder.move.type': String((move as { type?: unknown })?.type ?? '') },
      (span) => {
        if (!m.metricsOn()) return game.decide(state, move, seat);
        const t0 = performance.now();
        const r = game.decide(state, move, seat);
        timer.observe((performance.now() - t0) / 1000);
        if (!r.ok) {
          m.illegalMoves.inc({ type, code: m.codeLabel(r.error.code) });
          span?.setAttribute('citybuilder.violation', r.error.code);
        }
        return r;
      },
    );
  return { ...game, decide, [RAW]: game } as AnyGame;
}

/**
 * The store, measured: a new object whose prototype is the store, so every method not listed here
 * is the store's own (whatever the port gains) and runs on it unchanged.
 */
export function instrumentStore<T extends GameStore>(store: T): T {
  const measured = Object.create(store) as T;
  measured.append = (cmd) =>
    inSpan(
      'append',
      { 'citybuilder.game.id': cmd.gameId, 'citybuilder.version': cmd.expectedVersion + 1, 'citybuilder.origin': cmd.origin ?? 'seat' },
      async (span) => {
        const t0 = m.metricsOn() ? performance.now() : 0;
        let result: AppendResult['kind'] | 'error' = 'error';
        try {
          const r = await store.append(cmd);
          result = r.kind;
          span?.setAttribute('citybuilder.append.result', r.kind);
          return r;
        } finally {
          if (t0) m.appendSeconds.observe({ result }, (performance.now() - t0) / 1000);
        }
      },
    );
  measured.createGame = async (game, history) => {
    await store.createGame(game, history);
    if (m.metricsOn()) m.gamesCreated.inc({ type: m.typeLabel(game.type) });
  };
  return measured;
}

/** Counts what the service commits (log entries by type and origin, finished games) from its after-commit hook. */
export function observeService(service: { onCommitted(hook: (c: Committed) => void): void }): void {
  service.onCommitted((c) => {
    if (!m.metricsOn()) return;
    const type = m.typeLabel(c.type);
    m.moves.inc({ type, origin: m.within(c.origin, m.ORIGINS) });
    if (c.status === 'finished') m.gamesFinished.inc({ type });
  });
}

/**
 * The service's use cases measured at their boundary (GameServiceOptions.observe): each command in
 * a span named by its kind, replays and imports in spans with their timers.
 */
export const observeUseCase: UseCaseObserver = (useCase, attrs, run) => {
  if (useCase === 'command') return inSpan(`command ${attrs.kind}`, { 'citybuilder.game.id': attrs.gameId ?? '' }, run);
  if (useCase === 'replay') {
    return inSpan('replay', { 'citybuilder.game.id': attrs.gameId ?? '', 'citybuilder.version': attrs.at ?? 0 }, async () => {
      const end = m.metricsOn() ? m.replaySeconds.startTimer() : null;
      try {
        return await run();
      } finally {
        end?.();
      }
    });
  }
  return inSpan('import', {}, async () => {
    const end = m.metricsOn() ? m.importSeconds.startTimer() : null;
    let result = 'refused';
    try {
      const r = await run();
      result = 'imported';
      return r;
    } finally {
      end?.({ result });
    }
  });
};

/** What the database probe reads: raw SQL on the server's Prisma client, and its pg pool. */
export interface ProbeSource {
  query<R>(sql: string): Promise<R[]>;
  pool?: { totalCount: number; idleCount: number; waitingCount: number; options: { max?: number } };
}

/**
 * At each scrape: games being played by type, the outbox's waiting and dead notifications by
 * channel (both read through indexes on status), whether the database answers, and the pool's use.
 * Returns the function that stops it (a server that closes).
 */
export function observeDatabase(src: ProbeSource): () => void {
  const probe = async () => {
    if (src.pool) {
      m.dbPoolInUse.set(src.pool.totalCount - src.pool.idleCount);
      m.dbPoolWaiting.set(src.pool.waitingCount);
      m.dbPoolMax.set(src.pool.options.max ?? 10);
    }
    try {
      const [games, outbox] = await Promise.all([
        src.query<{ type: string; n: number }>("SELECT type, count(*)::int AS n FROM games WHERE status = 'active' GROUP BY type"),
        src.query<{ status: string; channel: string; n: number }>(
          "SELECT status, channel, count(*)::int AS n FROM outbox WHERE status IN ('pending', 'dead') GROUP BY status, channel",
        ),
      ]);
      m.gamesActive.reset();
      for (const t of m.gameTypes()) m.gamesActive.set({ type: t }, 0);
      for (const g of games) m.gamesActive.inc({ type: m.typeLabel(g.type) }, g.n);
      for (const c of m.CHANNELS) {
        m.notificationsQueued.set({ channel: c }, outbox.find((r) => r.status === 'pending' && r.channel === c)?.n ?? 0);
        m.notificationsDeadNow.set({ channel: c }, outbox.find((r) => r.status === 'dead' && r.channel === c)?.n ?? 0);
      }
      m.dbUp.set(1);
    } catch {
      m.dbUp.set(0);
    }
  };
  m.setDatabaseProbe(probe);
  return () => m.setDatabaseProbe(null);
}
