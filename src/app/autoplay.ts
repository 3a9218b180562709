import { createHash } from 'node:crypto';
import type { AnyGame, Move, Seat } from '../engine/index.js';

/**
 * The move the service plays for a seat that cannot play itself (a resigned seat, a seat whose
 * turn deadline ran out): one of its legal moves, chosen from the game's seed, the position it is
 * played in (`position`: the entries in effect, bot-turns.ts's `positionOf`, so a position undone and
 * played again gets the same choice) and the seat, so that the same game always gets the same choice. The choice is
 * recorded in the log like any move, so a replay folds its events and never calls this again.
 * Returns null when the seat has no legal move.
 */
export function autoMove(game: AnyGame, state: unknown, seat: Seat, seed: string, position: string): Move | null {
  const moves = game.legalMoves(state, seat);
  if (moves.length === 0) return null;
  const digest = createHash('sha256').update(`${seed}\u0000${position}\u0000${seat}`).digest();
  return moves[digest.readUInt32BE(0) % moves.length]!;
}
