import { describe, expect, it } from 'vitest';
import { canonicalJson, chooseMove, isBotLevel, seatKnowledge, type BotRequest } from '../../src/engine/index.js';
import { botFor } from '../../src/games/bots.js';
import { games, randomPositions } from '../support/playouts.js';

const g = games.find((x) => x.id === 'ville-de-demain')!;
const bot = botFor(g.id)!;
const positions = randomPositions(g, 4, 'search', 4).filter(({ state }) => g.legalMoves(state, g.toMove(state)[0]!).length > 2);

function request({ state, events }: (typeof positions)[number], extra: Partial<BotRequest> = {}): BotRequest {
  const seat = g.toMove(state)[0]!;
  return {
    ...seatKnowledge(g, state, events, seat),
    level: 'ismcts',
    seed: 'search',
    legal: g.legalMoves(state, seat),
    iterations: 100,
    ...extra,
  };
}

describe('the information-set search (src/engine/ismcts.ts)', () => {
  it('every iteration goes through exactly one root move: the visits add up to the iterations', () => {
    for (const p of positions.slice(0, 4)) {
      const c = chooseMove(g, bot, request(p, { exhaustive: true }));
      expect(c.iterations).toBe(100);
      expect(c.stats!.reduce((a, s) => a + s.visits, 0)).toBe(100);
      // The answer is the most visited move; values are chances to win.
      expect(canonicalJson(c.move)).toBe(canonicalJson(c.stats![0]!.move));
      for (const s of c.stats!) {
        expect(s.value).toBeGreaterThanOrEqual(0);
        expect(s.value).toBeLessThanOrEqual(1);
      }
    }
  });

  it('with no clock, the same request gives the same move and figures; another seed may not', () => {
    const p = positions[3]!;
    expect(canonicalJson(chooseMove(g, bot, request(p)))).toBe(canonicalJson(chooseMove(g, bot, request(p))));
    const seeds = ['a', 'b', 'c', 'd', 'e'].map((seed) => canonicalJson(chooseMove(g, bot, request(p, { seed, iterations: 30 })).stats));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it("stops when the caller's time is up, and still answers a legal move from the root's evaluation", () => {
    for (const p of positions.slice(0, 4)) {
      const c = chooseMove(g, bot, request(p, { timeUp: () => true, iterations: 1_000_000 }));
      expect(c.iterations).toBe(0);
      expect(c.stats!.length).toBeGreaterThan(0);
      expect(request(p).legal!.map((m) => canonicalJson(m))).toContain(canonicalJson(c.move));
    }
  });

  it('stops once no other move can be chosen in the iterations left, with the move the whole budget gives', () => {
    let saved = 0;
    for (const game of games) {
      // The tree search's rule, in every game (one whose levels play rollouts keeps it for analysis).
      const b = { ...botFor(game.id)!, rollout: undefined };
      const found = randomPositions(game, 4, `settle-${game.id}`, 3).filter(
        ({ state }) => game.legalMoves(state, game.toMove(state)[0]!).length > 1,
      );
      for (const { state, events } of found.slice(0, 2)) {
        const seat = game.toMove(state)[0]!;
        const req: BotRequest = {
          ...seatKnowledge(game, state, events, seat),
          level: 'ismcts',
          seed: 'settle',
          legal: game.legalMoves(state, seat),
          iterations: 200,
        };
        const whole = chooseMove(game, b, { ...req, exhaustive: true });
        const settled = chooseMove(game, b, req);
        expect(whole.iterations).toBe(200);
        expect(settled.iterations).toBeLessThanOrEqual(200);
        expect(canonicalJson(settled.move), game.id).toBe(canonicalJson(whole.move));
        // Stopped early only when the lead was out of reach of the iterations left.
        const [first, second] = settled.stats!;
        if (settled.iterations < 200) expect(first!.visits - (second?.visits ?? 0)).toBeGreaterThan(200 - settled.iterations);
        saved += 200 - settled.iterations;
      }
    }
    expect(saved).toBeGreaterThan(0);
  });

  it("with a clock, stops when the lead is out of reach of what the caller's time left buys at the rate so far", () => {
    const p = positions[0]!;
    // A tenth of the time left: about a ninth of the iterations done so far are left.
    const c = chooseMove(g, bot, request(p, { iterations: 100_000, timeUp: () => false, timeLeft: () => 0.1 }));
    expect(c.iterations).toBeLessThan(100_000);
    const [first, second] = c.stats!;
    expect(first!.visits - second!.visits).toBeGreaterThan(c.iterations / 9);
    // No measure of what is left: the clock or the cap stops it, never the lead.
    expect(chooseMove(g, bot, request(p, { iterations: 2_000, timeUp: () => false })).iterations).toBe(2_000);
  });

  it('widens progressively: after n iterations it has visited only the ceil(w * sqrt(n + 1)) root moves its prior ranks best', () => {
    // Ma Petite Ville's tile placements: hundreds of moves, the case widening is for.
    const mpv = games.find((x) => x.id === 'ma-petite-ville')!;
    const mpvBot = botFor(mpv.id)!;
    const wide = randomPositions(mpv, 4, 'widening', 1).find(({ state }) => mpv.legalMoves(state, mpv.toMove(state)[0]!).length > 60)!;
    const seat = mpv.toMove(wide.state)[0]!;
    const req: BotRequest = {
      ...seatKnowledge(mpv, wide.state, wide.events, seat),
      level: 'ismcts',
      seed: 'w',
      iterations: 100,
      exhaustive: true,
    };
    const visited = (widening: number) =>
      chooseMove(mpv, { ...mpvBot, search: { ...mpvBot.search, widening } }, req).stats!.filter((s) => s.visits > 0).length;
    expect(visited(1)).toBeLessThanOrEqual(Math.ceil(Math.sqrt(101)));
    expect(visited(3)).toBeGreaterThan(Math.ceil(Math.sqrt(101)));
    expect(visited(0)).toBeGreaterThan(visited(3));
  });

  it('knows its levels', () => {
    expect(['random', 'greedy', 'ismcts', 'ismcts-strong'].every(isBotLevel)).toBe(true);
    expect(isBotLevel('grandmaster')).toBe(false);
    expect(() => chooseMove(g, bot, request(positions[0]!, { level: 'grandmaster' as never }))).toThrow(/unknown bot level grandmaster/);
  });
});
