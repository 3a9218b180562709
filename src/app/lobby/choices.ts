import { AppError } from '../errors.js';

/**
 * The choices a person makes when taking a seat, by game: in Ma Petite Ville, a colour (ruling M7:
 * blue, green, yellow, red, all different within a game). Games not listed offer no choice.
 */
export const SEAT_COLOURS: Readonly<Record<string, readonly string[]>> = {
  'ma-petite-ville': ['blue', 'green', 'yellow', 'red'],
};

/** Refuses a colour the game does not offer (400); a colour another seat holds is checked where seats are taken (409 COLOUR_TAKEN). */
export function checkColour(type: string, colour: string | undefined): void {
  if (colour === undefined) return;
  const offered = SEAT_COLOURS[type];
  if (!offered) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.noColours', { type });
  if (!offered.includes(colour)) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.notAColour', { colour, type, offered: offered.join(', ') });
}
