import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureTurnMails, timedMailbox } from '../support/turn-mails.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Notifications are picked up as soon as they are queued, not at the queue's next poll: over a whole
 * 2-player game played at full speed, every turn mail arrives within 2 s of its move's commit (p99),
 * and none is held. The figure itself is a benchmark (bench/turn-mail-delay.ts, BENCHMARKS.md).
 */
describe('turn mails follow the moves (end-to-end, real SMTP server)', () => {
  let s: TestServer;
  let mail: Awaited<ReturnType<typeof timedMailbox>>;
  beforeAll(async () => {
    mail = await timedMailbox();
    // The queue's own poll stays at its default (NOTIFY_POLL_SECONDS): the wake-up is what is tested.
    s = await startTestServer({ NOTIFICATIONS: 'on', SMTP_URL: `smtp://127.0.0.1:${mail.port}` });
  });
  afterAll(async () => {
    await s?.stop();
    await mail?.close();
  });

  it('every turn mail of a 2-player game played at full speed arrives within 2 s of its move (p99), none held', async () => {
    const r = await measureTurnMails(s.url, s.databaseUrl, mail.arrived);
    expect(r.missing, JSON.stringify(r.missing)).toEqual([]);
    expect(r.mails).toBeGreaterThan(10);
    expect(r.p99, `delays (ms): ${r.delays.join(' ')}`).toBeLessThanOrEqual(2_000);
  }, 120_000);
});
