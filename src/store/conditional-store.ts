import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Seat } from '../engine/index.js';

/** One conditional line of a seat as stored: its place in the list sent, the version the list was set at, the moves expected and
 * the answer. */
export interface StoredLine {
  line: number;
  setVersion: number;
  /** The setting it came with (every PUT is a new one). */
  setId: string;
  after: string[];
  play: string;
}

/**
 * Seats' conditional lines (table conditional_lines; src/app/conditional-moves.ts). A seat's lines
 * are set all at once (replacing the ones before) and removed by their place in the list, never
 * changed: a removal names the setting the lines came with, so lines set again meanwhile (by
 * another process) are never removed for the old ones.
 */
export interface ConditionalStore {
  list(gameId: string, seat: Seat): Promise<StoredLine[]>;
  /** The seats of a game that have lines (read after every commit: one indexed read). */
  seatsWith(gameId: string): Promise<Seat[]>;
  /** Replaces the seat's lines by `lines`, set at `setVersion` (none: cleared). */
  replace(gameId: string, seat: Seat, setVersion: number, lines: { after: string[]; play: string }[]): Promise<void>;
  /** The running games where a seat with lines is to move (the sweep's: a commit's hook lost with its process). */
  due(): Promise<{ gameId: string; version: number }[]>;
  /** Removes the seat's lines at these places, if they are still the ones of the setting `setId`. */
  remove(gameId: string, seat: Seat, setId: string, places: number[]): Promise<void>;
}

export class PrismaConditionalStore implements ConditionalStore {
  constructor(private readonly db: PrismaClient) {}

  async list(gameId: string, seat: Seat): Promise<StoredLine[]> {
    return this.db.conditionalLine.findMany({
      where: { gameId, seat },
      orderBy: { line: 'asc' },
      select: { line: true, setVersion: true, setId: true, after: true, play: true },
    });
  }

  async seatsWith(gameId: string): Promise<Seat[]> {
    const rows = await this.db.$queryRaw<{ seat: number }[]>`
      SELECT DISTINCT seat FROM conditional_lines WHERE game_id = ${gameId}::uuid ORDER BY seat`;
    return rows.map((r) => r.seat);
  }

  async due(): Promise<{ gameId: string; version: number }[]> {
    // A periodic sweep over games by design (docs/scaling.md, "The limits"): marked as such.
    return this.db.$queryRaw<{ gameId: string; version: number }[]>`/* background */
      SELECT DISTINCT g.id::text AS "gameId", g.version FROM conditional_lines c JOIN games g ON g.id = c.game_id
      WHERE g.status = 'active' AND c.seat = ANY(g.to_move) LIMIT 500`;
  }

  async replace(gameId: string, seat: Seat, setVersion: number, lines: { after: string[]; play: string }[]): Promise<void> {
    const setId = randomUUID();
    // One transaction: a reader sees the old lines or the new ones, never a mix.
    await this.db.$transaction([
      this.db.conditionalLine.deleteMany({ where: { gameId, seat } }),
      this.db.conditionalLine.createMany({
        data: lines.map((l, line) => ({ gameId, seat, line, setVersion, setId, after: l.after, play: l.play })),
      }),
    ]);
  }

  async remove(gameId: string, seat: Seat, setId: string, places: number[]): Promise<void> {
    if (places.length === 0) return;
    await this.db.conditionalLine.deleteMany({ where: { gameId, seat, setId, line: { in: places } } });
  }
}
