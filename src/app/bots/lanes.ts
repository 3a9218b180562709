/**
 * The bot pool's lanes (issue 31): each lane owns its threads and its own line of waiting tasks,
 * so a game's progress (bot seats, stand-ins: the `play` lane) never waits behind anyone's
 * analysis (the `analysis` lane). A lane runs `threads` tasks at once; the others wait in order.
 * A bounded lane refuses a task at once when `bound` already wait: 503 UNAVAILABLE with a
 * Retry-After, never a longer line. Each lane's waiting tasks and each task's wait are metrics.
 */
import { botLaneQueued, botLaneRunning, botLaneWait, metricsOn } from '../../telemetry/metrics.js';
import { AppError } from '../errors.js';

export type LaneName = 'play' | 'analysis';

export class Lane {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly name: LaneName,
    readonly threads: number,
    /** Tasks that may wait for a thread (Infinity: no bound). */
    readonly bound: number,
    /** Seconds a refused caller is told to wait (Retry-After). */
    private readonly retryAfterSeconds = 5,
  ) {
    botLaneQueued.inc({ lane: name }, 0);
    botLaneRunning.inc({ lane: name }, 0);
  }

  /** Waits for a thread of the lane (or refuses, `bounded` and the line full), runs `fn` on it, hands the thread to the next in line. */
  async run<T>(fn: () => Promise<T>, bounded = true): Promise<T> {
    const asked = performance.now();
    if (this.running < this.threads) {
      this.running++;
      botLaneRunning.inc({ lane: this.name });
    } else {
      if (bounded && this.waiting.length >= this.bound) {
        throw AppError.of(
          'UNAVAILABLE',
          'UNAVAILABLE.analysisQueue',
          { waiting: this.waiting.length, running: this.running, retry: this.retryAfterSeconds },
          { retryAfter: this.retryAfterSeconds },
        );
      }
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        botLaneQueued.inc({ lane: this.name });
      });
    }
    if (metricsOn()) botLaneWait.observe({ lane: this.name }, (performance.now() - asked) / 1000);
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) {
        botLaneQueued.dec({ lane: this.name });
        next(); // the thread passes to the next in line
      } else {
        this.running--;
        botLaneRunning.dec({ lane: this.name });
      }
    }
  }

  /** Tasks waiting for a thread now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Tasks on the lane's threads now. */
  get busy(): number {
    return this.running;
  }
}
