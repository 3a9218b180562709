/**
 * The engine's own rulings (src/games/town-center/rules.md, "Rulings of this engine"), one test each,
 * plus the view and message contracts of the issue.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson, randomPlayout } from '../../../src/engine/index.js';
import { townCenter } from '../../../src/games/town-center/index.js';
import { settled } from '../../../src/games/town-center/decide.js';
import { messages, RULES } from '../../../src/games/town-center/messages.js';
import type { TownCenterState } from '../../../src/games/town-center/types.js';
import { codeOf, newGame, play, playUntil, position } from './helpers.js';

const EMPTY = ['. - - - .', '- - - - -', '- - - - -', '- - - - -', '. - - - .'];

describe('rulings of this engine', () => {
  it('TC1 seat 0 is the first player of round 1 and places its City Hall first, then the others in seat order', () => {
    let s = newGame(3, {}, 'tc1');
    expect(s.firstPlayer).toBe(0);
    const order: number[] = [];
    while (s.phase === 'cityHall') {
      const seat = townCenter.toMove(s)[0]!;
      order.push(seat);
      s = play(s, seat, townCenter.legalMoves(s, seat)[0]!);
    }
    expect(order).toEqual([0, 1, 2]);
    expect(s.round).toBe(1);
    expect(s.firstPlayer).toBe(0);
  });

  it('TC2 the City Hall may go on any site, a Suburb one included (and then costs 1 point, R23)', () => {
    const s = newGame(1);
    expect(codeOf(s, 0, { type: 'placeCityHall', row: 0, col: 1 })).toBe('OK');
    expect(codeOf(s, 0, { type: 'placeCityHall', row: 0, col: 0 })).toBe('NO_SUCH_SITE');
  });

  it('TC3 unused City Halls stay in the reserve; every cube is counted: 123 per box', () => {
    const s = newGame(3);
    expect(s.reserve[5]).toBe(4);
    expect(newGame(6).reserve[5]).toBe(8);
    expect(newGame(6).boxes).toBe(2);
    expect(newGame(4).bag).toEqual([12, 24, 12, 16, 16, 0]);
  });

  it(
    'TC4 the bag is counts with no order; round 1 Offices go back and are redrawn; the draw is ' +
      'in the event, the generator state hidden',
    () => {
      const s = newGame(2, {}, 'tc4');
      const before = playUntil(s, (x) => x.towns.every((t) => t.stacks.some((st) => st === 'H')) || x.phase !== 'cityHall');
      expect(before.drawn).not.toMatch(/O/);
      const r = townCenter.decide(s, { type: 'placeCityHall', row: 2, col: 2 }, 0);
      expect(r.ok).toBe(true);
      const s1 = play(s, 0, { type: 'placeCityHall', row: 2, col: 2 });
      const r2 = townCenter.decide(s1, { type: 'placeCityHall', row: 2, col: 2 }, 1);
      const started = r2.ok ? r2.value.find((e) => e.type === 'roundStarted')! : null;
      expect(started).toMatchObject({ type: 'roundStarted', round: 1, firstPlayer: 0 });
      expect(JSON.stringify(townCenter.eventView(started!, null))).not.toContain('rng');
      expect(JSON.stringify(townCenter.view(s1, 0))).not.toContain(String(s1.rng[0]));
      // Over many seeds, some round-1 draws sent Offices back, and none kept one.
      let returned = 0;
      for (let i = 0; i < 40; i++) {
        const g = newGame(4, {}, `tc4-${i}`);
        let x = g;
        for (let seat = 0; seat < 3; seat++) x = play(x, seat, { type: 'placeCityHall', row: 2, col: 2 });
        const d = townCenter.decide(x, { type: 'placeCityHall', row: 2, col: 2 }, 3);
        const e = d.ok ? d.value.find((ev) => ev.type === 'roundStarted') : undefined;
        if (e?.type !== 'roundStarted') throw new Error('no draw');
        expect(e.cubes).not.toContain('office');
        expect(e.cubes).toHaveLength(8);
        returned += e.officesReturned;
      }
      expect(returned).toBeGreaterThan(0);
    },
  );

  it('TC5 solo bag: round 1 has no Office among the 3; in round 10 the last 2 cubes are built without returning one', () => {
    for (let i = 0; i < 10; i++) {
      const s = playUntil(newGame(1, { soloVariant: 'bag' }, `tc5-${i}`), (x) => x.phase === 'soloReturn');
      expect(s.hands[0]).not.toMatch(/O/);
    }
    const s = playUntil(newGame(1, { soloVariant: 'bag' }, 'tc5'), (x) => x.round === 10);
    expect(s.phase).toBe('construction');
    expect(s.hands[0]).toHaveLength(2);
    expect(s.bag.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('TC6 a Public Works turn with nothing to buy (money or sites) is passed without a move', () => {
    const s = settled(
      position({
        players: 2,
        towns: [
          { picture: EMPTY, money: 4 },
          { picture: EMPTY, money: 4 },
        ],
        fields: { phase: 'publicWorks', active: 1 },
      }),
    );
    expect(s.phase).not.toBe('publicWorks'); // both passed automatically, the next round has begun
    expect(s.round).toBe(2);
    const rich = settled(
      position({
        players: 2,
        towns: [
          { picture: EMPTY, money: 4 },
          { picture: EMPTY, money: 5 },
        ],
        fields: { phase: 'publicWorks', active: 1 },
      }),
    );
    expect(townCenter.toMove(rich)).toEqual([1]);
  });

  it('TC7 Offices a town cannot pay for are forfeited when Construction begins: k Offices, $m: max(0, k - floor(m/5)) go back', () => {
    // Seat 1 still holds a cube, so Construction goes on and seat 0's hand can be read.
    const s = (money: number) =>
      settled(position({ players: 2, towns: [{ picture: EMPTY, money }], fields: { phase: 'construction', hands: ['OO', 'U'] } })).hands[0];
    expect(s(4)).toBe('');
    expect(s(9)).toBe('O');
    expect(s(10)).toBe('OO');
  });

  it(
    'TC8 towers are built one cube at a time; 2-4 players: 2 per tower; 5-8: refused when the ' + 'rest could not bring every tower to 2',
    () => {
      let s = playUntil(newGame(2, {}, 'tc8'), (x) => x.phase === 'arrange');
      const first = townCenter.legalMoves(s, 0)[0]!;
      s = play(s, 0, first);
      s = play(s, 0, townCenter.legalMoves(s, 0).find((m) => m.type === 'stackCube' && m.tower === 0)!);
      expect(s.towers[0]).toHaveLength(2);
      expect(townCenter.legalMoves(s, 0).every((m) => m.type === 'stackCube' && m.tower !== 0)).toBe(true);
      const color = townCenter.legalMoves(s, 0)[0]! as { color: 'residential' };
      expect(codeOf(s, 0, { type: 'stackCube', color: color.color, tower: 0 })).toBe('TOWER_FULL');
      expect(codeOf(s, 0, { type: 'stackCube', color: color.color, tower: 2 })).toBe('NO_SUCH_TOWER');
    },
  );

  it('TC9 a development names a colour and a site; the cube goes on top of that stack whichever qualifying unit it serves', () => {
    // Two Residential units share the free spot (2,2); each has 2 Offices. One move, not two.
    const picture = ['. - - - .', '- O R O -', '- H - O -', '- O R H -', '. - - - .'];
    const s = settled(position({ towns: [{ picture }], fields: { phase: 'construction', hands: [''] } }));
    const moves = townCenter.legalMoves(s, 0).filter((m) => m.type === 'developCube' && m.row === 2 && m.col === 2);
    expect(moves).toEqual([{ type: 'developCube', color: 'residential', row: 2, col: 2 }]);
  });

  it('TC10 in simultaneous development a seat that can no longer develop leaves the phase at once; others go on', () => {
    const grows = ['. - - - .', '- O O - -', '- - R H -', '- - - - -', '. - - - .'];
    const s = settled(
      position({ players: 2, towns: [{ picture: grows }, { picture: EMPTY }], fields: { phase: 'construction', hands: ['', ''] } }),
    );
    expect(s.devMode).toBe('simultaneous');
    expect(townCenter.toMove(s)).toEqual([0]);
    expect(townCenter.legalMoves(s, 1)).toEqual([]);
  });

  it('TC11 ranks: score, then cubes on level 5, 4, ... 1; all equal share the rank and the win', () => {
    const town = { picture: ['. - - - .', '- H - - -', '- - - - -', '- - - - -', '. - - - .'], money: 10 };
    const o = townCenter.outcome(position({ players: 3, towns: [town, town, { ...town, money: 15 }], fields: { phase: 'over' } }))!;
    expect(o.scores).toEqual([2, 2, 3]);
    expect(o.ranks).toEqual([2, 2, 1]);
    expect(o.winners).toEqual([2]);
  });

  it('TC12 the Central Park solo map replaces the player board; boardSide is ignored with it; it needs 1 player', () => {
    expect(newGame(1, { soloVariant: 'centralPark', boardSide: 'B' }).towns[0]!.board).toBe('centralPark');
    expect(newGame(1, { soloVariant: 'bag', boardSide: 'B' }).towns[0]!.board).toBe('B');
    expect(newGame(3, { boardSide: 'B' }).towns.map((t) => t.board)).toEqual(['B', 'B', 'B']);
    expect(townCenter.checkConfig!(3, { boardSide: 'A', soloVariant: 'centralPark', seatSides: '' })).not.toBeNull();
    expect(townCenter.checkConfig!(1, { boardSide: 'A', soloVariant: 'centralPark', seatSides: '' })).toBeNull();
  });

  it('TC13 the solo level table: 0-39 Homestead / Lieu Dit ... 100+ Megalopolis / Mégalopole, negative scores are Homestead', () => {
    const level = (money: number) => {
      const s = position({ towns: [{ picture: EMPTY, money }], fields: { phase: 'over' } });
      return (townCenter.outcome(s)!.detail as { soloLevel: { en: string; fr: string } }).soloLevel;
    };
    expect(level(0)).toEqual({ en: 'Homestead', fr: 'Lieu Dit' });
    expect(level(5 * 39)).toEqual({ en: 'Homestead', fr: 'Lieu Dit' });
    expect(level(5 * 40)).toEqual({ en: 'Hamlet', fr: 'Hameau' });
    expect(level(5 * 80)).toEqual({ en: 'Suburb', fr: 'Ville' });
    expect(level(5 * 85)).toEqual({ en: 'City', fr: 'Agglomération' });
    expect(level(5 * 100)).toEqual({ en: 'Megalopolis', fr: 'Mégalopole' });
    const below = position({
      towns: [{ picture: ['. H - - .', '- - - - -', '- - - - -', '- - - - -', '. - - - .'], money: 0 }],
      fields: { phase: 'over' },
    });
    expect(townCenter.outcome(below)!.scores).toEqual([-1]);
    expect((townCenter.outcome(below)!.detail as { soloLevel: { en: string } }).soloLevel.en).toBe('Homestead');
  });
});

describe('board sides per seat', () => {
  it('TC14 seatSides gives each seat its own board side; it needs one A or B per seat; each town is checked on its own board', () => {
    const s = newGame(3, { seatSides: 'ABA' }, 'tc14');
    expect(s.towns.map((t) => t.board)).toEqual(['A', 'B', 'A']);
    expect(townCenter.checkConfig!(3, { boardSide: 'A', soloVariant: 'bag', seatSides: 'AB' })?.code).toBe('SEAT_SIDES');
    expect(townCenter.checkConfig!(3, { boardSide: 'A', soloVariant: 'bag', seatSides: 'ABC' })?.code).toBe('SEAT_SIDES');
    expect(townCenter.checkConfig!(3, { boardSide: 'A', soloVariant: 'bag', seatSides: 'ABB' })).toBeNull();
    // (1,3) is Center on side A and a Suburb on side B: a tower there is refused only in seat 1's town.
    const picture = ['. - - - .', '- - - U -', '- U EE - -', '- - - - -', '. - - - .'];
    const p = position({ players: 2, towns: [{ picture }, { picture }], fields: { phase: 'construction', hands: ['R', 'R'] } });
    const both = { ...p, towns: [p.towns[0]!, { ...p.towns[1]!, board: 'B' }] };
    expect(codeOf(both, 0, { type: 'buildCube', color: 'residential', row: 1, col: 3 })).toBe('OK');
    expect(codeOf(both, 1, { type: 'buildCube', color: 'residential', row: 1, col: 3 })).toBe('SUBURB_NO_TOWER');
    const v = townCenter.view(newGame(2, { seatSides: 'BA' }), null) as { towns: { board: { id: string } }[] };
    expect(v.towns.map((t) => t.board.id)).toEqual(['B', 'A']);
  });
});

describe('view and messages', () => {
  it(
    'the view shows every town with stacks, units (size, height, powered), height limit, ' + 'income and score now; never the generator',
    () => {
      const picture = ['. - H - .', '- - U - -', '- O CCC - -', '- E R C -', '. U - - .'];
      const s: TownCenterState = position({ players: 2, towns: [{ picture, money: 12 }], fields: { phase: 'publicWorks', active: 1 } });
      const v = townCenter.view(s, null) as Record<string, unknown>;
      const viewer0 = townCenter.view(s, 0);
      expect(canonicalJson(viewer0)).toBe(canonicalJson(v)); // everything is public
      expect(JSON.stringify(v)).not.toContain(String(s.rng[1]));
      expect(v).toMatchObject({ phase: 'publicWorks', round: 1, toMove: [1], bag: { office: 6, residential: 12 } });
      const town = (v.towns as Record<string, unknown>[])[0]!;
      expect(town).toMatchObject({
        money: 12,
        heightLimit: 1,
        income: { commercial: 9, parking: 3, cityHall: 1, total: 13 },
        score: { cash: 2, residential: 0, suburbs: -2, total: 0 }, // the Residential cube has no yellow neighbour
        prices: { utility: 15, elevator: 10 },
      });
      expect(town.commercialUnits).toEqual([
        expect.objectContaining({ size: 3, height: 3, powered: true, value: 9 }),
        expect.objectContaining({ size: 1, height: 1, powered: false, value: 0 }),
      ]);
      expect((town.sites as { stack: string[] }[])[1]).toEqual({ row: 0, col: 2, center: false, stack: ['cityHall'] });
    },
  );

  it('every rejection has a specific code, a plain sentence and a rule', () => {
    for (const [code, rule] of Object.entries(RULES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(messages.en[code]!.length).toBeGreaterThan(20);
      expect(messages.fr[code]!.length).toBeGreaterThan(20);
      expect(rule.length).toBeGreaterThan(1);
    }
    const s = position({
      towns: [{ picture: ['. - - - .', '- - - - -', '- - R - -', '- - - - -', '. - - - .'] }],
      fields: { phase: 'construction', hands: ['R'] },
    });
    const r = townCenter.decide(s, { type: 'buildCube', color: 'residential', row: 2, col: 3 }, 0);
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'RESIDENTIAL_SPACING',
        message: 'A Residential cube may not be built next to another Residential cube (Construction, spacing rule).',
        rule: 'R10',
        key: 'RESIDENTIAL_SPACING',
      },
    });
    const early = townCenter.decide(s, { type: 'pass' }, 0);
    expect(early.ok ? '' : early.error.message).toBe('This kind of move is not made now: the game is in Phase II, Construction.');
  });

  it('the same seed and choices give the same game, event for event', () => {
    const config = { players: 3, options: { boardSide: 'A', soloVariant: 'bag', seatSides: '' }, seed: 'same' };
    const a = randomPlayout<TownCenterState>(townCenter, config, 'choices');
    const b = randomPlayout<TownCenterState>(townCenter, config, 'choices');
    expect(canonicalJson(a.steps.map((x) => x.events))).toBe(canonicalJson(b.steps.map((x) => x.events)));
    expect(townCenter.outcome(a.state)).toEqual(townCenter.outcome(b.state));
  });
});

describe('every rejection code', () => {
  it('each code of the message table is produced by some move, and the list has no dead entry', () => {
    const seen = new Set<string>();
    const tryMove = (s: TownCenterState, seat: number, move: unknown) => {
      const r = townCenter.decide(s, move as never, seat);
      if (!r.ok) seen.add(r.error.code);
    };
    const EMPTY_TOWN = ['. - - - .', '- H - - -', '- - - - -', '- - - - -', '. - - - .'];
    // Setup and Investment.
    const setup = newGame(2, {}, 'codes');
    tryMove(setup, 0, { type: 'pass' }); // WRONG_PHASE
    tryMove(setup, 0, { type: 'placeCityHall', row: 4, col: 4 }); // NO_SUCH_SITE
    tryMove(setup, 0, { type: 'returnCube', color: 'office' }); // SOLO_ONLY
    const arrange = position({ players: 2, fields: { phase: 'arrange', drawn: 'RRRU', towers: ['RR', ''], active: 0 } });
    tryMove(arrange, 0, { type: 'stackCube', color: 'office', tower: 1 }); // NOT_DRAWN
    tryMove(arrange, 0, { type: 'stackCube', color: 'utility', tower: 0 }); // TOWER_FULL
    tryMove(arrange, 0, { type: 'stackCube', color: 'utility', tower: 3 }); // NO_SUCH_TOWER
    const five = position({ players: 5, fields: { phase: 'arrange', drawn: 'RRRRRR', towers: ['RRRR', '', '', ''], active: 0 } });
    tryMove(five, 0, { type: 'stackCube', color: 'residential', tower: 0 }); // TOWERS_INCOMPLETE
    const pick = position({ players: 2, fields: { phase: 'pick', towers: ['', 'RU'], active: 0, picks: 2 } });
    tryMove(pick, 0, { type: 'takeCube', tower: 0 }); // TOWER_EMPTY
    // Construction.
    const c = (picture: string[], hand: string) => position({ towns: [{ picture }], fields: { phase: 'construction', hands: [hand] } });
    tryMove(c(EMPTY_TOWN, 'R'), 0, { type: 'buildCube', color: 'office', row: 2, col: 2 }); // NOT_IN_HAND
    tryMove(c(['. - - - .', '- H - - -', '- - EEEEE - -', '- - - - -', '. - - - .'], 'E'), 0, {
      type: 'buildCube',
      color: 'elevator',
      row: 2,
      col: 2,
    }); // STACK_FULL
    tryMove(c(['. U - - .', '- H - - -', '- - - - -', '- - - - -', '. - - - .'], 'E'), 0, {
      type: 'buildCube',
      color: 'elevator',
      row: 0,
      col: 1,
    }); // SUBURB_NO_TOWER
    tryMove(c(EMPTY_TOWN, 'E'), 0, { type: 'buildCube', color: 'elevator', row: 1, col: 1 }); // BLACK_ONLY_ON_BLACK
    tryMove(c(['. - - - .', '- H E - -', '- - - - -', '- - - - -', '. - - - .'], 'U'), 0, {
      type: 'buildCube',
      color: 'utility',
      row: 1,
      col: 2,
    }); // NOTHING_ON_BLACK
    tryMove(c(EMPTY_TOWN, 'U'), 0, { type: 'buildCube', color: 'utility', row: 1, col: 1 }); // HEIGHT_LIMIT
    tryMove(c(['. - - - .', '- H R C -', '- - - - -', '- - - - -', '. - - - .'], 'RC'), 0, {
      type: 'buildCube',
      color: 'residential',
      row: 2,
      col: 2,
    }); // RESIDENTIAL_SPACING
    tryMove(c(['. - - - .', '- H R C -', '- - - - -', '- - - - -', '. - - - .'], 'RC'), 0, {
      type: 'buildCube',
      color: 'commercial',
      row: 2,
      col: 3,
    }); // COMMERCIAL_SPACING
    tryMove(c(['. U U U .', 'U U - U U', 'U U - U U', 'U U - U U', '. U U U .'], 'RR'), 0, {
      type: 'buildCube',
      color: 'residential',
      row: 2,
      col: 2,
    }); // BOTH_CUBES_RULE
    // Development.
    const dev = settled(
      position({
        towns: [{ picture: ['. - - - .', '- O O - -', '- - R H -', '- - - - -', '. - - - .'] }],
        fields: { phase: 'construction', hands: [''] },
      }),
    );
    expect(dev.phase).toBe('development');
    tryMove(dev, 0, { type: 'developCube', color: 'office', row: 2, col: 1 }); // NOT_DEVELOPABLE (the schema already refuses it)
    tryMove(dev, 0, { type: 'developCube', color: 'residential', row: 3, col: 3 }); // DEVELOPMENT_SPOT
    tryMove({ ...dev, reserve: dev.reserve.map((k, i) => (i === 1 ? 0 : k)) }, 0, {
      type: 'developCube',
      color: 'residential',
      row: 2,
      col: 1,
    }); // RESERVE_EMPTY
    // Public Works.
    const works = (picture: string[], money: number) =>
      position({ towns: [{ picture, money }], fields: { phase: 'publicWorks', active: 0 } });
    tryMove(works(EMPTY_TOWN, 30), 0, { type: 'buyCube', color: 'office', row: 2, col: 2 }); // NOT_FOR_SALE (the schema already refuses it)
    tryMove(works(EMPTY_TOWN, 4), 0, { type: 'buyCube', color: 'utility', row: 2, col: 2 }); // NOT_ENOUGH_MONEY
    tryMove(works(EMPTY_TOWN, 30), 0, { type: 'buyCube', color: 'elevator', row: 1, col: 1 }); // FIRST_BLACK_ON_GROUND
    tryMove(works(['. - - - .', '- H E - -', '- - - - -', '- - - - -', '. - - - .'], 30), 0, {
      type: 'buyCube',
      color: 'elevator',
      row: 2,
      col: 2,
    }); // ELEVATOR_ON_BLACK
    expect([...seen].sort()).toEqual(Object.keys(RULES).sort());
  });
});
