import { describe, it, expect } from 'vitest';
import { villeDeDemain } from '../../../src/games/ville-de-demain/index.js';
import type { VilleState } from '../../../src/games/ville-de-demain/index.js';
import { build, ids, newGame, play, playAll, refused, stackDeck } from './helpers.js';

const legal = (s: VilleState, seat = s.current) => villeDeDemain.legalMoves(s, seat);
const legalTypes = (s: VilleState, seat = s.current) => legal(s, seat).map((m) => JSON.stringify(m));
const seen = (s: VilleState, viewer: number | null) => JSON.stringify(villeDeDemain.view(s, viewer));

/** Plays a whole round of 'draw what is missing, take a coin' turns, from the current seat on. */
function coinTurn(s: VilleState): VilleState {
  const seat = s.current;
  let state = s;
  if (state.step === 'discard') state = play(state, seat, { type: 'skipDiscard' }).state;
  while (state.step === 'refill') state = play(state, seat, { type: 'drawCard', deck: 1 }).state;
  state = play(state, seat, { type: 'takeCoin' }).state;
  if (state.step === 'special' && state.current === seat) state = play(state, seat, { type: 'skipSpecial' }).state;
  return state;
}

describe('shared rulings V1-V8 (shared/rulings/ville-de-demain.md)', () => {
  it("V1 the Prem's holder opens every round; a round is the income phase then one turn per seat clockwise", () => {
    let s = newGame(3);
    const order: number[] = [];
    const rounds: number[] = [];
    for (let turn = 0; turn < 6; turn++) {
      order.push(s.current);
      rounds.push(s.round);
      s = coinTurn(s);
    }
    expect(order).toEqual([0, 1, 2, 0, 1, 2]);
    expect(rounds).toEqual([1, 1, 1, 2, 2, 2]);
    // Round 1: 2 + 1 (income) + 1 (coin taken); round 2 adds 1 income and 1 coin; round 3's income is paid.
    expect(s.coins).toEqual([7, 7, 7]);
    expect(s.round).toBe(3);
  });

  it('V1 the income phase pays each city its income before the first player acts', () => {
    const s = build(2, {
      cities: [
        ['townHall', 'diyStore', 'shoeShop'],
        ['townHall', 'offices'],
      ],
      coins: [0, 0],
      current: 1,
      step: 'build',
    });
    const { events, state } = play(s, 1, { type: 'takeCoin' });
    expect(events.find((e) => e.type === 'roundBegan')).toEqual({ type: 'roundBegan', round: 2, income: [4, 3] });
    expect(state.coins).toEqual([4, 4]);
    expect(state.current).toBe(0);
  });

  it('V2 round 1 starts with no visible card, so the first player goes straight to drawing', () => {
    const s = newGame(4);
    expect(s.visible).toEqual([]);
    expect(s.step).toBe('refill');
    expect(legal(s)).toEqual([
      { type: 'drawCard', deck: 1 },
      { type: 'drawCard', deck: 2 },
      { type: 'drawCard', deck: 3 },
    ]);
    expect(refused(s, 0, { type: 'discardCard', slot: 0 }).code).toBe('NOT_DISCARD_STEP');
  });

  it("V2 a discarded card goes face down on its own deck's discard pile, which no view or event shows", () => {
    let s = stackDeck(newGame(2), 2, ['museum']);
    s = playAll(s, 0, [
      { type: 'drawCard', deck: 1 },
      { type: 'drawCard', deck: 2 },
      { type: 'drawCard', deck: 1 },
      { type: 'takeCoin' },
    ]).state;
    expect(ids(s.visible)[1]).toBe('museum');
    expect(legalTypes(s, 1)).toContain(JSON.stringify({ type: 'discardCard', slot: 1 }));
    const { state, events } = play(s, 1, { type: 'discardCard', slot: 1 });
    expect(ids(state.discards[1]!)).toEqual(['museum']);
    expect(ids(state.visible)).not.toContain('museum');
    expect(state.visible).toHaveLength(2);
    expect(events[0]).toEqual({ type: 'cardDiscarded', seat: 1, slot: 1, deck: 2 });
    for (const viewer of [null, 0, 1]) {
      expect(seen(state, viewer)).not.toContain('museum');
      expect(seen(state, viewer)).not.toContain('discard');
      expect(JSON.stringify(events.map((e) => villeDeDemain.eventView(e, viewer)))).not.toContain('museum');
    }
    expect(state.step).toBe('refill');
    expect(refused(state, 1, { type: 'discardCard', slot: 0 }).code).toBe('NOT_DISCARD_STEP'); // one discard only
  });

  it('V3 refilling is one card at a time, the deck chosen for each card after seeing the last', () => {
    let s = newGame(2);
    const decks: number[] = [];
    for (const deck of [3, 1, 2]) {
      expect(s.step).toBe('refill');
      expect(legal(s).map((m) => m.type)).toEqual(['drawCard', 'drawCard', 'drawCard']);
      const r = play(s, 0, { type: 'drawCard', deck });
      expect(r.events[0]).toMatchObject({ type: 'cardDrawn', seat: 0, deck });
      s = r.state;
      decks.push(s.visible.length);
    }
    expect(decks).toEqual([1, 2, 3]);
    expect(s.step).toBe('build');
    const view = villeDeDemain.view(s, null) as { visible: { deck: number }[] };
    expect(view.visible.map((v) => v.deck)).toEqual([3, 1, 2]);
  });

  it('V3 an empty deck is rebuilt by shuffling its discard pile when a player draws from it', () => {
    const s0 = newGame(2, 'rebuild');
    const pile = s0.decks[0]!.slice();
    const s: VilleState = { ...s0, decks: [[], s0.decks[1]!, s0.decks[2]!], discards: [pile, [], []] };
    expect(legal(s)).toContainEqual({ type: 'drawCard', deck: 1 });
    const { state, events } = play(s, 0, { type: 'drawCard', deck: 1 });
    expect(events.map((e) => e.type)).toEqual(['deckRebuilt', 'cardDrawn']);
    const rebuilt = events[0] as Extract<(typeof events)[number], { type: 'deckRebuilt' }>;
    expect(rebuilt.size).toBe(28);
    expect([...rebuilt.order].sort()).toEqual([...pile].sort());
    expect(rebuilt.order).not.toEqual(pile); // shuffled
    expect(rebuilt.rng).not.toEqual(s.rng);
    expect(state.rng).toEqual(rebuilt.rng);
    expect(state.discards[0]).toEqual([]);
    expect(state.decks[0]).toHaveLength(27);
    expect(state.visible).toEqual([rebuilt.order[27]]);
    // The new order and the generator state are secret (V8): readers learn only which deck and its size.
    for (const viewer of [null, 0, 1]) expect(villeDeDemain.eventView(rebuilt, viewer)).toEqual({ type: 'deckRebuilt', deck: 1, size: 28 });
  });

  it('V3 a deck with no cards and no discards cannot be chosen', () => {
    const s0 = newGame(2);
    const s: VilleState = { ...s0, decks: [s0.decks[0]!, [], s0.decks[2]!] };
    expect(legal(s)).toEqual([
      { type: 'drawCard', deck: 1 },
      { type: 'drawCard', deck: 3 },
    ]);
    expect(refused(s, 0, { type: 'drawCard', deck: 2 })).toMatchObject({ code: 'DECK_EXHAUSTED', rule: 'V3' });
  });

  it('V4 after refilling, exactly one of: buy a visible card, buy a Habitation or take a coin', () => {
    let s = playAll(newGame(2), 0, [
      { type: 'drawCard', deck: 1 },
      { type: 'drawCard', deck: 1 },
      { type: 'drawCard', deck: 1 },
    ]).state;
    expect(new Set(legal(s).map((m) => m.type))).toEqual(new Set(['buyCard', 'buyHabitation', 'takeCoin']));
    s = play(s, 0, { type: 'buyHabitation', kind: 'smallHouse' }).state;
    expect(s.current).toBe(1); // no second purchase: the turn is over
    expect(refused(s, 1, { type: 'takeCoin' }).code).toBe('NOT_BUILD_STEP');
  });

  it('V4 no city holds two cards of one name: "you already own a Bakery"', () => {
    const s = build(2, {
      cities: [['townHall', 'bakery', 'smallHouse'], ['townHall']],
      visible: ['bakery', 'florist'],
      coins: [9, 9],
      step: 'build',
    });
    expect(legal(s)).toEqual([
      { type: 'buyCard', slot: 1 },
      { type: 'buyHabitation', kind: 'apartmentBlock' },
      { type: 'buyHabitation', kind: 'luxuryResidence' },
      { type: 'takeCoin' },
    ]);
    expect(refused(s, 0, { type: 'buyCard', slot: 0 })).toEqual({
      code: 'ALREADY_OWNED',
      message: 'You already own a Bakery: a city never holds two cards of the same name (B.3, V4).',
      rule: 'V4',
      key: 'ALREADY_OWNED',
      params: { name: 'Bakery' },
    });
    expect(refused(s, 0, { type: 'buyHabitation', kind: 'smallHouse' })).toMatchObject({
      code: 'ALREADY_OWNED',
      message: expect.stringContaining('You already own a Small House'),
    });
  });

  it('V4 a Habitation pile can run out: players - 1 copies of each kind', () => {
    const s = build(2, { cities: [['townHall', 'apartmentBlock'], ['townHall']], coins: [9, 9], current: 1, step: 'build' });
    expect(s.habitations.apartmentBlock).toBe(0);
    expect(legal(s)).not.toContainEqual({ type: 'buyHabitation', kind: 'apartmentBlock' });
    expect(refused(s, 1, { type: 'buyHabitation', kind: 'apartmentBlock' }).code).toBe('HABITATION_SOLD_OUT');
  });

  it('V4 a purchase needs the coins printed on the card', () => {
    const s = build(2, { visible: ['hospital'], coins: [3, 3], step: 'build' });
    expect(legal(s)).not.toContainEqual({ type: 'buyCard', slot: 0 });
    expect(refused(s, 0, { type: 'buyCard', slot: 0 })).toMatchObject({
      code: 'NOT_ENOUGH_COINS',
      message: 'The Hospital costs 4 coins and you have 3 (B.3).',
    });
    expect(play({ ...s, coins: [4, 3] }, 0, { type: 'buyCard', slot: 0 }).state.coins).toEqual([0, 3]);
  });

  it('V5 a special building is optional, needs its condition, and at most one is taken per game', () => {
    // Wind Farm needs 2 blue + 1 green; Cultural Centre 2 blue; Community Garden 2 green.
    const s = build(2, {
      cities: [['townHall', 'school', 'square'], ['townHall']],
      coins: [5, 5],
      step: 'build',
      specials: ['windFarm', 'communityGarden', 'culturalCentre'],
    });
    const afterHouse = play(s, 0, { type: 'buyHabitation', kind: 'smallHouse' }).state;
    expect(afterHouse.step).toBe('special');
    expect(legal(afterHouse)).toEqual([
      { type: 'takeSpecial', special: 'windFarm' },
      { type: 'takeSpecial', special: 'culturalCentre' },
      { type: 'skipSpecial' },
    ]);
    expect(refused(afterHouse, 0, { type: 'takeSpecial', special: 'communityGarden' })).toMatchObject({
      code: 'SPECIAL_CONDITION_NOT_MET',
      message: 'The Community Garden needs 2 green cards in your city; you have 1 green (B.4, V5).',
      rule: 'V5',
    });
    expect(refused(afterHouse, 0, { type: 'takeSpecial', special: 'harbour' }).code).toBe('SPECIAL_NOT_ON_OFFER');
    const taken = play(afterHouse, 0, { type: 'takeSpecial', special: 'windFarm' }).state;
    expect(ids(taken.cities[0]!)).toEqual(['townHall', 'school', 'square', 'smallHouse', 'windFarm']);
    expect(taken.specials).toEqual(['communityGarden', 'culturalCentre']);
    expect(taken.current).toBe(1);
    // Later, with the condition of the Cultural Centre still met, no special step is offered again.
    const later = build(2, {
      cities: [['townHall', 'school', 'square', 'smallHouse', 'windFarm'], ['townHall']],
      coins: [5, 5],
      step: 'build',
      specials: ['culturalCentre'],
    });
    const next = play(later, 0, { type: 'takeCoin' }).state;
    expect(next.current).toBe(1);
    expect(refused({ ...later, step: 'special' }, 0, { type: 'takeSpecial', special: 'culturalCentre' })).toMatchObject({
      code: 'SPECIAL_ALREADY_HELD',
      rule: 'V5',
    });
  });

  it('V5 a condition met on an earlier turn still counts, even after taking a coin', () => {
    const s = build(2, {
      cities: [['townHall', 'school', 'square'], ['townHall']],
      coins: [0, 0],
      step: 'build',
      specials: ['culturalCentre'],
    });
    const r = play(s, 0, { type: 'takeCoin' });
    expect(r.state.step).toBe('special');
    expect(play(r.state, 0, { type: 'skipSpecial' }).events[0]).toEqual({ type: 'specialSkipped', seat: 0 });
  });

  it("V6 the 10th card ends the game once the round is finished up to the first player's right", () => {
    const nine = ['townHall', 'factory', 'steelworks', 'policeStation', 'school', 'shoeShop', 'grocery', 'bakery', 'florist'];
    let s = build(3, {
      cities: [['townHall'], nine, ['townHall']],
      visible: ['igloo', 'bank', 'library'],
      coins: [3, 9, 3],
      current: 1,
      step: 'build',
      specials: ['harbour'],
    });
    const r = play(s, 1, { type: 'buyCard', slot: 0 });
    expect(r.events.map((e) => e.type)).toEqual(['cardBought', 'endTriggered', 'stepBegan']);
    s = r.state;
    expect(s.endTriggeredBy).toBe(1);
    expect(s.current).toBe(2);
    expect(villeDeDemain.outcome(s)).toBeNull();
    const end = coinTurn(s);
    expect(end.step).toBe('over');
    expect(end.round).toBe(1); // no new round, seat 0 does not play again
    expect(villeDeDemain.toMove(end)).toEqual([]);
    expect(villeDeDemain.outcome(end)).not.toBeNull();
  });

  it('V6 no 11th card: a full city may buy nothing, and the special step is not offered with the 10th card', () => {
    // Seat 0 holds 9 cards and meets the Harbour's condition (blue, green, orange, purple).
    const nine = ['townHall', 'factory', 'hauntedHouse', 'policeStation', 'igloo', 'shoeShop', 'grocery', 'bakery', 'florist'];
    const s = build(2, { cities: [nine, ['townHall']], visible: ['school', 'bank'], coins: [9, 9], step: 'build', specials: ['harbour'] });
    expect(legal(s).filter((m) => m.type === 'buyCard')).toHaveLength(2);
    const after = play(s, 0, { type: 'buyCard', slot: 0 }).state;
    expect(after.cities[0]).toHaveLength(10);
    expect(after.current).toBe(1); // no special step: it would be the 11th card
    const full = build(2, {
      cities: [[...nine, 'school'], ['townHall']],
      visible: ['bank'],
      coins: [9, 9],
      step: 'build',
      specials: ['harbour'],
    });
    expect(legal(full)).toEqual([{ type: 'takeCoin' }]);
    expect(refused(full, 0, { type: 'buyCard', slot: 0 })).toMatchObject({ code: 'CITY_FULL', rule: 'V6' });
    expect(refused(full, 0, { type: 'buyHabitation', kind: 'smallHouse' })).toMatchObject({ code: 'CITY_FULL', rule: 'V6' });
    expect(refused({ ...full, step: 'special' }, 0, { type: 'takeSpecial', special: 'harbour' })).toMatchObject({
      code: 'CITY_FULL',
      rule: 'V6',
    });
  });

  it('V6 a special building can be the 10th card and triggers the end', () => {
    const nine = ['townHall', 'factory', 'hauntedHouse', 'policeStation', 'igloo', 'shoeShop', 'grocery', 'bakery'];
    const s = build(2, { cities: [nine, ['townHall']], visible: ['school'], coins: [9, 9], step: 'build', specials: ['harbour'] });
    const r = playAll(s, 0, [
      { type: 'buyCard', slot: 0 },
      { type: 'takeSpecial', special: 'harbour' },
    ]);
    expect(r.state.cities[0]).toHaveLength(10);
    expect(r.events.map((e) => e.type)).toEqual(['cardBought', 'stepBegan', 'specialTaken', 'endTriggered', 'stepBegan']);
    expect(r.state.endTriggeredBy).toBe(0);
  });

  it('V6 when the last seat of the round places the 10th card, the game ends at once', () => {
    const nine = ['townHall', 'factory', 'steelworks', 'policeStation', 'school', 'shoeShop', 'grocery', 'bakery', 'florist'];
    const s = build(2, { cities: [['townHall'], nine], visible: ['igloo'], coins: [3, 9], current: 1, step: 'build' });
    const r = play(s, 1, { type: 'buyCard', slot: 0 });
    expect(r.events.map((e) => e.type)).toEqual(['cardBought', 'endTriggered', 'gameEnded']);
    expect(r.state.step).toBe('over');
  });

  it('V7 score = inhabitants x leaves, crossed-out symbols subtracting 1, a negative factor counting as it is', () => {
    const s: VilleState = {
      ...build(4, {
        cities: [
          ['townHall', 'hospital', 'school', 'factory', 'museum'], // inhabitants 3, leaves -1 + 2 = 1 -> 3
          ['townHall', 'hauntedHouse', 'square', 'library'], // inhabitants -1, leaves 2 -> -2
          ['townHall', 'hauntedHouse', 'steelworks'], // -1 x -1 = 1
          ['townHall', 'cabin', 'zoo', 'steelworks'], // 3 x 2 = 6
        ],
      }),
      step: 'over',
    };
    const o = villeDeDemain.outcome(s)!;
    expect(o.scores).toEqual([3, -2, 1, 6]);
    expect(o.ranks).toEqual([2, 4, 3, 1]);
    expect(o.winners).toEqual([3]);
  });

  it('V7 ties go to the most coins; still tied, the win is shared', () => {
    const cities = [
      ['townHall', 'school', 'square'],
      ['townHall', 'police' + 'Station', 'library'],
      ['townHall', 'bookshop', 'museum'],
      ['townHall'],
    ];
    const s: VilleState = { ...build(4, { cities, coins: [4, 6, 6, 9] }), step: 'over' };
    const o = villeDeDemain.outcome(s)!;
    expect(o.scores).toEqual([1, 1, 2, 0]);
    expect(o.ranks).toEqual([3, 2, 1, 4]);
    const t: VilleState = { ...s, cities: [s.cities[0]!, s.cities[1]!, s.cities[0]!.slice(0, 1), s.cities[3]!], coins: [6, 6, 0, 9] };
    const p = villeDeDemain.outcome(t)!;
    expect(p.scores).toEqual([1, 1, 0, 0]);
    expect(p.ranks).toEqual([1, 1, 4, 3]);
    expect(p.winners).toEqual([0, 1]);
  });

  it(
    'V8 deck order, discard piles and the generator state are in no view; cities, money, ' + 'visible cards, Habitations and specials are',
    () => {
      let s = newGame(3, 'hidden');
      s = playAll(s, 0, [
        { type: 'drawCard', deck: 1 },
        { type: 'drawCard', deck: 2 },
        { type: 'drawCard', deck: 3 },
        { type: 'buyHabitation', kind: 'smallHouse' },
      ]).state;
      s = playAll(s, 1, [{ type: 'discardCard', slot: 2 }, { type: 'drawCard', deck: 1 }, { type: 'takeCoin' }]).state;
      for (const viewer of [null, 0, 1, 2]) {
        const v = villeDeDemain.view(s, viewer) as Record<string, unknown>;
        const text = JSON.stringify(v);
        expect(text).not.toContain('#'); // no physical card reference, so no deck or pile content
        for (const n of s.rng) expect(text).not.toContain(String(n));
        expect(Object.keys(v)).not.toContain('discards');
        expect(v).toMatchObject({
          visible: ids(s.visible).map((card, slot) => ({ slot, card })),
          habitations: [
            { card: 'smallHouse', remaining: 1 },
            { card: 'apartmentBlock', remaining: 2 },
            { card: 'luxuryResidence', remaining: 2 },
          ],
          specials: s.specials.map((card) => ({ card })),
          cities: [
            { seat: 0, coins: 2, cards: [{ card: 'townHall' }, { card: 'smallHouse' }] },
            { seat: 1, coins: 4, cards: [{ card: 'townHall' }] },
            { seat: 2, coins: 3, cards: [{ card: 'townHall' }] },
          ],
          decks: [
            { deck: 1, remaining: 26 },
            { deck: 2, remaining: 19 },
            { deck: 3, remaining: 17 },
          ],
        });
      }
    },
  );
});

describe('rulings of this engine (src/games/ville-de-demain/rules.md)', () => {
  it('D1 the Town Hall is a colourless card worth 1 coin of income that counts towards the 10 cards', () => {
    const s = newGame(2);
    expect(s.cities[0]).toEqual(['townHall']);
    const v = villeDeDemain.view(s, 0) as { cities: { colours: Record<string, number>; income: number; cardCount: number }[] };
    expect(v.cities[0]).toMatchObject({ colours: { blue: 0, green: 0, yellow: 0, orange: 0, purple: 0 }, income: 1, cardCount: 1 });
    const t = build(2, { cities: [['townHall', 'school'], ['townHall']], step: 'special', specials: ['touristOffice'] });
    expect(refused(t, 0, { type: 'takeSpecial', special: 'touristOffice' }).code).toBe('SPECIAL_CONDITION_NOT_MET');
  });

  it("D2 seat 0 holds the Prem's: it is the first player of every round", () => {
    for (const players of [2, 3, 4, 5]) {
      const s = newGame(players, `prems-${players}`);
      expect([s.firstPlayer, s.current]).toEqual([0, 0]);
      expect(villeDeDemain.toMove(s)).toEqual([0]);
      expect((villeDeDemain.view(s, null) as { lastPlayer: number }).lastPlayer).toBe(players - 1);
    }
  });

  it('D3 an empty deck is rebuilt only when a player draws from it, with every card discarded until then', () => {
    const s0 = newGame(2, 'late-rebuild');
    const a = s0.decks[1]!.slice(0, 2);
    // Deck 2 is empty with two cards discarded: nothing happens until someone draws from it.
    const s: VilleState = { ...s0, decks: [s0.decks[0]!, [], s0.decks[2]!], discards: [[], a, []] };
    const r = play(s, 0, { type: 'drawCard', deck: 1 });
    expect(r.events.map((e) => e.type)).toEqual(['cardDrawn']);
    expect(r.state.discards[1]).toEqual(a);
    const r2 = play(r.state, 0, { type: 'drawCard', deck: 2 });
    expect(r2.events[0]).toMatchObject({ type: 'deckRebuilt', deck: 2, size: 2 });
    expect(r2.state.decks[1]).toHaveLength(1);
  });

  it('D4 when no deck can be drawn, the refill stops short of 3 cards and the player goes on to buy', () => {
    const s0 = build(2, { visible: ['bakery'], coins: [5, 5], step: 'discard' });
    const empty: VilleState = { ...s0, decks: [[], [], []], discards: [[], [], []] };
    const kept = play(empty, 0, { type: 'skipDiscard' });
    expect(kept.events.at(-1)).toEqual({ type: 'stepBegan', seat: 0, step: 'build' });
    expect(legal(kept.state)).toContainEqual({ type: 'buyCard', slot: 0 });
    // Discarding the last card refills deck 1's pile, so it can be drawn again (rebuilt from it).
    const discarded = play(empty, 0, { type: 'discardCard', slot: 0 });
    expect(discarded.state.step).toBe('refill');
    const drawn = play(discarded.state, 0, { type: 'drawCard', deck: 1 });
    expect(ids(drawn.state.visible)).toEqual(['bakery']);
    expect(drawn.state.step).toBe('build');
  });

  it('D5 the discard step is offered whenever a card is visible, even fewer than 3, and skipped when none is', () => {
    const two = build(2, { visible: ['bakery', 'bank'], step: 'build', current: 1 });
    const r = play(two, 1, { type: 'takeCoin' });
    expect(r.state.step).toBe('discard');
    expect(legal(r.state)).toEqual([{ type: 'discardCard', slot: 0 }, { type: 'discardCard', slot: 1 }, { type: 'skipDiscard' }]);
    const none = build(2, { visible: [], step: 'build', current: 1 });
    expect(play(none, 1, { type: 'takeCoin' }).state.step).toBe('refill');
  });

  it('D6 the special step is skipped when the player can take no special building', () => {
    const s = build(2, { cities: [['townHall', 'school'], ['townHall']], step: 'build', specials: ['culturalCentre'] });
    const r = play(s, 0, { type: 'takeCoin' });
    expect(r.events.map((e) => e.type)).toEqual(['coinTaken', 'stepBegan']);
    expect(r.state.current).toBe(1);
    expect(refused({ ...r.state, current: 0, step: 'build' }, 0, { type: 'skipSpecial' }).code).toBe('NOT_SPECIAL_STEP');
  });

  it('D7 the bank is unlimited: incomes are paid in full whatever the coins in play', () => {
    const rich = ['townHall', 'diyStore', 'perfumery', 'palace', 'restaurant', 'offices', 'garage', 'spa', 'casino'];
    const s = build(2, { cities: [rich, ['townHall']], coins: [70, 70], current: 1, step: 'build' });
    expect(play(s, 1, { type: 'takeCoin' }).state.coins).toEqual([70 + 17, 71 + 1]);
  });

  it('D8 setup includes the first income phase (rulebook: "au 1er tour, 1 pièce chacun grâce à l\'hôtel de ville")', () => {
    const s = newGame(5);
    expect(s.round).toBe(1);
    expect(s.coins).toEqual([3, 3, 3, 3, 3]);
  });

  it('D9 a discard event names the slot and the deck, never the card; deck sizes are public', () => {
    let s = newGame(2, 'd9');
    s = playAll(s, 0, [
      { type: 'drawCard', deck: 3 },
      { type: 'drawCard', deck: 3 },
      { type: 'drawCard', deck: 3 },
      { type: 'takeCoin' },
    ]).state;
    const { events } = play(s, 1, { type: 'discardCard', slot: 0 });
    expect(events[0]).toEqual({ type: 'cardDiscarded', seat: 1, slot: 0, deck: 3 });
    expect(villeDeDemain.eventView(events[0]!, 0)).toEqual({ type: 'cardDiscarded', seat: 1, slot: 0, deck: 3 });
  });

  it('D10 Habitations are green for special conditions; special buildings have no colour', () => {
    const s = build(2, {
      cities: [['townHall', 'smallHouse', 'apartmentBlock'], ['townHall']],
      step: 'build',
      specials: ['communityGarden', 'culturalCentre'],
    });
    const r = play(s, 0, { type: 'takeCoin' });
    expect(legal(r.state)).toEqual([{ type: 'takeSpecial', special: 'communityGarden' }, { type: 'skipSpecial' }]);
    const t = play(r.state, 0, { type: 'takeSpecial', special: 'communityGarden' }).state;
    const v = villeDeDemain.view(t, null) as { cities: { colours: Record<string, number> }[] };
    expect(v.cities[0]!.colours).toEqual({ blue: 0, green: 2, yellow: 0, orange: 0, purple: 0 });
  });
});

describe('rulebook examples (Préparation)', () => {
  it('Préparation 4: "2 de chaque à 3 joueurs" Habitations of each kind', () => {
    expect(newGame(3).habitations).toEqual({ smallHouse: 2, apartmentBlock: 2, luxuryResidence: 2 });
    expect(newGame(5).habitations).toEqual({ smallHouse: 4, apartmentBlock: 4, luxuryResidence: 4 });
  });

  it('Préparation 5: "5 cartes à 3 joueurs" special buildings, drawn at random', () => {
    expect(newGame(3).specials).toHaveLength(5);
    const draws = new Set(Array.from({ length: 20 }, (_, i) => newGame(2, `sp${i}`).specials.join()));
    expect(draws.size).toBeGreaterThan(15);
    for (let i = 0; i < 20; i++) expect(newGame(4, `sp${i}`).specials).toHaveLength(6);
  });

  it('Préparation 3 and 6: three shuffled decks, 2 coins and a Town Hall each', () => {
    const s = newGame(2, 'a');
    expect(s.decks.map((d) => d.length)).toEqual([28, 20, 18]);
    expect(newGame(2, 'b').decks[0]).not.toEqual(s.decks[0]);
    expect(newGame(2, 'a')).toEqual(s); // the same seed, the same game
  });
});
