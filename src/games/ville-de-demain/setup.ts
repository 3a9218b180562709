import { Rng } from '../../engine/index.js';
import type { GameConfig } from '../../engine/index.js';
import { DECKS, deckCards, SPECIAL_IDS } from './cards.js';
import { START_COINS, TOWN_HALL } from './data.js';
import { beginRound } from './flow.js';
import { evolve } from './evolve.js';
import type { VilleOptions, VilleState } from './types.js';

/**
 * Préparation: the Prem's to seat 0, the three building decks shuffled, players - 1 Habitations of
 * each kind, players + 2 special buildings drawn at random, 2 coins and a Town Hall each. Then the
 * first round's income phase (everyone gets 1 coin from the Town Hall) and the first player's turn
 * begin, so the initial state already names who must act.
 */
export function setup(config: GameConfig<VilleOptions>): VilleState {
  const n = config.players;
  const rng = Rng.fromSeed(config.seed);
  const decks = DECKS.map((d) => rng.shuffle(deckCards(d)));
  const drawn = new Set(rng.shuffle(SPECIAL_IDS).slice(0, n + 2));
  const initial: VilleState = {
    players: n,
    firstPlayer: 0,
    round: 0,
    current: 0,
    step: 'refill',
    decks,
    discards: [[], [], []],
    visible: [],
    habitations: { smallHouse: n - 1, apartmentBlock: n - 1, luxuryResidence: n - 1 },
    specials: SPECIAL_IDS.filter((id) => drawn.has(id)),
    cities: Array.from({ length: n }, () => [TOWN_HALL.id]),
    coins: Array.from({ length: n }, () => START_COINS),
    endTriggeredBy: null,
    rng: rng.state,
  };
  return beginRound(initial).reduce(evolve, initial);
}
