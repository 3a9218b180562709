import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { AppError } from '../app/errors.js';
import { hashToken } from '../app/tokens.js';
import type { Config } from '../config.js';

/** How long a refused client is told to wait: a place frees when one of its streams closes. */
const RETRY_AFTER_SECONDS = 10;

declare module 'fastify' {
  interface FastifyInstance {
    liveCaps?: LiveCaps;
  }
}

/**
 * Open live streams (GET /games/{id}/stream and GraphQL subscriptions, counted together) per
 * token and per client address: LIVE_STREAMS_PER_TOKEN and LIVE_STREAMS_PER_ADDRESS (0: no cap).
 * A stream past either cap is refused with 429 RATE_LIMITED and Retry-After; each one counts until
 * it closes. Counted in each server process (a process holds its own streams).
 */
export class LiveCaps {
  private readonly byToken = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();

  constructor(
    private readonly perToken: number,
    private readonly perAddress: number,
  ) {}

  /** Takes a place for a stream; the function it returns gives it back (once, however often called). */
  take(token: string | undefined, address: string): () => void {
    const t = token === undefined ? undefined : hashToken(token);
    if (t !== undefined && this.perToken > 0 && (this.byToken.get(t) ?? 0) >= this.perToken) {
      throw AppError.of('RATE_LIMITED', 'RATE_LIMITED.liveToken', { max: this.perToken }, { retryAfter: RETRY_AFTER_SECONDS });
    }
    if (this.perAddress > 0 && (this.byAddress.get(address) ?? 0) >= this.perAddress) {
      throw AppError.of('RATE_LIMITED', 'RATE_LIMITED.liveAddress', { max: this.perAddress }, { retryAfter: RETRY_AFTER_SECONDS });
    }
    bump(this.byAddress, address, 1);
    if (t !== undefined) bump(this.byToken, t, 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      bump(this.byAddress, address, -1);
      if (t !== undefined) bump(this.byToken, t, -1);
    };
  }
}

function bump(m: Map<string, number>, key: string, by: number): void {
  const n = (m.get(key) ?? 0) + by;
  if (n > 0) m.set(key, n);
  else m.delete(key);
}

export function registerLiveCaps(app: FastifyInstance, config: Config): void {
  app.decorate('liveCaps', new LiveCaps(config.liveStreamsPerToken, config.liveStreamsPerAddress));
}

/** The SSE stream's hook: a place for this request's stream until its response closes, or a 429. */
export function holdStreamPlace(req: FastifyRequest, res: ServerResponse, token: string | undefined): void {
  const release = req.server.liveCaps?.take(token, req.ip);
  if (!release) return;
  if (res.closed || res.destroyed) release();
  else res.once('close', release);
}

/** The GraphQL subscription's hook: a place taken with the connection's upgrade request; call the result when it ends. */
export function takeSubscriptionPlace(req: FastifyRequest | undefined, token: string | undefined): () => void {
  return req?.server.liveCaps?.take(token, req.ip) ?? (() => {});
}
