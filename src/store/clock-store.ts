import { Prisma, type PrismaClient } from '../generated/prisma/client.js';
import type { Seat } from '../engine/index.js';

/** A running clock: the seat, the version it started at, when it is due and when to remind. */
export interface DeadlineRow {
  game_id: string;
  seat: number;
  since: number;
  due_at: Date;
  remind_at: Date | null;
}

/** Banking the clocks a move stopped: what was left at the move, plus the mover's increment, never above the maximum. */
export interface BankCommand {
  gameId: string;
  version: number;
  seat: Seat;
  stopped: Seat[];
  incrementMs: number;
  maxMs: number;
}

/**
 * The turn clocks' tables (app/notify/clock.ts): `seat_clocks`, each seat's bank while its clock is
 * stopped, and `deadlines`, a running clock. Every statement is one conditional write, so processes
 * racing on one game change it once. `reminderShare`: the share of the time left when the reminder goes.
 * A seat whose player is on vacation starts its clock when the vacation ends. A game whose time
 * control pauses on weekends counts only time outside Saturdays and Sundays in the seat's zone
 * (the SQL functions seat_due / seat_ms, prisma/migrations/20261128091000_weekend_pause).
 */
export interface ClockStore {
  /** The clock's time, when a test injects one; none: the database's now(), and a move's time is its commit time. */
  now: (() => Date) | undefined;
  /** A game's running deadlines, each with the end of its player's vacation now, or of the seat's weekend (pauseOnWeekends), if any. */
  runningDeadlines(gameId: string): Promise<{ seat: number; due_at: Date; paused_until: Date | null }[]>;
  /** The running deadlines of a player's seats start again at `until`, from their banks. */
  restartPlayer(playerId: string, until: Date, reminderShare: number): Promise<DeadlineRow[]>;
  /** The end of the vacation the seat's player is on now, if any. */
  pausedUntil(gameId: string, seat: Seat): Promise<Date | null>;
  bank(c: BankCommand): Promise<void>;
  /** A takeback: each seat's bank, banked at `version`, gives back the increments `ms` it earned by the entries undone. */
  unearn(gameId: string, version: number, ms: { seat: Seat; ms: number }[]): Promise<void>;
  /** A move of the seat's own ends its run of missed deadlines. */
  clearMissed(gameId: string, seat: Seat): Promise<void>;
  dropDeadlines(gameId: string): Promise<void>;
  /** After the move at `version`: deadlines dropped for seats not in `toMove`, started anew for `restart` from their banks. */
  restart(
    gameId: string,
    version: number,
    toMove: Seat[],
    restart: Seat[],
    initialMs: number,
    reminderShare: number,
  ): Promise<DeadlineRow[]>;
  /** Each seat's running deadline and bank, with the clock time left now (left_ms) and whether its weekend pauses it now. */
  clockRows(gameId: string): Promise<ClockRow[]>;
  /** The first deadlines of a game that is active now (none written twice). */
  startGame(gameId: string, reminderShare: number): Promise<DeadlineRow[]>;
  /**
   * Drops deadlines of games no longer active or seats that no longer act, once the game's last move
   * is 30 s old: until then the move's own bank update (after the commit) still needs them.
   */
  dropStale(): Promise<void>;
  /** Starts the missing deadlines of every active game, from when the game last changed. */
  startMissing(reminderShare: number): Promise<DeadlineRow[]>;
  /** Running deadlines due within the minute. */
  dueSoon(): Promise<DeadlineRow[]>;
  /** The seats of these games handed to a stand-in. */
  handedSeats(gameIds: string[]): Promise<{ game_id: string; seat: number }[]>;
  /**
   * Counts a missed deadline; when the game's standInAfterTimeouts is reached the seat is handed to
   * the stand-in level and the game's seats revision bumped. The stand-in (null: none) and the run.
   */
  countMissed(gameId: string, seat: Seat): Promise<{ standIn: string | null; missed: number } | null>;
  /** The seat's deadline with the game's timeout action, while the game is active and the seat must act. */
  deadlineOf(gameId: string, seat: Seat): Promise<(DeadlineRow & { timed_out: boolean; timeout_action: string | null }) | null>;
  /** The deadline started at `since` starts again at `at`, from the seat's bank: the deadline as it is then. */
  restartAt(gameId: string, seat: Seat, since: number, at: Date, reminderShare: number): Promise<DeadlineRow | null>;
  standInOf(gameId: string, seat: Seat): Promise<{ stand_in: string | null } | null>;
  markTimedOut(gameId: string, seat: Seat, since: number): Promise<void>;
}

/** A seat's clock for the game answer. */
export interface ClockRow {
  seat: number;
  due_at: Date | null;
  timed_out: boolean | null;
  remaining_ms: bigint | null;
  left_ms: bigint | null;
  weekend: boolean;
}

export class PrismaClockStore implements ClockStore {
  now: (() => Date) | undefined;

  constructor(private readonly db: PrismaClient) {}

  /** Now: the injected clock's time, else the database's. */
  private get at(): Prisma.Sql {
    const now = this.now?.();
    return now ? Prisma.sql`${now}::timestamptz` : Prisma.sql`now()`;
  }

  /** When something stored happened (a move's created_at, a game's updated_at): that column, or the injected clock's now. */
  private stamped(column: 'm.created_at' | 'g.updated_at'): Prisma.Sql {
    const now = this.now?.();
    return now ? Prisma.sql`${now}::timestamptz` : Prisma.raw(column);
  }

  runningDeadlines(gameId: string) {
    const now = this.at;
    return this.db.$queryRaw<{ seat: number; due_at: Date; paused_until: Date | null }[]>`
      SELECT d.seat, d.due_at,
             coalesce((SELECT max(v.ends_at) FROM seats s JOIN vacations v ON v.player_id = s.player_id
                       WHERE s.game_id = d.game_id AND s.seat = d.seat AND v.starts_at <= ${now} AND v.ends_at > ${now}),
                      (SELECT w.ends FROM clock_weekend(${now}, clock_zone(seat_zone(d.game_id, d.seat))) w
                       WHERE game_pauses(d.game_id) AND w.starts <= ${now})) AS paused_until
      FROM deadlines d WHERE d.game_id = ${gameId}::uuid AND NOT d.timed_out ORDER BY d.seat`;
  }

  restartPlayer(playerId: string, until: Date, reminderShare: number) {
    // What each running clock has left: while a pause lasts (its clock not started yet), what it had
    // when the pause began; a clock that timed out (action none) starts again from the seat's bank;
    // any other, what is left now (clock time: weekends not counted when the game pauses on them).
    const now = this.at;
    return this.db.$queryRaw<DeadlineRow[]>`
      WITH r AS (
        SELECT d.game_id, d.seat,
               CASE WHEN d.timed_out THEN coalesce((SELECT c.remaining_ms FROM seat_clocks c WHERE c.game_id = g.id AND c.seat =
                 d.seat), g.time_initial_seconds * 1000::bigint)
                    WHEN d.paused_remaining_ms IS NOT NULL THEN least(d.paused_remaining_ms, greatest(0, seat_ms(d.game_id, d.seat,
                      ${now}, d.due_at)))
                    ELSE greatest(0, seat_ms(d.game_id, d.seat, ${now}, d.due_at)) END AS ms
        FROM deadlines d JOIN seats s ON s.game_id = d.game_id AND s.seat = d.seat JOIN games g ON g.id = d.game_id
        WHERE s.player_id = ${playerId}::uuid AND g.status = 'active')
      UPDATE deadlines d SET due_at = seat_due(d.game_id, d.seat, greatest(${until}::timestamptz, ${now}), r.ms),
             remind_at = seat_due(d.game_id, d.seat, greatest(${until}::timestamptz, ${now}), (r.ms *
               ${1 - reminderShare}::float8)::bigint), timed_out = false,
             paused_remaining_ms = CASE WHEN ${until}::timestamptz > ${now} THEN r.ms END
      FROM r WHERE d.game_id = r.game_id AND d.seat = r.seat
      RETURNING d.game_id::text, d.seat, d.since, d.due_at, d.remind_at`;
  }

  async pausedUntil(gameId: string, seat: Seat): Promise<Date | null> {
    const now = this.at;
    const [r] = await this.db.$queryRaw<{ until: Date | null }[]>`
      SELECT max(v.ends_at) AS until FROM seats s JOIN vacations v ON v.player_id = s.player_id
      WHERE s.game_id = ${gameId}::uuid AND s.seat = ${seat} AND v.starts_at <= ${now} AND v.ends_at > ${now}`;
    return r?.until ?? null;
  }

  async bank(c: BankCommand): Promise<void> {
    // What was left at the move: the clock time from the move to the deadline, never more than the maximum.
    await this.db.$executeRaw`
      INSERT INTO seat_clocks (game_id, seat, remaining_ms, version)
      SELECT d.game_id, d.seat,
             least(greatest(0, least(seat_ms(d.game_id, d.seat, ${this.stamped('m.created_at')}, d.due_at), ${c.maxMs}::bigint))
                   + CASE WHEN d.seat = ${c.seat} THEN ${c.incrementMs}::bigint ELSE 0 END, ${c.maxMs}::bigint), ${c.version}
      FROM deadlines d JOIN moves m ON m.game_id = d.game_id AND m.version = ${c.version}
      WHERE d.game_id = ${c.gameId}::uuid AND d.seat = ANY(${c.stopped}::int[]) AND d.since < ${c.version}
      ON CONFLICT (game_id, seat) DO UPDATE SET remaining_ms = EXCLUDED.remaining_ms, version = EXCLUDED.version
      WHERE seat_clocks.version < EXCLUDED.version`;
  }

  async unearn(gameId: string, version: number, ms: { seat: Seat; ms: number }[]): Promise<void> {
    if (ms.length === 0) return;
    await this.db.$executeRaw`
      UPDATE seat_clocks c SET remaining_ms = greatest(0, c.remaining_ms - u.ms), version = ${version}
      FROM unnest(${ms.map((x) => x.seat)}::int[], ${ms.map((x) => x.ms)}::bigint[]) AS u(seat, ms)
      WHERE c.game_id = ${gameId}::uuid AND c.seat = u.seat AND c.version <= ${version}`;
  }

  async clearMissed(gameId: string, seat: Seat): Promise<void> {
    await this.db
      .$executeRaw`UPDATE seats SET missed_deadlines = 0 WHERE game_id = ${gameId}::uuid AND seat = ${seat} AND missed_deadlines > 0`;
  }

  async dropDeadlines(gameId: string): Promise<void> {
    await this.db.$executeRaw`DELETE FROM deadlines WHERE game_id = ${gameId}::uuid`;
  }

  restart(gameId: string, version: number, toMove: Seat[], restart: Seat[], initialMs: number, reminderShare: number) {
    const now = this.at;
    return this.db.$queryRaw<DeadlineRow[]>`
      WITH gone AS (DELETE FROM deadlines WHERE game_id = ${gameId}::uuid AND NOT (seat = ANY(${toMove}::int[])))
      INSERT INTO deadlines (game_id, seat, since, due_at, remind_at, paused_remaining_ms)
      SELECT ${gameId}::uuid, x, ${version}, seat_due(${gameId}::uuid, x, t.start, b.ms), seat_due(${gameId}::uuid, x, t.start, (b.ms *
        ${1 - reminderShare}::float8)::bigint),
             CASE WHEN t.start > ${now} THEN b.ms END
      FROM unnest(${restart}::int[]) AS x
      CROSS JOIN LATERAL (SELECT coalesce((SELECT c.remaining_ms FROM seat_clocks c WHERE c.game_id = ${gameId}::uuid AND c.seat = x),
        ${initialMs}::bigint) AS ms) AS b
      -- The clock starts at the move; a seat whose player is on vacation starts its clock when the vacation ends.
      CROSS JOIN LATERAL (SELECT coalesce((SELECT max(v.ends_at) FROM seats s JOIN vacations v ON v.player_id = s.player_id
                                           WHERE s.game_id = ${gameId}::uuid AND s.seat = x AND v.starts_at <= ${now} AND v.ends_at >
                                             ${now}),
                                          (SELECT ${this.stamped('m.created_at')} FROM moves m WHERE m.game_id = ${gameId}::uuid AND
                                            m.version = ${version}), ${now}) AS start) AS t
      ON CONFLICT (game_id, seat) DO UPDATE SET since = EXCLUDED.since, due_at = EXCLUDED.due_at, remind_at = EXCLUDED.remind_at,
        timed_out = false, paused_remaining_ms = EXCLUDED.paused_remaining_ms
      WHERE deadlines.since < EXCLUDED.since
      RETURNING game_id::text, seat, since, due_at, remind_at`;
  }

  clockRows(gameId: string) {
    const now = this.at;
    return this.db.$queryRaw<ClockRow[]>`
      SELECT s.seat, d.due_at, d.timed_out, c.remaining_ms, seat_ms(s.game_id, s.seat, ${now}, d.due_at) AS left_ms,
             game_pauses(s.game_id) AND EXISTS (SELECT 1 FROM clock_weekend(${now}, clock_zone(seat_zone(s.game_id, s.seat))) w WHERE
               w.starts <= ${now}) AS weekend
      FROM seats s LEFT JOIN deadlines d ON d.game_id = s.game_id AND d.seat = s.seat
      LEFT JOIN seat_clocks c ON c.game_id = s.game_id AND c.seat = s.seat
      WHERE s.game_id = ${gameId}::uuid ORDER BY s.seat`;
  }

  startGame(gameId: string, reminderShare: number) {
    const now = this.at;
    return this.db.$queryRaw<DeadlineRow[]>`
      INSERT INTO deadlines (game_id, seat, since, due_at, remind_at)
      SELECT g.id, x, g.version, seat_due(g.id, x, t.start, b.ms), seat_due(g.id, x, t.start, (b.ms * ${1 - reminderShare}::float8)::bigint)
      FROM games g CROSS JOIN LATERAL unnest(g.to_move) AS x
      CROSS JOIN LATERAL (SELECT coalesce((SELECT c.remaining_ms FROM seat_clocks c WHERE c.game_id = g.id AND c.seat = x),
        g.time_initial_seconds * 1000::bigint) AS ms) AS b
      CROSS JOIN LATERAL (SELECT coalesce((SELECT max(v.ends_at) FROM seats s JOIN vacations v ON v.player_id = s.player_id
                                           WHERE s.game_id = g.id AND s.seat = x AND v.starts_at <= ${now} AND v.ends_at > ${now}),
                                             ${now}) AS start) AS t
      WHERE g.id = ${gameId}::uuid AND g.status = 'active' AND g.time_initial_seconds IS NOT NULL
      ON CONFLICT (game_id, seat) DO NOTHING
      RETURNING game_id::text, seat, since, due_at, remind_at`;
  }

  async dropStale(): Promise<void> {
    const now = this.at;
    await this.db.$executeRaw`
      DELETE FROM deadlines d USING games g
      WHERE d.game_id = g.id AND (g.status <> 'active' OR NOT (d.seat = ANY(g.to_move)))
        AND NOT EXISTS (SELECT 1 FROM moves m
                        WHERE m.game_id = g.id AND m.version = g.version AND m.created_at > ${now} - interval '30 seconds')`;
  }

  startMissing(reminderShare: number) {
    const now = this.at;
    return this.db.$queryRaw<DeadlineRow[]>`
      INSERT INTO deadlines (game_id, seat, since, due_at, remind_at)
      SELECT g.id, x, g.version, seat_due(g.id, x, t.start, b.ms), seat_due(g.id, x, t.start, (b.ms * ${1 - reminderShare}::float8)::bigint)
      FROM games g CROSS JOIN LATERAL unnest(g.to_move) AS x
      CROSS JOIN LATERAL (SELECT coalesce((SELECT c.remaining_ms FROM seat_clocks c WHERE c.game_id = g.id AND c.seat = x),
        g.time_initial_seconds * 1000::bigint) AS ms) AS b
      -- The clock started when the game last changed (the move or join that made the seat act), not at this sweep.
      CROSS JOIN LATERAL (SELECT coalesce((SELECT max(v.ends_at) FROM seats s JOIN vacations v ON v.player_id = s.player_id
                                           WHERE s.game_id = g.id AND s.seat = x AND v.starts_at <= ${now} AND v.ends_at > ${now}),
                                             least(${this.stamped('g.updated_at')}, ${now})) AS start) AS t
      WHERE g.status = 'active' AND g.time_initial_seconds IS NOT NULL
      ON CONFLICT (game_id, seat) DO NOTHING
      RETURNING game_id::text, seat, since, due_at, remind_at`;
  }

  dueSoon() {
    return this.db.$queryRaw<DeadlineRow[]>`
      SELECT game_id::text, seat, since, due_at, remind_at FROM deadlines
      WHERE NOT timed_out AND due_at < ${this.at} + interval '1 minute'`;
  }

  handedSeats(gameIds: string[]) {
    return this.db.$queryRaw<{ game_id: string; seat: number }[]>`
      SELECT game_id::text, seat FROM seats WHERE stand_in IS NOT NULL AND game_id = ANY(${gameIds}::uuid[])`;
  }

  async countMissed(gameId: string, seat: Seat): Promise<{ standIn: string | null; missed: number } | null> {
    const [r] = await this.db.$queryRaw<{ stand_in: string | null; missed: number }[]>`
      UPDATE seats s SET missed_deadlines = s.missed_deadlines + 1, timed_out = s.timed_out + 1,
             stand_in = CASE WHEN g.stand_in_after_timeouts IS NOT NULL AND s.missed_deadlines + 1 >= g.stand_in_after_timeouts
                             THEN coalesce(g.stand_in_bot, 'greedy') ELSE s.stand_in END
      FROM games g WHERE g.id = s.game_id AND s.game_id = ${gameId}::uuid AND s.seat = ${seat}
      RETURNING s.stand_in, s.missed_deadlines AS missed`;
    if (!r) return null;
    // Handed over: every process reads the seat again.
    if (r.stand_in) await this.db.$executeRaw`UPDATE games SET seats_rev = seats_rev + 1 WHERE id = ${gameId}::uuid`;
    return { standIn: r.stand_in, missed: r.missed };
  }

  async deadlineOf(gameId: string, seat: Seat) {
    const [row] = await this.db.$queryRaw<(DeadlineRow & { timed_out: boolean; timeout_action: string | null })[]>`
      SELECT d.game_id::text, d.seat, d.since, d.due_at, d.remind_at, d.timed_out, g.timeout_action
      FROM deadlines d JOIN games g ON g.id = d.game_id
      WHERE d.game_id = ${gameId}::uuid AND d.seat = ${seat} AND g.status = 'active' AND d.seat = ANY(g.to_move)`;
    return row ?? null;
  }

  async restartAt(gameId: string, seat: Seat, since: number, at: Date, reminderShare: number): Promise<DeadlineRow | null> {
    await this.db.$executeRaw`
      WITH b AS (SELECT coalesce((SELECT c.remaining_ms FROM seat_clocks c WHERE c.game_id = g.id AND c.seat = ${seat}),
        g.time_initial_seconds * 1000::bigint) AS ms
                 FROM games g WHERE g.id = ${gameId}::uuid)
      UPDATE deadlines d SET paused_remaining_ms = CASE WHEN ${at}::timestamptz > ${this.at} THEN b.ms END,
             due_at = seat_due(d.game_id, d.seat, ${at}::timestamptz, b.ms),
             remind_at = seat_due(d.game_id, d.seat, ${at}::timestamptz, (b.ms * ${1 - reminderShare}::float8)::bigint)
      FROM b WHERE d.game_id = ${gameId}::uuid AND d.seat = ${seat} AND d.since = ${since}`;
    const [moved] = await this.db.$queryRaw<
      DeadlineRow[]
    >`SELECT game_id::text, seat, since, due_at, remind_at FROM deadlines WHERE game_id = ${gameId}::uuid AND seat = ${seat}`;
    return moved ?? null;
  }

  async standInOf(gameId: string, seat: Seat) {
    const [r] = await this.db.$queryRaw<
      { stand_in: string | null }[]
    >`SELECT stand_in FROM seats WHERE game_id = ${gameId}::uuid AND seat = ${seat}`;
    return r ?? null;
  }

  async markTimedOut(gameId: string, seat: Seat, since: number): Promise<void> {
    await this.db
      .$executeRaw`UPDATE deadlines SET timed_out = true WHERE game_id = ${gameId}::uuid AND seat = ${seat} AND since = ${since}`;
  }
}
