import { ok, reject, Rng, type Game, type Json, type Outcome } from '../../src/engine/index.js';

/**
 * A small simultaneous game used to test the service itself (not one of the hosted games):
 * every round, all seats bid 0-3 coins at once, hidden from each other until the round resolves;
 * the highest single bid wins a prize drawn at random. Up to 64 seats, so one game can take the
 * moves of 50 concurrent clients in one simultaneous phase.
 */
export interface BidsState {
  rng: [number, number, number, number];
  round: number;
  rounds: number;
  coins: number[];
  prizes: number[];
  bids: (number | null)[];
}
type BidsMove = { type: 'bid'; amount: number };
type BidsEvent =
  | { type: 'bidPlaced'; seat: number; amount: number }
  | { type: 'roundResolved'; round: number; bids: number[]; winner: number | null; prize: number; rng: [number, number, number, number] };

export const sealedBids: Game<BidsState, BidsMove, BidsEvent, { rounds: number }> = {
  id: 'sealed-bids',
  name: 'Sealed Bids (test fixture)',
  engineVersion: 1,
  minPlayers: 2,
  maxPlayers: 64,
  optionsSchema: {
    type: 'object',
    properties: { rounds: { type: 'integer', minimum: 1, maximum: 20, default: 3 } },
    additionalProperties: false,
  },
  moveSchemas: {
    bid: {
      type: 'object',
      properties: { amount: { type: 'integer', minimum: 0, maximum: 3 } },
      required: ['amount'],
      additionalProperties: false,
    },
  },
  setup: ({ players, options, seed }) => ({
    rng: Rng.fromSeed(seed).state,
    round: 1,
    rounds: options.rounds,
    coins: Array(players).fill(10),
    prizes: Array(players).fill(0),
    bids: Array(players).fill(null),
  }),
  decide(s, move, seat) {
    if (s.bids[seat] !== null) return reject('ALREADY_BID', 'you have already bid this round (one sealed bid per round)', 'bidding');
    if (move.amount > s.coins[seat]!)
      return reject('BID_OVER_BUDGET', `you cannot bid ${move.amount}: you have ${s.coins[seat]} coins`, 'bidding');
    const events: BidsEvent[] = [{ type: 'bidPlaced', seat, amount: move.amount }];
    const bids = s.bids.map((b, i) => (i === seat ? move.amount : b));
    if (bids.every((b) => b !== null)) {
      const rng = new Rng(s.rng);
      const prize = 1 + rng.int(6);
      const top = Math.max(...(bids as number[]));
      const winners = bids.flatMap((b, i) => (b === top ? [i] : []));
      events.push({
        type: 'roundResolved',
        round: s.round,
        bids: bids as number[],
        winner: winners.length === 1 ? winners[0]! : null,
        prize,
        rng: rng.state,
      });
    }
    return ok(events);
  },
  evolve(s, e) {
    if (e.type === 'bidPlaced') return { ...s, bids: s.bids.map((b, i) => (i === e.seat ? e.amount : b)) };
    return {
      ...s,
      rng: e.rng,
      round: s.round + 1,
      coins: s.coins.map((c, i) => c - e.bids[i]!),
      prizes: s.prizes.map((p, i) => p + (i === e.winner ? e.prize : 0)),
      bids: s.bids.map(() => null),
    };
  },
  legalMoves(s, seat) {
    if (s.round > s.rounds || s.bids[seat] !== null) return [];
    return [0, 1, 2, 3].filter((a) => a <= s.coins[seat]!).map((amount) => ({ type: 'bid' as const, amount }));
  },
  toMove: (s) => (s.round > s.rounds ? [] : s.bids.flatMap((b, i) => (b === null ? [i] : []))),
  view: (s, viewer) =>
    ({
      round: s.round,
      coins: s.coins,
      prizes: s.prizes,
      bids: s.bids.map((b, i) => (i === viewer ? b : b === null ? 'waiting' : 'sealed')),
    }) as Json,
  eventView(e, viewer) {
    if (e.type === 'bidPlaced') return e.seat === viewer ? e : { type: e.type, seat: e.seat };
    const { rng: _secret, ...rest } = e;
    return rest as Json;
  },
  outcome(s): Outcome | null {
    if (s.round <= s.rounds) return null;
    const scores = s.coins.map((c, i) => c + 2 * s.prizes[i]!);
    const ranks = scores.map((x) => 1 + scores.filter((y) => y > x).length);
    return { scores, ranks, winners: ranks.flatMap((r, i) => (r === 1 ? [i] : [])) };
  },
};
