/**
 * Pairings (issue 34 item 3), pure: who sits at which table in a round. What they guarantee:
 * - Round robin (2 seats a game): the circle method over the players in entry order; with an odd
 *   count one player a round has a bye. Every two players meet exactly once over the whole
 *   schedule (n - 1 rounds, n when n is odd); who sits first alternates with the round.
 * - Swiss (any seat count k): players ordered by their standing (points, then the tie-breaks;
 *   round 1: entry order); n mod k of them have a bye: the lowest-ranked ones that had none yet
 *   (then the lowest-ranked); the others sit at tables of k, each table filled from the top of the
 *   order with the next players who have met the fewest at it: first no pair at a table met
 *   before; when no such round exists, at most one such pair a table, then two, and so on; never
 *   a table whose players sat together at an earlier table (`earlier`). Each search is bounded
 *   (20,000 steps); past every bound the tables are taken in order (a repeat rather than no round).
 */
export interface Table {
  players: string[];
  bye: boolean;
}

/** The number of rounds of a round robin of `n` players. */
export function roundRobinRounds(n: number): number {
  return n % 2 === 0 ? n - 1 : n;
}

/** Round `round` (1-based) of a round robin of 2-seat games. */
export function roundRobinRound(players: string[], round: number): Table[] {
  const list: (string | null)[] = [...players];
  if (list.length % 2 === 1) list.push(null);
  const n = list.length;
  // The circle: the first stays, the others turn one place per round.
  const rest = list.slice(1);
  const shift = (round - 1) % (n - 1);
  const turned = [...rest.slice(rest.length - shift), ...rest.slice(0, rest.length - shift)];
  const circle = [list[0]!, ...turned];
  const tables: Table[] = [];
  const byes: Table[] = [];
  for (let i = 0; i < n / 2; i++) {
    const a = circle[i]!;
    const b = circle[n - 1 - i]!;
    if (a === null || b === null) byes.push({ players: [(a ?? b)!], bye: true });
    else tables.push({ players: (round + i) % 2 === 0 ? [a, b] : [b, a], bye: false });
  }
  return [...tables, ...byes];
}

const SEARCH_STEPS = 20_000;

/**
 * A Swiss round: `order` best first; `met` the opponents each player met; `hadBye` who had a bye.
 */
export function swissRound(
  order: string[],
  k: number,
  met: Map<string, Set<string>>,
  hadBye: Set<string>,
  earlier: string[][] = [],
): Table[] {
  const tableKey = (ps: string[]) => [...ps].sort().join(' ');
  const played = new Set(earlier.map(tableKey));
  const byeCount = order.length % k;
  const byes: string[] = [];
  for (const p of [...order].reverse()) if (byes.length < byeCount && !hadBye.has(p)) byes.push(p);
  for (const p of [...order].reverse()) if (byes.length < byeCount && !byes.includes(p)) byes.push(p);
  const seated = order.filter((p) => !byes.includes(p));
  const fresh = (a: string, b: string) => !(met.get(a)?.has(b) ?? false);
  /** Tables in which at most `repeats` pairs met before. */
  const search = (left: string[], repeats: number, budget: { steps: number }): string[][] | null => {
    if (left.length === 0) return [];
    const [top, ...others] = left;
    const pick = (table: string[], used: number, from: number): string[][] | null => {
      if (++budget.steps > SEARCH_STEPS) return null;
      if (table.length === k) {
        if (played.has(tableKey(table))) return null;
        const rest = search(
          left.filter((p) => !table.includes(p)),
          repeats,
          budget,
        );
        return rest && [table, ...rest];
      }
      for (let i = from; i < others.length; i++) {
        const p = others[i]!;
        const again = table.filter((q) => !fresh(p, q)).length;
        if (used + again <= repeats) {
          const found = pick([...table, p], used + again, i + 1);
          if (found) return found;
          if (budget.steps > SEARCH_STEPS) return null;
        }
      }
      return null;
    };
    return pick([top!], 0, 0);
  };
  let found: string[][] | null = null;
  for (let repeats = 0; !found && repeats <= (k * (k - 1)) / 2; repeats++) found = search(seated, repeats, { steps: 0 });
  const tables = found ?? Array.from({ length: seated.length / k }, (_, i) => seated.slice(i * k, i * k + k));
  return [...tables.map((players) => ({ players, bye: false })), ...byes.map((p) => ({ players: [p], bye: true }))];
}
