/**
 * One ladder game with the tested seat probed, in a thread of bench/bots-probe.ts (which says what the
 * probes are): a flat rollout over `greedy` on sampled states, or on the true state (the oracle).
 */
import {
  applyMove,
  type BotLevel,
  type BotRequest,
  chooseMove,
  type GameEvent,
  type Json,
  resolveOptions,
  rolloutMove,
} from '../src/engine/index.js';
import { botFor } from '../src/games/bots.js';
import { defaultRegistry } from '../src/games/index.js';
import { ladderGame, PAIRINGS, testedShare } from './bots-game.js';

export type Probe = 'rollout' | 'oracle' | 'none';

export interface ProbeTask {
  game: string;
  pairing: string;
  i: number;
  probe: Probe;
  candidates: number;
  simulations: number;
  depth: number;
  iterations: Partial<Record<BotLevel, number>>;
}

const registry = defaultRegistry();

/** One ladder game with the tested seat probed: the loop of src/engine/arena.ts's playBots, with the true state at hand. */
export default function playProbe(task: ProbeTask): number {
  const game = registry.current(task.game)!;
  const bot = botFor(task.game)!;
  const pairing = PAIRINGS.find((p) => p.id === task.pairing)!;
  const { levels, seed } = ladderGame(task.game, pairing, task.i);
  const options = resolveOptions(game, levels.length, {});
  if (!options.ok) throw new Error(options.error.message);
  let state = game.setup({ players: levels.length, options: options.value, seed });
  const histories: Json[][] = levels.map(() => []);
  let moves = 0;
  while (game.outcome(state) === null) {
    const seat = game.toMove(state)[0]!;
    moves++;
    const req: BotRequest = {
      seat,
      view: game.view(state, seat),
      history: histories[seat]!,
      level: levels[seat]!,
      seed: `${seed}:${seat}:${moves}`,
      legal: game.legalMoves(state, seat),
      iterations: task.iterations[levels[seat]!],
    };
    const probed = seat === task.i % 4 && task.probe !== 'none';
    const move = probed
      ? rolloutMove(game, bot, { ...req, iterations: task.simulations }, { candidates: task.candidates, depth: task.depth }, (rng) =>
          task.probe === 'oracle' ? state : bot.determinize(req.view, req.history, req.seat, rng),
        ).move
      : chooseMove(game, bot, req).move;
    const r = applyMove(game, state, move, seat);
    if (!r.ok) throw new Error(`${game.id}: ${JSON.stringify(move)}: ${r.error.code}`);
    state = r.value.state;
    for (const e of r.value.events)
      histories.forEach((h, viewer) => {
        const v = game.eventView(e as GameEvent, viewer);
        if (v !== null) h.push(v);
      });
  }
  return testedShare(game.outcome(state)!, task.i);
}
