import pgListen, { type Subscriber } from 'pg-listen';

// pg-listen is CommonJS with an ES-module default: Node's import gives the module, some loaders the function.
const createSubscriber = ((pgListen as unknown as { default?: unknown }).default ?? pgListen) as typeof pgListen.default;

const CHANNEL = 'citybuilder_notifications';

/**
 * Wakes the delivery loops as soon as a notification is queued, in every server process, through
 * Postgres LISTEN/NOTIFY (pg-listen: one connection per process, reconnected whenever it drops).
 * pg-boss only polls: without this a notification waits for the next poll of a free loop, and a
 * burst waits one poll per job and loop. The wake-up only saves time: if the connection is down,
 * the loops still poll (NOTIFY_POLL_SECONDS), so nothing is ever lost by it.
 */
export class QueueWake {
  private sub: Subscriber | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: { warn(o: object, m: string): void },
  ) {}

  /** Connects; with `onWake` (a process that delivers), listens too. */
  async start(onWake?: () => void): Promise<void> {
    const sub = createSubscriber(
      { connectionString: this.databaseUrl, application_name: 'citybuilder-wake' },
      {
        retryLimit: Infinity,
        retryTimeout: Infinity,
        retryInterval: (attempt: number) => Math.min(5_000, 250 * attempt),
        paranoidChecking: 10_000,
      },
    );
    sub.events.on('error', (err: Error) =>
      this.log.warn({ err }, 'notification wake-up connection failed; deliveries fall back to polling'),
    );
    await sub.connect();
    if (onWake) {
      sub.notifications.on(CHANNEL, () => onWake());
      await sub.listenTo(CHANNEL);
    }
    this.sub = sub;
  }

  /** Tells every delivering process that something was queued. */
  ring(): void {
    this.sub
      ?.notify(CHANNEL)
      .catch((err: unknown) => this.log.warn({ err }, 'could not ring the notification wake-up; the loops will poll'));
  }

  async stop(): Promise<void> {
    await this.sub?.close().catch(() => {});
    this.sub = undefined;
  }
}
