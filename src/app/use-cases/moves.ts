/**
 * The move pipeline: a seat's move decided and appended (notation read in the position it is
 * decided in, Idempotency-Key answers, version races lost and decided again, expectedVersion
 * conflicts), the checks every entry passes (`checkPlayable`), and the one game under its lock
 * that use cases kept outside (resignation, takebacks, timeouts) append their entries through.
 */
import { applyMove, canonicalJson, checkMoveShape, parseMove } from '../../engine/index.js';
import type { GameEvent, Json, Move, Seat } from '../../engine/index.js';
import type { IdempotentMove } from '../../store/types.js';
import { AppError } from '../errors.js';
import { checkInt } from '../limits.js';
import type { GameAccess } from '../lobby/seats.js';
import { resignedBy } from '../lobby/standing.js';
import { notationProblem } from '../notation.js';
import type { Include, MoveResult, Session } from '../service-types.js';
import { playForResigned, standInMove } from './bot-turns.js';
import { callerIn, requireSeat } from './callers.js';
import { commit } from './commit.js';
import type { GameCore } from './core.js';

/**
 * Decides and appends one move. Within this process moves to one game are serialised; across
 * processes the store's version guard decides. A move sent without expectedVersion that loses a
 * race is decided again against the new state (so simultaneous moves are never lost); with
 * expectedVersion, a stale version is a VERSION_CONFLICT. A repeated Idempotency-Key returns the
 * first answer without applying anything.
 */
export async function submitMove(core: GameCore, gameId: string, token: string | undefined, move: unknown, opts: { expectedVersion?: number; idempotencyKey?: string; notation?: string; include?: Include } = {}): Promise<MoveResult> {
  if (opts.expectedVersion !== undefined) checkInt('version', 'expectedVersion', opts.expectedVersion);
  return core.locks.run(gameId, async () => {
    // The cached copy as it is: if it is behind, the append's guard says so and it catches up.
    let s = await core.sessions.get(gameId);
    let seat = requireSeat(await callerIn(core, s, token));
    // A notation is read in the position the move is decided in (read again below if another
    // process moves the game on first); the move stored is the parsed move.
    let parsed = opts.notation === undefined ? null : parseMove(s.game, s.state, seat, opts.notation);
    if (parsed && !parsed.ok && (await core.store.getVersion(gameId)) !== s.version) {
      s = await core.sessions.catchUp(s);
      parsed = parseMove(s.game, s.state, seat, opts.notation!);
    }
    let parsedAt = s.version;
    const key = opts.idempotencyKey ?? null;
    // The key's first answer, if a move under it is stored. Asked first, and again after every
    // catch-up: another server process may have stored this very retry meanwhile (it then won the
    // version race this process lost), and its answer wins over deciding the move again here.
    const firstAnswer = async (): Promise<MoveResult | null> => {
      if (key === null) return null;
      const prior = await core.store.findIdempotent(gameId, seat, key);
      // A retried notation may no longer read in the new state: the key then stands for the first move.
      return prior === null ? null : replayAnswer(prior, parsed ? (parsed.ok ? parsed.value : prior.move) : move, key, s.row.type);
    };
    const first = await firstAnswer();
    if (first) return first;
    if (parsed && !parsed.ok) throw notationProblem(s.game, s.state, seat, parsed.error, opts.notation);
    if (parsed) move = parsed.value;
    const shape = checkMoveShape(s.game, move);
    if (shape) throw AppError.fromViolation(shape, 'INVALID_INPUT');
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) {
        const won = await firstAnswer();
        if (won) return won;
      }
      if (opts.expectedVersion !== undefined && opts.expectedVersion !== s.version) {
        if (opts.expectedVersion > s.version) s = await core.sessions.catchUp(s); // this process may be behind
        const won = opts.expectedVersion === s.version ? null : await firstAnswer();
        if (won) return won;
        if (opts.expectedVersion !== s.version) throw AppError.of('VERSION_CONFLICT', 'VERSION_CONFLICT.stale', { version: s.version, expected: String(opts.expectedVersion) }, { currentVersion: s.version });
      }
      checkPlayable(s, seat);
      if (opts.notation !== undefined && s.version !== parsedAt) {
        const again = parseMove(s.game, s.state, seat, opts.notation);
        if (!again.ok) throw notationProblem(s.game, s.state, seat, again.error, opts.notation);
        move = again.value;
        parsedAt = s.version;
      }
      const applied = applyMove(s.game, s.state, move as Move, seat);
      if (!applied.ok) {
        // A refusal must be judged on the latest state: another process may have moved the game on.
        const stored = await core.store.getVersion(gameId);
        if (stored !== null && stored !== s.version && attempt < core.maxRetries) {
          s = await core.sessions.catchUp(s);
          continue;
        }
        throw AppError.fromViolation(applied.error);
      }
      const appended = await commit(core, s, seat, move as Move, applied.value.events, applied.value.state, 'seat', key);
      if (appended.kind === 'duplicate') return replayAnswer(appended, move, key!, s.row.type);
      if (appended.kind === 'appended') {
        await playForResigned(core, s);
        const inc = opts.include ?? {};
        if (!inc.view && !inc.legalMoves) return appended.result;
        return {
          ...appended.result,
          ...(inc.view ? { view: s.game.view(s.state, seat) as Json } : {}),
          ...(inc.legalMoves ? { legalMoves: (s.row.toMove.includes(seat) ? s.game.legalMoves(s.state, seat) : []) as unknown as Json[] } : {}),
        };
      }
      if (attempt >= core.maxRetries) throw AppError.of('VERSION_CONFLICT', 'VERSION_CONFLICT.tooBusy');
      s = await core.sessions.catchUp(s);
      seat = requireSeat(await callerIn(core, s, token)); // a seat may have changed (token reissued, seat resigned)
    }
  });
}

/** `standIn`: the stand-in plays for the seat (a deadline), which may be a bot's seat. */
function checkPlayable(s: Session, seat: Seat, standIn = false): void {
  if (s.row.status === 'waiting') throw AppError.of('GAME_NOT_STARTED', 'GAME_NOT_STARTED.seatOpen');
  if (s.row.status === 'finished') throw AppError.of('GAME_OVER', resignedBy(s.row.seats, s.version).size > 0 && !s.game.outcome(s.state) ? 'GAME_OVER.resigned' : 'GAME_OVER.over');
  if (s.row.status === 'active' && resignedBy(s.row.seats, s.version).has(seat)) throw AppError.of('SEAT_RESIGNED', 'SEAT_RESIGNED.seat', { seat });
  const bot = s.row.seats[seat]?.bot;
  if (bot && !standIn) throw AppError.of('BOT_SEAT', 'BOT_SEAT.seat', { seat, bot });
}

/**
 * Runs a use case kept outside these modules (resignation) on one game, under the game's lock, with
 * the few internals it needs. A resignation is followed by the moves played for resigned seats.
 */
export async function withGame<T>(core: GameCore, gameId: string, fn: (g: GameAccess) => Promise<T>): Promise<T> {
  return core.locks.run(gameId, async () => {
    const s = await core.sessions.fresh(gameId, false);
    return fn({
      session: s,
      callerIn: (token) => callerIn(core, s, token),
      standInMove: (seat) => standInMove(core, s, seat),
      commitEntry: async (seat, move, origin, key, bot, restored) => {
        if (origin === 'seat' || origin === 'mail') checkPlayable(s, seat);
        if (origin === 'timeout') checkPlayable(s, seat, true);
        // A takeback's one event restores the state it carries (src/app/takeback.ts).
        const applied = origin === 'resign' ? { ok: true as const, value: { state: s.state, events: [] as GameEvent[] } }
          : origin === 'takeback' && restored ? { ok: true as const, value: { state: restored.state, events: [restored] as GameEvent[] } }
          : applyMove(s.game, s.state, move, seat);
        if (!applied.ok) throw AppError.fromViolation(applied.error);
        const r = await commit(core, s, seat, move, applied.value.events, applied.value.state, origin, key ?? null, bot ?? null);
        if (r.kind === 'duplicate') return r.response as unknown as MoveResult; // another process stored this key first
        if (r.kind !== 'appended') throw AppError.of('VERSION_CONFLICT', 'VERSION_CONFLICT.movedOn', {}, { currentVersion: s.version + 1 });
        await playForResigned(core, s);
        return r.result;
      },
    });
  });
}

/** The first answer to a move sent again with its Idempotency-Key; a different move with a used key is an error. */
function replayAnswer(prior: IdempotentMove, move: unknown, key: string, type: string): MoveResult {
  if (canonicalJson(prior.move) !== canonicalJson(move)) {
    throw AppError.of('IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_REUSED.key', { key, move: JSON.stringify(prior.move) });
  }
  // Answers stored before answers carried the game type get it here.
  return { ...(prior.response as unknown as MoveResult), type };
}
