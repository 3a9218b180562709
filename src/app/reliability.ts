import type { ReliabilityCounts, ReliabilityStore } from '../store/reliability-store.js';
import { AppError } from './errors.js';

/** The window of a player's reliability, in days. */
export const RELIABILITY_DAYS = 90;

/** A player's reliability as the profile shows it: the counts, the window and the figure (null: no game counted yet). */
export interface ReliabilityFigure extends ReliabilityCounts {
  days: number;
  figure: number | null;
}

/**
 * Reliability (issue 34 item 4): finished / (finished + abandoned + timed out) over the player's
 * games active within the last 90 days, each game in one class (src/store/reliability-store.ts:
 * timed out first, then abandoned, then finished; running games count once they end or go wrong).
 * What it guarantees:
 * - The figure is on the player's public profile (`reliability`), from 0 to 1, null for a player
 *   with no game counted in the window.
 * - A game created with `minReliability` (0 to 1), and a tournament with one, admit a player only
 *   when their figure is at least the minimum: otherwise 403 RELIABILITY_TOO_LOW with
 *   `reliability` (the player's figure) and `minReliability`. A player with no figure yet is
 *   admitted (everyone starts somewhere); joining such a game needs a player token (401 without).
 */
export class Reliability {
  constructor(private readonly store: ReliabilityStore) {}

  async of(playerId: string): Promise<ReliabilityFigure> {
    const c = await this.store.counts(playerId, RELIABILITY_DAYS);
    const all = c.finished + c.abandoned + c.timedOut;
    return { ...c, days: RELIABILITY_DAYS, figure: all === 0 ? null : c.finished / all };
  }

  /** Refuses a player below `min` (403 RELIABILITY_TOO_LOW with the figure); `what` names the game or tournament in the message. */
  async admit(playerId: string | null, min: number, what: 'game' | 'tournament'): Promise<void> {
    if (playerId === null) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.reliabilityNeedsPlayer', { what, min });
    const r = await this.of(playerId);
    if (r.figure !== null && r.figure < min) {
      throw AppError.of(
        'RELIABILITY_TOO_LOW',
        'RELIABILITY_TOO_LOW.below',
        { what, figure: round(r.figure), min },
        { reliability: r.figure, minReliability: min, finished: r.finished, abandoned: r.abandoned, timedOut: r.timedOut },
      );
    }
  }

  /** A game's minimum (null: none). */
  requirement(gameId: string): Promise<number | null> {
    return this.store.requirement(gameId);
  }

  require(gameId: string, min: number, listPublic: boolean): Promise<void> {
    return this.store.require(gameId, min, listPublic);
  }
}

const round = (x: number) => Math.round(x * 1000) / 1000;
