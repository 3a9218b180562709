/**
 * Moves nobody sends: a bot seat's turn (what its bot is given, the turn a game waits on, the
 * bot's move appended under the version guard: src/app/bots/runner.ts drives them), and the
 * stand-in's moves for resigned and timed-out seats (the game's `standInBot` through the bot pool,
 * or autoplay.ts's seeded choice without one).
 */
import { applyMove, canonicalHash, liveEntries, seatKnowledge } from '../../engine/index.js';
import type { StoredMove } from '../../store/types.js';
import type { BotLevel, Move, Seat } from '../../engine/index.js';
import { rawGame } from '../../telemetry/instrument.js';
import { autoMove } from '../autoplay.js';
import { AppError } from '../errors.js';
import { resignedBy } from '../lobby/standing.js';
import type { BotTurn, MoveResult, Session } from '../service-types.js';
import { commit } from './commit.js';
import type { GameCore } from './core.js';
import type { CommandOf, Decision } from './handle.js';
import { checkPlayable } from './moves.js';

/** The level that plays the game's resigned and timed-out seats. */
export function standInOf(s: Session): BotLevel {
  return s.row.standInBot ?? 'greedy';
}

/**
 * Whenever the game waits for a resigned seat, plays for it the move of the game's stand-in bot
 * (`standInBot`, chosen in the bot pool: `opts.standIn`), logged with origin 'resigned' and the
 * level; without a pool, the move autoplay.ts chooses from the seed and the version.
 */
export async function playForResigned(core: GameCore, s: Session): Promise<void> {
  for (let guard = 0; guard < 100_000 && s.row.status === 'active'; guard++) {
    const resigned = resignedBy(s.row.seats, s.version);
    const seat = s.row.toMove.find((x) => resigned.has(x));
    if (seat === undefined) return;
    const chosen = await standInMove(core, s, seat);
    if (chosen === null) return;
    const applied = applyMove(s.game, s.state, chosen.move, seat);
    if (!applied.ok) throw new Error(`the stand-in chose an illegal move for seat ${seat}: ${applied.error.message}`);
    const r = await commit(core, s, seat, chosen.move, applied.value.events, applied.value.state, 'resigned', null, chosen.bot);
    if (r.kind !== 'appended') s = await core.sessions.catchUp(s); // another process moved: look again
  }
  if (s.row.status === 'active' && s.row.toMove.some((x) => s.row.seats[x]?.bot)) core.wake(s.row.id);
}

/**
 * The stand-in's move for a seat that cannot play itself (resigned, or out of time with
 * `auto-move`): the game's `standInBot` asked through `opts.standIn` (the bot pool), or, with no
 * pool, autoplay.ts's seeded choice (no bot named). Null when the seat has no legal move.
 */
export async function standInMove(core: GameCore, s: Session, seat: Seat): Promise<{ move: Move; bot: BotLevel | null } | null> {
  if (!core.opts.standIn) {
    const move = autoMove(s.game, s.state, seat, s.row.seed, positionOf(await core.store.readMoves(s.row.id, 0, s.version)));
    return move === null ? null : { move, bot: null };
  }
  const task = await botTask(core, s, seat, standInOf(s));
  if (task.legal.length === 0) return null;
  const answer = await core.opts.standIn(task);
  return { move: answer.move, bot: answer.playedBy };
}

/**
 * The position a seat is asked to move in, for seeds: the entries in effect (who played what, the
 * undone ones and takebacks left out). An undo and the same move again reach the same position, so
 * a bot's reply there is the same (its seed is the game's seed, this and the seat), where a seed of
 * the version would re-roll it.
 */
export function positionOf(moves: readonly StoredMove[]): string {
  return canonicalHash(liveEntries(moves).map((m) => [m.seat, m.move]));
}

/** What a bot playing `seat` is given: the seat's view and history, its legal moves, a seed of the game and the position. */
export async function botTask(core: GameCore, s: Session, seat: Seat, level: BotLevel): Promise<BotTurn['task']> {
  const game = rawGame(s.game);
  const moves = await core.store.readMoves(s.row.id, 0, s.version);
  // Undone entries and takebacks left out: the history as if the undone moves were never made.
  const k = seatKnowledge(
    game,
    s.state,
    liveEntries(moves).flatMap((m) => m.events),
    seat,
  );
  return {
    game: s.row.type,
    engineVersion: s.row.engineVersion,
    level,
    seat,
    view: k.view,
    history: [...k.history],
    legal: s.row.status === 'active' ? game.legalMoves(s.state, seat) : [],
    seed: `${s.row.seed}:${positionOf(moves)}:${seat}`,
  };
}

/**
 * The bot turn a game waits on at `version` (a bot seat to move), or null: none, or the game is
 * no longer at that version (a job for an outdated version does nothing).
 */
export async function botTurn(core: GameCore, gameId: string, version: number): Promise<BotTurn | null> {
  const s = await core.sessions.fresh(gameId).catch((err) => {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  });
  if (!s || s.version !== version || s.row.status !== 'active') return null;
  const resigned = resignedBy(s.row.seats, s.version);
  const seat = s.row.toMove.find((x) => s.row.seats[x]?.bot && !resigned.has(x));
  if (seat === undefined) return null;
  const task = await botTask(core, s, seat, s.row.seats[seat]!.bot!);
  return task.legal.length === 0 ? null : { gameId, version, seat, level: task.level, task };
}

/**
 * The command `bot-move`: a bot's move decided at `version`. If the game moved on meanwhile
 * (another process played this turn, a resignation, a takeback), nothing is appended (false).
 * `playedBy` is the level that chose the move (the seat's, or greedy after a failure), logged as `bot`.
 */
export async function decideBotMove(_core: GameCore, s: Session, seat: Seat, c: CommandOf<'bot-move'>): Promise<Decision<boolean>> {
  if (s.version !== c.version || s.row.status !== 'active' || !s.row.toMove.includes(seat)) return { kind: 'answer', value: false };
  const applied = applyMove(s.game, s.state, c.move, seat);
  if (!applied.ok) throw new Error(`the bot chose an illegal move for seat ${seat}: ${applied.error.message}`);
  return {
    kind: 'append',
    seat,
    move: c.move,
    origin: 'bot',
    events: applied.value.events,
    state: applied.value.state,
    bot: c.playedBy,
    answer: () => true,
  };
}

/**
 * The command `timeout`: a seat out of time whose timeout the stand-in plays (the game's stand-in
 * bot through the pool, which answers greedy's move if it fails; the log names it). Nothing when
 * the seat no longer has to act (null).
 */
export async function decideTimeout(core: GameCore, s: Session, seat: Seat): Promise<Decision<MoveResult | null>> {
  if (s.row.status !== 'active' || !s.row.toMove.includes(seat)) return { kind: 'answer', value: null };
  checkPlayable(s, seat, true);
  const chosen = await standInMove(core, s, seat);
  if (!chosen) return { kind: 'answer', value: null };
  const applied = applyMove(s.game, s.state, chosen.move, seat);
  if (!applied.ok) throw AppError.fromViolation(applied.error);
  // Its "timeout" notice is written with it (commit.ts).
  return {
    kind: 'append',
    seat,
    move: chosen.move,
    origin: 'timeout',
    events: applied.value.events,
    state: applied.value.state,
    bot: chosen.bot,
    answer: (r) => r,
  };
}
