import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Serialises async work per key (a game id) within this process, so that moves to one game are
 * decided one after another against the latest state instead of racing for the same version.
 * Keys with no pending work hold no memory.
 *
 * Nothing under a lock waits for the same lock: a `run` for a key that the calling async context
 * already holds runs at once, inside the holder's turn (a nested run would otherwise wait for the
 * work that awaits it, forever: the deadlock of a bot's commit that caught up under its own lock).
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();
  /** The keys the current async context holds. */
  private readonly held = new AsyncLocalStorage<ReadonlySet<string>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const holding = this.held.getStore();
    if (holding?.has(key)) return fn();
    const inside = () => this.held.run(new Set([...(holding ?? []), key]), fn);
    const prev = this.tails.get(key) ?? Promise.resolve();
    const next = prev.then(inside, inside);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /**
   * Runs `fn` as if no lock were held: for work started under a lock that goes on after it (the
   * after-commit hooks), which must wait for the lock like anyone else if it ever takes it.
   */
  outside<T>(fn: () => T): T {
    return this.held.exit(fn);
  }

  /** Whether the calling async context holds the key's lock. */
  holds(key: string): boolean {
    return this.held.getStore()?.has(key) ?? false;
  }
}
