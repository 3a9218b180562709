import type { VacationStore } from '../../store/vacation-store.js';
import { AppError } from '../errors.js';
import type { PlayerService } from '../players.js';
import type { TurnClock } from './clock.js';

const DAY = 86_400_000;

/**
 * Vacation (play by mail): a player pauses the deadlines (and reminders) of all their seats until a
 * date, within a yearly allowance of days (VACATION_DAYS_PER_YEAR, counted per calendar year, UTC).
 * Setting a new vacation ends the running one; ending it early gives the unused days back. The
 * other players see the pause and its end in each game's deadlines.
 */
export class Vacations {
  constructor(
    private readonly store: VacationStore,
    private readonly players: PlayerService,
    private readonly clock: TurnClock,
    private readonly daysPerYear: number,
  ) {}

  async get(token: string | undefined) {
    const p = await this.players.require(token);
    const now = new Date();
    const running = await this.store.running(p.id, now);
    const used = await daysUsed(this.store, p.id, now);
    return {
      until: running?.endsAt.toISOString() ?? null,
      daysPerYear: this.daysPerYear,
      daysUsed: round(used),
      daysLeft: round(Math.max(0, this.daysPerYear - used)),
    };
  }

  /** PUT /players/me/vacation { until }: pauses the player's deadlines from now until then. */
  async set(token: string | undefined, untilText: string) {
    const p = await this.players.require(token);
    const now = new Date();
    const until = new Date(untilText);
    if (Number.isNaN(+until) || !/^\d{4}-\d{2}-\d{2}/.test(untilText))
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.untilDate', { given: untilText.slice(0, 40) });
    if (+until <= +now) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.untilPast');
    // Serialised per player, so two requests cannot both spend the same days.
    await this.store.locked(p.id, async (tx) => {
      await tx.endAt(p.id, now, false);
      await tx.dropFrom(p.id, now);
      const used = (await daysUsed(tx, p.id, now)) + (Math.min(+until, Date.UTC(now.getUTCFullYear() + 1, 0, 1)) - +now) / DAY;
      const nextYear = Math.max(0, +until - Date.UTC(now.getUTCFullYear() + 1, 0, 1)) / DAY;
      if (used > this.daysPerYear + 1e-9 || nextYear > this.daysPerYear) {
        throw AppError.of('VACATION_TOO_LONG', 'VACATION_TOO_LONG.days', {
          until: until.toISOString(),
          days: round((+until - +now) / DAY),
          left: round(Math.max(0, this.daysPerYear - (used - (+until - +now) / DAY))),
          perYear: this.daysPerYear,
        });
      }
      await tx.add(p.id, now, until);
    });
    await this.clock.pausePlayer(p.id, until);
    return this.get(token);
  }

  /** DELETE /players/me/vacation: back now; the unused days are not counted. */
  async end(token: string | undefined) {
    const p = await this.players.require(token);
    const now = new Date();
    await this.store.endAt(p.id, now, true);
    await this.clock.pausePlayer(p.id, now);
    return this.get(token);
  }

  /**
   * Automatic vacation (player setting autoVacation): the seat's timeout has come and its player
   * asked the server to spend a vacation day rather than lose the turn: when a whole day is left of
   * this year's allowance and no vacation runs, a vacation of one day starts now (all the player's
   * deadlines pause until it ends, then start again, whole, as with any vacation). Spent only at
   * the timeout itself, so a day is never used on a turn the player would have made in time. True
   * when a day was spent.
   */
  async spendDay(gameId: string, seat: number): Promise<boolean> {
    const playerId = await this.store.autoVacationPlayer(gameId, seat);
    if (!playerId) return false;
    const now = new Date();
    const until = new Date(+now + DAY);
    const spent = await this.store.locked(playerId, async (tx) => {
      if (await tx.running(playerId, now)) return false;
      const used = await daysUsed(tx, playerId, now);
      const thisYear = (Math.min(+until, Date.UTC(now.getUTCFullYear() + 1, 0, 1)) - +now) / DAY;
      if (used + thisYear > this.daysPerYear + 1e-9) return false;
      await tx.add(playerId, now, until);
      return true;
    });
    if (!spent) return false;
    await this.clock.pausePlayer(playerId, until);
    this.log?.info({ gameId, seat, playerId, until: until.toISOString() }, 'a vacation day spent automatically on a timeout');
    return true;
  }

  /** Logs what automatic vacation does (set by the notifications). */
  log: { info(o: object, m: string): void } | undefined;
}

const round = (d: number) => Math.round(d * 100) / 100;

/** Days of vacation taken in the calendar year of `now`, the running one counted to its end. */
async function daysUsed(store: VacationStore, playerId: string, now: Date): Promise<number> {
  const year = Date.UTC(now.getUTCFullYear(), 0, 1);
  const rows = await store.endingAfter(playerId, new Date(year));
  const ms = rows.reduce(
    (sum, v) => sum + Math.max(0, Math.min(+v.endsAt, Date.UTC(now.getUTCFullYear() + 1, 0, 1)) - Math.max(+v.startsAt, year)),
    0,
  );
  return ms / DAY;
}
