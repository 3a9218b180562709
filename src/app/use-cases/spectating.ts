/**
 * What spectators see of a game, and what everyone sees of it once it is over (issue 35, item 5).
 *
 * - `spectators` (set at creation, stored on the game's row): `live`, public information as it
 *   happens (the default); `delayed`, the game as it was `spectatorDelay` versions ago; `hidden`, the
 *   game's header (players, status) and nothing else until it ends. Seats and the operator are never
 *   held back. Once the game is finished, spectators see everything a live spectator would.
 * - `reveal` (default true): once the game is finished, every seat's hidden information opens to
 *   anyone: replays and the game answer carry `revealed`, each seat's view at that version (every
 *   hand as the engine had it), and pictures and GIFs may be drawn as any seat saw them. Before the
 *   end nothing changes; with reveal false, a finished game shows what it showed before.
 *
 * `sightOf` is the one rule every read applies (queries.ts: the game, replays, events, records and
 * the live moves; replay GIFs and board pictures read through those), so a spectator never reads a
 * version past the one it may see, whatever the route.
 */
import type { Json, Seat } from '../../engine/index.js';
import {
  SPECTATOR_DELAY_DEFAULT,
  SPECTATOR_DELAY_MAX,
  SPECTATOR_SETTINGS,
  type GameRow,
  type SpectatorSetting,
} from '../../store/types.js';
import { AppError } from '../errors.js';
import type { Caller, Session } from '../service-types.js';

/** What a caller may see of a game now: versions up to `upTo`; `blind`: not even the position at `upTo` (hidden spectators). */
export interface Sight {
  upTo: number;
  blind: boolean;
}

/** The game's `spectators` setting, delay and reveal as answers show them. */
export function spectatingOf(row: GameRow): { spectators: SpectatorSetting; spectatorDelay?: number; reveal: boolean } {
  const spectators = row.spectators ?? 'live';
  return {
    spectators,
    ...(spectators === 'delayed' ? { spectatorDelay: row.spectatorDelay ?? SPECTATOR_DELAY_DEFAULT } : {}),
    reveal: row.reveal ?? true,
  };
}

/**
 * How far the caller may see into a game at `version`: a seat or the operator everything; a spectator
 * of a live game, or of any finished one, everything; of a delayed game, `spectatorDelay` versions less
 * (never below 0); of a hidden game, nothing (the header only).
 */
export function sightOf(s: Session, c: Caller, version = s.version): Sight {
  const all = { upTo: version, blind: false };
  if (c.kind !== 'spectator' || s.row.status === 'finished') return all;
  switch (s.row.spectators ?? 'live') {
    case 'live':
      return all;
    case 'delayed':
      return { upTo: Math.max(0, version - (s.row.spectatorDelay ?? SPECTATOR_DELAY_DEFAULT)), blind: false };
    case 'hidden':
      return { upTo: 0, blind: true };
  }
}

/** A hidden game's spectator asked for a position, a picture or a move: 403 naming the setting. */
export const hiddenFromSpectators = () => AppError.of('FORBIDDEN', 'FORBIDDEN.spectatorsHidden');

/** Whether every seat's hidden information is open to everyone: the game is finished and was created with reveal. */
export const revealed = (row: GameRow): boolean => row.status === 'finished' && row.reveal !== false;

/** Every seat's view of a state, by seat: the full state as the players held it (a finished game with reveal). */
export function revealedViews(s: Session, state: unknown): Json[] {
  return s.row.seats.map((x): Json => s.game.view(state, x.seat as Seat));
}

/** `spectators`, `spectatorDelay` and `reveal` at creation, checked (400 INVALID_INPUT naming the field and the rule). */
export function spectatingAtCreation(input: { spectators?: unknown; spectatorDelay?: unknown; reveal?: unknown }): {
  spectators: SpectatorSetting;
  spectatorDelay: number;
  reveal: boolean;
} {
  const given = (v: unknown) => String(JSON.stringify(v) ?? 'undefined').slice(0, 40);
  const spectators = input.spectators ?? 'live';
  if (typeof spectators !== 'string' || !(SPECTATOR_SETTINGS as readonly string[]).includes(spectators))
    throw AppError.of(
      'INVALID_INPUT',
      'INVALID_INPUT.spectators',
      { settings: SPECTATOR_SETTINGS.join(', '), given: given(spectators) },
      { field: 'spectators' },
    );
  const delay = input.spectatorDelay ?? SPECTATOR_DELAY_DEFAULT;
  if (typeof delay !== 'number' || !Number.isInteger(delay) || delay < 1 || delay > SPECTATOR_DELAY_MAX)
    throw AppError.of(
      'INVALID_INPUT',
      'INVALID_INPUT.spectatorDelay',
      { max: SPECTATOR_DELAY_MAX, given: given(delay) },
      { field: 'spectatorDelay' },
    );
  const reveal = input.reveal ?? true;
  if (typeof reveal !== 'boolean')
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.reveal', { given: given(reveal) }, { field: 'reveal' });
  return { spectators: spectators as SpectatorSetting, spectatorDelay: delay, reveal };
}
