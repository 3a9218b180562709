import mqemitter, { type MQEmitter, type Message } from 'mqemitter';
import mqemitterRedis from 'mqemitter-redis';
import type { GameService } from '../app/game-service.js';
import type { Config } from '../config.js';

/** The topic of a game's live updates. */
export const topicOf = (gameId: string) => `game:${gameId}`;

/** What is published after each accepted move: only the version; each watcher reads its own view. */
export interface Notice {
  version: number;
  /** A seat was taken (the lobby): the seats changed, not the version. */
  joined?: boolean;
}

export interface Fanout {
  /** The emitter, shared with Mercurius so GraphQL subscriptions and the REST stream hear the same notices. */
  emitter: MQEmitter;
  /** Calls `listener` with each version committed for the game (by any process); resolves once listening. */
  subscribe(gameId: string, listener: (n: Notice) => void): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * Live updates for every kind of watcher (GraphQL subscriptions and the SSE stream): after each
 * commit (GameService.onCommitted) the game's version is published on an emitter, in-process, or
 * through Redis when REDIS_URL is set so that a watcher connected to one server process is woken by
 * a move accepted by another. A notice carries only the version: the watcher catches up from the
 * store (src/app/live.ts), so a notice lost or merged costs nothing but a later wake-up.
 */
export function createFanout(service: GameService, config: Config): Fanout {
  const emitter: MQEmitter = config.redisUrl ? (mqemitterRedis({ connectionString: config.redisUrl }) as unknown as MQEmitter) : mqemitter();
  service.onCommitted((c) => emitter.emit({ topic: topicOf(c.gameId), payload: { version: c.version } satisfies Notice }));
  return {
    emitter,
    subscribe(gameId, listener) {
      const fn = (m: Message, done: () => void) => {
        try {
          listener(m.payload as Notice);
        } finally {
          done();
        }
      };
      return new Promise((resolve) => emitter.on(topicOf(gameId), fn, () => resolve(() => emitter.removeListener(topicOf(gameId), fn))));
    },
    close: () => new Promise<void>((resolve) => emitter.close(() => resolve())),
  };
}
