import { GifReader } from 'omggif';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdOf } from '../../src/app/replays/replay-gifs.js';
import { type AnyGame } from '../../src/engine/index.js';
import { hostedGames } from '../../src/games/index.js';
import { importedGame } from '../support/imported-game.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Issue 35, animated replays: GET /games/{id}/replay.gif gives one frame per position shown
 * (to - from + 1, the last held longer), decodable by a third-party decoder (omggif); a second
 * request is served from the kept GIFs; a running game's GIF never shows a move past the game's
 * version; bad parameters are 400s with their code.
 */
let s: TestServer;
beforeAll(async () => {
  // Long GIFs go to the background past 20 positions here, so both paths run.
  s = await startTestServer({ GIF_INLINE_FRAMES: '20' });
});
afterAll(async () => {
  await s?.stop();
});

/** A GET as bytes: status, headers and body. */
async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.url}${path}`, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The GIF at `path`, asking again while it is being rendered (202 with Location). */
async function gifAt(path: string, headers: Record<string, string> = {}) {
  let last: Awaited<ReturnType<typeof get>> | undefined;
  await expect
    .poll(
      async () => {
        last = await get(path, headers);
        if (last.status === 202) expect(last.headers.get('location')).toBe(path);
        return last.status;
      },
      { timeout: 60_000, interval: 200 },
    )
    .toBe(200);
  return last!;
}

const finishedGame = (game: AnyGame, seed: string) => importedGame(s.url, game.id, seed);

describe('GET /games/{id}/replay.gif', () => {
  for (const game of hostedGames) {
    it(
      `${game.id}: a finished game gives one frame per position shown, the last held, decodable; ` +
        `asked again, served from the kept GIF`,
      async () => {
        const { id, version } = await finishedGame(game as AnyGame, `gif-${game.id}`);
        const from = Math.max(0, version - 30);
        const path = `/api/v1/games/${id}/replay.gif?from=${from}&size=240&delay=200`;
        const r = await gifAt(path);
        expect(r.headers.get('content-type')).toBe('image/gif');
        expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const gif = new GifReader(r.body);
        expect(gif.width).toBe(240);
        expect(gif.numFrames()).toBe(version - from + 1);
        const pixels = new Uint8Array(gif.width * gif.height * 4);
        for (let i = 0; i < gif.numFrames(); i++) gif.decodeAndBlitFrameRGBA(i, pixels);
        expect(gif.frameInfo(0).delay).toBe(20);
        expect(gif.frameInfo(gif.numFrames() - 1).delay).toBe(holdOf(200) / 10);
        // Frames after the first carry only what changed: transparent elsewhere, the frame before kept.
        expect(gif.frameInfo(1).transparent_index).not.toBeNull();
        expect(gif.frameInfo(1).disposal).toBe(1);

        const again = await get(path);
        expect(again.status).toBe(200);
        expect(again.headers.get('x-replay-cache')).toBe('hit');
        expect(again.headers.get('etag')).toBe(r.headers.get('etag'));
        expect(Buffer.compare(again.body, r.body)).toBe(0);
        const unchanged = await get(path, { 'If-None-Match': r.headers.get('etag')! });
        expect(unchanged.status).toBe(304);
      },
    );
  }

  it("a running game: the GIF ends at the game's version and never past it; a seat's own view needs its token", async () => {
    const created = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'town-center', seed: 'gif-running', players: [{ name: 'Ann' }, { name: 'Bob' }] });
    expect(created.status).toBe(201);
    const { id, seats } = created.body as { id: string; seats: { token: string }[] };
    for (const k of [0, 1]) {
      const legal = await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set('Authorization', `Bearer ${seats[k]!.token}`);
      const moved = await request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .set('Authorization', `Bearer ${seats[k]!.token}`)
        .send({ move: legal.body.moves[0] });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const r = await gifAt(`/api/v1/games/${id}/replay.gif?size=200`);
    expect(new GifReader(r.body).numFrames()).toBe(3);
    expect(r.headers.get('cache-control')).toBe('private, no-cache');
    const ahead = await request(s.url).get(`/api/v1/games/${id}/replay.gif?to=3`);
    expect(ahead.status).toBe(400);
    expect(ahead.body).toMatchObject({ code: 'INVALID_INPUT' });
    expect(ahead.body.detail).toContain("past the game's version, 2");
    const asSeat = await gifAt(`/api/v1/games/${id}/replay.gif?size=200&seat=1`, { Authorization: `Bearer ${seats[1]!.token}` });
    expect(asSeat.headers.get('cache-control')).toBe('private, no-cache');
    const notYours = await request(s.url).get(`/api/v1/games/${id}/replay.gif?seat=1`).set('Authorization', `Bearer ${seats[0]!.token}`);
    expect(notYours.status).toBe(403);
    const noToken = await request(s.url).get(`/api/v1/games/${id}/replay.gif?seat=0`);
    expect(noToken.status).toBe(403);
  });

  it('a flood of GIF requests is bounded: past the renders running and waiting, 503 with Retry-After', async () => {
    const bounded = await startTestServer({ GIF_INLINE_FRAMES: '1', GIF_CONCURRENCY: '1', GIF_QUEUE: '0' }, s.db);
    try {
      const game = hostedGames.find((g) => g.id === 'city-tycoon') as AnyGame;
      const { id, version } = await finishedGame(game, 'gif-flood');
      expect(version).toBeGreaterThan(50);
      const first = await fetch(`${bounded.url}/api/v1/games/${id}/replay.gif?size=600`);
      expect(first.status).toBe(202);
      expect(first.headers.get('retry-after')).toMatch(/^\d+$/);
      // Another GIF while the first renders (a long game at 600 px): no room to run or wait.
      const second = await fetch(`${bounded.url}/api/v1/games/${id}/replay.gif?size=599`);
      expect(second.status).toBe(503);
      expect(second.headers.get('retry-after')).toBe('1');
      expect(((await second.json()) as { code: string }).code).toBe('UNAVAILABLE');
    } finally {
      await bounded.stop();
    }
  });

  it('bad parameters are 400 INVALID_INPUT naming the rule; an unknown game is 404', async () => {
    const created = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ma-petite-ville', players: [{ name: 'Ann' }, { name: 'Bob' }] });
    const id = created.body.id as string;
    for (const q of ['size=50', 'size=5000', 'delay=0', 'delay=20000', 'lang=de', 'from=-1', 'seat=64', 'frames=3', 'from=1&to=0']) {
      const r = await request(s.url).get(`/api/v1/games/${id}/replay.gif?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.code, q).toBe('INVALID_INPUT');
    }
    const missing = await request(s.url).get('/api/v1/games/00000000-0000-4000-8000-000000000000/replay.gif');
    expect(missing.status).toBe(404);
  });
});
