import { spawn } from 'node:child_process';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { createTestDatabase } from '../support/db.js';
import { mailbox, receiver, until } from '../support/mail.js';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from '../support/server.js';
import { untilSettled } from '../support/settled.js';

const notifyEnv = (smtpPort: number) => ({
  NOTIFICATIONS: 'on',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  WEBHOOK_ALLOW_PRIVATE: '1',
  NOTIFY_POLL_SECONDS: '0.5',
  NOTIFY_RETRY_DELAY_SECONDS: '1',
});

describe('notifications across server processes (end-to-end)', () => {
  let mail: Awaited<ReturnType<typeof mailbox>>;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    mail = await mailbox();
    hooks = await receiver();
  });
  afterAll(async () => {
    await mail?.close();
    await hooks?.close();
  });

  it('a server killed with SIGKILL right after a move commits: the notification is delivered after a restart, once', async () => {
    const db = await createTestDatabase();
    const port = 32_000 + (process.pid % 1000);
    // The first process writes the outbox but delivers nothing (NOTIFY_WORKER=off), then dies.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: {
        ...process.env,
        ...notifyEnv(mail.port),
        NOTIFY_WORKER: 'off',
        DATABASE_URL: db.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        RATE_LIMIT_PER_MINUTE: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const url = `http://127.0.0.1:${port}`;
    await until(
      `the server to start (${stderr})`,
      () =>
        fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
    );
    const g = await request(url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }], seed: 'sigkill-pbm' })
      .expect(201);
    const { id } = g.body;
    const tokens = g.body.seats.map((x: { token: string }) => x.token) as string[];
    const first = (await request(url).get(`/api/v1/games/${id}`)).body.toMove[0] as number;
    const other = 1 - first;
    await request(url)
      .put(`/api/v1/games/${id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${tokens[other]}`)
      .send({ webhookUrl: `${hooks.url}/killed/${id}`, email: 'killed@example.test', events: ['turn'] })
      .expect(200);
    // Play the first seat's moves until the turn passes to the other seat, then kill at once.
    for (let guard = 0; ; guard++) {
      expect(guard).toBeLessThan(50);
      const lm = await request(url).get(`/api/v1/games/${id}/legal-moves`).set('Authorization', `Bearer ${tokens[first]}`);
      const r = await request(url)
        .post(`/api/v1/games/${id}/moves`)
        .set('Authorization', `Bearer ${tokens[first]}`)
        .send({ move: lm.body.moves[0] })
        .expect(200);
      if (r.body.toMove.includes(other)) break;
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(hooks.calls.filter((c) => c.path === `/killed/${id}`)).toHaveLength(0);

    const b = await startTestServer(notifyEnv(mail.port), db);
    try {
      await until('the webhook after restart', () => hooks.calls.some((c) => c.path === `/killed/${id}`), 30_000);
      await until(
        'the mail after restart',
        () => mail.mails.some((m) => (m.to as { text: string }).text === 'killed@example.test'),
        30_000,
      );
      await untilSettled(db.url, id); // every delivery job has run: a second delivery would have arrived
      expect(hooks.calls.filter((c) => c.path === `/killed/${id}`)).toHaveLength(1);
      expect(mail.mails.filter((m) => (m.to as { text: string }).text === 'killed@example.test')).toHaveLength(1);
    } finally {
      await b.stop();
      await db.drop();
    }
  });

  it('two server processes on one database deliver each notification once', async () => {
    const db = await createTestDatabase();
    const a: TestServer = await startTestServer(notifyEnv(mail.port), db);
    const b: TestServer = await startTestServer(notifyEnv(mail.port), db);
    try {
      const g = await request(a.url)
        .post('/api/v1/games')
        .send({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }], seed: 'two-processes' })
        .expect(201);
      const { id } = g.body;
      const tokens = g.body.seats.map((x: { token: string }) => x.token) as string[];
      for (const seat of [0, 1]) {
        await request(seat ? b.url : a.url)
          .put(`/api/v1/games/${id}/seats/me/notifications`)
          .set('Authorization', `Bearer ${tokens[seat]}`)
          .send({ webhookUrl: `${hooks.url}/two/${id}/${seat}`, email: `two${seat}@example.test` })
          .expect(200);
      }
      const rng = Rng.fromSeed('two-processes');
      let state = (await request(a.url).get(`/api/v1/games/${id}`)).body as { status: string; toMove: number[]; version: number };
      for (let i = 0; state.status === 'active' && i < 40; i++) {
        const via = i % 2 ? b.url : a.url; // alternate the processes
        const seat = state.toMove[0]!;
        const lm = await request(via).get(`/api/v1/games/${id}/legal-moves`).set('Authorization', `Bearer ${tokens[seat]}`);
        const r = await request(via)
          .post(`/api/v1/games/${id}/moves`)
          .set('Authorization', `Bearer ${tokens[seat]}`)
          .send({ move: rng.pick(lm.body.moves as unknown[]) })
          .expect(200);
        state = r.body;
      }
      const rows = async () =>
        (
          await request(a.url).get('/api/v1/admin/outbox').query({ limit: 200 }).set('Authorization', `Bearer ${OPERATOR_TOKEN}`)
        ).body.notifications.filter((n: { gameId: string }) => n.gameId === id) as { id: string; status: string; channel: string }[];
      await until('all delivered', async () => (await rows()).every((n) => n.status === 'delivered'), 30_000);
      await untilSettled(db.url, id); // both processes' delivery jobs have all run
      const all = await rows();
      const webhooks = hooks.calls.filter((c) => c.path.startsWith(`/two/${id}/`));
      const mails = mail.mails.filter((m) => /^two[01]@/.test((m.to as { text: string }).text) && m.text?.includes(id));
      expect(all.length).toBeGreaterThan(4);
      expect(webhooks.map((c) => c.id).sort()).toEqual(
        all
          .filter((n) => n.channel === 'webhook')
          .map((n) => n.id)
          .sort(),
      );
      expect(mails.map((m) => m.headers.get('x-citybuilder-notification')).sort()).toEqual(
        all
          .filter((n) => n.channel === 'email')
          .map((n) => n.id)
          .sort(),
      );
    } finally {
      await a.stop();
      await b.stop();
      await db.drop();
    }
  });
});
