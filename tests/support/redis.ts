import { Socket } from 'node:net';

/** The Redis the multi-process tests use (REDIS_URL, else the local one). */
export const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers (it does on this project's machines and CI; a bare laptop may have none). */
export const redisUp = await new Promise<boolean>((resolve) => {
  const u = new URL(REDIS);
  const sock = new Socket();
  sock.setTimeout(500);
  sock.once('connect', () => (sock.destroy(), resolve(true)));
  sock.once('error', () => resolve(false));
  sock.once('timeout', () => (sock.destroy(), resolve(false)));
  sock.connect(Number(u.port || 6379), u.hostname);
});

/**
 * Whether the Redis tests run: when a Redis answers, and always under CI (where .ci/run starts one):
 * there a missing Redis fails them instead of skipping them silently.
 */
export const redisRequired = redisUp || !!process.env.CI;
