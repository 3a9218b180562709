import PgBoss from 'pg-boss';

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
export async function startJobQueue(opts: { databaseUrl: string; max: number; name: string; queues: QueueSpec[]; onError(err: Error): void }): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: opts.databaseUrl, schema: 'pgboss', max: opts.max, application_name: opts.name });
  boss.on('error', opts.onError);
  await boss.start();
  for (let attempt = 1; ; attempt++) {
    try {
      for (const q of opts.queues) await boss.createQueue(q.name, { name: q.name, retryLimit: q.retryLimit, retryDelay: q.retryDelay, retryBackoff: true, expireInMinutes: 5 });
      return boss;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 8 || (code !== '40P01' && code !== '23505' && code !== '40001')) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
    }
  }
}
