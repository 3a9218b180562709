import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import nodemailer, { type Transporter } from 'nodemailer';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameLinks } from '../../src/app/game-link.js';
import { hashToken } from '../../src/app/tokens.js';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';
import { mailbox, until } from '../support/mail.js';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from '../support/server.js';

/** How long the game links of this suite's mails last (the default is a week). */
const LINK_TTL_SECONDS = 10;
const LINK_SECRET = 'turn-mail-test-link-secret-0123456789abcdef';

const to = (m: ParsedMail) => (m.to as { text: string } | undefined)?.text ?? '';
const replyTo = (m: ParsedMail) => (m.replyTo as { value: { address: string }[] } | undefined)?.value[0]?.address ?? '';
const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
/** The reply examples of a mail's HTML part, as written there. */
const examples = (html: string) => [...html.matchAll(/<code class="reply-example">([^<]*)<\/code>/g)].map((m) => unescape(m[1]!));
/** The game link of a mail's text part: the page's address and the link token in its fragment. */
const gameLink = (text: string) => {
  const m = /(https?:\/\/\S+\/games\/([0-9a-f-]{36}))#link=(\S+)/.exec(text);
  return m ? { page: m[1]!, gameId: m[2]!, token: m[3]! } : null;
};

/**
 * The turn mail for people (issue 18, item 4), read from a real SMTP server: the position as a PNG
 * referenced from the HTML part, the legal moves and how to reply with one, and a signed link that
 * opens the game as the seat until it expires; a reply with one of the examples plays that move.
 * The two pictures are kept in test-artifacts/ (turn-mail-en.png, turn-mail-fr.png).
 */
describe('the turn mail for people (real SMTP sink, moves by reply)', () => {
  let s: TestServer;
  let mail: Awaited<ReturnType<typeof mailbox>>;
  let inbound: Transporter;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    mail = await mailbox();
    s = await startTestServer({
      NOTIFICATIONS: 'on',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      SMTP_INBOUND_PORT: '0',
      SMTP_INBOUND_HOST: '127.0.0.1',
      MAIL_DOMAIN: 'games.example',
      NOTIFY_POLL_SECONDS: '0.5',
      GAME_LINK_TTL_SECONDS: String(LINK_TTL_SECONDS),
      LINK_SECRET,
    });
    inbound = nodemailer.createTransport({ host: '127.0.0.1', port: s.notifications.mailMoves!.port!, secure: false, ignoreTLS: true });
  });
  afterAll(async () => {
    await browser?.close();
    inbound?.close();
    await s?.stop();
    await mail?.close();
  });

  const newest = async (address: string, subject: RegExp) => {
    let found: ParsedMail | undefined;
    await until(
      `a mail "${subject.source}" to ${address}`,
      () => (found = mail.mails.filter((m) => to(m) === address && subject.test(m.subject ?? '')).pop()) !== undefined,
      30_000,
    );
    return found!;
  };

  it('shows the position as a PNG, the moves, how to reply (two legal examples) and a link that ' +
    "opens the seat's view until it expires; a reply with an example plays it; the next seat's " +
    'mail, and the answer to its reply, are in French', async () => {
    const g = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'town-center', players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'turn-mail' })
      .expect(201);
    const id = g.body.id as string;
    const tokens = Object.fromEntries((g.body.seats as { seat: number; token: string }[]).map((x) => [x.seat, x.token])) as Record<
      number,
      string
    >;
    const first = (await request(s.url).get(`/api/v1/games/${id}`)).body.toMove[0] as number;
    const second = 1 - first;
    const address = (seat: number) => `seat${seat}.${id.slice(0, 8)}@example.test`;
    await request(s.url)
      .put(`/api/v1/games/${id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${tokens[second]}`)
      .send({ email: address(second), events: ['turn'], language: 'fr' })
      .expect(200);
    const put = await request(s.url)
      .put(`/api/v1/games/${id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${tokens[first]}`)
      .send({ email: address(first), events: ['turn'] })
      .expect(200);
    expect(put.body.language).toBe('en');

    const m = await newest(address(first), /^Your turn/);
    // The picture: a PNG part, inline by Content-ID, referenced from the HTML part.
    const png = m.attachments.find((a) => a.contentType === 'image/png');
    expect(png, 'a PNG part').toBeDefined();
    expect(png!.content.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png!.content.length).toBeGreaterThan(5_000);
    await mkdir(ARTIFACTS, { recursive: true });
    await writeFile(join(ARTIFACTS, 'turn-mail-en.png'), png!.content);
    const cid = (png!.cid ?? png!.contentId ?? '').replace(/^<|>$/g, '');
    expect(cid).not.toBe('');
    expect((m.html || '').includes(`src="cid:${cid}"`), 'the HTML part shows the PNG by its Content-ID').toBe(true);
    // The legal moves, and how to play one by replying, with two of them as examples.
    const lm = (await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set('Authorization', `Bearer ${tokens[first]}`).expect(200))
      .body as { version: number; moves: unknown[]; notations: string[] };
    const shown = examples(m.html || '');
    expect(shown).toHaveLength(2);
    expect(new Set(shown).size).toBe(2);
    for (const e of shown) {
      expect(lm.notations).toContain(e);
      expect(m.text).toContain(`  ${e}`);
    }
    expect(m.text).toContain('To play, reply to this mail with your move on the first line');
    expect(m.text).toContain('Your legal moves:');
    expect(replyTo(m)).toMatch(/^move\+.+@games\.example$/);
    // Never the seat token itself.
    for (const t of Object.values(tokens)) {
      expect(m.text).not.toContain(t);
      expect((m.html || '').includes(t)).toBe(false);
    }

    // The signed link opens the game as the seat: the API it grants answers the seat's view.
    const link = gameLink(m.text ?? '')!;
    expect(link).not.toBeNull();
    expect(link.gameId).toBe(id);
    expect((m.html || '').includes(`#link=${link.token}`)).toBe(true);
    const seen = await request(s.url).get(`/api/v1/games/${id}`).set('Authorization', `Bearer ${link.token}`).expect(200);
    expect(seen.body.viewer.seat).toBe(first);
    expect(
      (await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set('Authorization', `Bearer ${link.token}`).expect(200)).body.notations,
    ).toEqual(lm.notations);
    // In Chromium, the link's page shows the game as that seat (its board and its moves).
    const page = await browser.context.newPage();
    await page.goto(`${s.url}${new URL(link.page).pathname}#link=${link.token}`);
    await expect.poll(() => page.locator('#who').textContent(), { timeout: 5_000, interval: 50 }).toBe(`You play ${['Ann', 'Bob'][first]}`);
    expect(await page.locator('[data-notations]').count()).toBeGreaterThan(0);
    // Read-only: the page says how to play (by replying) instead of sending a move it cannot make.
    await expect
      .poll(() => page.locator('#moves-note').textContent(), { timeout: 5_000, interval: 50 })
      .toMatch(/opened from a mail.*reply to the mail/);
    expect(await page.locator('#seat-settings').isHidden()).toBe(true);
    await page.close();
    // Read-only: a move or a change of settings with it is refused.
    const moveByLink = await request(s.url)
      .post(`/api/v1/games/${id}/moves`)
      .set('Authorization', `Bearer ${link.token}`)
      .send({ move: lm.moves[0] });
    expect(moveByLink.status).toBe(403);
    expect(moveByLink.body.detail).toMatch(/game link .* view only/);
    expect(
      (
        await request(s.url)
          .put(`/api/v1/games/${id}/seats/me/notifications`)
          .set('Authorization', `Bearer ${link.token}`)
          .send({ email: null })
      ).status,
    ).toBe(403);
    // Altered, or for another game: refused.
    const altered = link.token.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await request(s.url).get(`/api/v1/games/${id}`).set('Authorization', `Bearer ${altered}`)).body.detail).toMatch(
      /forged or altered/,
    );
    const other = (
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'town-center', players: [{ name: 'X' }, { name: 'Y' }] })
        .expect(201)
    ).body.id as string;
    expect((await request(s.url).get(`/api/v1/games/${other}`).set('Authorization', `Bearer ${link.token}`)).body.detail).toMatch(
      /another game/,
    );

    // A reply with one of the examples plays that very move.
    const chosen = shown[1]!;
    const wanted = lm.moves[lm.notations.indexOf(chosen)];
    await inbound.sendMail({
      from: address(first),
      to: replyTo(m),
      subject: `Re: ${m.subject}`,
      text: `${chosen}\n\nOn Thursday the server wrote:\n> ${(m.text ?? '').split('\n').join('\n> ')}`,
    });
    await until('the reply to be played', async () => (await request(s.url).get(`/api/v1/games/${id}`)).body.version === 1, 30_000);
    const log = (await request(s.url).get(`/api/v1/games/${id}/events`).set('Authorization', `Bearer ${tokens[first]}`).expect(200)).body
      .moves as { seat: number; move: unknown }[];
    expect(log[0]).toMatchObject({ seat: first, move: wanted });

    // The next seat's turn mail, in its language (French).
    const fr = await newest(address(second), /^À vous de jouer/);
    expect(fr.text).toContain('Pour jouer, répondez à ce courriel avec votre coup en première ligne');
    expect(fr.text).toContain('Vos coups possibles :');
    expect((fr.html || '').includes('<html lang="fr">')).toBe(true);
    const frPng = fr.attachments.find((a) => a.contentType === 'image/png');
    expect(frPng).toBeDefined();
    await writeFile(join(ARTIFACTS, 'turn-mail-fr.png'), frPng!.content);
    const frLink = gameLink(fr.text ?? '')!;
    expect(
      (await request(s.url).get(`/api/v1/games/${id}`).set('Authorization', `Bearer ${frLink.token}`).expect(200)).body.viewer.seat,
    ).toBe(second);
    // A reply with one of its examples is played, and answered in French.
    const frExample = examples(fr.html || '')[0]!;
    await inbound.sendMail({ from: address(second), to: replyTo(fr), subject: `Re: ${fr.subject}`, text: frExample });
    await until('the French reply to be played', async () => (await request(s.url).get(`/api/v1/games/${id}`)).body.version === 2, 30_000);
    const answer = await newest(address(second), /^Coup accepté/);
    expect(answer.text).toContain(`Votre coup « ${frExample} » est le coup 2`);

    // Reissuing the seat's token revokes its links at once (a link signed now, with the server's
    // LINK_SECRET, for the token before the reissue).
    const links = new GameLinks(LINK_SECRET, 3600);
    const fresh = links.sign(id, second, hashToken(tokens[second]!)).token;
    expect((await request(s.url).get(`/api/v1/games/${id}`).set('Authorization', `Bearer ${fresh}`).expect(200)).body.viewer.seat).toBe(
      second,
    );
    await request(s.url).post(`/api/v1/games/${id}/seats/${second}/token`).set('Authorization', `Bearer ${OPERATOR_TOKEN}`).expect(200);
    expect((await request(s.url).get(`/api/v1/games/${id}`).set('Authorization', `Bearer ${fresh}`)).body.detail).toMatch(/reissued/);

    // The first link stops working after its expiry.
    await expect
      .poll(async () => (await request(s.url).get(`/api/v1/games/${id}`).set('Authorization', `Bearer ${link.token}`)).status, {
        timeout: (LINK_TTL_SECONDS + 10) * 1000,
        interval: 500,
      })
      .toBe(401);
    expect((await request(s.url).get(`/api/v1/games/${id}`).set('Authorization', `Bearer ${link.token}`)).body.detail).toMatch(/expired/);
  }, 120_000);
});
