import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { notifyingServer, until, type Receiver } from '../support/mail.js';
import { OPERATOR_TOKEN, type TestServer } from '../support/server.js';

interface Row {
  id: string;
  status: string;
  attempts: number;
  lastError: string | null;
  channel: string;
}
interface Summary {
  counts: { status: string; channel: string; count: number }[];
  dead: Row[];
  retrying: Row[];
  errors: { error: string; channel: string; count: number }[];
}

/**
 * The operator's outbox (GET /admin/outbox/summary, POST /admin/outbox/{id}/retry, the page at
 * /operator): a webhook receiver that is down makes a "turn" notification fail, wait for its
 * retry, then die; the operator sees it, retries it while the receiver is still down (it stays
 * dead), then once it is back (delivered).
 */
describe("the operator's outbox: dead and retrying notifications, recent errors, retry now (end-to-end)", () => {
  let s: TestServer;
  let hooks: Receiver;
  let down = true;
  const served = notifyingServer({ NOTIFY_RETRY_LIMIT: '1', NOTIFY_RETRY_DELAY_SECONDS: '1' }, (path) => path === '/down' && down);
  beforeAll(() => void ({ s, hooks } = served));

  const summary = async (): Promise<Summary> => {
    const r = await request(s.url).get('/api/v1/admin/outbox/summary').set('Authorization', `Bearer ${OPERATOR_TOKEN}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const retry = (id: string, token = OPERATOR_TOKEN) =>
    request(s.url).post(`/api/v1/admin/outbox/${id}/retry`).set('Authorization', `Bearer ${token}`);
  let seatToken = '';
  let id = '';

  it('a webhook that fails is listed as retrying, then dead after its last try, with its error', async () => {
    const created = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'town-center', seed: 'outbox', players: [{ name: 'Ada' }, { name: 'Bob' }] });
    expect(created.status).toBe(201);
    const [ada, bob] = created.body.seats as { token: string }[];
    seatToken = bob!.token;
    const settings = await request(s.url)
      .put(`/api/v1/games/${created.body.id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${bob!.token}`)
      .send({ webhookUrl: `${hooks.url}/down`, events: ['turn'] });
    expect(settings.status).toBe(200);
    const legal = await request(s.url).get(`/api/v1/games/${created.body.id}/legal-moves`).set('Authorization', `Bearer ${ada!.token}`);
    const moved = await request(s.url)
      .post(`/api/v1/games/${created.body.id}/moves`)
      .set('Authorization', `Bearer ${ada!.token}`)
      .send({ move: legal.body.moves[0] });
    expect(moved.body.toMove).toEqual([1]); // Bob's turn: he is told by webhook

    let seen: Summary | undefined;
    await until('the failed notification among the retrying', async () => (seen = await summary()).retrying.length === 1);
    expect(seen!.retrying[0]).toMatchObject({ channel: 'webhook', status: 'pending', attempts: 1, lastError: 'the receiver answered 500' });
    id = seen!.retrying[0]!.id;
    await until('its last try to fail', async () => (seen = await summary()).dead.length === 1);
    expect(seen!.dead[0]).toMatchObject({ id, status: 'dead', attempts: 2, lastError: 'the receiver answered 500' });
    expect(seen!.retrying).toEqual([]);
    expect(seen!.counts).toEqual([{ status: 'dead', channel: 'webhook', count: 1 }]);
    expect(seen!.errors).toEqual([expect.objectContaining({ error: 'the receiver answered 500', channel: 'webhook', count: 1 })]);
  });

  it('retry now: still dead while the receiver is down, delivered once it is back; then there is nothing to retry', async () => {
    const again = await retry(id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, status: 'dead', attempts: 3 });
    down = false;
    const calls = hooks.calls.length;
    const ok = await retry(id);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id, status: 'delivered', attempts: 4, lastError: null });
    expect(hooks.calls.length).toBe(calls + 1);
    expect(hooks.calls.at(-1)!.id).toBe(id);
    expect(await summary()).toMatchObject({ dead: [], retrying: [], counts: [], errors: [] });
    const twice = await retry(id);
    expect([twice.status, twice.body.code, twice.body.status, twice.body.notificationStatus]).toEqual([
      409,
      'NOT_RETRYABLE',
      409,
      'delivered',
    ]);
  });

  it('refuses without the operator token, and names what is wrong with an id', async () => {
    expect((await request(s.url).get('/api/v1/admin/outbox/summary')).status).toBe(401);
    expect((await request(s.url).get('/api/v1/admin/outbox/summary').set('Authorization', `Bearer ${seatToken}`)).body.code).toBe(
      'FORBIDDEN',
    );
    expect((await retry(id, seatToken)).body.code).toBe('FORBIDDEN');
    const bad = await retry('not-a-uuid');
    expect([bad.status, bad.body.code]).toEqual([400, 'INVALID_INPUT']);
    const none = await retry('00000000-0000-4000-8000-000000000000');
    expect([none.status, none.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('the page at /operator shows a dead notification to whoever types the token, and retries it', async () => {
    down = true;
    const created = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'town-center', seed: 'outbox-page', players: [{ name: 'Cy' }, { name: 'Di' }] });
    const [cy, di] = created.body.seats as { token: string }[];
    await request(s.url)
      .put(`/api/v1/games/${created.body.id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${di!.token}`)
      .send({ webhookUrl: `${hooks.url}/down`, events: ['turn'] });
    const legal = await request(s.url).get(`/api/v1/games/${created.body.id}/legal-moves`).set('Authorization', `Bearer ${cy!.token}`);
    await request(s.url)
      .post(`/api/v1/games/${created.body.id}/moves`)
      .set('Authorization', `Bearer ${cy!.token}`)
      .send({ move: legal.body.moves[0] });
    await until('the notification to die', async () => (await summary()).dead.length === 1);
    const dead = (await summary()).dead[0]!;

    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await page.goto(`${s.url}/operator`);
      await page.getByLabel('OPERATOR_TOKEN').fill(OPERATOR_TOKEN);
      await page.getByRole('button', { name: 'Show the outbox' }).click();
      const row = page.locator(`#dead tr[data-id="${dead.id}"]`);
      await row.waitFor();
      expect(await row.textContent()).toContain('the receiver answered 500');
      expect(await page.locator('#errors').textContent()).toContain('the receiver answered 500');
      down = false;
      await row.getByRole('button', { name: 'Retry now' }).click();
      await page.locator('#dead').getByText('None.').waitFor();
      expect((await summary()).dead).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
