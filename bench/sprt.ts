/**
 * The sequential probability ratio test that decides a pairing of the bots' ladder (bench/bots.ts),
 * as chess engines decide a change (Stockfish's fishtest): games are added one by one (in index
 * order, so the decision does not depend on which thread finished first) and the test stops as soon
 * as the log-likelihood ratio of H1 against H0 leaves (ln(beta / (1 - alpha)), ln((1 - beta) / alpha)).
 *
 * The hypotheses are win rates of the tested level in an N-player game against N - 1 equal
 * opponents, from Elo: a level `elo` points above its opponents has strength r = 10^(elo/400)
 * against theirs of 1 each, so it wins r / (r + N - 1) of the games (Bradley-Terry's model, the
 * Plackett-Luce model of the ratings' openskill); elo = 0 is chance, 1/N. A target rate t is
 * elo(t) = 400 log10((N - 1) t / (1 - t)). A game's score is the level's share of the win (1, 0,
 * or 1/k on a k-way tie), the Bernoulli likelihood taken at that share.
 */

export interface SprtSpec {
  players: number;
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
}

export type Decision = 'H1' | 'H0' | 'undecided';

/** The win rate of a level `elo` points above its N - 1 equal opponents. */
export const rateOf = (elo: number, players: number): number => {
  const r = 10 ** (elo / 400);
  return r / (r + players - 1);
};

/** The Elo of a win rate against N - 1 equal opponents. */
export const eloOf = (rate: number, players: number): number => 400 * Math.log10(((players - 1) * rate) / (1 - rate));

export interface SprtState {
  /** Games counted (the prefix of indices until the decision). */
  games: number;
  wins: number;
  llr: number;
  decision: Decision;
}

/**
 * The test over the games' scores by index: it reads indices 0, 1, 2... while each is known, and
 * stops at the first decision (later games, played in parallel, are not counted) or at `cap`.
 */
export function sprt(
  spec: SprtSpec,
  scores: Record<number, number>,
  cap: number,
): SprtState & { p0: number; p1: number; lower: number; upper: number } {
  const p0 = rateOf(spec.elo0, spec.players);
  const p1 = rateOf(spec.elo1, spec.players);
  const lower = Math.log(spec.beta / (1 - spec.alpha));
  const upper = Math.log((1 - spec.beta) / spec.alpha);
  const win = Math.log(p1 / p0),
    loss = Math.log((1 - p1) / (1 - p0));
  let llr = 0,
    wins = 0,
    games = 0;
  let decision: Decision = 'undecided';
  for (let i = 0; i < cap; i++) {
    const x = scores[i];
    if (x === undefined) break;
    llr += x * win + (1 - x) * loss;
    wins += x;
    games++;
    if (llr >= upper) {
      decision = 'H1';
      break;
    }
    if (llr <= lower) {
      decision = 'H0';
      break;
    }
  }
  return { games, wins, llr, decision, p0, p1, lower, upper };
}
