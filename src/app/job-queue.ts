import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';

/**
 * A job id made from what the job is for (its parts joined by `|`), shaped as the UUID pg-boss
 * takes: scheduling the same job twice, from any process, queues it once.
 */
export const jobUuid = (...parts: (string | number)[]): string => {
  const h = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** What a service running its own job loop takes: where the queue lives, how often it looks, where it logs. */
export interface JobLoopOptions {
  databaseUrl: string;
  /** Seconds between a loop's looks at the queue (it is also woken at once by this process's commits). */
  pollingSeconds: number;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };
}

/** A queue to create, with its retry policy (pg-boss's queue options). */
export interface QueueSpec {
  name: string;
  retryLimit: number;
  retryDelay: number;
}

/**
 * A started pg-boss (schema `pgboss`) with its queues created. Several processes starting at once
 * on a new database race to create the queues: a deadlock, a duplicate or a serialization failure
 * there is retried (creating a queue that exists does nothing). Errors after start go to `onError`.
 */
export async function startJobQueue(opts: {
  databaseUrl: string;
  max: number;
  name: string;
  queues: QueueSpec[];
  onError(err: Error): void;
}): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: opts.databaseUrl, schema: 'pgboss', max: opts.max, application_name: opts.name });
  boss.on('error', opts.onError);
  await boss.start();
  for (let attempt = 1; ; attempt++) {
    try {
      for (const q of opts.queues)
        await boss.createQueue(q.name, {
          name: q.name,
          retryLimit: q.retryLimit,
          retryDelay: q.retryDelay,
          retryBackoff: true,
          expireInMinutes: 5,
        });
      return boss;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 8 || (code !== '40P01' && code !== '23505' && code !== '40001')) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
    }
  }
}
