/**
 * Who is asking: a bearer token resolved to a seat of the game, a spectator or the operator, in a
 * session checked against the store. Seat tokens, the tokens of players bound to seats, a turn
 * mail's read-only game link, the operator's token; everything else is refused (401).
 */
import type { Seat, Viewer } from '../../engine/index.js';
import { AppError } from '../errors.js';
import { isGameLink } from '../game-link.js';
import type { Caller, Session } from '../service-types.js';
import { hashToken, sameToken } from '../tokens.js';
import type { GameCore } from './core.js';

export const viewerOf = (c: Caller): Viewer => (c.kind === 'seat' ? c.seat : null);

/** A session checked against the store, and who the token is in it (for modules such as live.ts). */
export async function open(core: GameCore, gameId: string, token: string | undefined): Promise<{ s: Session; caller: Caller }> {
  const s = await core.sessions.fresh(gameId);
  return { s, caller: await callerIn(core, s, token, true, true) };
}

/**
 * A seat token, or the token of the player a seat is bound to, acts as that seat; the operator's
 * token is the operator; a player's token where the player has no seat is a spectator. Unless the
 * session's seats were just checked against the store (`checked`), an unknown token is checked
 * against the stored seats once (another process may have seated it).
 */
export async function callerIn(core: GameCore, s: Session, token: string | undefined, checked = false, read = false): Promise<Caller> {
  if (token === undefined) return { kind: 'spectator' };
  if (isGameLink(token)) {
    // A turn mail's game link (game-link.ts): the seat's view for reads; nothing it may change.
    if (!core.opts.links) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.noLinks');
    const seat = core.opts.links.verify(token, s.row.id, (n) => {
      const row = s.row.seats.find((x) => x.seat === n);
      return row ? row.tokenHash : undefined;
    });
    if (!read) throw AppError.of('FORBIDDEN', 'FORBIDDEN.linkReadOnly');
    return { kind: 'seat', seat };
  }
  const hash = hashToken(token);
  let seat = s.seatByTokenHash.get(hash);
  if (seat === undefined && !checked && !isOperator(core, token)) seat = (await core.sessions.reloadSeats(s)).seatByTokenHash.get(hash);
  if (seat !== undefined) return { kind: 'seat', seat };
  if (isOperator(core, token)) return { kind: 'operator' };
  if (await core.opts.isPlayerToken?.(hash)) return { kind: 'spectator' };
  throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.neitherToken');
}

export function isOperator(core: GameCore, token: string | undefined): boolean {
  return !!token && !!core.opts.operatorToken && sameToken(token, core.opts.operatorToken);
}

export function requireOperator(core: GameCore, token: string | undefined): void {
  if (!token) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.operatorTokenNeeded');
  if (!isOperator(core, token)) throw AppError.of('FORBIDDEN', 'FORBIDDEN.operatorOnly');
}

export function requireSeat(c: Caller): Seat {
  if (c.kind === 'seat') return c.seat;
  if (c.kind === 'operator') throw AppError.of('FORBIDDEN', 'FORBIDDEN.operatorCannotPlay');
  throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.seatTokenNeeded');
}

/**
 * Whether the token is known to be valid without reading the store: the operator's, or a seat
 * token of a game this process holds (the rate limiter's test: a made-up token is not).
 */
export function knowsToken(core: GameCore, token: string): boolean {
  return isOperator(core, token) || core.sessions.knows(hashToken(token));
}
