import { describe, expect, it } from 'vitest';
import { roundRobinRound, roundRobinRounds, swissRound, type Table } from '../../src/app/tournaments/pairing.js';
import { standings } from '../../src/app/tournaments/standings.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);
const key = (ps: string[]) => [...ps].sort().join(',');

describe('tournament pairings and standings (src/app/tournaments/)', () => {
  for (const n of [2, 3, 4, 5, 8]) {
    it(`a round robin of ${n}: every two players meet exactly once, each player once a round, byes for an odd count`, () => {
      const players = ids(n);
      const met = new Map<string, number>();
      const byes = new Map<string, number>();
      for (let r = 1; r <= roundRobinRounds(n); r++) {
        const tables = roundRobinRound(players, r);
        expect(tables.flatMap((t) => t.players).sort()).toEqual([...players].sort());
        for (const t of tables) {
          if (t.bye) byes.set(t.players[0]!, (byes.get(t.players[0]!) ?? 0) + 1);
          else met.set(key(t.players), (met.get(key(t.players)) ?? 0) + 1);
        }
      }
      expect(met.size).toBe((n * (n - 1)) / 2);
      expect([...met.values()].every((c) => c === 1)).toBe(true);
      expect([...byes.values()].every((c) => c === 1)).toBe(true);
      expect(byes.size).toBe(n % 2 === 0 ? 0 : n);
    });
  }

  it('Swiss of 8 in tables of 4: no table repeats an earlier one over 4 rounds, and the fewest pairs meet again', () => {
    const players = ids(8);
    const met = new Map<string, Set<string>>();
    const seen = new Set<string>();
    const earlier: string[][] = [];
    for (let r = 1; r <= 4; r++) {
      const tables = swissRound(players, 4, met, new Set(), earlier);
      earlier.push(...tables.map((t) => t.players));
      expect(tables.every((t) => t.players.length === 4 && !t.bye)).toBe(true);
      for (const t of tables) {
        expect(seen.has(key(t.players))).toBe(false);
        seen.add(key(t.players));
        for (const p of t.players) for (const q of t.players) if (p !== q) (met.get(p) ?? met.set(p, new Set()).get(p)!).add(q);
      }
    }
  });

  it('Swiss in tables of 2 never repeats a pairing while one is avoidable; byes go to the lowest-ranked without one', () => {
    const players = ids(5);
    const met = new Map<string, Set<string>>();
    const hadBye = new Set<string>();
    const pairs = new Set<string>();
    for (let r = 1; r <= 5; r++) {
      const tables: Table[] = swissRound(players, 2, met, hadBye);
      const bye = tables.filter((t) => t.bye);
      expect(bye).toHaveLength(1);
      expect(hadBye.has(bye[0]!.players[0]!)).toBe(false);
      hadBye.add(bye[0]!.players[0]!);
      for (const t of tables.filter((x) => !x.bye)) {
        expect(pairs.has(key(t.players))).toBe(false);
        pairs.add(key(t.players));
        for (const p of t.players) for (const q of t.players) if (p !== q) (met.get(p) ?? met.set(p, new Set()).get(p)!).add(q);
      }
    }
    expect(pairs.size).toBe(10); // all of them, once
  });

  it(
    'standings: 1 per opponent beaten, 1/2 per tie, a bye (k - 1) / 2; ties broken by ' +
      'Buchholz, then opponents beaten, then entry order',
    () => {
      const s = standings(
        ['a', 'b', 'c', 'd'],
        [
          { players: ['a', 'b', 'c'], bye: false, ranks: [1, 2, 2] }, // a beats b and c; b and c tie
          { players: ['d'], bye: true, ranks: null },
          { players: ['b', 'd', 'c'], bye: false, ranks: null }, // unfinished: nothing yet
        ],
        3,
      );
      expect(s.map((r) => [r.playerId, r.points])).toEqual(
        [
          ['a', 2],
          ['b', 0.5],
          ['c', 0.5],
          ['d', 1],
        ].sort((x, y) => (y[1] as number) - (x[1] as number) || 0),
      );
      const b = s.find((r) => r.playerId === 'b')!;
      expect(b.buchholz).toBe(2 + 0.5); // met a (2) and c (0.5)
      expect(s[0]).toMatchObject({ rank: 1, playerId: 'a', beaten: 2, played: 1 });
      expect(s.find((r) => r.playerId === 'd')).toMatchObject({ byes: 1, played: 0 });
    },
  );
});
