import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import type { Seat } from '../engine/index.js';

export interface PlayerSettingsRow {
  mode: string;
  digestHour: number | null;
  timeZone: string | null;
  autoVacation: boolean;
  nextDigestAt: Date | null;
}
export type DigestStatus = 'pending' | 'sending' | 'sent' | 'empty';

/**
 * Players' settings and their daily digests (app/notify/digest.ts, tables `player_settings` and
 * `digests`, a row per player and due time). The claim and the pending-to-sending step are
 * conditional updates: of processes racing on one digest, one matches.
 */
export interface DigestStore {
  settings(playerId: string): Promise<PlayerSettingsRow | null>;
  putSettings(playerId: string, s: PlayerSettingsRow): Promise<void>;
  /** Players in digest mode whose next digest is due by `now`. */
  due(now: Date): Promise<{ playerId: string; nextDigestAt: Date }[]>;
  /** In one transaction: the digest due at `at` is claimed when the player's next time still is `at` (moved on to what `next`
   * says). The new next time, or null. */
  claim(playerId: string, at: Date, next: (s: PlayerSettingsRow) => Date): Promise<Date | null>;
  /** Moves the digest from `from` to `to`: false when it was not in `from`. */
  move(playerId: string, at: Date, from: DigestStatus, to: DigestStatus): Promise<boolean>;
  finish(playerId: string, at: Date, status: DigestStatus, games?: number): Promise<void>;
  /** The games waiting for a player: running, one of their seats (not resigned, not handed to a stand-in) to move. */
  waiting(playerId: string): Promise<{ gameId: string; seat: Seat; version: number }[]>;
  /** The player's own notification address and language, if set. */
  mailPrefs(playerId: string): Promise<{ email: string | null; language: string } | null>;
}

export class PrismaDigestStore implements DigestStore {
  constructor(private readonly db: PrismaClient) {}

  settings(playerId: string): Promise<PlayerSettingsRow | null> {
    return this.db.playerSettings.findUnique({ where: { playerId } });
  }

  async putSettings(playerId: string, s: PlayerSettingsRow): Promise<void> {
    const data = { ...s, updatedAt: new Date() };
    await this.db.playerSettings.upsert({ where: { playerId }, create: { playerId, ...data }, update: data });
  }

  async due(now: Date): Promise<{ playerId: string; nextDigestAt: Date }[]> {
    const rows = await this.db.playerSettings.findMany({
      where: { mode: 'digest', nextDigestAt: { lte: now } },
      select: { playerId: true, nextDigestAt: true },
    });
    return rows.map((r) => ({ playerId: r.playerId, nextDigestAt: r.nextDigestAt! }));
  }

  claim(playerId: string, at: Date, next: (s: PlayerSettingsRow) => Date): Promise<Date | null> {
    return this.db.$transaction(async (tx: Prisma.TransactionClient) => {
      const s = await tx.playerSettings.findUnique({ where: { playerId } });
      if (!s || s.mode !== 'digest' || s.nextDigestAt === null || +s.nextDigestAt !== +at) return null;
      const after = next(s);
      const moved = await tx.playerSettings.updateMany({
        where: { playerId, mode: 'digest', nextDigestAt: at },
        data: { nextDigestAt: after },
      });
      if (moved.count !== 1) return null;
      await tx.digest.create({ data: { playerId, dueAt: at } });
      return after;
    });
  }

  async move(playerId: string, at: Date, from: DigestStatus, to: DigestStatus): Promise<boolean> {
    const r = await this.db.digest.updateMany({ where: { playerId, dueAt: at, status: from }, data: { status: to } });
    return r.count === 1;
  }

  async finish(playerId: string, at: Date, status: DigestStatus, games?: number): Promise<void> {
    await this.db.digest.update({
      where: { playerId_dueAt: { playerId, dueAt: at } },
      data: { status, ...(games === undefined ? {} : { games }) },
    });
  }

  waiting(playerId: string): Promise<{ gameId: string; seat: Seat; version: number }[]> {
    return this.db.$queryRaw<{ gameId: string; seat: Seat; version: number }[]>`
      SELECT s.game_id::text AS "gameId", s.seat, g.version FROM seats s JOIN games g ON g.id = s.game_id
      WHERE s.player_id = ${playerId}::uuid AND g.status = 'active' AND s.seat = ANY(g.to_move)
        AND s.resigned_at IS NULL AND s.stand_in IS NULL
      ORDER BY g.updated_at, s.game_id`;
  }

  mailPrefs(playerId: string): Promise<{ email: string | null; language: string } | null> {
    return this.db.playerNotification.findUnique({ where: { playerId }, select: { email: true, language: true } });
  }
}
