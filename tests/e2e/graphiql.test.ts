import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

describe('GraphiQL is served from local assets, with no CDN (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.stop());

  it("the page loads only this server's own scripts and style sheet, and each of them answers", async () => {
    const page = await request(s.url).get('/graphiql').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}\//i); // no absolute URL: nothing from a CDN
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(
      expect.arrayContaining([
        '/graphiql/assets/graphiql.min.css',
        '/graphiql/assets/react.production.min.js',
        '/graphiql/assets/react-dom.production.min.js',
        '/graphiql/assets/graphiql.min.js',
        '/graphiql/assets/boot.js',
      ]),
    );
    for (const a of assets) {
      const r = await request(s.url)
        .get(a)
        .buffer(true)
        .parse((res, cb) => {
          let n = 0;
          let head = '';
          res.on('data', (c: Buffer) => {
            if (n < 4096) head += c.toString('utf8', 0, 4096);
            n += c.length;
          });
          res.on('end', () => cb(null, { n, head }));
        });
      expect(r.status, a).toBe(200);
      expect(r.headers['content-type'], a).toMatch(a.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect((r.body as { n: number }).n, a).toBeGreaterThan(a.endsWith('boot.js') ? 100 : 10_000);
    }
    const boot = await request(s.url).get('/graphiql/assets/boot.js').expect(200);
    expect(boot.text).toContain("'/graphql'"); // queries and subscriptions go to this server
    await request(s.url).get('/graphiql/assets/nothing.js').expect(404);
  });

  it('is not served in production', async () => {
    const prod = await startTestServer({ NODE_ENV: 'production' });
    try {
      await request(prod.url).get('/graphiql').expect(404);
      await request(prod.url).get('/graphiql/assets/graphiql.min.js').expect(404);
    } finally {
      await prod.stop();
    }
  });
});
