import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook, refusalOf, resolveWebhook } from '../../src/app/notify/webhook-target.js';
import { until } from '../support/mail.js';
import { untilSettled } from '../support/settled.js';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from '../support/server.js';

/** A real HTTP receiver on a loopback address: any request that reaches it is a server-side request forgery. */
async function loopbackReceiver(host: string) {
  const calls: { url: string; host: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    calls.push({ url: req.url ?? '', host: req.headers.host });
    if (req.url === '/redirect') {
      res.writeHead(302, { location: '/elsewhere' }).end();
      return;
    }
    res.writeHead(204).end();
  });
  await new Promise<void>((ok) => server.listen(0, host, ok));
  return { calls, port: (server.address() as AddressInfo).port, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

describe("webhook targets: no request ever reaches the server's own or private addresses (SSRF)", () => {
  let s: TestServer;
  let v4: Awaited<ReturnType<typeof loopbackReceiver>>;
  beforeAll(async () => {
    v4 = await loopbackReceiver('127.0.0.1');
    // WEBHOOK_ALLOW_PRIVATE is off, as in production.
    s = await startTestServer({ NOTIFICATIONS: 'on', NOTIFY_RETRY_DELAY_SECONDS: '1' });
  });
  afterAll(async () => {
    await s?.stop();
    await v4?.close();
  });

  it(
    'refuses every loopback, private, link-local, unique-local, multicast, reserved, mapped, ' +
      'compatible and NAT64 form with 400, and the receiver hears nothing',
    async () => {
      const g = await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'ville-de-demain', players: [{ name: 'Ann' }, { name: 'Bob' }] })
        .expect(201);
      const { id } = g.body as { id: string };
      const token = g.body.seats[0].token as string;
      const p = v4.port;
      const forms = [
        `http://127.0.0.1:${p}/x`,
        `http://localhost:${p}/x`,
        `http://[::1]:${p}/x`,
        `http://0.0.0.0:${p}/x`,
        `http://[::]:${p}/x`,
        `http://2130706433:${p}/x`,
        `http://0x7f.1:${p}/x`,
        `http://127.1:${p}/x`,
        `http://[::ffff:127.0.0.1]:${p}/x`,
        `http://[0:0:0:0:0:ffff:127.0.0.1]:${p}/x`,
        `http://[::ffff:7f00:1]:${p}/x`,
        `http://[::127.0.0.1]:${p}/x`,
        `http://[::7f00:1]:${p}/x`,
        `http://[::ffff:0:7f00:1]:${p}/x`,
        `http://[64:ff9b::7f00:1]:${p}/x`,
        `http://[64:ff9b:1::7f00:1]:${p}/x`,
        `http://[2002:7f00:1::]:${p}/x`,
        `http://[2001::1]:${p}/x`,
        'http://10.0.0.1/x',
        'http://172.16.5.4/x',
        'http://192.168.1.1/x',
        'http://100.64.0.1/x',
        'http://169.254.169.254/latest/meta-data',
        'http://[fe80::1]/x',
        'http://[fc00::1]/x',
        'http://[fd00::2]/x',
        'http://224.0.0.1/x',
        'http://[ff02::1]/x',
        'http://255.255.255.255/x',
        'http://192.0.2.2/x',
        'http://198.18.0.1/x',
        'http://[2001:db8::1]/x',
        'http://240.0.0.1/x',
      ];
      for (const webhookUrl of forms) {
        const r = await request(s.url)
          .put(`/api/v1/games/${id}/seats/me/notifications`)
          .set('Authorization', `Bearer ${token}`)
          .send({ webhookUrl });
        expect(r.status, `${webhookUrl}: ${JSON.stringify(r.body)}`).toBe(400);
        expect(r.body.code).toBe('INVALID_INPUT');
        expect(r.body.detail).toMatch(/webhookUrl/);
      }
      await untilSettled(s.databaseUrl, id); // nothing stored, so nothing queued: no call can come later
      expect(v4.calls).toEqual([]);
    },
  );

  it('checks again at delivery: a stored URL that now points at loopback is refused, never called, and the outbox says why', async () => {
    const g = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'Ann' }, { name: 'Bob' }] })
      .expect(201);
    const { id } = g.body as { id: string };
    const seat = (await request(s.url).get(`/api/v1/games/${id}`)).body.toMove[0] as number;
    // As if the name had been re-pointed after it was checked (DNS rebinding): the row says loopback now.
    const c = new pg.Client({ connectionString: s.databaseUrl });
    await c.connect();
    await c.query(
      `INSERT INTO seat_notifications (game_id, seat, webhook_url, webhook_secret, events, ` +
        `unsubscribe_token) VALUES ($1, $2, $3, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', ` +
        `'{turn}', 'u-ssrf')`,
      [id, seat, `http://[::ffff:7f00:1]:${v4.port}/rebound`],
    );
    await c.end();
    const token = g.body.seats[seat].token as string;
    // Setting an email only (the webhook stays) queues a "turn" notice at once, on both channels.
    await request(s.url)
      .put(`/api/v1/games/${id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${token}`)
      .send({ email: 'ann@example.test' })
      .expect(200);
    let lastError = '';
    await until('the webhook delivery refused', async () => {
      const rows = (await request(s.url).get('/api/v1/admin/outbox').set('Authorization', `Bearer ${OPERATOR_TOKEN}`)).body
        .notifications as { gameId: string; channel: string; lastError: string | null }[];
      lastError = rows.find((r) => r.gameId === id && r.channel === 'webhook')?.lastError ?? '';
      return lastError !== '';
    });
    expect(lastError).toMatch(/IPv4-mapped|loopback|not allowed/);
    expect(v4.calls).toEqual([]);
  });

  it("the host's own interface addresses are refused even where the range itself is public", () => {
    expect(refusalOf('93.184.215.14', ['93.184.215.14'])).toMatch(/this server's own/);
    expect(refusalOf('8.8.8.8', ['93.184.215.14'])).toBeNull();
    expect(refusalOf('2606:4700::1111', [])).toBeNull();
    expect(refusalOf('::ffff:8.8.8.8', [])).toMatch(/IPv4-mapped/);
  });

  it('resolves a name once per delivery and connects to the very address it checked; redirects are not followed', async () => {
    let lookups = 0;
    const lookup = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // A name the system cannot resolve: only the checked address can be connected to.
    const target = await resolveWebhook(`http://hook.invalid:${v4.port}/checked`, true, lookup);
    expect(target.address).toBe('127.0.0.1');
    expect(await postWebhook(target, {}, '{}', 5_000)).toBe(204);
    expect(lookups).toBe(1);
    expect(v4.calls.at(-1)).toEqual({ url: '/checked', host: `hook.invalid:${v4.port}` });

    // Any refused address among a name's answers refuses the name (no picking the good one to pass the check).
    await expect(
      resolveWebhook('http://mixed.invalid/x', false, async () => [
        { address: '8.8.8.8', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]),
    ).rejects.toThrow(/loopback/);

    const redirect = await resolveWebhook(`http://127.0.0.1:${v4.port}/redirect`, true);
    expect(await postWebhook(redirect, {}, '{}', 5_000)).toBe(302);
    await new Promise((r) => setTimeout(r, 200));
    expect(v4.calls.some((c) => c.url === '/elsewhere')).toBe(false);
  });
});
