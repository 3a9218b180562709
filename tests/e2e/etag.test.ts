import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

describe('ETag / If-None-Match on the game, its legal moves and a replay (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.stop());

  it('answers 304 while nothing changed for that viewer, and a new tag per viewer and per version', async () => {
    const g = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] })
      .expect(201);
    const { id } = g.body;
    const [t0, t1] = g.body.seats.map((x: { token: string }) => `Bearer ${x.token}`);
    const paths = [`/api/v1/games/${id}`, `/api/v1/games/${id}/legal-moves`, `/api/v1/games/${id}/replay?at=0`];
    const tagsAt = async (auth: string | undefined) => {
      const tags: string[] = [];
      for (const p of paths) {
        if (!auth && p.includes('legal-moves')) continue; // legal moves need a seat
        const r = await request(s.url)
          .get(p)
          .set(auth ? { Authorization: auth } : {})
          .expect(200);
        expect(r.headers.etag, p).toMatch(/^"[\w-]+"$/);
        expect(r.headers.vary).toMatch(/Authorization/);
        expect(r.headers['cache-control']).toBe('private, no-cache');
        const again = await request(s.url)
          .get(p)
          .set(auth ? { Authorization: auth } : {})
          .set('If-None-Match', r.headers.etag!);
        expect(again.status, p).toBe(304);
        expect(again.text ?? '').toBe('');
        // A list of tags with the current one among them, and a weak form, match too.
        await request(s.url)
          .get(p)
          .set(auth ? { Authorization: auth } : {})
          .set('If-None-Match', `"stale", W/${r.headers.etag}`)
          .expect(304);
        tags.push(r.headers.etag!);
      }
      return tags;
    };
    const seat0 = await tagsAt(t0);
    const seat1 = await tagsAt(t1);
    const spectator = await tagsAt(undefined);
    // One viewer's tag never serves another: the same answer for two viewers has two tags.
    expect(seat0[0]).not.toBe(seat1[0]);
    expect(seat0[0]).not.toBe(spectator[0]);
    expect(seat0[1]).not.toBe(seat1[1]);
    expect(seat0[2]).not.toBe(spectator[1]);

    // Another seat's move makes a new version: the old tag no longer matches, and the new answer comes whole.
    await request(s.url)
      .post(`/api/v1/games/${id}/moves`)
      .set('Authorization', t1)
      .send({ move: { type: 'bid', amount: 2 } })
      .expect(200);
    const after = await request(s.url).get(`/api/v1/games/${id}`).set('Authorization', t0).set('If-None-Match', seat0[0]!);
    expect(after.status).toBe(200);
    expect(after.body.version).toBe(1);
    expect(after.headers.etag).not.toBe(seat0[0]);
    // A replay of version 0 did not change: its tag still matches.
    await request(s.url).get(`/api/v1/games/${id}/replay?at=0`).set('Authorization', t0).set('If-None-Match', seat0[2]!).expect(304);
    // Errors and other routes carry no tag.
    const bad = await request(s.url).get(`/api/v1/games/${id}`).set('Authorization', 'Bearer cbs_forged');
    expect([bad.status, bad.headers.etag]).toEqual([401, undefined]);
  });
});
