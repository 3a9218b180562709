import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCALE } from '../support/faults.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** A client that sends its headers, then its body one byte at a time, forever; resolves when the server closes on it. */
function trickle(url: string, everyMs: number): Promise<{ status: number; code?: string; ms: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const t = Date.now();
    const socket = connect(Number(port), hostname);
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (d) => (text += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      const body = text.slice(text.indexOf('\r\n\r\n') + 4);
      let code: string | undefined;
      try {
        code = (JSON.parse(body) as { code?: string }).code;
      } catch {
        code = undefined;
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), code, ms: Date.now() - t });
    });
    socket.on('connect', () => {
      socket.write('POST /api/v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
      timer = setInterval(() => socket.writable && socket.write(' '), everyMs);
    });
  });
}

/**
 * Slow-body clients (slowloris) cannot hold the server: each is cut at the request timeout with
 * 408 REQUEST_TIMEOUT, while other clients are served as usual meanwhile.
 */
describe('faults: slow request bodies', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ REQUEST_TIMEOUT_MS: '1000' });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('every trickling client gets 408 REQUEST_TIMEOUT at the timeout; normal requests are served meanwhile', async () => {
    const slow = Array.from({ length: Math.round(40 * SCALE) }, () => trickle(s.url, 100));
    const served: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t = Date.now();
      const r = await fetch(`${s.url}/api/v1/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] }),
      });
      expect(r.status, await r.clone().text()).toBe(201);
      served.push(Date.now() - t);
    }
    const results = await Promise.all(slow);
    for (const r of results) {
      expect(r.status, JSON.stringify(results)).toBe(408);
      expect(r.code).toBe('REQUEST_TIMEOUT');
      expect(r.ms).toBeGreaterThanOrEqual(900);
      expect(r.ms).toBeLessThan(5_000);
    }
    expect(Math.max(...served)).toBeLessThan(3_000);
    // Nothing was created by the cut requests: only the 10 normal games exist.
    expect((await s.service.listGames(s.config.operatorToken, {})).games).toHaveLength(10);
  });
});
