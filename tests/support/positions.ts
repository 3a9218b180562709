import type { BoardInput } from '../../src/board/index.js';
import { applyMove, notationsOf, Rng, type AnyGame, type Json, type Viewer } from '../../src/engine/index.js';
import { defaultRegistry, hostedGames } from '../../src/games/index.js';

/**
 * Random positions of the hosted games, as board pictures are drawn from them: a random legal
 * game stopped at a random point, seen by the seat to move (with its legal moves, so the picture
 * marks where each is played), by another seat or by a spectator. Seeded: the same seed, the same
 * positions. Long names (up to 64 characters, the API's limit) test that no label overflows.
 */

export const games = hostedGames as AnyGame[];
const hosted = defaultRegistry();
/** A hosted game's board picture, from its plug-in. */
export const pictureOf = (type: string) => hosted.plugin(type)?.picture;
const NAMES = ['Ann', 'Bruno <&>', 'Chloé Marie-Hélène de la Fontaine-Saint-Germain-des-Prés', 'Dev', 'Eve', 'Frédérique', 'Gus', 'Hélène'];

export interface Position {
  input: BoardInput;
  /** The game's state (to compare with what the picture shows). */
  state: unknown;
  /** The seat to move's legal moves and their notations, when the viewer is that seat. */
  legal: { move: Json; notation: string }[];
}

const defaults = (g: AnyGame) =>
  Object.fromEntries(Object.entries(g.optionsSchema.properties).map(([k, v]) => [k, (v as { default?: unknown }).default]));

/** `count` positions of game `g`, from games of every seat count it allows, each stopped at a random version. */
export function randomPositions(g: AnyGame, count: number, seed: string): Position[] {
  const rng = Rng.fromSeed(seed);
  const out: Position[] = [];
  for (let i = 0; out.length < count; i++) {
    // Every seat count the game allows, and every value of its options that are choices.
    const players = g.minPlayers + (i % (g.maxPlayers - g.minPlayers + 1));
    const options = Object.fromEntries(
      Object.entries(defaults(g)).map(([k, v]) => {
        const choices = (g.optionsSchema.properties[k] as { enum?: unknown[] }).enum?.filter((x) => x !== '');
        return [k, choices && choices.length > 0 ? rng.pick(choices) : v];
      }),
    );
    let state = g.setup({ players, options, seed: `${seed}-${i}` });
    // Stop somewhere in the game, the end included.
    const stopAt = rng.pick([0, 3, 10, 30, 80, 150, 300, 100_000]);
    let version = 0;
    while (g.outcome(state) === null && version < stopAt) {
      const seat = rng.pick(g.toMove(state));
      const r = applyMove<unknown>(g, state, rng.pick(g.legalMoves(state, seat)), seat);
      if (!r.ok) throw new Error(`${g.id}: a listed move was refused`);
      state = r.value.state;
      version++;
    }
    const over = g.outcome(state);
    const toMove = over ? [] : g.toMove(state);
    const kind = rng.pick(['mover', 'mover', 'other', 'spectator'] as const);
    const viewer: Viewer =
      kind === 'spectator' || toMove.length === 0
        ? kind === 'spectator'
          ? null
          : 0
        : kind === 'mover'
          ? toMove[0]!
          : (toMove[0]! + 1) % players;
    const moves = viewer !== null && toMove.includes(viewer) ? g.legalMoves(state, viewer) : [];
    const notations = viewer !== null ? notationsOf(g, state, viewer, moves) : [];
    const legal = moves.map((move, k) => ({ move: move as unknown as Json, notation: notations[k]! }));
    const shift = rng.int(NAMES.length);
    out.push({
      state,
      legal,
      input: {
        type: g.id,
        version,
        toMove,
        players: Array.from({ length: players }, (_, seat) => ({ seat, name: NAMES[(seat + shift) % NAMES.length]! })),
        view: g.view(state, viewer) as Json,
        outcome: over,
        viewerSeat: viewer,
        moves: legal,
      },
    });
  }
  return out;
}
