import { AppError } from '../errors.js';
import type { SeatSpec } from '../lobby/seats.js';

/**
 * Whether a new game is rated. Allowed only when every seat is a player identity (a seat bound to
 * a player, or an open seat: asked rated, only a player token may take it; rated by default, the game
 * becomes unrated when someone takes it without one (src/store/lobby-store.ts)), the seed was not chosen (whoever
 * chose it foresees every draw), no seat is a bot, and the game is not imported (imports never call
 * this). `rated` left out: true when allowed; `rated: true` where it is not allowed: a 400 naming why.
 */
export function ratedAtCreation(players: SeatSpec[], seedChosen: boolean, asked: boolean | undefined): boolean {
  const reason = seedChosen
    ? { reason: 'seed-chosen', key: 'INVALID_INPUT.ratedSeedChosen' }
    : players.some((p) => !('open' in p) && !(p as { playerId?: string }).playerId)
      ? { reason: 'seat-not-player', key: 'INVALID_INPUT.ratedSeatNotPlayer' }
      : null;
  if (asked === true && reason) throw AppError.of('INVALID_INPUT', reason.key, {}, { field: 'rated', reason: reason.reason });
  return asked ?? reason === null;
}
