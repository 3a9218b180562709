import type { AnyGame, Outcome, Seat } from '../../engine/index.js';
import type { GameStatus, SeatRow } from '../../store/types.js';

/** The seats that had resigned by `version` (a resignation is an entry in the log at its version). */
export function resignedBy(seats: SeatRow[], version: number): Set<Seat> {
  return new Set(seats.filter((x) => x.resignedAt != null && x.resignedAt <= version).map((x) => x.seat));
}

/**
 * A finished game's outcome with resigned seats ranked last, behind every other seat: the others
 * keep their order (ties stay ties), winners are the best of them. Scores are the engine's.
 */
export function rankResignedLast(outcome: Outcome, resigned: Set<Seat>): Outcome {
  if (resigned.size === 0) return outcome;
  const seats = outcome.ranks.map((_, s) => s);
  const stay = seats.filter((s) => !resigned.has(s));
  const ranks = seats.map((s) =>
    resigned.has(s) ? stay.length + 1 : 1 + stay.filter((o) => outcome.ranks[o]! < outcome.ranks[s]!).length,
  );
  return { ...outcome, ranks, winners: stay.filter((s) => ranks[s] === 1) };
}

/** The result when resignations leave at most one seat: it wins, every resigned seat shares last place. */
export function resignationOutcome(players: number, resigned: Set<Seat>): Outcome {
  const ranks = Array.from({ length: players }, (_, s) => (resigned.has(s) ? 2 : 1));
  return {
    scores: Array(players).fill(0),
    ranks,
    winners: ranks.flatMap((r, s) => (r === 1 ? [s] : [])),
    detail: { reason: 'resignation', resigned: [...resigned].sort((a, b) => a - b) },
  };
}

/**
 * Status, seats to move and outcome of a game at `version`, from the engine's state and the seats:
 * 'waiting' (nobody moves) while a seat is open; finished when the engine says so (resigned seats
 * ranked last) or when resignations leave one seat or none; otherwise the engine's seats to move.
 * A game the lobby expired (`expired`, from its stored status) stays expired: nobody moves.
 */
export function standing(
  game: AnyGame,
  state: unknown,
  seats: SeatRow[],
  version: number,
  expired = false,
): { status: GameStatus; toMove: Seat[]; outcome: Outcome | null } {
  if (expired) return { status: 'expired', toMove: [], outcome: null };
  if (seats.some((x) => x.tokenHash === null)) return { status: 'waiting', toMove: [], outcome: null };
  const resigned = resignedBy(seats, version);
  const engine = game.outcome(state);
  if (engine) return { status: 'finished', toMove: [], outcome: rankResignedLast(engine, resigned) };
  if (resigned.size > 0 && seats.length - resigned.size <= 1)
    return { status: 'finished', toMove: [], outcome: resignationOutcome(seats.length, resigned) };
  return { status: 'active', toMove: game.toMove(state), outcome: null };
}
