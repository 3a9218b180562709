import { randomUUID } from 'node:crypto';
import { EventSource } from 'eventsource';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkHaproxyConfig, ensureHaproxy, startHaproxy, type Haproxy } from '../support/haproxy.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * deploy/haproxy/haproxy.cfg, the file compose.yaml mounts, run by a real HAProxy (Debian's package)
 * in front of three real HTTP receivers: what it routes where, and what it retries.
 */

type Mode = 'ok' | '503' | 'drop';
interface Receiver {
  name: string;
  address: string;
  mode: Mode;
  seen: { method: string; url: string; xff: string | undefined }[];
  close(): Promise<void>;
}

/** A stand-in API process: answers its name, or 503, or closes the connection without answering. */
async function receiver(name: string): Promise<Receiver> {
  const r: Receiver = { name, address: '', mode: 'ok', seen: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/readyz') return void res.end('ready');
      r.seen.push({ method: req.method!, url: req.url!, xff: req.headers['x-forwarded-for'] as string | undefined });
      if (r.mode === 'drop') return void req.socket.destroy();
      res.writeHead(r.mode === '503' ? 503 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  r.close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return r;
}

describe('deploy/haproxy/haproxy.cfg', () => {
  beforeAll(() => ensureHaproxy());

  it("is valid for HAProxy (haproxy -c), with compose.yaml's default addresses and with local ones", () => {
    const compose = checkHaproxyConfig();
    expect(compose.status, compose.output).toBe(0);
    const local = checkHaproxyConfig(undefined, {
      HAPROXY_BIND: '127.0.0.1:18080',
      API_1: '127.0.0.1:1',
      API_2: '127.0.0.1:2',
      API_3: '127.0.0.1:3',
    });
    expect(local.status, local.output).toBe(0);
    expect(local.output).not.toMatch(/WARNING|ALERT/);
  });

  describe('in front of three receivers', () => {
    let rx: Receiver[];
    let proxy: Haproxy;
    beforeAll(async () => {
      rx = await Promise.all(['api-1', 'api-2', 'api-3'].map(receiver));
      proxy = await startHaproxy(rx.map((r) => r.address));
    });
    afterAll(async () => {
      await proxy?.stop();
      await Promise.all((rx ?? []).map((r) => r.close()));
    });
    const reset = () => rx.forEach((r) => ((r.mode = 'ok'), (r.seen = [])));
    const send = async (method: string, path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${proxy.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: method === 'POST' ? '{}' : undefined,
      }).catch(() => null);
      if (!res) return { status: 0, name: undefined }; // the connection closed without an answer
      const text = await res.text();
      return { status: res.status, name: res.status === 200 ? (JSON.parse(text) as { name: string }).name : undefined };
    };
    const home = async (id: string) => (await send('GET', `/api/v1/games/${id}`)).name!;

    it('sends every request naming one game to one process: REST paths, the page, GraphQL with X-Game-Id or ?gameId=', async () => {
      reset();
      const ids = Array.from({ length: 30 }, () => randomUUID());
      const homes = new Map<string, string>();
      for (const id of ids) {
        const at = await home(id);
        homes.set(id, at);
        for (const [method, path, headers] of [
          ['GET', `/api/v1/games/${id}/legal-moves`, {}],
          ['POST', `/api/v1/games/${id}/moves`, {}],
          ['GET', `/api/v1/games/${id.toUpperCase()}`, {}],
          ['GET', `/games/${id}`, {}],
          ['POST', '/graphql', { 'x-game-id': id }],
          ['GET', `/graphql?gameId=${id}`, {}],
          ['GET', `/api/v1/games/${id}/stream?after=3`, {}],
        ] as const) {
          expect((await send(method, path, headers)).name, `${method} ${path}`).toBe(at);
        }
      }
      // The hash spreads games over the processes (30 ids: each of the three gets some).
      expect(new Set(homes.values()).size).toBe(3);
    });

    it('balances requests without a game id round robin: creation, listings, GraphQL without (or with a malformed) X-Game-Id', async () => {
      for (const [method, path, headers] of [
        ['POST', '/api/v1/games', {}],
        ['GET', '/api/v1/lobby', {}],
        ['POST', '/graphql', {}],
        ['POST', '/graphql', { 'x-game-id': 'not-a-game' }],
        ['GET', '/graphql?gameId=42', {}],
      ] as const) {
        reset();
        const names = new Set<string>();
        for (let i = 0; i < 6; i++) names.add((await send(method, path, headers)).name!);
        expect(names.size, `${method} ${path} ${JSON.stringify(headers)}`).toBe(3);
      }
    });

    it('retries a GET, or a POST with an Idempotency-Key, on another process after a 503 or a dropped connection', async () => {
      for (const mode of ['503', 'drop'] as const) {
        reset();
        const id = randomUUID();
        const homeName = await home(id);
        const sick = rx.find((r) => r.name === homeName)!;
        sick.mode = mode;
        sick.seen = [];
        const get = await send('GET', `/api/v1/games/${id}/legal-moves`);
        expect(get.status, mode).toBe(200);
        expect(get.name).not.toBe(homeName);
        const keyed = await send('POST', `/api/v1/games/${id}/moves`, { 'idempotency-key': 'k1' });
        expect(keyed.status, mode).toBe(200);
        expect(keyed.name).not.toBe(homeName);
        expect(sick.seen.length).toBeGreaterThanOrEqual(2); // each was tried there first
      }
    });

    it(
      'does not retry a POST without an Idempotency-Key once a process got it: the client gets ' + 'the failure, the process saw it once',
      async () => {
        // A dropped connection reaches the client as a 502, or (on a reused connection) as the same
        // closed connection: either way a failure the client must resolve (status 0 here).
        for (const [mode, status] of [
          ['503', [503]],
          ['drop', [502, 0]],
        ] as const) {
          reset();
          const id = randomUUID();
          const homeName = await home(id);
          const sick = rx.find((r) => r.name === homeName)!;
          sick.mode = mode;
          sick.seen = [];
          expect(status, mode).toContain((await send('POST', `/api/v1/games/${id}/moves`)).status);
          expect(sick.seen.filter((s) => s.method === 'POST')).toHaveLength(1);
          expect(rx.filter((r) => r !== sick).flatMap((r) => r.seen)).toEqual([]);
        }
      },
    );

    it('sends any request, even a POST without a key, to another process when its own refuses connections (nothing was sent)', async () => {
      reset();
      const id = randomUUID();
      const homeName = await home(id);
      const down = rx.find((r) => r.name === homeName)!;
      await down.close();
      try {
        const r = await send('POST', `/api/v1/games/${id}/moves`);
        expect(r.status).toBe(200);
        expect(r.name).not.toBe(homeName);
      } finally {
        rx[rx.indexOf(down)] = await receiver(down.name); // a new one, on another port: not in the proxy
      }
    });

    it("adds the client's address to X-Forwarded-For, after whatever the client wrote", async () => {
      reset();
      await send('GET', '/api/v1/lobby', { 'x-forwarded-for': '203.0.113.9' });
      const seen = rx.flatMap((r) => r.seen);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.xff).toBe('203.0.113.9, 127.0.0.1');
    });
  });

  describe('in front of a real server with TRUST_PROXY', () => {
    let server: TestServer;
    let proxy: Haproxy;
    beforeAll(async () => {
      server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' });
      proxy = await startHaproxy([server.url.replace('http://', '')]);
    });
    afterAll(async () => {
      await proxy?.stop();
      await server?.stop();
    });
    const statuses = async (base: string, xffs: string[]) => {
      const out: number[] = [];
      for (const xff of xffs) out.push((await fetch(`${base}/api/v1/lobby`, { headers: { 'x-forwarded-for': xff } })).status);
      return out;
    };

    it('counts requests through the proxy against the address the proxy saw, not the one a client wrote', async () => {
      // Four requests, each claiming another address: all come from 127.0.0.1, whose budget is 3.
      expect(await statuses(proxy.url, ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'])).toEqual([200, 200, 200, 429]);
    });

    it('counts requests from the trusted proxy against the address it added last', async () => {
      // Sent straight from 127.0.0.1 (the trusted proxy's address): each names its own client.
      expect(await statuses(server.url, ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5'])).toEqual([
        200, 200, 200, 200, 200,
      ]);
      expect(await statuses(server.url, ['192.0.2.6', '192.0.2.6', '192.0.2.6', '192.0.2.6'])).toEqual([200, 200, 200, 429]);
    });
  });

  describe('in front of a real server: live updates pass through', () => {
    let server: TestServer;
    let proxy: Haproxy;
    beforeAll(async () => {
      server = await startTestServer();
      proxy = await startHaproxy([server.url.replace('http://', '')]);
    });
    afterAll(async () => {
      await proxy?.stop();
      await server?.stop();
    });

    it('an SSE stream and a GraphQL subscription (WebSocket, ?gameId=) opened through the proxy get a move as it happens', async () => {
      const created = (await (
        await fetch(`${proxy.url}/api/v1/games`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] }),
        })
      ).json()) as { id: string; seats: { token: string }[] };
      const { id } = created;
      const sse: number[] = [];
      const es = new EventSource(`${proxy.url}/api/v1/games/${id}/stream`);
      es.addEventListener('game', (e) => void sse.push(JSON.parse((e as MessageEvent).data).version));
      es.addEventListener('move', (e) => void sse.push(JSON.parse((e as MessageEvent).data).version));
      const gql: number[] = [];
      const client = createClient({
        url: `${proxy.url.replace('http', 'ws')}/graphql?gameId=${id}`,
        webSocketImpl: WebSocket,
        retryAttempts: 0,
      });
      const dispose = client.subscribe<{ gameUpdated: { version: number } }>(
        { query: 'subscription($id: ID!) { gameUpdated(gameId: $id) { version } }', variables: { id } },
        { next: (m) => void (m.data && gql.push(m.data.gameUpdated.version)), error: () => {}, complete: () => {} },
      );
      try {
        await vi.waitFor(() => expect([sse, gql]).toEqual([[0], [0]]), { timeout: 10_000 });
        const move = await fetch(`${proxy.url}/api/v1/games/${id}/moves`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${created.seats[0]!.token}` },
          body: JSON.stringify({ move: { type: 'bid', amount: 2 } }),
        });
        expect(move.status).toBe(200);
        await vi.waitFor(
          () =>
            expect([sse, gql]).toEqual([
              [0, 1],
              [0, 1],
            ]),
          { timeout: 10_000 },
        );
      } finally {
        es.close();
        dispose();
        await client.dispose();
      }
    });
  });
});
