import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifyingServer, until, type Mailbox } from '../support/mail.js';
import type { TestServer } from '../support/server.js';

const to = (m: Mailbox['mails'][number]) => (m.to as { text: string }).text;

/** Tournament mails (issue 34 item 3) through a real SMTP sink: each player's table when a round's game is made, the standings at
 * the end. */
describe('tournament mails (end-to-end, real SMTP server)', () => {
  let s: TestServer;
  let mail: Mailbox;
  const served = notifyingServer({ TOURNAMENTS_SWEEP_MS: '60000' });
  beforeAll(() => void ({ s, mail } = served));

  it('players with an address get their table and game link when a round starts, and the final standings once, when it ends', async () => {
    const player = async (name: string, email: string) => {
      const p = (await request(s.url).post('/api/v1/players').send({ name }).expect(201)).body as { id: string; token: string };
      await request(s.url).put('/api/v1/players/me/notifications').set('Authorization', `Bearer ${p.token}`).send({ email }).expect(200);
      return p;
    };
    const [ada, bob] = [await player('Ada', 'ada@example.test'), await player('Bob', 'bob@example.test')];
    const auth = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });
    const t = (
      await request(s.url)
        .post('/api/v1/tournaments')
        .set(auth(ada))
        .send({
          name: 'Duel',
          game: 'town-center',
          format: 'round-robin',
          seatsPerGame: 2,
          startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        })
        .expect(201)
    ).body;
    for (const p of [ada, bob]) await request(s.url).post(`/api/v1/tournaments/${t.id}/join`).set(auth(p)).expect(200);
    const started = (await request(s.url).post(`/api/v1/tournaments/${t.id}/start`).set(auth(ada)).expect(200)).body;
    const gameId = started.roundsPlayed[0].tables[0].gameId as string;
    const pairing = (who: string) => mail.mails.filter((m) => to(m) === who && m.subject === 'Duel, round 1: your table');
    await until('both pairing mails', () => pairing('ada@example.test').length === 1 && pairing('bob@example.test').length === 1);
    expect(pairing('ada@example.test')[0]!.text).toContain(`/games/${gameId}`);
    expect(pairing('bob@example.test')[0]!.text).toMatch(/At your table, in seat order: (Ada, Bob|Bob, Ada)/);

    // Bob resigns after each seat moved: the only round ends, and with it the tournament.
    for (const moved = new Set<number>(); moved.size < 2; ) {
      const g = (await request(s.url).get(`/api/v1/games/${gameId}`).expect(200)).body;
      const seat = g.toMove[0] as number;
      const p = started.roundsPlayed[0].tables[0].players[seat].playerId === ada.id ? ada : bob;
      const lm = (await request(s.url).get(`/api/v1/games/${gameId}/legal-moves`).set(auth(p)).expect(200)).body;
      await request(s.url).post(`/api/v1/games/${gameId}/moves`).set(auth(p)).send({ move: lm.moves[0] }).expect(200);
      moved.add(seat);
    }
    await request(s.url).post(`/api/v1/games/${gameId}/resign`).set(auth(bob)).expect(200);
    const standings = (who: string) => mail.mails.filter((m) => to(m) === who && m.subject === 'Duel: final standings');
    await until('both standings mails', () => standings('ada@example.test').length === 1 && standings('bob@example.test').length === 1);
    expect(standings('ada@example.test')[0]!.text).toContain('you are 1 of 2');
    expect(standings('bob@example.test')[0]!.text).toMatch(/you are 2 of 2[\s\S]*1\. Ada: 1 points/);
    expect((await request(s.url).get(`/api/v1/tournaments/${t.id}`).expect(200)).body.status).toBe('finished');
    // Once: another advance writes nothing new.
    await s.tournaments.advance(t.id);
    await s.tournaments.sweep();
    expect(standings('ada@example.test')).toHaveLength(1);
  }, 120_000);
});
