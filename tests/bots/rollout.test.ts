import { describe, expect, it } from 'vitest';
import { canonicalJson, chooseMove, greedyOn, Rng, seatKnowledge, type BotRequest } from '../../src/engine/index.js';
import { botFor } from '../../src/games/bots.js';
import { games, randomPositions } from '../support/playouts.js';

// Ma Petite Ville's search levels play flat rollouts over greedy (its bot's `rollout`).
const g = games.find((x) => x.id === 'ma-petite-ville')!;
const bot = botFor(g.id)!;
const positions = randomPositions(g, 4, 'rollout', 3).filter(({ state }) => g.legalMoves(state, g.toMove(state)[0]!).length > 20);

function request({ state, events }: (typeof positions)[number], extra: Partial<BotRequest> = {}): BotRequest {
  const seat = g.toMove(state)[0]!;
  return {
    ...seatKnowledge(g, state, events, seat),
    level: 'ismcts',
    seed: 'rollout',
    legal: g.legalMoves(state, seat),
    iterations: 96,
    ...extra,
  };
}
const key = canonicalJson;

describe('the rollout player (src/engine/rollout.ts)', () => {
  it('plays its best candidates by the evaluation one move ahead, halving them round by round within its runs', () => {
    expect(positions.length).toBeGreaterThan(3);
    for (const p of positions.slice(0, 4)) {
      const c = chooseMove(g, bot, request(p));
      // 16 candidates, 4 rounds of 24 runs at most: 16 x 1, 8 x 3, 4 x 6, 2 x 12.
      expect(c.iterations).toBe(16 + 24 + 24 + 24);
      expect(c.stats).toHaveLength(16);
      expect(c.stats!.reduce((a, s) => a + s.visits, 0)).toBe(c.iterations);
      expect(c.stats!.map((s) => s.visits)).toEqual([22, 22, 10, 10, 4, 4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1]);
      // The answer is the better of the last two by mean reward; rewards are chances to win.
      const [a, b] = c.stats!;
      const chosen = c.stats!.find((s) => key(s.move) === key(c.move))!;
      expect([key(a!.move), key(b!.move)]).toContain(key(chosen.move));
      expect(chosen.value).toBe(Math.max(a!.value, b!.value));
      for (const s of c.stats!) expect(s.value >= 0 && s.value <= 1).toBe(true);
      expect(request(p).legal!.map(key)).toContain(key(c.move));
    }
  });

  it('with no clock, the same request gives the same move and figures; another seed may not', () => {
    const p = positions[2]!;
    expect(key(chooseMove(g, bot, request(p)))).toBe(key(chooseMove(g, bot, request(p))));
    const seeds = ['a', 'b', 'c', 'd'].map((seed) => key(chooseMove(g, bot, request(p, { seed, iterations: 48 })).stats));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it("stops when the caller's time is up, one run over at most, and still answers one of the seat's legal moves", () => {
    for (const p of positions.slice(0, 3)) {
      let checks = 0;
      const c = chooseMove(g, bot, request(p, { iterations: 1_000_000, timeUp: () => ++checks > 2 }));
      // The first run is made unasked; each check that finds time left lets one more through (the clock's overrun: one run).
      expect(c.iterations).toBe(3);
      const none = chooseMove(g, bot, request(p, { iterations: 1_000_000, timeUp: () => true }));
      expect(none.iterations).toBe(1);
      expect(request(p).legal!.map(key)).toContain(key(none.move));
    }
  });

  it("shares the caller's think time between its rounds: a round ends once its share is spent", () => {
    const p = positions[0]!;
    // The clock as the caller's: 0.3 of the time used per run of the candidates in play (an ideal 1 / rounds per round would be 0.25).
    let used = 0;
    const c = chooseMove(
      g,
      bot,
      request(p, {
        iterations: 1_000_000,
        timeUp: () => used >= 1,
        timeLeft: () => {
          used += 0.05;
          return 1 - used;
        },
      }),
    );
    // Every round ran (the last two candidates were compared), each stopped by its share, not by the cap.
    expect(c.stats!.filter((s) => s.visits === Math.max(...c.stats!.map((x) => x.visits)))).toHaveLength(2);
    expect(c.iterations).toBeLessThan(1_000);
  });

  it('models rivals weaker than greedy when asked: with uniform rivals its runs win more often', () => {
    for (const p of positions.slice(0, 3)) {
      const won = (rivalsRandom: number) => {
        const c = chooseMove(g, { ...bot, rollout: { ...bot.rollout, rivalsRandom } }, request(p, { iterations: 64 }));
        expect(request(p).legal!.map(key)).toContain(key(c.move));
        return c.stats!.reduce((a, s) => a + s.value * s.visits, 0) / c.iterations;
      };
      expect(won(1)).toBeGreaterThan(won(0));
    }
  });

  it('analysis (exhaustive) keeps the tree search, which weighs every root move, not 16 candidates', () => {
    const p = positions[0]!;
    const c = chooseMove(g, bot, request(p, { exhaustive: true, iterations: 60 }));
    expect(c.iterations).toBe(60);
    expect(c.stats!.length).toBeGreaterThan(16);
  });

  it("models each seat as greedy: on a known state, greedy's move, the best by the evaluation one move ahead", () => {
    for (const { state } of positions.slice(0, 6)) {
      const seat = g.toMove(state)[0]!;
      const move = greedyOn(g, bot, state, seat, Rng.fromSeed('g'));
      const value = (m: unknown) => {
        const r = g.decide(state, m as never, seat);
        if (!r.ok) return -Infinity;
        let s = state;
        for (const e of r.value) s = g.evolve(s, e);
        const v = bot.evaluate(s);
        return v[seat]! - Math.max(...v.filter((_, i) => i !== seat));
      };
      const best = Math.max(...g.legalMoves(state, seat).map(value));
      expect(value(move)).toBeCloseTo(best, 9);
    }
  });
});
