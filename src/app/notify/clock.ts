import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Seat } from '../../engine/index.js';
import type { TimeControl } from '../../store/types.js';
import { AppError } from '../errors.js';
import { jobUuid } from '../job-queue.js';
import type { Committed, GameService } from '../game-service.js';
import type { Notifier } from './notifier.js';
import type { NotificationStore } from './store.js';

export interface DeadlineJob {
  gameId: string;
  seat: Seat;
  since: number;
  kind: 'reminder' | 'timeout';
  /** The due time (ms) the job was made for: a job for a deadline that moved is stale. */
  due: number;
}

interface Row { game_id: string; seat: number; since: number; due_at: Date; remind_at: Date | null }

/** A job id made from what the job is for, so that scheduling it twice queues it once. */
const jobId = (j: DeadlineJob) => jobUuid(j.gameId, j.seat, j.since, j.kind, j.due);

/**
 * Turn deadlines and time banks (play by mail). A game with a time control (timeControl, or
 * turnDeadlineSeconds d as { d, d, d }) gives each seat a bank: `seat_clocks` holds it while the
 * seat's clock is stopped; while the seat must act, a `deadlines` row runs it (seat, the version its
 * clock started at, when it is due, when to remind), with two pg-boss jobs that fire at those times.
 * A job carries the deadline it was made for, so one that comes late, after the seat moved, finds
 * a different row and does nothing; job ids are derived from the deadline, so several processes
 * scheduling it queue it once, and pg-boss runs it once. A sweep in every process starts the
 * clocks of games that began (the last seat joined) or whose rows a killed process never wrote,
 * and drops rows of seats that no longer have to act.
 */
export class TurnClock {
  private sweeper: NodeJS.Timeout | undefined;
  /** The bank updates of each game, one after another (moves committed in order are banked in order). */
  private readonly chains = new Map<string, Promise<void>>();
  /** The latest version committed of each game whose bank updates are under way in this process. */
  private readonly latest = new Map<string, number>();

  constructor(
    private readonly db: PrismaClient,
    private readonly service: GameService,
    private readonly notifier: Notifier,
    private readonly notices: NotificationStore,
    private readonly opts: { reminderShare: number; resignSeat: (gameId: string, seat: Seat) => Promise<unknown>; log: { warn(o: object, m: string): void; info?(o: object, m: string): void } },
  ) {
    service.onCommitted((c) => void this.committed(c).catch((err) => opts.log.warn({ err, gameId: c.gameId }, 'turn clock update failed; the sweep will redo it')));
    service.onStarted((gameId) => this.startGame(gameId).catch((err) => opts.log.warn({ err, gameId }, 'could not start the clocks; the sweep will')));
  }

  start(everyMs: number): void {
    this.sweeper = setInterval(() => void this.sweep().catch((err) => this.opts.log.warn({ err }, 'turn clock sweep failed')), everyMs);
    void this.sweep().catch(() => {});
  }

  stop(): void {
    clearInterval(this.sweeper);
  }

  /** The running deadlines of a game, for its answer: [{ seat, at, pausedUntil? }] (a seat's player on vacation). */
  async deadlines(gameId: string): Promise<{ seat: Seat; at: string; pausedUntil?: string }[]> {
    const rows = await this.db.$queryRaw<{ seat: number; due_at: Date; paused_until: Date | null }[]>`
      SELECT d.seat, d.due_at, (SELECT max(v.ends_at) FROM seats s JOIN vacations v ON v.player_id = s.player_id
                                 WHERE s.game_id = d.game_id AND s.seat = d.seat AND v.starts_at <= now() AND v.ends_at > now()) AS paused_until
      FROM deadlines d WHERE d.game_id = ${gameId}::uuid AND NOT d.timed_out ORDER BY d.seat`;
    return rows.map((r) => ({ seat: r.seat, at: r.due_at.toISOString(), ...(r.paused_until ? { pausedUntil: r.paused_until.toISOString() } : {}) }));
  }

  /**
   * A player's vacation runs until `until` (now: it ended): the running deadlines of the player's
   * seats start again from then, with the game's whole time per move; the jobs of the old deadlines
   * find a different row and do nothing.
   */
  async pausePlayer(playerId: string, until: Date): Promise<void> {
    const rows = await this.db.$queryRaw<Row[]>`
      UPDATE deadlines d SET due_at = ${until}::timestamptz + coalesce((SELECT c.remaining_ms FROM seat_clocks c WHERE c.game_id = g.id AND c.seat = d.seat), g.time_initial_seconds * 1000::bigint) * interval '1 millisecond',
             remind_at = ${until}::timestamptz + coalesce((SELECT c.remaining_ms FROM seat_clocks c WHERE c.game_id = g.id AND c.seat = d.seat), g.time_initial_seconds * 1000::bigint) * ${1 - this.opts.reminderShare}::float8 * interval '1 millisecond', timed_out = false
      FROM seats s, games g
      WHERE s.game_id = d.game_id AND s.seat = d.seat AND s.player_id = ${playerId}::uuid AND g.id = d.game_id AND g.status = 'active'
      RETURNING d.game_id::text, d.seat, d.since, d.due_at, d.remind_at`;
    await this.schedule(rows);
  }

  /** The end of the vacation the seat's player is on now, if any. */
  private async pausedUntil(gameId: string, seat: Seat): Promise<Date | null> {
    const [r] = await this.db.$queryRaw<{ until: Date | null }[]>`
      SELECT max(v.ends_at) AS until FROM seats s JOIN vacations v ON v.player_id = s.player_id
      WHERE s.game_id = ${gameId}::uuid AND s.seat = ${seat} AND v.starts_at <= now() AND v.ends_at > now()`;
    return r?.until ?? null;
  }

  /**
   * After a move, one game at a time in this process (moves of one game are banked in order): the
   * clocks that stopped (the mover's, and those of seats that no longer act) are banked, what was
   * left at the move plus, for the mover, the increment, never more than the maximum; then a new
   * deadline for each seat that must now act anew and for the mover if it must act again, from its
   * bank; none for the others. Seats that act on (a simultaneous phase) keep their running clock.
   */
  private committed(c: Committed): Promise<void> {
    if (!c.clock) return Promise.resolve();
    this.latest.set(c.gameId, Math.max(this.latest.get(c.gameId) ?? 0, c.version));
    const prev = this.chains.get(c.gameId) ?? Promise.resolve();
    const next = prev.catch(() => {}).then(() => this.bank(c));
    this.chains.set(c.gameId, next);
    void next.finally(() => {
      if (this.chains.get(c.gameId) !== next) return;
      this.chains.delete(c.gameId);
      this.latest.delete(c.gameId);
    }).catch(() => {});
    return next;
  }

  private async bank(c: Committed): Promise<void> {
    const control = c.clock!.control;
    const stopped = c.before.filter((x) => !c.toMove.includes(x) || x === c.seat);
    // A move of the seat's (by its token, by mail, or played for it on a timeout) earns the increment; a resignation does not.
    const earns = c.origin === 'seat' || c.origin === 'timeout' || (c.origin as string) === 'mail';
    const increment = earns ? control.incrementSeconds * 1000 : 0;
    await this.db.$executeRaw`
      INSERT INTO seat_clocks (game_id, seat, remaining_ms, version)
      SELECT d.game_id, d.seat,
             least(greatest(0, (extract(epoch FROM d.due_at - greatest(m.created_at, d.due_at - ${control.maxSeconds * 1000}::bigint * interval '1 millisecond')) * 1000)::bigint)
                   + CASE WHEN d.seat = ${c.seat} THEN ${increment}::bigint ELSE 0 END, ${control.maxSeconds * 1000}::bigint), ${c.version}
      FROM deadlines d JOIN moves m ON m.game_id = d.game_id AND m.version = ${c.version}
      WHERE d.game_id = ${c.gameId}::uuid AND d.seat = ANY(${stopped}::int[]) AND d.since < ${c.version}
      ON CONFLICT (game_id, seat) DO UPDATE SET remaining_ms = EXCLUDED.remaining_ms, version = EXCLUDED.version
      WHERE seat_clocks.version < EXCLUDED.version`;
    // A move of the seat's own (its token, a mail) ends its run of missed deadlines.
    if (c.origin === 'seat' || (c.origin as string) === 'mail') await this.db.$executeRaw`UPDATE seats SET missed_deadlines = 0 WHERE game_id = ${c.gameId}::uuid AND seat = ${c.seat} AND missed_deadlines > 0`;
    if (c.status !== 'active') {
      await this.db.$executeRaw`DELETE FROM deadlines WHERE game_id = ${c.gameId}::uuid`;
      return;
    }
    const restart = c.toMove.filter((x) => !c.before.includes(x) || x === c.seat);
    const rows = await this.db.$queryRaw<Row[]>`
      WITH gone AS (DELETE FROM deadlines WHERE game_id = ${c.gameId}::uuid AND NOT (seat = ANY(${c.toMove}::int[])))
      INSERT INTO deadlines (game_id, seat, since, due_at, remind_at)
      SELECT ${c.gameId}::uuid, x, ${c.version}, t.start + b.ms * interval '1 millisecond', t.start + b.ms * ${1 - this.opts.reminderShare}::float8 * interval '1 millisecond'
      FROM unnest(${restart}::int[]) AS x
      CROSS JOIN LATERAL (SELECT coalesce((SELECT c.remaining_ms FROM seat_clocks c WHERE c.game_id = ${c.gameId}::uuid AND c.seat = x), ${control.initialSeconds * 1000}::bigint) AS ms) AS b
      -- The clock starts at the move; a seat whose player is on vacation starts its clock when the vacation ends.
      CROSS JOIN LATERAL (SELECT coalesce((SELECT max(v.ends_at) FROM seats s JOIN vacations v ON v.player_id = s.player_id
                                           WHERE s.game_id = ${c.gameId}::uuid AND s.seat = x AND v.starts_at <= now() AND v.ends_at > now()),
                                          (SELECT m.created_at FROM moves m WHERE m.game_id = ${c.gameId}::uuid AND m.version = ${c.version}), now()) AS start) AS t
      ON CONFLICT (game_id, seat) DO UPDATE SET since = EXCLUDED.since, due_at = EXCLUDED.due_at, remind_at = EXCLUDED.remind_at, timed_out = false
      WHERE deadlines.since < EXCLUDED.since
      RETURNING game_id::text, seat, since, due_at, remind_at`;
    // A later move of this game waits in this process: its own update schedules the jobs of the clocks
    // still running then (a burst of moves queues one pair of jobs, not one per move); the sweep
    // re-queues any running clock due within the minute.
    if ((this.latest.get(c.gameId) ?? 0) > c.version) return;
    await this.schedule(rows);
  }

  /**
   * Each seat's clock for the game answer: a running one from its deadline (what is left now, and
   * when it reaches zero), a stopped one from its bank (the initial time before its first turn).
   */
  async clocks(gameId: string, control: TimeControl, status: string): Promise<{ seat: Seat; remainingSeconds: number; running: boolean; deadline: string | null }[]> {
    const rows = await this.db.$queryRaw<{ seat: number; due_at: Date | null; timed_out: boolean | null; remaining_ms: bigint | null; now: Date }[]>`
      SELECT s.seat, d.due_at, d.timed_out, c.remaining_ms, now() AS now
      FROM seats s LEFT JOIN deadlines d ON d.game_id = s.game_id AND d.seat = s.seat
      LEFT JOIN seat_clocks c ON c.game_id = s.game_id AND c.seat = s.seat
      WHERE s.game_id = ${gameId}::uuid ORDER BY s.seat`;
    const max = control.maxSeconds;
    return rows.map((r) => {
      if (r.due_at && status === 'active') {
        const left = r.timed_out ? 0 : Math.min(max, Math.max(0, (+r.due_at - +r.now) / 1000));
        return { seat: r.seat, remainingSeconds: Math.round(left * 1000) / 1000, running: !r.timed_out, deadline: r.due_at.toISOString() };
      }
      const banked = r.remaining_ms === null ? control.initialSeconds : Number(r.remaining_ms) / 1000;
      return { seat: r.seat, remainingSeconds: banked, running: false, deadline: null };
    });
  }

  /** A game just started (created active, or its last seat taken): its first seats' clocks start now, from their banks. */
  async startGame(gameId: string): Promise<void> {
    const rows = await this.db.$queryRaw<Row[]>`
      INSERT INTO deadlines (game_id, seat, since, due_at, remind_at)
      SELECT g.id, x, g.version, t.start + b.ms * interval '1 millisecond', t.start + b.ms * ${1 - this.opts.reminderShare}::float8 * interval '1 millisecond'
      FROM games g CROSS JOIN LATERAL unnest(g.to_move) AS x
      CROSS JOIN LATERAL (SELECT coalesce((SELECT c.remaining_ms FROM seat_clocks c WHERE c.game_id = g.id AND c.seat = x), g.time_initial_seconds * 1000::bigint) AS ms) AS b
      CROSS JOIN LATERAL (SELECT coalesce((SELECT max(v.ends_at) FROM seats s JOIN vacations v ON v.player_id = s.player_id
                                           WHERE s.game_id = g.id AND s.seat = x AND v.starts_at <= now() AND v.ends_at > now()), now()) AS start) AS t
      WHERE g.id = ${gameId}::uuid AND g.status = 'active' AND g.time_initial_seconds IS NOT NULL
      ON CONFLICT (game_id, seat) DO NOTHING
      RETURNING game_id::text, seat, since, due_at, remind_at`;
    await this.schedule(rows);
  }

  /** Starts missing clocks (a game that just began, a process killed after a commit), drops stale ones, re-queues those due soon. */
  async sweep(): Promise<void> {
    await this.db.$executeRaw`
      DELETE FROM deadlines d USING games g
      WHERE d.game_id = g.id AND (g.status <> 'active' OR NOT (d.seat = ANY(g.to_move)))`;
    const started = await this.db.$queryRaw<Row[]>`
      INSERT INTO deadlines (game_id, seat, since, due_at, remind_at)
      SELECT g.id, x, g.version, t.start + b.ms * interval '1 millisecond', t.start + b.ms * ${1 - this.opts.reminderShare}::float8 * interval '1 millisecond'
      FROM games g CROSS JOIN LATERAL unnest(g.to_move) AS x
      CROSS JOIN LATERAL (SELECT coalesce((SELECT c.remaining_ms FROM seat_clocks c WHERE c.game_id = g.id AND c.seat = x), g.time_initial_seconds * 1000::bigint) AS ms) AS b
      -- The clock started when the game last changed (the move or join that made the seat act), not at this sweep.
      CROSS JOIN LATERAL (SELECT coalesce((SELECT max(v.ends_at) FROM seats s JOIN vacations v ON v.player_id = s.player_id
                                           WHERE s.game_id = g.id AND s.seat = x AND v.starts_at <= now() AND v.ends_at > now()), least(g.updated_at, now())) AS start) AS t
      WHERE g.status = 'active' AND g.time_initial_seconds IS NOT NULL
      ON CONFLICT (game_id, seat) DO NOTHING
      RETURNING game_id::text, seat, since, due_at, remind_at`;
    const soon = await this.db.$queryRaw<Row[]>`
      SELECT game_id::text, seat, since, due_at, remind_at FROM deadlines
      WHERE NOT timed_out AND due_at < now() + interval '1 minute'`;
    await this.schedule([...started, ...soon]);
  }

  private async schedule(rows: Row[]): Promise<void> {
    // A seat handed to the stand-in (missed deadlines) does not wait for its time: its job runs now, and the stand-in plays.
    const handed = rows.length === 0 ? [] : await this.db.$queryRaw<{ game_id: string; seat: number }[]>`
      SELECT game_id::text, seat FROM seats WHERE stand_in IS NOT NULL AND game_id = ANY(${[...new Set(rows.map((r) => r.game_id))]}::uuid[])`;
    for (const r of rows) {
      const base = { gameId: r.game_id, seat: r.seat, since: r.since };
      const timeout: DeadlineJob = { ...base, kind: 'timeout', due: +r.due_at };
      if (handed.some((h) => h.game_id === r.game_id && h.seat === r.seat)) {
        await this.notifier.schedule(timeout, jobId(timeout), new Date());
        continue;
      }
      await this.notifier.schedule(timeout, jobId(timeout), r.due_at);
      // A reminder whose time has passed (its move was banked late) still goes out while the deadline is ahead.
      if (r.remind_at && +r.due_at > Date.now()) {
        const reminder: DeadlineJob = { ...base, kind: 'reminder', due: +r.due_at };
        await this.notifier.schedule(reminder, jobId(reminder), r.remind_at);
      }
    }
  }

  /**
   * Counts a missed deadline of a seat (in a row, and in all for the player's profile); when the
   * game's standInAfterTimeouts is reached the seat is handed to the game's stand-in level (its
   * seats revision bumped, so every process reads the seat again) and that level is returned.
   */
  private async missed(gameId: string, seat: Seat): Promise<string | null> {
    const [r] = await this.db.$queryRaw<{ stand_in: string | null; missed: number }[]>`
      UPDATE seats s SET missed_deadlines = s.missed_deadlines + 1, timed_out = s.timed_out + 1,
             stand_in = CASE WHEN g.stand_in_after_timeouts IS NOT NULL AND s.missed_deadlines + 1 >= g.stand_in_after_timeouts
                             THEN coalesce(g.stand_in_bot, 'greedy') ELSE s.stand_in END
      FROM games g WHERE g.id = s.game_id AND s.game_id = ${gameId}::uuid AND s.seat = ${seat}
      RETURNING s.stand_in, s.missed_deadlines AS missed`;
    if (!r?.stand_in) return null;
    await this.db.$executeRaw`UPDATE games SET seats_rev = seats_rev + 1 WHERE id = ${gameId}::uuid`;
    this.opts.log.info?.({ gameId, seat, level: r.stand_in, missed: r.missed }, 'seat handed to the stand-in bot after missed deadlines');
    return r.stand_in;
  }

  /** Spends a vacation day of the seat's player instead of the timeout, when they asked for it (vacation.ts); true when spent. */
  autoVacation: ((gameId: string, seat: Seat) => Promise<boolean>) | undefined;

  /** A deadline job fires: remind, or act on the timeout, if the deadline is still the one it was made for. */
  async fire(j: DeadlineJob): Promise<void> {
    const [row] = await this.db.$queryRaw<(Row & { timed_out: boolean; timeout_action: string | null })[]>`
      SELECT d.game_id::text, d.seat, d.since, d.due_at, d.remind_at, d.timed_out, g.timeout_action
      FROM deadlines d JOIN games g ON g.id = d.game_id WHERE d.game_id = ${j.gameId}::uuid AND d.seat = ${j.seat}`;
    if (!row || row.since !== j.since || +row.due_at !== j.due || row.timed_out) return; // moved on: nothing to do
    const paused = await this.pausedUntil(j.gameId, j.seat);
    if (paused) {
      // The player went on vacation after this deadline was set: its clock starts again at the end.
      await this.db.$executeRaw`
        UPDATE deadlines d SET due_at = ${paused}::timestamptz + coalesce((SELECT c.remaining_ms FROM seat_clocks c WHERE c.game_id = g.id AND c.seat = d.seat), g.time_initial_seconds * 1000::bigint) * interval '1 millisecond',
               remind_at = ${paused}::timestamptz + coalesce((SELECT c.remaining_ms FROM seat_clocks c WHERE c.game_id = g.id AND c.seat = d.seat), g.time_initial_seconds * 1000::bigint) * ${1 - this.opts.reminderShare}::float8 * interval '1 millisecond'
        FROM games g WHERE g.id = d.game_id AND d.game_id = ${j.gameId}::uuid AND d.seat = ${j.seat} AND d.since = ${j.since}`;
      const [moved] = await this.db.$queryRaw<Row[]>`SELECT game_id::text, seat, since, due_at, remind_at FROM deadlines WHERE game_id = ${j.gameId}::uuid AND seat = ${j.seat}`;
      if (moved) await this.schedule([moved]);
      return;
    }
    const [seat] = await this.db.$queryRaw<{ stand_in: string | null }[]>`SELECT stand_in FROM seats WHERE game_id = ${j.gameId}::uuid AND seat = ${j.seat}`;
    // The player lets the server spend a vacation day instead (autoVacation): the deadline moved; its jobs are scheduled anew.
    if (j.kind === 'timeout' && !seat?.stand_in && (await this.autoVacation?.(j.gameId, j.seat))) return;
    if (j.kind === 'reminder') {
      if (!seat?.stand_in) await this.notifier.enqueue(await this.notices.addNotice(j.gameId, j.since, j.seat, 'reminder'));
      return;
    }
    // A missed deadline (none for a seat the stand-in already plays): counted, and the seat handed over after N in a row.
    const handed = seat?.stand_in ? null : await this.missed(j.gameId, j.seat);
    try {
      if (seat?.stand_in || handed || row.timeout_action === 'auto-move') {
        await this.service.withGame(j.gameId, async (g) => {
          const s = g.session;
          if (s.row.status !== 'active' || !s.row.toMove.includes(j.seat)) return;
          // The game's stand-in bot plays (its pool answers greedy's move if it fails); the log names it.
          const chosen = await g.standInMove(j.seat);
          if (chosen) await g.commitEntry(j.seat, chosen.move, 'timeout', undefined, chosen.bot); // its "timeout" notice is written with it
        });
        return;
      }
      if (row.timeout_action === 'resign') await this.opts.resignSeat(j.gameId, j.seat);
      else await this.db.$executeRaw`UPDATE deadlines SET timed_out = true WHERE game_id = ${j.gameId}::uuid AND seat = ${j.seat} AND since = ${j.since}`;
      await this.notifier.enqueue(await this.notices.addNotice(j.gameId, j.since, j.seat, 'timeout'));
    } catch (err) {
      // The game moved on between the check and the act (another process, the seat itself): the
      // move that did it has started the seat's next clock. Anything else is retried by pg-boss.
      if (err instanceof AppError && err.status < 500) return;
      throw err;
    }
  }
}
