import type { GameRegistry } from '../../games/registry.js';
import { AppError } from '../errors.js';

/**
 * The choices a person makes when taking a seat come from the game's plug-in (`seatChoices`, e.g.
 * Ma Petite Ville's colours, ruling M7: blue, green, yellow, red, all different within a game).
 * Games without seat choices offer none. A colour the game does not offer is refused (400); one
 * another seat holds is checked where seats are taken (409 COLOUR_TAKEN).
 */
export function checkColour(registry: GameRegistry, type: string, colour: string | undefined): void {
  if (colour === undefined) return;
  const choices = registry.plugin(type)?.seatChoices;
  if (!choices) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.noColours', { type });
  if (!choices.colours.includes(colour))
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.notAColour', {
      colour,
      type,
      offered: choices.colours.join(', '),
      rule: choices.rule,
    });
}
