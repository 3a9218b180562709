import { randomUUID } from 'node:crypto';
import type { LobbyStore, PlayerRow } from '../store/lobby-store.js';
import { AppError } from './errors.js';
import { Reliability } from './reliability.js';
import { checkText } from './text.js';
import { hashToken, newPlayerToken } from './tokens.js';
import { isUuid } from './ids.js';
import { isEmail, MAX_EMAIL_LENGTH } from './shapes.js';

/**
 * Player identities: a name, an optional email (play-by-mail), and one token for all of a person's
 * games. The token is shown once; only its SHA-256 is stored, like seat tokens.
 */
export class PlayerService {
  /** Players' reliability (the profile's, and the minimum games and tournaments may ask). */
  readonly reliability: Reliability;
  constructor(private readonly store: LobbyStore) {
    this.reliability = new Reliability(store.reliability);
  }

  async create(input: { name: string; email?: string }) {
    checkText('name', input.name);
    // The one e-mail rule (src/app/shapes.ts), whatever the entry point checked before.
    if (input.email !== undefined && !isEmail(input.email))
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.email', { given: input.email.slice(0, 80), max: MAX_EMAIL_LENGTH });
    const token = newPlayerToken();
    const player = { id: randomUUID(), name: input.name, email: input.email ?? null };
    await this.store.createPlayer({ ...player, tokenHash: hashToken(token) });
    return { id: player.id, name: player.name, token };
  }

  /** The player whose token this is, or null (no token, or a seat's or the operator's token). */
  async resolve(token: string | undefined): Promise<PlayerRow | null> {
    return token === undefined ? null : this.store.playerByTokenHash(hashToken(token));
  }

  async isPlayerTokenHash(tokenHash: string): Promise<boolean> {
    return (await this.store.playerByTokenHash(tokenHash)) !== null;
  }

  async require(token: string | undefined): Promise<PlayerRow> {
    if (token === undefined) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.playerTokenNeeded');
    const p = await this.resolve(token);
    if (!p) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.notPlayerToken');
    return p;
  }

  async me(token: string | undefined) {
    const p = await this.require(token);
    return { id: p.id, name: p.name, ...(p.email ? { email: p.email } : {}) };
  }

  /**
   * A player's public profile: the name, their record (games finished, abandoned by
   * resignation, timed out at least once, still running, expired in the lobby) and their
   * reliability over the last 90 days (src/app/reliability.ts); never the email.
   */
  async profile(id: string) {
    const p = isUuid(id) ? await this.store.playerById(id) : null;
    if (!p) throw AppError.of('NOT_FOUND', 'NOT_FOUND.player', { id: id.slice(0, 40) });
    return { id: p.id, name: p.name, games: await this.store.playerRecord(id), reliability: await this.reliability.of(id) };
  }

  /** A player by id, with the email play-by-mail writes to. */
  byId(id: string): Promise<PlayerRow | null> {
    return this.store.playerById(id);
  }
}
