import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Seat } from '../engine/index.js';
import { AppError } from './errors.js';
import { isUuid } from './ids.js';

/** The default life of a game link (GAME_LINK_TTL_SECONDS): a week, long enough to answer a turn mail. */
export const DEFAULT_LINK_TTL_SECONDS = 7 * 86_400;

const PREFIX = 'gl1';
const LINK = /^gl1\.([0-9a-f-]{36})\.(\d{1,2})\.([0-9a-f]{6})\.([0-9a-z]{1,9})\.([0-9a-f]{32})$/;

/** Whether a bearer token has the form of a game link (and is judged as one, never as a seat token). */
export const isGameLink = (token: string): boolean => token.startsWith(`${PREFIX}.`);

/**
 * Game links: the link of a turn mail opens the game as its seat, read-only, for a limited time.
 * A link token is gl1.<game>.<seat>.<generation>.<expiry>.<hmac> (lower-case hex and base 36; the
 * expiry in seconds since 1970), signed with HMAC-SHA256 under the server's link secret
 * (LINK_SECRET, else the secret the server keeps in its database). It carries no seat token, and
 * cannot be forged nor turned into another game's or seat's; it lapses at its expiry, and at once
 * when the seat's token is reissued (the generation is a keyed hash of the seat's token hash).
 * The API takes it as a bearer token for reads only (the game, its legal moves, log, replay, board
 * picture and live updates, as that seat sees them); any move or change with it is refused (403).
 */
export class GameLinks {
  constructor(
    private readonly secret: string,
    readonly ttlSeconds: number = DEFAULT_LINK_TTL_SECONDS,
    private readonly now: () => number = Date.now,
  ) {}

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(`game-link:${body}`).digest('hex').slice(0, 32);
  }

  /** A seat token's generation: another token, another generation (and the hash never leaves the server). */
  generation(tokenHash: string | null | undefined): string {
    return this.mac(`generation:${tokenHash ?? 'none'}`).slice(0, 6);
  }

  /** A link token for the seat whose token hash is `tokenHash`, good for `ttlSeconds` from now. */
  sign(gameId: string, seat: Seat, tokenHash: string | null | undefined): { token: string; expiresAt: Date } {
    const expires = Math.floor(this.now() / 1000) + this.ttlSeconds;
    const body = `${gameId}.${seat}.${this.generation(tokenHash)}.${expires.toString(36)}`;
    return { token: `${PREFIX}.${body}.${this.mac(body)}`, expiresAt: new Date(expires * 1000) };
  }

  /**
   * The seat a link token opens in game `gameId`, given the current token hash of each seat (undefined: no such seat); a
   * 401 UNAUTHORIZED naming what is wrong otherwise (altered, another game, expired, revoked).
   */
  verify(token: string, gameId: string, tokenHashOf: (seat: Seat) => string | null | undefined): Seat {
    const m = LINK.exec(token);
    if (!m || !isUuid(m[1]!)) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.linkMalformed');
    const [, game, seatText, generation, expires, mac] = m as unknown as [string, string, string, string, string, string];
    const want = Buffer.from(this.mac(`${game}.${seatText}.${generation}.${expires}`));
    if (!timingSafeEqual(want, Buffer.from(mac))) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.linkForged');
    if (game !== gameId) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.linkOtherGame');
    if (parseInt(expires, 36) * 1000 <= this.now()) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.linkExpired');
    const seat = Number(seatText);
    const hash = tokenHashOf(seat);
    if (hash === undefined) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.linkNoSeat');
    if (this.generation(hash) !== generation) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.linkRevoked');
    return seat;
  }
}
