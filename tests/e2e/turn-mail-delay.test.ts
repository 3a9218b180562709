import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureTurnMails, timedMailbox } from '../support/turn-mails.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Notifications are picked up as soon as they are queued, not at the queue's next poll: with the
 * queue polling only every 30 s, over a whole 2-player game played at full speed, every turn mail
 * arrives within 5 s of its move's commit (p99; a mail that waited for the poll would take up to
 * 30 s), and none is held. The margin is for a busy machine (other test files run beside this one);
 * the figure itself is a benchmark (bench/turn-mail-delay.ts, BENCHMARKS.md: p99 well under 1 s).
 */
describe('turn mails follow the moves (end-to-end, real SMTP server)', () => {
  let s: TestServer;
  let mail: Awaited<ReturnType<typeof timedMailbox>>;
  beforeAll(async () => {
    mail = await timedMailbox();
    // The queue's own poll is slowed down (NOTIFY_POLL_SECONDS=30): the wake-up is what is tested.
    s = await startTestServer({ NOTIFICATIONS: 'on', SMTP_URL: `smtp://127.0.0.1:${mail.port}`, NOTIFY_POLL_SECONDS: '30' });
  });
  afterAll(async () => {
    await s?.stop();
    await mail?.close();
  });

  it('every turn mail of a 2-player game played at full speed arrives within 5 s of its move ' +
    '(p99) with a 30 s poll, none held', async () => {
    const r = await measureTurnMails(s.url, s.databaseUrl, mail.arrived);
    expect(r.missing, JSON.stringify(r.missing)).toEqual([]);
    expect(r.mails).toBeGreaterThan(10);
    expect(r.p99, `delays (ms): ${r.delays.join(' ')}`).toBeLessThanOrEqual(5_000);
  }, 120_000);
});
