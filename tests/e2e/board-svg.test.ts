import { XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardSvg } from '../../src/board/index.js';
import { RestClient } from '../support/clients.js';
import { pictureOf } from '../support/positions.js';
import { startTestServer, type TestServer } from '../support/server.js';

interface Got {
  status: number;
  headers: Record<string, string>;
  text: string;
}
const svgText = (r: Got) => r.text;
/** A plain fetch over the socket: the picture is text, read as a browser would. */
async function get(s: TestServer, path: string, headers: Record<string, string> = {}): Promise<Got> {
  const r = await fetch(`${s.url}${path}`, { headers });
  return { status: r.status, headers: Object.fromEntries(r.headers), text: await r.text() };
}

/** GET /api/v1/games/{id}/board.svg over real HTTP: versions, viewers, languages, bad input. */
describe('board pictures over HTTP', () => {
  let s: TestServer;
  let rest: RestClient;
  beforeAll(async () => {
    s = await startTestServer();
    rest = new RestClient(s.url);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('draws each version as the replay view of that version, and as each viewer may see it', async () => {
    const g = await rest.create('city-tycoon', 3, { seed: 'board-http' });
    // The draft: every seat keeps a tile, a secret to the others.
    for (let i = 0; i < 3; i++) {
      const seat = g.seats[i]!;
      const [first] = await rest.legal(g.id, seat.token);
      await rest.move(g.id, seat.token, first!);
    }
    const now = await get(s, `/api/v1/games/${g.id}/board.svg`);
    expect(now.status).toBe(200);
    expect(now.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    const at0 = await get(s, `/api/v1/games/${g.id}/board.svg?at=0`);
    const at3 = await get(s, `/api/v1/games/${g.id}/board.svg?at=3`);
    for (const r of [now, at0, at3]) expect(XMLValidator.validate(svgText(r))).toBe(true);
    expect(svgText(at3)).toBe(svgText(now));
    expect(svgText(at0)).not.toBe(svgText(at3));

    // The picture is the one boardSvg draws from the /replay answer: nothing else goes in.
    const replay = await request(s.url)
      .get(`/api/v1/games/${g.id}/replay?at=2`)
      .set({ Authorization: `Bearer ${g.seats[0]!.token}` });
    const at2 = await get(s, `/api/v1/games/${g.id}/board.svg?at=2`, { Authorization: `Bearer ${g.seats[0]!.token}` });
    const b = replay.body;
    expect(svgText(at2)).toBe(
      boardSvg(
        {
          type: b.type,
          version: b.version,
          toMove: b.toMove,
          players: b.players,
          view: b.view,
          outcome: b.outcome ?? null,
          viewerSeat: b.viewer.seat,
        },
        'en',
        pictureOf(b.type),
      ),
    );

    // Seat 0's kept tile is in seat 0's picture, and in nobody else's.
    const kept = (await rest.game(g.id, g.seats[0]!.token)).view as { kept: { name: string }[] };
    const name = kept.kept[0]!.name.replace(/&/g, '&amp;');
    const mine = svgText(await get(s, `/api/v1/games/${g.id}/board.svg`, { Authorization: `Bearer ${g.seats[0]!.token}` }));
    const theirs = svgText(await get(s, `/api/v1/games/${g.id}/board.svg`, { Authorization: `Bearer ${g.seats[1]!.token}` }));
    const ownTiles = (svg: string) =>
      [...svg.matchAll(/<g class="own-tile kept"><g class="district-card"><title>([^(<]*) \(/g)].map((m) => m[1]);
    expect(ownTiles(mine)).toEqual([name]);
    expect(ownTiles(theirs)).toHaveLength(1);
    expect(ownTiles(theirs)).not.toEqual([name]);
    expect(ownTiles(svgText(now))).toEqual([]);
  });

  it('speaks French when Accept-Language prefers it (or ?lang=fr)', async () => {
    const g = await rest.create('ma-petite-ville', 2);
    const fr = await get(s, `/api/v1/games/${g.id}/board.svg`, { 'Accept-Language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    expect(fr.headers['content-language']).toBe('fr');
    expect(svgText(fr)).toContain('au tour de: P1');
    const en = await get(s, `/api/v1/games/${g.id}/board.svg`, { 'Accept-Language': 'de-DE, en;q=0.8, fr;q=0.3' });
    expect(en.headers['content-language']).toBe('en');
    expect(svgText(en)).toContain('to move: P1');
    expect(svgText(await get(s, `/api/v1/games/${g.id}/board.svg?lang=fr`))).toContain('au tour de');
  });

  it('marks where the seat to move plays each legal move (data-notations), now only, and for nobody else', async () => {
    const g = await rest.create('ville-de-demain', 2, { seed: 'targets-http' });
    const mover = g.seats[0]!.token;
    const notations = (await request(s.url).get(`/api/v1/games/${g.id}/legal-moves`).set('Authorization', `Bearer ${mover}`)).body
      .notations as string[];
    const marked = (svg: string) => [...svg.matchAll(/data-notations="([^"]*)"/g)].flatMap((m) => m[1]!.split('|'));
    const mine = svgText(await get(s, `/api/v1/games/${g.id}/board.svg`, { Authorization: `Bearer ${mover}` }));
    // Draw 1, 2, 3 on the decks; nothing else is legal at the start (the refill step).
    expect(marked(mine).sort()).toEqual([...notations].sort());
    expect(marked(svgText(await get(s, `/api/v1/games/${g.id}/board.svg`, { Authorization: `Bearer ${g.seats[1]!.token}` })))).toEqual([]);
    expect(marked(svgText(await get(s, `/api/v1/games/${g.id}/board.svg`)))).toEqual([]);
    expect(marked(svgText(await get(s, `/api/v1/games/${g.id}/board.svg?at=0`, { Authorization: `Bearer ${mover}` })))).toEqual([]);
  });

  it('gives legal moves and logged moves in words (include=labels), in the language asked, never with tile ids', async () => {
    const g = await rest.create('city-tycoon', 2, { seed: 'labels-http' });
    const [ann, bob] = [g.seats[0]!.token, g.seats[1]!.token];
    const legal = async (token: string, include: string, lang = 'en') =>
      (
        await request(s.url)
          .get(`/api/v1/games/${g.id}/legal-moves?include=${include}`)
          .set({ Authorization: `Bearer ${token}`, 'Accept-Language': lang })
      ).body;
    const en = await legal(ann, 'labels');
    expect(en.labels).toHaveLength(en.moves.length);
    expect(en.view).toBeUndefined();
    for (const [i, label] of (en.labels as string[]).entries()) {
      expect(label).toMatch(/^Keep [A-Z]/);
      expect(label).not.toMatch(/t\d_\d\d/);
      expect(en.notations[i]).toMatch(/^keep t\d_\d\d$/);
    }
    const fr = await legal(ann, 'view,labels', 'fr-FR,fr;q=0.9');
    expect(fr.labels[0]).toMatch(/^Garder /);
    expect(fr.view.hand).toHaveLength(6);
    expect((await legal(ann, 'view')).labels).toBeUndefined();
    // Each keeps a tile; the log says so in words, naming the tile only to the seat that kept it.
    await rest.move(g.id, ann, en.moves[0]);
    await rest.move(g.id, bob, (await rest.legal(g.id, bob))[0]!);
    const log = async (token?: string, lang = 'en') =>
      (
        await request(s.url)
          .get(`/api/v1/games/${g.id}/events?include=labels`)
          .set({ ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': lang })
      ).body.moves as { seat: number; label: string }[];
    const annLog = await log(ann);
    expect(annLog.map((m) => m.label)).toEqual([en.labels[0], 'Keep a tile']);
    expect((await log(undefined, 'fr')).map((m) => m.label)).toEqual(['Garder une tuile', 'Garder une tuile']);
    const plain = (await request(s.url).get(`/api/v1/games/${g.id}/events`)).body.moves as Record<string, unknown>[];
    expect(plain[0]!.label).toBeUndefined();
    const bad = await request(s.url).get(`/api/v1/games/${g.id}/events?include=words`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_INPUT');
  });

  it('refuses a version out of range (400), an unknown game (404) and a foreign token (401)', async () => {
    const g = await rest.create('town-center', 2);
    const bad = async (path: string, status: number, code: string, detail: RegExp, headers: Record<string, string> = {}) => {
      const r = await request(s.url).get(path).set(headers);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(r.body.code).toBe(code);
      expect(r.body.detail).toMatch(detail);
    };
    await bad(`/api/v1/games/${g.id}/board.svg?at=1`, 400, 'INVALID_INPUT', /between 0 and 0/);
    await bad(`/api/v1/games/${g.id}/board.svg?at=-1`, 400, 'INVALID_INPUT', /at must be >= 0/);
    await bad(`/api/v1/games/${g.id}/board.svg?at=x`, 400, 'INVALID_INPUT', /at must be integer/);
    await bad(`/api/v1/games/${g.id}/board.svg?lang=de`, 400, 'INVALID_INPUT', /lang/);
    await bad('/api/v1/games/00000000-0000-4000-8000-000000000000/board.svg', 404, 'NOT_FOUND', /no game/);
    await bad(`/api/v1/games/${g.id}/board.svg`, 401, 'UNAUTHORIZED', /not a seat token|neither a seat token/, {
      Authorization: 'Bearer nope',
    });
  });
});
