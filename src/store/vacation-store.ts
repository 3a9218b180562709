import type { Prisma, PrismaClient } from '../generated/prisma/client.js';

export interface VacationRow {
  startsAt: Date;
  endsAt: Date;
}

/**
 * Players' vacations (app/notify/vacation.ts, table `vacations`). `locked` runs its work in one
 * transaction holding the player's row, so two requests cannot both spend the same days.
 */
export interface VacationStore {
  /** The player's vacations that end after `from`. */
  endingAfter(playerId: string, from: Date): Promise<VacationRow[]>;
  /** The vacation running at `now` (the latest ending, if several), if any. */
  running(playerId: string, now: Date): Promise<VacationRow | null>;
  /** Ends at `now` the vacations running then; `andLater`: those that start later too. */
  endAt(playerId: string, now: Date, andLater: boolean): Promise<void>;
  /** Drops the vacations that start after `now`. */
  dropFrom(playerId: string, now: Date): Promise<void>;
  add(playerId: string, startsAt: Date, endsAt: Date): Promise<void>;
  /** The player of a seat that asked for automatic vacation, neither resigned nor handed to a stand-in. */
  autoVacationPlayer(gameId: string, seat: number): Promise<string | null>;
  locked<T>(playerId: string, work: (tx: VacationStore) => Promise<T>): Promise<T>;
}

export class PrismaVacationStore implements VacationStore {
  constructor(private readonly db: PrismaClient | Prisma.TransactionClient) {}

  endingAfter(playerId: string, from: Date): Promise<VacationRow[]> {
    return this.db.vacation.findMany({ where: { playerId, endsAt: { gt: from } } });
  }

  running(playerId: string, now: Date): Promise<VacationRow | null> {
    return this.db.vacation.findFirst({ where: { playerId, startsAt: { lte: now }, endsAt: { gt: now } }, orderBy: { endsAt: 'desc' } });
  }

  async endAt(playerId: string, now: Date, andLater: boolean): Promise<void> {
    await this.db.vacation.updateMany({
      where: { playerId, ...(andLater ? {} : { startsAt: { lte: now } }), endsAt: { gt: now } },
      data: { endsAt: now },
    });
  }

  async dropFrom(playerId: string, now: Date): Promise<void> {
    await this.db.vacation.deleteMany({ where: { playerId, startsAt: { gt: now } } });
  }

  async add(playerId: string, startsAt: Date, endsAt: Date): Promise<void> {
    await this.db.vacation.create({ data: { playerId, startsAt, endsAt } });
  }

  async autoVacationPlayer(gameId: string, seat: number): Promise<string | null> {
    const [p] = await this.db.$queryRaw<{ player_id: string }[]>`
      SELECT s.player_id::text FROM seats s JOIN player_settings ps ON ps.player_id = s.player_id
      WHERE s.game_id = ${gameId}::uuid AND s.seat = ${seat} AND ps.auto_vacation AND s.stand_in IS NULL AND s.resigned_at IS NULL`;
    return p?.player_id ?? null;
  }

  locked<T>(playerId: string, work: (tx: VacationStore) => Promise<T>): Promise<T> {
    if (!('$transaction' in this.db)) throw new Error('already in a transaction');
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM players WHERE id = ${playerId}::uuid FOR UPDATE`;
      return work(new PrismaVacationStore(tx));
    });
  }
}
