import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifyingServer, type Mailbox } from '../support/mail.js';
import { untilSettled } from '../support/settled.js';
import type { TestServer } from '../support/server.js';

const DAY = 86_400_000;
const to = (m: Mailbox['mails'][number]) => (m.to as { text: string }).text;

describe(
  'games that do not rot: a waiting game expires after LOBBY_EXPIRY_DAYS, warned a day ' + 'before (real SMTP sink, the clock injected)',
  () => {
    let s: TestServer;
    let mail: Mailbox;
    const served = notifyingServer({ LOBBY_EXPIRY_DAYS: '3' });
    beforeAll(() => void ({ s, mail } = served));

    it(
      'warning once a day before to the seated players with mail, then expired: shown in the ' +
        'game answer (REST and GraphQL), gone from the lobby, joins refused, counted in the profile',
      async () => {
        const ada = (await request(s.url).post('/api/v1/players').send({ name: 'Ada' }).expect(201)).body as { id: string; token: string };
        await request(s.url)
          .put('/api/v1/players/me/notifications')
          .set('Authorization', `Bearer ${ada.token}`)
          .send({ email: 'ada@example.test' })
          .expect(200);
        const g = (
          await request(s.url)
            .post('/api/v1/games')
            .set('Authorization', `Bearer ${ada.token}`)
            .send({ type: 'town-center', players: [{ me: true }, { open: true }], public: true })
            .expect(201)
        ).body as { id: string; invite: { code: string } };
        // A game that started (nobody waits for a seat) never expires.
        const full = (
          await request(s.url)
            .post('/api/v1/games')
            .send({ type: 'town-center', players: [{ name: 'X' }, { name: 'Y' }] })
            .expect(201)
        ).body as { id: string };
        const created = +new Date((await request(s.url).get(`/api/v1/games/${g.id}`)).body.createdAt);
        const expiry = s.expiry;

        expiry.now = () => new Date(created + 1.5 * DAY);
        expect(await expiry.sweep()).toEqual({ warned: [], expired: [] });

        // Two days in (a day before the third): one warning, however often the sweep runs.
        expiry.now = () => new Date(created + 2 * DAY + 60_000);
        expect((await expiry.sweep()).warned).toEqual([g.id]);
        expect((await expiry.sweep()).warned).toEqual([]);
        await untilSettled(s.databaseUrl, g.id);
        const warnings = mail.mails.filter((m) => to(m) === 'ada@example.test' && m.subject?.startsWith('Your game expires tomorrow'));
        expect(warnings).toHaveLength(1);
        expect(warnings[0]!.text).toContain(g.id);
        const at = /expires at (\S+) /.exec(warnings[0]!.text ?? '')?.[1];
        expect(Math.abs(+new Date(at!) - (created + 3 * DAY))).toBeLessThan(1000); // the stored creation time, to the second
        expect((await request(s.url).get(`/api/v1/games/${g.id}`)).body.status).toBe('waiting');
        expect((await request(s.url).get('/api/v1/lobby?type=town-center')).body.games.map((x: { id: string }) => x.id)).toContain(g.id);

        // Three days in: expired.
        expiry.now = () => new Date(created + 3 * DAY + 1000);
        const swept = await expiry.sweep();
        expect(swept.expired).toContain(g.id);
        expect(swept.expired).not.toContain(full.id);
        const answer = (await request(s.url).get(`/api/v1/games/${g.id}`)).body;
        expect(answer).toMatchObject({ status: 'expired', toMove: [] });
        expect((await request(s.url).get(`/api/v1/games/${full.id}`)).body.status).toBe('active');
        const gql = await request(s.url)
          .post('/graphql')
          .send({ query: 'query($id: ID!) { game(id: $id) { status } }', variables: { id: g.id } });
        expect(gql.body.data.game.status).toBe('expired');
        expect((await request(s.url).get('/api/v1/lobby?type=town-center')).body.games.map((x: { id: string }) => x.id)).not.toContain(
          g.id,
        );
        const bob = (await request(s.url).post('/api/v1/players').send({ name: 'Bob' }).expect(201)).body as { token: string };
        const join = await request(s.url)
          .post(`/api/v1/games/${g.id}/join`)
          .set('Authorization', `Bearer ${bob.token}`)
          .send({ inviteCode: g.invite.code });
        expect([join.status, join.body.code]).toEqual([409, 'GAME_OVER']);
        expect((await request(s.url).get(`/api/v1/players/${ada.id}`)).body.games).toMatchObject({ expired: 1, playing: 0 });
        expect(
          (await request(s.url).get(`/api/v1/players/me/games?status=expired`).set('Authorization', `Bearer ${ada.token}`)).body.games.map(
            (x: { id: string }) => x.id,
          ),
        ).toEqual([g.id]);
      },
    );
  },
);
