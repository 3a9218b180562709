import { AppError } from './errors.js';

/**
 * Bounds how many of one kind of heavy work (imports) run at once: up to `concurrent` run, up to
 * `queued` wait their turn, and any more are refused at once with 503 UNAVAILABLE and a
 * Retry-After, instead of piling up until the database's transactions time out.
 */
export class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly what: string,
    private readonly concurrent: number,
    private readonly queued: number,
    private readonly retryAfterSeconds = 1,
  ) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrent) {
      if (this.waiting.length >= this.queued) {
        throw AppError.of(
          'UNAVAILABLE',
          'UNAVAILABLE.busy',
          { count: this.active + this.waiting.length, what: this.what, retry: this.retryAfterSeconds },
          { retryAfter: this.retryAfterSeconds },
        );
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes to the next in line
      else this.active--;
    }
  }
}
