import type { AnyGame } from '../../engine/index.js';
import { gameTypesSdl } from '../graphql-types.js';
import { moveInputSdl } from './move-input.js';
import { GAME_SDL } from './sdl-games.js';
import { OPERATIONS_SDL, PEOPLE_SDL } from './sdl-operations.js';
import { TOURNAMENTS_SDL } from './sdl-tournaments.js';
import { SHAPES_SDL } from './sdl-shapes.js';

/**
 * The whole GraphQL schema of the hosted games: the fixed SDL (games, people, operations), the
 * types of the shapes REST shares (sdl-shapes.ts, from their TypeBox schemas), the
 * typed move inputs built from each game's move schemas, and the games' view, event and move types
 * built from their JSON Schemas (graphql-types.ts).
 */
export function schemaSdl(games: AnyGame[]): string {
  return `${GAME_SDL}${PEOPLE_SDL}${OPERATIONS_SDL}${TOURNAMENTS_SDL}
${SHAPES_SDL}

${moveInputSdl(games)}

${gameTypesSdl(games).sdl}
`;
}
