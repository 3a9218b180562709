import { ok, Rng, type Game, type Json, type Outcome, type Seat, type Viewer } from '../../../src/engine/index.js';
import { refuse } from './messages.js';
import { BUILDINGS, LOTS, type Building, type ToyMove, type ToyView } from './schema.js';

/**
 * Toy Street, the smallest game the server can host (docs/adding-a-game.md): two seats take turns
 * building a house or a shop on a street of six lots, each `rounds` times (3 by default). A house
 * scores 1; a shop scores 2 when a house stands next to it. Each seat was dealt a secret favourite
 * kind of building at setup, worth 1 more point per building of that kind it built: hidden from the
 * others until the game is over, so the toy has something to hide. Pure: the favourites come from
 * the seed.
 */
export interface ToyState {
  rounds: number;
  lots: ({ seat: Seat; building: Building } | null)[];
  favourites: Building[];
  moves: number;
}
export type ToyEvent = { type: 'built'; seat: Seat; lot: number; building: Building };
export interface ToyOptions {
  rounds: number;
}

const PLAYERS = 2;
const over = (s: ToyState) => s.moves >= s.rounds * PLAYERS;
const toMove = (s: ToyState): Seat[] => (over(s) ? [] : [s.moves % PLAYERS]);

/** The points each seat's buildings score on the street (the favourites' bonus is counted at the end). */
function streetScores(s: ToyState): number[] {
  const scores = Array<number>(PLAYERS).fill(0);
  s.lots.forEach((l, i) => {
    if (!l) return;
    const nextToHouse = [s.lots[i - 1], s.lots[i + 1]].some((n) => n?.building === 'house');
    scores[l.seat]! += l.building === 'house' ? 1 : nextToHouse ? 2 : 0;
  });
  return scores;
}

function outcome(s: ToyState): Outcome | null {
  if (!over(s)) return null;
  const scores = streetScores(s).map((p, seat) => p + s.lots.filter((l) => l?.seat === seat && l.building === s.favourites[seat]).length);
  const ranks = scores.map((x) => 1 + scores.filter((y) => y > x).length);
  return { scores, ranks, winners: ranks.flatMap((r, i) => (r === 1 ? [i] : [])), detail: { favourites: s.favourites } };
}

export const rules: Omit<
  Game<ToyState, ToyMove, ToyEvent, ToyOptions>,
  'id' | 'name' | 'engineVersion' | 'moveSchemas' | 'schemas' | 'notation'
> = {
  minPlayers: PLAYERS,
  maxPlayers: PLAYERS,
  optionsSchema: {
    type: 'object',
    properties: {
      rounds: {
        type: 'integer',
        minimum: 1,
        maximum: 3,
        default: 3,
        description: 'How many times each seat builds (at most 3: the street has 6 lots).',
      },
    },
    additionalProperties: false,
  },
  setup: ({ options, seed }) => {
    const rng = Rng.fromSeed(seed);
    return { rounds: options.rounds, lots: Array(LOTS).fill(null), favourites: [rng.pick(BUILDINGS), rng.pick(BUILDINGS)], moves: 0 };
  },
  decide(s, move, seat) {
    if (!toMove(s).includes(seat)) return refuse('NOT_YOUR_TURN', 'Toy Street, turns', {}, 'NOT_YOUR_TURN.build');
    if (s.lots[move.lot] !== null) return refuse('LOT_TAKEN', 'Toy Street, lots', { lot: String(move.lot + 1) });
    return ok([{ type: 'built', seat, lot: move.lot, building: move.building }]);
  },
  evolve: (s, e) => ({ ...s, moves: s.moves + 1, lots: s.lots.map((l, i) => (i === e.lot ? { seat: e.seat, building: e.building } : l)) }),
  legalMoves(s, seat) {
    if (!toMove(s).includes(seat)) return [];
    return s.lots.flatMap((l, lot) => (l === null ? BUILDINGS.map((building) => ({ type: 'build' as const, lot, building })) : []));
  },
  toMove,
  view(s, viewer: Viewer): Json {
    const result = outcome(s);
    const view: ToyView = {
      phase: result ? 'over' : 'build',
      round: Math.min(s.rounds, Math.floor(s.moves / PLAYERS) + 1),
      toMove: toMove(s),
      scores: streetScores(s),
      result: result as ToyView['result'],
      lots: s.lots,
      favourite: viewer === null ? null : (s.favourites[viewer] ?? null),
    };
    return view as unknown as Json;
  },
  eventView: (e) => e as unknown as Json,
  outcome,
};
