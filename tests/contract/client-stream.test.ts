import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, CityBuilderClient } from '../../clients/typescript/src/index.js';

/**
 * The client's SSE reader against a small real HTTP server speaking text/event-stream, so that the
 * awkward cases can be produced at will (tests/e2e/stream.test.ts covers the game's own stream):
 * messages split across chunks, multi-line data, comments, Last-Event-ID sent on reconnect, and a
 * refused stream as an ApiError.
 */
describe('GameSession.stream reads server-sent events', () => {
  let server: Server;
  let base: string;
  const seen: { auth?: string; lastEventId?: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (!/^\/api\/v1\/games\/[^/]+\/stream$/.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/problem+json' }).end('{}');
        return;
      }
      seen.push({ auth: req.headers.authorization, lastEventId: req.headers['last-event-id'] as string | undefined });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': keep-alive\n\n');
      res.write('id: 3\nevent: move\ndata: {"version":3,');
      setTimeout(() => {
        res.write('"events":[]}\n\nid: 4\nevent: move\ndata: line one\ndata: line two\n\n');
        res.end();
      }, 20);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('yields each message with its id and event name, and sends the token and Last-Event-ID', async () => {
    const session = new CityBuilderClient({ baseUrl: base }).session('00000000-0000-4000-8000-000000000000', 'town-center', 'tok');
    const messages = [];
    for await (const m of session.stream(base, { lastEventId: '2' })) messages.push(m);
    expect(messages).toEqual([
      { id: '3', event: 'move', data: '{"version":3,"events":[]}' },
      { id: '4', event: 'move', data: 'line one\nline two' },
    ]);
    expect(JSON.parse(messages[0]!.data)).toEqual({ version: 3, events: [] });
    expect(seen.at(-1)).toEqual({ auth: 'Bearer tok', lastEventId: '2' });
  });

  it('a refused stream is an ApiError with its status', async () => {
    const session = new CityBuilderClient({ baseUrl: base }).session('x', 'town-center');
    const gen = session.stream(`${base}/nowhere`);
    await expect(gen.next()).rejects.toBeInstanceOf(ApiError);
  });
});
