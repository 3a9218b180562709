import type { GamePicture } from '../board/svg.js';
import type { AnyGame, Game, GameBot, GameEvent, Viewer } from '../engine/index.js';

/**
 * A game as the server plugs it in: everything the service, the bots, the board pictures, the lobby,
 * the docs and the tests need of one game, exported by the game's folder (`src/games/<game>/index.ts`,
 * `export const plugin`) and listed once in `src/games/index.ts` (docs/adding-a-game.md). Nothing
 * outside the folder names the game: the registry (`registry.ts`) answers each of these by game type.
 *
 * Every part is pure (no I/O, no clock, no Math.random): the engine and its notation and schemas,
 * the bot's determinization and evaluation, the picture, the test helpers. Only `engine` is
 * required; a game without a picture has no board.svg (404) and no moves in words (include=labels is a
 * 400), one without a
 * bot has its bot seats play seeded random legal moves (the pool's last fallback), one without
 * seat choices offers none.
 */
export interface GamePlugin {
  /** The rules (src/engine/types.ts): setup, decide, evolve, legal moves, views, notation, options and shape schemas. */
  engine: AnyGame;
  /** The bot plug-in (src/engine/bot.ts): `determinize` a seat's view and history, `evaluate` a state. */
  bot?: GameBot;
  /** The board picture (src/board/svg.ts `GamePicture`): SVG from a viewer's view, moves in words. */
  picture?: GamePicture;
  /** What a person chooses when taking a seat: a colour among `colours`, all different within a game, by the ruling `rule` (its id: M7). */
  seatChoices?: { colours: readonly string[]; rule: string };
  /** Helpers the shared tests use on every game (tests/support/perturb.ts, scripts/example-views.ts). */
  testing?: GameTesting;
  /** The game's rules document, from the repository root (src/games/<game>/rules.md, linked from docs/rules/): rulings, shapes,
   * the example view. */
  docs?: string;
}

/** Test helpers a game provides, pure and seeded. */
export interface GameTesting {
  /**
   * The state with everything `viewer` may not see replaced, sizes kept (bag and deck orders, other
   * seats' hands, the generator): the viewer's view and its picture must not change.
   */
  perturb?(state: unknown, viewer: Viewer, seed: string): unknown;
  /**
   * The log with the game's own fields `viewer` may not read replaced (a rebuilt deck's order,
   * other seats' hands); generator states are replaced for every game. What `eventView` gives that
   * viewer must not change.
   */
  perturbEvents?(events: readonly GameEvent[], viewer: Viewer, seed: string): GameEvent[];
  /** The seat counts the schema tests sample (tests/contract/schemas.test.ts); default: the minimum. */
  seatCounts?: number[];
  /**
   * The game's internal ids that are not words a person reads (tile, plant and card ids): the
   * board, the moves in words and the page must never show one (tests/support/internal-ids.ts).
   */
  internalIds?(): Iterable<string>;
  /**
   * What the shared board tests (tests/games/per-game.ts) expect of its picture: the notations of
   * the moves played by a button beside the board (default: `pass`), whether its grids carry their
   * coordinates (default: yes), and whether a seat's own secrets show in its picture (then
   * perturbing them must change it).
   */
  board?: { offBoard?: RegExp; coordinates?: boolean; ownSecretsShown?: boolean };
  /** Where the rules document's example view is taken: seat 0's view after `after` moves of a seeded `players`-player game. */
  example?: { players: number; after: number };
}

/** A bare engine (a test fixture such as sealed-bids) is a plug-in with nothing but its rules. */
export const asPlugin = (g: AnyGame | GamePlugin): GamePlugin => ('engine' in g ? g : { engine: g });

/**
 * A game folder's plug-in, put together the same way for every game: its engine, its bot (typed by
 * the engine's state), its picture, test helpers and seat choices, and its rules document at
 * docs/rules/<game id>.md.
 */
export function gamePlugin<S>(
  engine: Game<S, any, any, any>,
  parts: { bot: GameBot<S>; picture: GamePicture; testing: GameTesting; seatChoices?: GamePlugin['seatChoices'] },
): GamePlugin {
  return { engine: engine as unknown as AnyGame, ...parts, bot: parts.bot as GameBot, docs: `src/games/${engine.id}/rules.md` };
}
