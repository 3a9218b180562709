import { GifReader } from 'omggif';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importedGame } from '../support/imported-game.js';
import { startTwoServers, type TestServer } from '../support/server.js';

/**
 * Issue 35, "rendered off the request path for long games (the job queue)": two server processes
 * on one database with the job queue on (NOTIFICATIONS=on). A long GIF asked of one is a pg-boss
 * job (its id derived from the game and the request, so asking either process again queues no
 * second one), rendered by whichever process takes it and kept in the database: the other process
 * serves it from there, the same bytes, rendered once.
 */
describe('replay GIFs by the job queue, on two processes', () => {
  let two: Awaited<ReturnType<typeof startTwoServers>>;
  let a: TestServer;
  let b: TestServer;
  let db: pg.Client;
  beforeAll(async () => {
    two = await startTwoServers({ NOTIFICATIONS: 'on', NOTIFY_POLL_SECONDS: '0.5', GIF_INLINE_FRAMES: '10' });
    ({ a, b } = two);
    db = new pg.Client({ connectionString: a.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await two?.stop();
  });

  it('a long GIF asked of one process: 202 from both while one renders it, then the same GIF from both, rendered once', async () => {
    const { id, version } = await importedGame(a.url, 'ville-de-demain', 'gif-jobs');
    const from = version - 40;
    const path = `/api/v1/games/${id}/replay.gif?from=${from}&size=200&delay=100`;

    const first = await fetch(`${a.url}${path}`);
    expect(first.status).toBe(202);
    expect(first.headers.get('location')).toBe(path);
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThan(0);
    const second = await fetch(`${b.url}${path}`);
    expect([200, 202]).toContain(second.status);

    const gifOf = async (s: TestServer) => {
      let got: Response | undefined;
      await expect
        .poll(
          async () => {
            got = await fetch(`${s.url}${path}`);
            return got.status;
          },
          { timeout: 60_000, interval: 200 },
        )
        .toBe(200);
      return { headers: got!.headers, body: Buffer.from(await got!.arrayBuffer()) };
    };
    const fromB = await gifOf(b);
    const fromA = await gifOf(a);
    expect(Buffer.compare(fromA.body, fromB.body)).toBe(0);
    expect(fromA.headers.get('etag')).toBe(fromB.headers.get('etag'));
    const gif = new GifReader(fromB.body);
    expect(gif.width).toBe(200);
    expect(gif.numFrames()).toBe(version - from + 1);

    // Rendered once: one job for the request, one kept GIF.
    const jobs = await db.query("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'replay-gif' AND data->>'gameId' = $1", [id]);
    expect(jobs.rows[0].n).toBe(1);
    const kept = await db.query('SELECT count(*)::int AS n, min(frames) AS frames FROM replay_gifs WHERE game_id = $1', [id]);
    expect(kept.rows[0]).toEqual({ n: 1, frames: version - from + 1 });
  }, 120_000);
});
