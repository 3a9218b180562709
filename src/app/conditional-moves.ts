/**
 * Conditional moves (issue 34 item 2; docs/api.md, "Conditional moves"): a seat answers in advance.
 * It sends lines, each the moves it expects the others to make (in notation, as it reads them in its
 * log) and its answer; when it comes to move, the server plays the answer of the line whose expected
 * moves are exactly the moves the others made since (src/app/use-cases/conditional-moves.ts decides).
 *
 * What it guarantees:
 * - Lines are the seat's alone: read, set and cleared with its token (another seat's token: 403);
 *   never part of a view, a record, an event or a live update until one is played.
 * - Setting them checks only what the seat can know: the shape of each notation (a 400 naming the
 *   line and the move), the bounds (src/app/limits.ts), and that it is not the seat's turn. Whether
 *   the others' expected moves are legal is never checked (their hands are hidden: a refusal would
 *   tell what they hold); the answer is checked when it would be played, like a move sent then.
 * - Whichever process commits a move judges the lines of the game's seats after the commit (one
 *   read of the table, then a command `conditional-move` per seat with lines, through `handle`, each
 *   taking the game's lock once, after the committing command released it). The lines live in
 *   Postgres, so any process plays them; the entry's version guard makes one process's answer the
 *   only one. Lines a command dropped are removed and their seat told (notification `conditional`).
 *   A sweep (every few seconds, on worker processes) judges the games where a seat with lines is to
 *   move, for the commit of a process killed before its hook ran.
 */
import { normalise, parseMove, type Seat } from '../engine/index.js';
import type { ConditionalStore, StoredLine } from '../store/conditional-store.js';
import { AppError, saidOf } from './errors.js';
import type { GamePort } from './game-port.js';
import { CONDITIONAL_LIMITS } from './limits.js';
import { resignedBy } from './lobby/standing.js';
import type { Session } from './service-types.js';
import { TOLD } from './use-cases/conditional-moves.js';

/** One line as a seat sends it. */
export interface LineInput {
  after: string[];
  play: string;
}

/** A seat's lines as it reads them: the version they were set at (null: none). */
export interface LinesAnswer {
  seat: Seat;
  setVersion: number | null;
  lines: LineInput[];
}

/** Whose lines a request names: the token's own seat (`me`) or a seat by number. */
export type SeatRef = 'me' | number;

export interface ConditionalOptions {
  /** Tells a seat that lines of its were dropped (the notification `conditional` at this version). */
  tell(gameId: string, version: number, seat: Seat): Promise<void>;
  log: { warn(obj: object, msg: string): void };
}

export class ConditionalMoves {
  constructor(
    private readonly service: GamePort,
    private readonly store: ConditionalStore,
    private readonly opts: ConditionalOptions,
  ) {}

  private sweeper: NodeJS.Timeout | undefined;

  /** After every commit, on the process that committed: the lines of the game's seats judged. */
  watch(): void {
    this.service.onCommitted((c) => void this.judge(c.gameId, c.version));
  }

  /**
   * Every `ms`, the games where a seat with lines is to move are judged: the commit whose process
   * was killed before its hook ran loses nothing (judging twice is harmless: the version decides).
   */
  start(ms: number): void {
    this.sweeper = setInterval(() => void this.sweep(), ms);
    this.sweeper.unref();
  }

  stop(): void {
    clearInterval(this.sweeper);
  }

  private async sweep(): Promise<void> {
    try {
      for (const g of await this.store.due()) await this.judge(g.gameId, g.version);
    } catch (err) {
      this.opts.log.warn({ err }, 'conditional lines sweep failed');
    }
  }

  /** GET: the seat's lines. */
  async get(gameId: string, token: string | undefined, ref: SeatRef): Promise<LinesAnswer> {
    const { seat } = await this.seatOf(gameId, token, ref);
    return answerOf(seat, await this.store.list(gameId, seat));
  }

  /** PUT: the seat's lines replaced (an empty list clears them). */
  async put(gameId: string, token: string | undefined, ref: SeatRef, input: { lines: LineInput[] }): Promise<LinesAnswer> {
    const lines = checkShape(input);
    return this.service.withGame(gameId, async (g) => {
      const seat = await seatIn(g.callerIn(token), ref);
      const s = g.session;
      checkOpen(s, seat);
      checkNotations(s, seat, lines);
      await this.store.replace(gameId, seat, s.version, lines);
      return { seat, setVersion: lines.length ? s.version : null, lines };
    });
  }

  /** DELETE: the seat's lines cleared. */
  async clear(gameId: string, token: string | undefined, ref: SeatRef): Promise<LinesAnswer> {
    const { seat, version } = await this.seatOf(gameId, token, ref);
    await this.store.replace(gameId, seat, version, []);
    return { seat, setVersion: null, lines: [] };
  }

  private seatOf(gameId: string, token: string | undefined, ref: SeatRef) {
    return this.service.withGame(gameId, async (g) => ({ seat: await seatIn(g.callerIn(token), ref), version: g.session.version }));
  }

  /**
   * Each seat with lines judged at the committed version, one command each; after a line is
   * played, its own commit judges the rest. A failure is logged: the next commit judges again.
   */
  async judge(gameId: string, version: number): Promise<void> {
    try {
      const seats = await this.store.seatsWith(gameId);
      for (const seat of seats) {
        const a = await this.service.handle(gameId, { kind: 'conditional-move', seat, version });
        if (a.setId === null) continue;
        const gone = [...a.dropped.map((d) => d.line), ...(a.played ? [a.played.line] : [])];
        await this.store.remove(gameId, seat, a.setId, gone);
        if (a.dropped.some((d) => TOLD.includes(d.reason))) await this.opts.tell(gameId, a.played?.version ?? version, seat);
        if (a.played) return;
      }
    } catch (err) {
      this.opts.log.warn({ err, gameId, version }, 'could not judge the conditional lines');
    }
  }
}

const answerOf = (seat: Seat, rows: StoredLine[]): LinesAnswer => ({
  seat,
  setVersion: rows[0]?.setVersion ?? null,
  lines: rows.map((r) => ({ after: r.after, play: r.play })),
});

/** The seat a request acts on: the token's own; naming another seat is 403. */
async function seatIn(caller: Promise<import('./service-types.js').Caller>, ref: SeatRef): Promise<Seat> {
  const c = await caller;
  if (c.kind !== 'seat') {
    if (c.kind === 'operator') throw AppError.of('FORBIDDEN', 'FORBIDDEN.linesNeedSeat');
    throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.linesToken');
  }
  if (ref !== 'me' && ref !== c.seat) throw AppError.of('FORBIDDEN', 'FORBIDDEN.otherSeatLines', { seat: ref, own: c.seat });
  return c.seat;
}

/** Lines are set in a running game, by a seat that plays, while it waits for the others. */
function checkOpen(s: Session, seat: Seat): void {
  if (s.row.status === 'waiting') throw AppError.of('GAME_NOT_STARTED', 'GAME_NOT_STARTED.seatOpen');
  if (s.row.status !== 'active') throw AppError.of('GAME_OVER', 'GAME_OVER.over');
  if (resignedBy(s.row.seats, s.version).has(seat)) throw AppError.of('SEAT_RESIGNED', 'SEAT_RESIGNED.seat', { seat });
  if (s.row.toMove.includes(seat)) throw AppError.of('CONDITIONAL_NOT_ALLOWED', 'CONDITIONAL_NOT_ALLOWED.yourTurn');
}

/** The bounds of src/app/limits.ts, and one answer per sequence of expected moves (the same on every entry point). */
function checkShape(input: { lines: LineInput[] }): LineInput[] {
  const lines = input.lines;
  const L = CONDITIONAL_LIMITS;
  if (!Array.isArray(lines) || lines.length > L.lines)
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.conditionalCount', { max: L.lines, count: Array.isArray(lines) ? lines.length : 0 });
  const seen = new Map<string, number>();
  return lines.map((l, line) => {
    if (!Array.isArray(l.after) || l.after.length < 1 || l.after.length > L.after)
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.conditionalAfter', {
        line,
        max: L.after,
        count: Array.isArray(l.after) ? l.after.length : 0,
      });
    for (const text of [...l.after, l.play])
      if (typeof text !== 'string' || text.trim().length < 1 || text.length > L.notation)
        throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.conditionalLength', { line, max: L.notation }, { line });
    const key = JSON.stringify(l.after.map(normalise));
    const other = seen.get(key);
    if (other !== undefined) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.conditionalSame', { line, other }, { line });
    seen.set(key, line);
    return { after: [...l.after], play: l.play };
  });
}

/**
 * Each notation's shape, read as the seat reads moves now (its own view: the parsers read the text
 * and public parts of the position only). A text that does not have the form of a move is a 400
 * naming the line and the move; a text of the right form that names something absent now (a card
 * not on display yet) is left to the moment it is compared or played, since the position will differ.
 * `{hidden}` stands for a move the seat may not see.
 */
function checkNotations(s: Session, seat: Seat, lines: LineInput[]): void {
  lines.forEach((l, line) => {
    for (const move of [...l.after, l.play]) {
      if (move !== l.play && normalise(move) === '{hidden}') continue;
      const parsed = parseMove(s.game, s.state, seat, move);
      if (parsed.ok || !isShapeError(parsed.error.key)) continue;
      const said = saidOf(parsed.error);
      throw AppError.of(
        'INVALID_INPUT',
        'INVALID_INPUT.conditionalNotation',
        { line, move, problem: said },
        { line, move },
        said.catalogue,
      );
    }
  });
}

/** A notation error about the text's form (the kernel's, or a game's `NOTATION.usage`), not about the position. */
const isShapeError = (key: string | undefined) => key === undefined || key === 'NOTATION' || key === 'NOTATION.usage';
