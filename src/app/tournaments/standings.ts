/**
 * Standings (issue 34 item 3), pure. Points: at each finished table a player scores 1 for each
 * opponent they beat (a better rank in the game's outcome) and 1/2 for each they tie with; a bye
 * scores (seats per game - 1) / 2, as ties with the missing opponents. Unfinished games score
 * nothing yet. Order (the documented tie-breaks): points; then Buchholz (the sum of the points of
 * every opponent met, once per meeting); then opponents beaten; then entry order.
 */
export interface PlayedTable {
  players: string[];
  bye: boolean;
  ranks: number[] | null;
}
export interface Standing {
  rank: number;
  playerId: string;
  points: number;
  buchholz: number;
  beaten: number;
  played: number;
  byes: number;
}

export function standings(entries: string[], tables: PlayedTable[], seatsPerGame: number): Standing[] {
  const rows = new Map(entries.map((p, i) => [p, { playerId: p, order: i, points: 0, buchholz: 0, beaten: 0, played: 0, byes: 0 }]));
  const met: [string, string][] = [];
  for (const t of tables) {
    if (t.bye) {
      const r = rows.get(t.players[0]!);
      if (r) {
        r.points += (seatsPerGame - 1) / 2;
        r.byes++;
      }
      continue;
    }
    if (!t.ranks) continue;
    for (const [i, p] of t.players.entries()) {
      const r = rows.get(p);
      if (!r) continue;
      r.played++;
      for (const [j, q] of t.players.entries()) {
        if (i === j) continue;
        met.push([p, q]);
        if (t.ranks[i]! < t.ranks[j]!) {
          r.points += 1;
          r.beaten++;
        } else if (t.ranks[i] === t.ranks[j]) r.points += 0.5;
      }
    }
  }
  for (const [p, q] of met) rows.get(p)!.buchholz += rows.get(q)?.points ?? 0;
  const sorted = [...rows.values()].sort(
    (a, b) => b.points - a.points || b.buchholz - a.buchholz || b.beaten - a.beaten || a.order - b.order,
  );
  return sorted.map(({ order: _, ...r }, i) => ({ rank: i + 1, ...r }));
}
