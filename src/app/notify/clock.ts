import type { Seat } from '../../engine/index.js';
import type { ClockStore, DeadlineRow as Row } from '../../store/clock-store.js';
import type { TimeControl } from '../../store/types.js';
import { AppError } from '../errors.js';
import { jobUuid } from '../job-queue.js';
import type { GamePort } from '../game-port.js';
import type { Committed } from '../service-types.js';
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
    /** Its store (public so that a test can inject the clock's time: `store.now`). */
    readonly store: ClockStore,
    private readonly service: GamePort,
    private readonly notifier: Notifier,
    private readonly notices: NotificationStore,
    private readonly opts: {
      reminderShare: number;
      resignSeat: (gameId: string, seat: Seat) => Promise<unknown>;
      log: { warn(o: object, m: string): void; info?(o: object, m: string): void };
    },
  ) {
    service.onCommitted(
      (c) =>
        void this.committed(c).catch((err) => opts.log.warn({ err, gameId: c.gameId }, 'turn clock update failed; the sweep will redo it')),
    );
    service.onStarted((gameId) =>
      this.startGame(gameId).catch((err) => opts.log.warn({ err, gameId }, 'could not start the clocks; the sweep will')),
    );
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
    const rows = await this.store.runningDeadlines(gameId);
    return rows.map((r) => ({
      seat: r.seat,
      at: r.due_at.toISOString(),
      ...(r.paused_until ? { pausedUntil: r.paused_until.toISOString() } : {}),
    }));
  }

  /**
   * A player's vacation runs until `until` (now: it ended): the running deadlines of the player's
   * seats pause with what they had left and run on from then (a pause ended early runs on from what
   * it had when it began: putting and removing a vacation gives no time back); the jobs of the old
   * deadlines find a different row and do nothing.
   */
  async pausePlayer(playerId: string, until: Date): Promise<void> {
    const rows = await this.store.restartPlayer(playerId, until, this.opts.reminderShare);
    await this.schedule(rows);
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
    void next
      .finally(() => {
        if (this.chains.get(c.gameId) !== next) return;
        this.chains.delete(c.gameId);
        this.latest.delete(c.gameId);
      })
      .catch(() => {});
    return next;
  }

  private async bank(c: Committed): Promise<void> {
    const control = c.clock!.control;
    const stopped = c.before.filter((x) => !c.toMove.includes(x) || x === c.seat);
    // A move of the seat's (by its token, by mail, by one of its conditional lines, or played for it on a timeout) earns the
    // increment; a resignation does not.
    const earns = c.origin === 'seat' || c.origin === 'timeout' || c.origin === 'mail' || c.origin === 'conditional';
    const increment = earns ? control.incrementSeconds * 1000 : 0;
    await this.store.bank({
      gameId: c.gameId,
      version: c.version,
      seat: c.seat,
      stopped,
      incrementMs: increment,
      maxMs: control.maxSeconds * 1000,
    });
    // A takeback gives back the increments its undone entries earned: N moves taken back leave the clock where the first found it.
    if (c.unearned?.length) {
      const per = new Map<Seat, number>();
      for (const x of c.unearned) per.set(x, (per.get(x) ?? 0) + control.incrementSeconds * 1000);
      await this.store.unearn(
        c.gameId,
        c.version,
        [...per].map(([seat, ms]) => ({ seat, ms })),
      );
    }
    // A move of the seat's own (its token, a mail, its conditional line) ends its run of missed deadlines.
    if (c.origin === 'seat' || c.origin === 'mail' || c.origin === 'conditional') await this.store.clearMissed(c.gameId, c.seat);
    if (c.status !== 'active') {
      await this.store.dropDeadlines(c.gameId);
      return;
    }
    const restart = c.toMove.filter((x) => !c.before.includes(x) || x === c.seat);
    const rows = await this.store.restart(c.gameId, c.version, c.toMove, restart, control.initialSeconds * 1000, this.opts.reminderShare);
    // A later move of this game waits in this process: its own update schedules the jobs of the clocks
    // still running then (a burst of moves queues one pair of jobs, not one per move); the sweep
    // re-queues any running clock due within the minute.
    if ((this.latest.get(c.gameId) ?? 0) > c.version) return;
    await this.schedule(rows);
  }

  /**
   * Each seat's clock for the game answer: a running one from its deadline (what is left now, and
   * when it reaches zero), a stopped one from its bank (the initial time before its first turn). A
   * clock its seat's weekend pauses (pauseOnWeekends) is not running; what it has left counts no
   * weekend time.
   */
  async clocks(
    gameId: string,
    control: TimeControl,
    status: string,
  ): Promise<{ seat: Seat; remainingSeconds: number; running: boolean; deadline: string | null }[]> {
    const rows = await this.store.clockRows(gameId);
    const max = control.maxSeconds;
    return rows.map((r) => {
      // A game that just ended keeps its deadline rows until its last move is banked (after the
      // commit, in this or another process): until then its clocks are read from them, stopped.
      if (r.due_at) {
        const active = status === 'active';
        const left = r.timed_out ? 0 : Math.min(max, Math.max(0, Number(r.left_ms ?? 0) / 1000));
        return {
          seat: r.seat,
          remainingSeconds: Math.round(left * 1000) / 1000,
          running: active && !r.timed_out && !r.weekend,
          deadline: active ? r.due_at.toISOString() : null,
        };
      }
      const banked = r.remaining_ms === null ? control.initialSeconds : Number(r.remaining_ms) / 1000;
      return { seat: r.seat, remainingSeconds: banked, running: false, deadline: null };
    });
  }

  /** A game just started (created active, or its last seat taken): its first seats' clocks start now, from their banks. */
  async startGame(gameId: string): Promise<void> {
    const rows = await this.store.startGame(gameId, this.opts.reminderShare);
    await this.schedule(rows);
  }

  /** Starts missing clocks (a game that just began, a process killed after a commit), drops stale ones, re-queues those due soon. */
  async sweep(): Promise<void> {
    await this.store.dropStale();
    const started = await this.store.startMissing(this.opts.reminderShare);
    const soon = await this.store.dueSoon();
    await this.schedule([...started, ...soon]);
  }

  private async schedule(rows: Row[]): Promise<void> {
    // A seat handed to the stand-in (missed deadlines) does not wait for its time: its job runs now, and the stand-in plays.
    const handed = rows.length === 0 ? [] : await this.store.handedSeats([...new Set(rows.map((r) => r.game_id))]);
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
    const r = await this.store.countMissed(gameId, seat);
    if (!r?.standIn) return null;
    this.opts.log.info?.({ gameId, seat, level: r.standIn, missed: r.missed }, 'seat handed to the stand-in bot after missed deadlines');
    return r.standIn;
  }

  /** Spends a vacation day of the seat's player instead of the timeout, when they asked for it (vacation.ts); true when spent. */
  autoVacation: ((gameId: string, seat: Seat) => Promise<boolean>) | undefined;

  /** A deadline job fires: remind, or act on the timeout, if the deadline is still the one it was made for. */
  async fire(j: DeadlineJob): Promise<void> {
    const row = await this.store.deadlineOf(j.gameId, j.seat);
    if (!row || row.since !== j.since || +row.due_at !== j.due || row.timed_out) return; // moved on: nothing to do
    const paused = await this.store.pausedUntil(j.gameId, j.seat);
    if (paused) {
      // The player went on vacation after this deadline was set: its clock starts again at the end.
      const moved = await this.store.restartAt(j.gameId, j.seat, j.since, paused, this.opts.reminderShare);
      if (moved) await this.schedule([moved]);
      return;
    }
    const seat = await this.store.standInOf(j.gameId, j.seat);
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
        // The game's stand-in bot plays (its pool answers greedy's move if it fails); the log names it.
        await this.service.handle(j.gameId, { kind: 'timeout', seat: j.seat });
        return;
      }
      if (row.timeout_action === 'resign') await this.opts.resignSeat(j.gameId, j.seat);
      else await this.store.markTimedOut(j.gameId, j.seat, j.since);
      await this.notifier.enqueue(await this.notices.addNotice(j.gameId, j.since, j.seat, 'timeout'));
    } catch (err) {
      // The game moved on between the check and the act (another process, the seat itself): the
      // move that did it has started the seat's next clock. Anything else is retried by pg-boss.
      if (err instanceof AppError && err.status < 500) return;
      throw err;
    }
  }
}
