/**
 * What every use case of one game service shares: the store and the registry, the options, the
 * per-game lock, the games held in memory (sessions.ts), the import gate, and the hooks told after
 * a commit, a creation, a seat change or a wake-up. The use-case modules beside this file are
 * functions of it; `GameService` (src/app/game-service.ts) holds one and composes them.
 */
import type { GameRegistry } from '../../games/registry.js';
import type { GameStore } from '../../store/types.js';
import { Gate } from '../gate.js';
import { KeyedMutex } from '../mutex.js';
import { Sessions } from '../sessions.js';
import type { AfterCommitHook, Committed, GameServiceOptions, TakebackAsked } from '../service-types.js';

export class GameCore {
  readonly locks = new KeyedMutex();
  readonly hooks: AfterCommitHook[] = [];
  readonly seatHooks: ((gameId: string) => void)[] = [];
  /** Told when a game may wait on a bot without a move committing (created, a seat taken or filled). */
  readonly wakeHooks: ((gameId: string) => void)[] = [];
  readonly startHooks: ((gameId: string) => Promise<void>)[] = [];
  /** Told when a seat asks the others for a takeback (src/app/takeback.ts): the asked seats get a notice. */
  readonly takebackHooks: ((asked: TakebackAsked) => Promise<void>)[] = [];
  readonly snapshotEvery: number;
  readonly maxRetries: number;
  readonly imports: Gate;
  /** The games held in memory: a cache checked against the store on every read (sessions.ts). */
  readonly sessions: Sessions;

  constructor(
    readonly store: GameStore,
    readonly registry: GameRegistry,
    readonly opts: GameServiceOptions,
  ) {
    this.snapshotEvery = opts.snapshotEvery ?? 50;
    this.maxRetries = opts.maxRetries ?? 20;
    this.imports = new Gate('imports', opts.importConcurrency || 2, opts.importQueue ?? 8);
    this.sessions = new Sessions(store, registry, this.locks, opts.cacheSize ?? 1000);
  }

  async started(gameId: string): Promise<void> {
    for (const hook of this.startHooks) await hook(gameId).catch(() => {});
  }

  wake(gameId: string): void {
    for (const hook of this.wakeHooks) {
      try {
        this.locks.outside(() => hook(gameId));
      } catch {
        // A listener's failure never affects the game.
      }
    }
  }

  emit(c: Committed): void {
    for (const hook of this.hooks) {
      try {
        // Hooks start work that outlives the lock: it must not count as holding it.
        this.locks.outside(() => hook(c));
      } catch {
        // A watcher's failure never affects the move, which is already committed.
      }
    }
  }

  /**
   * The lobby changed a game's seats (a join, a leave, a reissued token): this process drops its
   * copy, and watchers are told (other processes see the new seats revision on their next read).
   */
  seatsChanged(gameId: string): void {
    this.sessions.forget(gameId);
    this.wake(gameId);
    for (const hook of this.seatHooks) {
      try {
        this.locks.outside(() => hook(gameId));
      } catch {
        // A watcher's failure never affects the change, which is already committed.
      }
    }
  }
}
