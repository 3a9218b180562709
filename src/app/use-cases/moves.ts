/**
 * A seat's move by its token (as JSON, by notation, or a listed move sent as JSON): who acts, the
 * first answer of a repeated Idempotency-Key, and the decision (notation read in the position the
 * move is decided in, its shape, the checks every entry passes, the engine's rules). The handler
 * (handle.ts) runs it; `checkPlayable` is shared with the other deciders.
 */
import { applyMove, canonicalJson, checkMoveShape, parseMove } from '../../engine/index.js';
import type { Json, Move, Seat } from '../../engine/index.js';
import type { IdempotentMove } from '../../store/types.js';
import { AppError } from '../errors.js';
import { resignedBy } from '../lobby/standing.js';
import { notationProblem } from '../notation.js';
import type { Include, MoveResult, Session } from '../service-types.js';
import { callerIn, requireSeat } from './callers.js';
import type { GameCore } from './core.js';
import type { CommandOf, Decision } from './handle.js';

type MoveCommand = CommandOf<'move'>;

export async function moveActor(core: GameCore, s: Session, c: MoveCommand): Promise<Seat> {
  return requireSeat(await callerIn(core, s, c.token));
}

/**
 * The first answer to a move sent again with its Idempotency-Key; a different move under a used key
 * is IDEMPOTENCY_KEY_REUSED. A retried notation that no longer reads in the new state stands for the first move.
 */
export function replayMove(prior: IdempotentMove, c: MoveCommand, s: Session, key: string, seat: Seat): MoveResult {
  let move = c.move;
  if (c.notation !== undefined) {
    const parsed = parseMove(s.game, s.state, seat, c.notation);
    move = parsed.ok ? parsed.value : prior.move;
  }
  if (canonicalJson(prior.move) !== canonicalJson(move)) {
    throw AppError.of('IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_REUSED.key', { key, move: JSON.stringify(prior.move) });
  }
  // Answers stored before answers carried the game type get it here.
  return { ...(prior.response as unknown as MoveResult), type: s.row.type };
}

export async function decideMove(_core: GameCore, s: Session, seat: Seat, c: MoveCommand): Promise<Decision<MoveResult>> {
  let move = c.move;
  if (c.notation !== undefined) {
    const parsed = parseMove(s.game, s.state, seat, c.notation);
    if (!parsed.ok) throw notationProblem(s.game, s.state, seat, parsed.error, c.notation);
    move = parsed.value;
  }
  const shape = checkMoveShape(s.game, move);
  if (shape) throw AppError.fromViolation(shape, 'INVALID_INPUT');
  checkPlayable(s, seat);
  const applied = applyMove(s.game, s.state, move as Move, seat);
  if (!applied.ok) throw AppError.fromViolation(applied.error);
  return {
    kind: 'append',
    seat,
    move: move as Move,
    origin: 'seat',
    events: applied.value.events,
    state: applied.value.state,
    answer: (r, after) => withIncludes(r, after, seat, c.include),
  };
}

/** The answer with the seat's view and legal moves after the move, when asked (`include`). */
export function withIncludes(r: MoveResult, s: Session, seat: Seat, inc: Include = {}): MoveResult {
  if (!inc.view && !inc.legalMoves) return r;
  return {
    ...r,
    ...(inc.view ? { view: s.game.view(s.state, seat) as Json } : {}),
    ...(inc.legalMoves ? { legalMoves: (s.row.toMove.includes(seat) ? s.game.legalMoves(s.state, seat) : []) as unknown as Json[] } : {}),
  };
}

/** The checks every entry of a seat passes. `standIn`: the stand-in plays for the seat (a deadline), which may be a bot's seat. */
export function checkPlayable(s: Session, seat: Seat, standIn = false): void {
  if (s.row.status === 'waiting') throw AppError.of('GAME_NOT_STARTED', 'GAME_NOT_STARTED.seatOpen');
  if (s.row.status === 'finished')
    throw AppError.of(
      'GAME_OVER',
      resignedBy(s.row.seats, s.version).size > 0 && !s.game.outcome(s.state) ? 'GAME_OVER.resigned' : 'GAME_OVER.over',
    );
  if (s.row.status === 'active' && resignedBy(s.row.seats, s.version).has(seat))
    throw AppError.of('SEAT_RESIGNED', 'SEAT_RESIGNED.seat', { seat });
  const bot = s.row.seats[seat]?.bot;
  if (bot && !standIn) throw AppError.of('BOT_SEAT', 'BOT_SEAT.seat', { seat, bot });
}
