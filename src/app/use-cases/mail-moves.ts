/**
 * A seat's move by mail (src/app/notify/mail-moves.ts reads the mail): the first move line of the
 * reply, read in the seat's position, played once per mail (the mail's key is its Idempotency-Key;
 * a repeated mail gets the first answer). Its refusals name the line and list the legal moves. The
 * handler (handle.ts) runs it.
 */
import { applyMove, formatMove, notationsOf, parseMove } from '../../engine/index.js';
import type { Seat } from '../../engine/index.js';
import type { IdempotentMove } from '../../store/types.js';
import { AppError, saidOf } from '../errors.js';
import type { MoveResult, Session } from '../service-types.js';
import type { GameCore } from './core.js';
import type { CommandOf, Decision } from './handle.js';
import { checkPlayable } from './moves.js';

/** What a move by mail answers: the move in notation, the version and status after it, the seat's next legal moves. */
export interface MailAnswer {
  text: string;
  version: number;
  status: string;
  next: string[];
}

type MailCommand = CommandOf<'mail-move'>;

export async function mailActor(_core: GameCore, _s: Session, c: MailCommand): Promise<Seat> {
  return c.seat;
}

/** The seat's legal moves in notation when it is to move in a running game. */
const nextOf = (s: Session, seat: Seat, status: string) =>
  status === 'active' && s.row.toMove.includes(seat) ? notationsOf(s.game, s.state, seat, s.game.legalMoves(s.state, seat)) : [];

export function replayMail(prior: IdempotentMove, c: MailCommand, s: Session): MailAnswer {
  const r = prior.response as unknown as MoveResult;
  return { text: c.line ?? '', version: r.version, status: r.status, next: nextOf(s, c.seat, s.row.status) };
}

export async function decideMailMove(_core: GameCore, s: Session, seat: Seat, c: MailCommand): Promise<Decision<MailAnswer>> {
  const listed = () => notationsOf(s.game, s.state, seat, s.game.legalMoves(s.state, seat));
  if (c.line === null)
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.mailNoMove', { count: listed().length, legal: listed().join(', ') });
  const parsed = parseMove(s.game, s.state, seat, c.line);
  if (!parsed.ok) {
    const said = saidOf(parsed.error);
    throw AppError.of(
      'INVALID_INPUT',
      'INVALID_INPUT.mailNotAMove',
      { line: c.line, problem: said, count: listed().length, legal: listed().join(', ') },
      {},
      said.catalogue,
    );
  }
  checkPlayable(s, seat);
  const text = formatMove(s.game, s.state, seat, parsed.value);
  const applied = applyMove(s.game, s.state, parsed.value, seat);
  if (!applied.ok) throw AppError.fromViolation(applied.error);
  return {
    kind: 'append',
    seat,
    move: parsed.value,
    origin: 'mail',
    events: applied.value.events,
    state: applied.value.state,
    answer: (r, after) => ({ text, version: r.version, status: r.status, next: nextOf(after, seat, r.status) }),
  };
}
