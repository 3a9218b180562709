import pg from 'pg';
import { expect } from 'vitest';

/**
 * What is still to happen for a game's notifications and turn clock: outbox rows not yet delivered
 * (pending), and pg-boss jobs for it (its deadlines' reminders and timeouts, its rows' deliveries)
 * waiting, due later, being retried or running. When both are zero nothing more can be sent for
 * the game unless something new happens to it: a test that proves that something did NOT happen
 * (no duplicate, no second timeout) waits for this instead of sleeping.
 */
export async function inFlight(databaseUrl: string, gameId: string): Promise<{ pending: number; jobs: number }> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ pending: number; jobs: number }>(
      `SELECT (SELECT count(*)::int FROM outbox WHERE game_id = $1::uuid AND status = 'pending') AS pending,
              (SELECT count(*)::int FROM pgboss.job j
                WHERE j.state IN ('created', 'retry', 'active')
                  AND (j.data->>'gameId' = $2::text OR j.data->>'id' IN (SELECT id::text FROM outbox WHERE game_id = $1::uuid))) AS jobs`,
      [gameId, gameId],
    );
    return rows[0]!;
  } finally {
    await c.end();
  }
}

/** Waits until nothing is in flight for the game (see `inFlight`): every notification sent, every job run. */
export async function untilSettled(databaseUrl: string, gameId: string, timeout = 30_000): Promise<void> {
  await expect
    .poll(() => inFlight(databaseUrl, gameId), {
      timeout,
      interval: 100,
      message: `notifications and jobs of game ${gameId} still in flight`,
    })
    .toEqual({ pending: 0, jobs: 0 });
}

/** The pg-boss jobs of a game's turn clock still to run (waiting, retried or running) that are due before `at`. */
export async function dueBefore(databaseUrl: string, gameId: string, at: string): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') ` +
        `AND data->>'gameId' = $1::text AND start_after < $2::timestamptz`,
      [gameId, at],
    );
    return rows[0]!.n;
  } finally {
    await c.end();
  }
}
