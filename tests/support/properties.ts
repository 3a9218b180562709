import { expect } from 'vitest';
import {
  applyMove,
  canonicalHash,
  canonicalJson,
  checkMoveShape,
  fold,
  randomPlayout,
  resolveOptions,
  Rng,
} from '../../src/engine/index.js';
import type { AnyGame, GameEvent, Move, Seat } from '../../src/engine/index.js';

export interface PropertyOptions<S> {
  players: number;
  options?: Record<string, unknown>;
  /** Checked after setup and after every move (conservation, money never negative, ...). */
  invariant?(state: S): void;
  /**
   * Moves that look plausible but may be illegal (neighbours of listed moves, other seats' moves...).
   * Each candidate that is not in the legal list must be refused by `decide`.
   */
  candidates?(state: S, seat: Seat, legal: Move[], rng: Rng): Move[];
  /** Strings that must not appear in the given viewer's view or readable events (secrets). */
  secrets?(state: S, viewer: Seat | null): string[];
  /** Check every listed move with decide (true) or a sample of at most 8 per step (default). */
  everyListedMove?: boolean;
}

/**
 * Plays one random legal game and checks the kernel's contracts on every step:
 * - setup and every state are plain JSON; each listed move passes the shape check and `decide`;
 * - seats not to move have no legal moves; seats to move have some;
 * - unlisted candidate moves are refused with a code, a message and a rule;
 * - views and readable events never contain the given secrets;
 * - folding all events over the initial state gives the live state (canonical hash), at every step;
 * - the game ends with an outcome that has a score and a rank for every seat.
 * Returns the number of moves played.
 */
export function checkRandomGame<S>(game: AnyGame, seed: string, p: PropertyOptions<S>): number {
  const resolved = resolveOptions(game, p.players, p.options ?? {});
  if (!resolved.ok) throw new Error(`bad config: ${resolved.error.message}`);
  const config = { players: p.players, options: resolved.value, seed };
  const initial = game.setup(config) as S;
  const rng = Rng.fromSeed(`candidates:${seed}`);
  const allEvents: GameEvent[] = [];
  let live = initial;
  p.invariant?.(initial);
  const checkSecrets = (state: S, events: GameEvent[]) => {
    if (!p.secrets) return;
    for (let v = -1; v < p.players; v++) {
      const viewer = v < 0 ? null : v;
      const secrets = p.secrets(state, viewer);
      if (secrets.length === 0) continue;
      const text = JSON.stringify(game.view(state, viewer)) + JSON.stringify(events.map((e) => game.eventView(e, viewer)));
      for (const s of secrets) expect(text.includes(s), `viewer ${viewer} can read secret ${s}`).toBe(false);
    }
  };
  checkSecrets(initial, []);
  const { state, steps } = randomPlayout<S>(game, config, `choices:${seed}`, {
    beforeMove(state, seat, legal) {
      const toMove = game.toMove(state);
      for (let s = 0; s < p.players; s++) {
        if (!toMove.includes(s)) expect(game.legalMoves(state, s), `seat ${s} is not to move`).toEqual([]);
      }
      const sample = p.everyListedMove || legal.length <= 8 ? legal : Array.from({ length: 8 }, () => rng.pick(legal));
      for (const m of sample) {
        expect(checkMoveShape(game, m), `listed move ${JSON.stringify(m)} has a bad shape`).toBeNull();
        const r = game.decide(state, m, seat);
        if (!r.ok) throw new Error(`listed move ${JSON.stringify(m)} refused: ${r.error.code} ${r.error.message}`);
      }
      if (p.candidates) {
        const listed = new Set(legal.map((m) => canonicalJson(m)));
        for (const c of p.candidates(state, seat, legal, rng)) {
          if (listed.has(canonicalJson(c))) continue;
          const r = applyMove(game, state, c, seat);
          if (r.ok) throw new Error(`unlisted move ${JSON.stringify(c)} was accepted`);
          expect(r.error.code).toMatch(/^[A-Z][A-Z0-9_]+$/);
          expect(r.error.message.length).toBeGreaterThan(10);
          expect(r.error.rule.length).toBeGreaterThan(0);
        }
      }
    },
    afterMove(state, step) {
      allEvents.push(...step.events);
      p.invariant?.(state);
      checkSecrets(state, step.events);
      live = state;
    },
  });
  // Replay: folding the whole log over the initial state gives the live state; so does every prefix
  // ending at a move boundary (checked on the final state and half-way through).
  expect(canonicalHash(fold(game, initial, allEvents))).toBe(canonicalHash(live));
  expect(canonicalHash(JSON.parse(JSON.stringify(state)))).toBe(canonicalHash(state));
  const outcome = game.outcome(state);
  expect(outcome).not.toBeNull();
  expect(outcome!.scores).toHaveLength(p.players);
  expect(outcome!.ranks).toHaveLength(p.players);
  expect(outcome!.winners.length).toBeGreaterThan(0);
  expect(game.toMove(state)).toEqual([]);
  return steps.length;
}
