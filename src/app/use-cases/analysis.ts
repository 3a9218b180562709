/**
 * Analysis of a position: each legal move of a seat with its estimated chance to win, from a
 * seeded information-set search run in the bot pool (`opts.analyse`), given only what the seat
 * could see then. For finished games, or for the seat itself in a game created with analysis on.
 */
import { canonicalJson, liveEntries, notationsOf, seatKnowledge } from '../../engine/index.js';
import type { Json } from '../../engine/index.js';
import { rawGame } from '../../telemetry/instrument.js';
import { AppError } from '../errors.js';
import { checkInt, INT_BOUNDS } from '../limits.js';
import { resignedBy, standing } from '../lobby/standing.js';
import { callerIn } from './callers.js';
import type { GameCore } from './core.js';
import { stateAt } from './queries.js';

/**
 * Analysis (what lichess's analysis board gives chess players): for the position right after
 * version `at` as `seat` saw it (its view and events then, never what it could not see), each of
 * the seat's legal moves with its estimated chance to win from an ISMCTS search of `iterations`
 * (seeded: the same request gives the same answer), and the move the search prefers. Finished
 * games only, or games created with `analysis: true` (then only the seat itself asks, while it runs).
 */
export async function analysis(
  core: GameCore,
  gameId: string,
  token: string | undefined,
  at: number,
  seat: number,
  opts: { iterations?: number; seed?: string } = {},
) {
  checkInt('version', 'at', at);
  checkInt('seat', 'seat', seat);
  const iterations = checkInt('analysisIterations', 'iterations', opts.iterations ?? INT_BOUNDS.analysisIterations.default);
  const s = await core.sessions.fresh(gameId);
  const c = await callerIn(core, s, token, true);
  if (s.row.status !== 'finished') {
    if (!s.row.analysis) throw AppError.of('ANALYSIS_NOT_ALLOWED', 'ANALYSIS_NOT_ALLOWED.setting', { reason: 'game-setting' });
    if (c.kind !== 'seat' || c.seat !== seat)
      throw AppError.of('ANALYSIS_NOT_ALLOWED', 'ANALYSIS_NOT_ALLOWED.otherSeat', { seat }, { reason: 'other-seat' });
  }
  if (at > s.version) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.atVersion', { max: s.version });
  if (seat >= s.row.playerCount) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.seatRange', { seat, last: s.row.playerCount - 1 });
  if (!core.opts.analyse) throw AppError.of('UNAVAILABLE', 'UNAVAILABLE.analysis');
  const game = rawGame(s.game);
  const state = at === s.version ? s.state : await stateAt(core, s, at);
  const moves = await core.store.readMoves(s.row.id, 0, at);
  const seats = s.row.seats;
  const d = standing(s.game, state, seats, at);
  const legal = d.status === 'active' && !resignedBy(seats, at).has(seat) ? game.legalMoves(state, seat) : [];
  const seed = opts.seed ?? `analysis:${s.row.id}:${at}:${seat}`;
  const base = { version: at, seat, level: 'ismcts' as const, iterations, seed };
  if (legal.length === 0) return { ...base, searched: 0, moves: [], best: null };
  const k = seatKnowledge(
    game,
    state,
    liveEntries(moves).flatMap((m) => m.events),
    seat,
  );
  // The iteration budget binds, not the clock: a long think time, so the answer is reproducible.
  const answer = await core.opts.analyse({
    game: s.row.type,
    engineVersion: s.row.engineVersion,
    level: 'ismcts',
    seat,
    view: k.view,
    history: [...k.history],
    legal,
    seed,
    iterations,
    thinkMs: 60_000,
    exhaustive: true,
  });
  const key = (m: unknown) => canonicalJson(m);
  const stat = new Map((answer.stats ?? []).map((x) => [key(x.move), x]));
  const notations = notationsOf(s.game, state, seat, legal);
  return {
    ...base,
    searched: answer.iterations,
    moves: legal
      .map((m, i) => {
        const x = stat.get(key(m));
        return {
          move: m as unknown as Json,
          ...(notations[i] ? { notation: notations[i] } : {}),
          visits: x?.visits ?? 0,
          chance: x ? x.value : null,
        };
      })
      .sort((a, b) => b.visits - a.visits),
    best: answer.move as unknown as Json,
  };
}
