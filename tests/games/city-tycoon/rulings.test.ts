import { describe, expect, it } from 'vitest';
import { routesFrom } from '../../../src/games/city-tycoon/supply.js';
import { nextOrder } from '../../../src/games/city-tycoon/rules.js';
import { ROUND_TILES } from '../../../src/games/city-tycoon/data.js';
import type { Move, State } from '../../../src/games/city-tycoon/types.js';
import { constructionState, game, mapOf, newGame, play, refusal, supplyState, withTile } from './helpers.js';

const legal = (s: State, seat: number) => game.legalMoves(s, seat);
const ofType = (moves: Move[], type: Move['type']) => moves.filter((m) => m.type === type);

/** Builds `tile` for seat `seat` (whose turn it is) at (x, y) with cost level `level`. */
function build(s: State, seat: number, tile: string, x: number, y: number, level = 0) {
  const a = play(s, seat, { type: 'buildDistrict', tile, level });
  return play(a.state, seat, { type: 'place', x, y });
}

describe('C1 the map', () => {
  it('C1 a new tile must share an edge with a placed tile, on a free square', () => {
    const s = play(constructionState(4, [['t1_01']]), 0, { type: 'buildDistrict', tile: 't1_01', level: 0 }).state;
    expect(refusal(s, 0, { type: 'place', x: 5, y: 5 })).toBe('NOT_ADJACENT');
    expect(refusal(s, 0, { type: 'place', x: 0, y: 0 })).toBe('CELL_OCCUPIED');
    expect(play(s, 0, { type: 'place', x: 2, y: 0 }).state.cells['2,0']).toMatchObject({ kind: 'district', owner: 0, tile: 't1_01' });
  });

  it('C1 terrain counts as a placed tile to build against', () => {
    const s0 = constructionState(4, [['t1_01']]);
    const s = { ...s0, cells: { ...s0.cells, ...mapOf(['~~'], -1, 0) } };
    const r = play(s, 0, { type: 'buildDistrict', tile: 't1_01', level: 0 }).state;
    expect(play(r, 0, { type: 'place', x: -2, y: 0 }).state.cells['-2,0']!.owner).toBe(0);
  });

  it('C1 with 2 players nothing goes south or east of the starting block', () => {
    const s = play(constructionState(2, [['t1_01']]), 0, { type: 'buildDistrict', tile: 't1_01', level: 0 }).state;
    expect(ofType(legal(s, 0), 'place')).toEqual([
      { type: 'place', x: 0, y: -1 },
      { type: 'place', x: 1, y: -1 },
      { type: 'place', x: -1, y: 0 },
      { type: 'place', x: -1, y: 1 },
    ]);
    expect(refusal(s, 0, { type: 'place', x: 2, y: 0 })).toBe('OUTSIDE_MAP');
    expect(refusal(s, 0, { type: 'place', x: 0, y: 2 })).toBe('OUTSIDE_MAP');
    expect(refusal(s, 0, { type: 'place', x: 2, y: -1 })).toBe('OUTSIDE_MAP');
  });

  it('C1 with 3 players nothing goes south of the starting block; east is open', () => {
    const s = play(constructionState(3, [['t1_01']]), 0, { type: 'buildDistrict', tile: 't1_01', level: 0 }).state;
    expect(ofType(legal(s, 0), 'place')).toHaveLength(6);
    expect(refusal(s, 0, { type: 'place', x: 1, y: 2 })).toBe('OUTSIDE_MAP');
    expect(play(s, 0, { type: 'place', x: 2, y: 1 }).state.cells['2,1']!.owner).toBe(0);
  });

  it('C1 with 4 and 5 players every side is open', () => {
    for (const n of [4, 5]) {
      const s = play(constructionState(n, [['t1_01']]), 0, { type: 'buildDistrict', tile: 't1_01', level: 0 }).state;
      expect(ofType(legal(s, 0), 'place')).toHaveLength(8);
    }
  });
});

describe('C2 money and turn order', () => {
  it('C2 start money is $20 for the first in turn order and $2 more for each next', () => {
    for (const n of [2, 3, 4, 5]) {
      const s = newGame(n, `money-${n}`);
      expect(s.order.map((seat) => s.money[seat])).toEqual(Array.from({ length: n }, (_, i) => 20 + 2 * i));
    }
  });

  it('C2 round 1 turn order is drawn at random from the seed', () => {
    const orders = new Set(Array.from({ length: 20 }, (_, i) => newGame(4, `order-${i}`).order.join()));
    expect(orders.size).toBeGreaterThan(5);
    expect(newGame(4, 'same').order).toEqual(newGame(4, 'same').order);
  });

  it('C2 later rounds go poorest first, ties keeping their previous order', () => {
    const s = { ...newGame(4), order: [2, 0, 1, 3], money: [10, 5, 10, 3] };
    expect(nextOrder(s)).toEqual([3, 1, 2, 0]);
  });

  it('C2 the next round starts with the new order when the last player passes', () => {
    const s = supplyState(3, mapOf(['cP cW', 'cD cD']), 10, [0, 1, 2]);
    const rich = { ...s, money: [30, 12, 12] };
    let t = play(rich, 0, { type: 'pass' }).state;
    t = play(t, 1, { type: 'pass' }).state;
    const { state, events } = play(t, 2, { type: 'pass' });
    expect(events.map((e) => e.type)).toEqual(['supplyPassed', 'cleanedUp', 'roundStarted']);
    expect(state.order).toEqual([1, 2, 0]);
    expect(state.round).toBe(2);
    expect(state.phase).toBe('draft');
  });
});

describe('C3 the draft', () => {
  it('C3 each player gets 6 random tiles of the round stack, seen only by that player', () => {
    const s = newGame(5, 'deal');
    const all = s.hands.flat();
    expect(s.hands.every((h) => h.length === 6)).toBe(true);
    expect(new Set(all).size).toBe(30);
    expect(all.every((t) => ROUND_TILES[0]!.includes(t))).toBe(true);
    const other = JSON.stringify(game.view(s, 1));
    for (const t of s.hands[0]!) expect(other.includes(`"${t}"`)).toBe(false);
    expect(JSON.stringify(game.view(s, 0))).toContain(`"${s.hands[0]![0]}"`);
  });

  it('C3 CT1 keeping one tile then passing the rest to the right-hand neighbour (the previous seat)', () => {
    const s = newGame(3, 'pass');
    let t = s;
    for (const seat of [0, 1, 2]) {
      expect(game.toMove(t)).toContain(seat);
      t = play(t, seat, { type: 'keepTile', tile: s.hands[seat]![0]! }).state;
      if (seat < 2) expect(game.toMove(t)).not.toContain(seat);
    }
    // seat s now holds what seat s+1 had, minus the tile seat s+1 kept
    for (const seat of [0, 1, 2]) expect(t.hands[seat]).toEqual(s.hands[(seat + 1) % 3]!.slice(1));
    expect(game.toMove(t)).toEqual([0, 1, 2]);
    expect(t.kept.map((k) => k.length)).toEqual([1, 1, 1]);
  });

  it('CT1 the draftPass option "left" passes to the next seat instead, as in the worked example', () => {
    const s = newGame(3, 'pass', { draftPass: 'left' });
    let t = s;
    for (const seat of [0, 1, 2]) t = play(t, seat, { type: 'keepTile', tile: s.hands[seat]![0]! }).state;
    for (const seat of [0, 1, 2]) expect(t.hands[seat]).toEqual(s.hands[(seat + 2) % 3]!.slice(1));
  });

  it('C3 a player keeps only a tile of their own hand, once per pass', () => {
    const s = newGame(3, 'keep');
    expect(refusal(s, 0, { type: 'keepTile', tile: s.hands[1]![0]! })).toBe('TILE_NOT_IN_HAND');
    const t = play(s, 0, { type: 'keepTile', tile: s.hands[0]![0]! }).state;
    expect(refusal(t, 0, { type: 'keepTile', tile: t.hands[0]![0]! })).toBe('NOT_YOUR_TURN');
    expect(game.decide(t, { type: 'keepTile', tile: t.hands[0]![0]! }, 0)).toMatchObject({ ok: false, error: { code: 'ALREADY_KEPT' } });
  });

  it('C3 CT10 the draft ends with 6 kept tiles each, the last tile of a hand kept automatically', () => {
    let s = newGame(4, 'ct10');
    for (let pass = 0; pass < 5; pass++) {
      for (const seat of [0, 1, 2, 3]) {
        const r = play(s, seat, { type: 'keepTile', tile: s.hands[seat]![0]! });
        s = r.state;
        if (pass === 4 && seat === 3) {
          expect(r.events.map((e) => e.type)).toEqual([
            'tileKept',
            'handsPassed',
            'tileKept',
            'tileKept',
            'tileKept',
            'tileKept',
            'constructionStarted',
          ]);
        }
      }
    }
    expect(s.kept.every((k) => k.length === 6)).toBe(true);
    expect(s.phase).toBe('construction');
    expect(game.toMove(s)).toEqual([s.order[0]]);
  });
});

describe('C4 construction', () => {
  it('C4 building a district pays its cost, takes its construction bonus and marks it with the owner', () => {
    const s = constructionState(4, [['t1_06'], ['t1_01']]); // Terraces I: $5 +$2
    const { state } = build(s, 0, 't1_06', 2, 0);
    expect(state.money[0]).toBe(30 - 5 + 2);
    expect(state.cells['2,0']).toMatchObject({ kind: 'district', owner: 0, tile: 't1_06' });
    expect(state.kept[0]).toEqual([]);
    expect(game.toMove(state)).toEqual([1]);
  });

  it('C4 building the top plant on a chosen side: its cost, cubes, recycling value and the marker', () => {
    const s = constructionState(4, [['t1_01'], ['t1_02']]);
    const a = play(s, 0, { type: 'buildPlant', tile: 't1_01', plant: 'power', side: 'b' }).state;
    expect(a.discard).toEqual(['t1_01']);
    expect(a.plantStacks.power[0]).toBe('power2');
    const { state } = play(a, 0, { type: 'place', x: -1, y: 0 });
    expect(state.cells['-1,0']).toMatchObject({ kind: 'plant', owner: 0, tile: 'power1', plant: 'power', side: 'b', cubes: 2, recycle: 1 });
    expect(state.money[0]).toBe(30 - 9);
  });

  it('C4 selling a tile gives $5 and discards it', () => {
    const s = constructionState(4, [['t1_01']]);
    const { state } = play(s, 0, { type: 'sellTile', tile: 't1_01' });
    expect(state.money[0]).toBe(35);
    expect(state.discard).toEqual(['t1_01']);
  });

  it('C4 a district or plant the player cannot afford cannot be chosen', () => {
    const s = constructionState(4, [['t1_01', 't1_25']], 2); // $3 district, $2 park
    const moves = legal(s, 0);
    expect(moves).toEqual([
      { type: 'sellTile', tile: 't1_01' },
      { type: 'buildDistrict', tile: 't1_25', level: 0 },
      { type: 'sellTile', tile: 't1_25' },
    ]);
    expect(refusal(s, 0, { type: 'buildDistrict', tile: 't1_01', level: 0 })).toBe('CANNOT_AFFORD');
    expect(refusal(s, 0, { type: 'buildPlant', tile: 't1_01', plant: 'water', side: 'a' })).toBe('CANNOT_AFFORD');
  });

  it('C4 only kept tiles can be revealed, one action at a time', () => {
    const s = constructionState(4, [['t1_01'], ['t1_02']]);
    expect(refusal(s, 0, { type: 'sellTile', tile: 't1_02' })).toBe('TILE_NOT_KEPT');
    expect(refusal(s, 0, { type: 'place', x: 2, y: 0 })).toBe('NOTHING_TO_PLACE');
    const r = play(s, 0, { type: 'buildDistrict', tile: 't1_01', level: 0 }).state;
    expect(refusal({ ...r, kept: [['t1_03'], ['t1_02']] }, 0, { type: 'sellTile', tile: 't1_03' })).toBe('PLACEMENT_PENDING');
    expect(refusal(r, 0, { type: 'pass' })).toBe('WRONG_PHASE');
  });

  it('C4 a plant stack that is empty offers no plant', () => {
    const s = { ...constructionState(4, [['t1_01']]), plantStacks: { power: [], water: ['water6'] } };
    expect(ofType(legal(s, 0), 'buildPlant')).toEqual([
      { type: 'buildPlant', tile: 't1_01', plant: 'water', side: 'a' },
      { type: 'buildPlant', tile: 't1_01', plant: 'water', side: 'b' },
    ]);
    expect(refusal(s, 0, { type: 'buildPlant', tile: 't1_01', plant: 'power', side: 'a' })).toBe('PLANT_STACK_EMPTY');
  });

  it('C4 construction goes round in turn order until every kept tile is used, then supply starts', () => {
    let s = constructionState(2, [['t1_01', 't1_02'], ['t1_03']]);
    s = play(s, 0, { type: 'sellTile', tile: 't1_01' }).state;
    expect(game.toMove(s)).toEqual([1]);
    s = play(s, 1, { type: 'sellTile', tile: 't1_03' }).state;
    expect(game.toMove(s)).toEqual([0]);
    const r = play(s, 0, { type: 'sellTile', tile: 't1_02' });
    expect(r.events.map((e) => e.type)).toEqual(['tileSold', 'supplyStarted']);
    expect(r.state.phase).toBe('supply');
  });
});

describe('C5 terrain', () => {
  it('C5 forest tiles are placed next to the new district and owned by the builder', () => {
    const s = constructionState(4, [['t1_05'], ['t1_01']]); // Cottages I: forest 2
    const a = build(s, 0, 't1_05', 2, 0).state;
    expect(a.pending).toMatchObject({ kind: 'terrain', terrain: 'forest', remaining: 2 });
    expect(legal(a, 0)).toEqual([
      { type: 'placeTerrain', x: 2, y: -1 },
      { type: 'placeTerrain', x: 3, y: 0 },
      { type: 'placeTerrain', x: 2, y: 1 },
    ]);
    expect(refusal(a, 0, { type: 'placeTerrain', x: 4, y: 0 })).toBe('TERRAIN_NOT_ADJACENT');
    const b = play(a, 0, { type: 'placeTerrain', x: 3, y: 0 }).state;
    expect(b.cells['3,0']).toMatchObject({ kind: 'forest', owner: 0 });
    expect(game.toMove(b)).toEqual([0]);
    const c = play(b, 0, { type: 'placeTerrain', x: 2, y: 1 }).state;
    expect(c.terrainLeft).toBe(30);
    expect(c.pending).toBeNull();
    expect(game.toMove(c)).toEqual([1]);
  });

  it('C5 water tiles belong to no one and stop cubes; forests let them pass for a toll', () => {
    const s = constructionState(4, [['t1_12'], ['t1_05']]); // Trade Plaza I: water 1
    const a = build(s, 0, 't1_12', 2, 0).state;
    const b = play(a, 0, { type: 'placeTerrain', x: 3, y: 0 }).state;
    expect(b.cells['3,0']).toMatchObject({ kind: 'water', owner: null });
    const withDistrict = { ...b.cells, ...mapOf(['D0'], 4, 0) };
    expect(routesFrom(withDistrict, 0, 'power', { x: 4, y: 0 })).toEqual([]);
    const forest = { ...b.cells, ...mapOf(['F1 D0'], 2, 1) };
    expect(routesFrom(forest, 0, 'power', { x: 3, y: 1 })[0]).toMatchObject({ cost: 4 }); // city $2 + seat 1's forest $2
  });

  it('C5 terrain that finds no free adjacent place is not placed', () => {
    const s0 = constructionState(4, [['t1_05'], ['t1_01']]);
    const s = { ...s0, cells: { ...s0.cells, ...mapOf(['.. D1 ..', 'D1 .. D1', '.. D1 ..'], 1, -2) } };
    const { state, events } = build(s, 0, 't1_05', 2, -1);
    expect(events.map((e) => e.type)).toEqual(['districtBuilt', 'terrainSkipped', 'turnChanged']);
    expect(state.terrainLeft).toBe(32);
  });

  it('CT3 terrain stops when the 32 terrain tiles are used up', () => {
    const s = { ...constructionState(4, [['t1_05'], ['t1_01']]), terrainLeft: 1 };
    const a = build(s, 0, 't1_05', 2, 0).state;
    const { state, events } = play(a, 0, { type: 'placeTerrain', x: 3, y: 0 });
    expect(events.map((e) => e.type)).toEqual(['terrainPlaced', 'terrainSkipped', 'turnChanged']);
    expect(state.terrainLeft).toBe(0);
  });

  it('CT3 terrain squares respect the closed sides (C1)', () => {
    const s = constructionState(2, [['t1_05'], ['t1_01']]);
    const a = build(s, 0, 't1_05', -1, 1).state;
    expect(legal(a, 0)).toEqual([
      { type: 'placeTerrain', x: -1, y: 0 },
      { type: 'placeTerrain', x: -2, y: 1 },
    ]);
    expect(refusal(a, 0, { type: 'placeTerrain', x: -1, y: 2 })).toBe('TERRAIN_NOT_ADJACENT');
  });
});

describe('C6-C9 supply', () => {
  const twoDistricts = () => withTile(withTile(mapOf(['cP cW D0', 'cD cD D1']), 2, 0, 't1_01'), 2, 1, 't1_01');

  it('C6 a player supplies only their own district that has no cubes yet this round', () => {
    const s = supplyState(2, twoDistricts(), 30, [0, 1]);
    expect(refusal(s, 0, { type: 'supply', x: 2, y: 1, option: 0 })).toBe('NOT_YOUR_DISTRICT');
    expect(refusal(s, 0, { type: 'supply', x: 0, y: 1, option: 0 })).toBe('NOT_YOUR_DISTRICT');
    expect(refusal(s, 0, { type: 'supply', x: 2, y: 0, option: 2 })).toBe('NO_SUCH_OPTION');
    const a = play(s, 0, { type: 'supply', x: 2, y: 0, option: 0 }).state;
    const b = play(a, 1, { type: 'pass' }).state;
    expect(refusal(b, 0, { type: 'supply', x: 2, y: 0, option: 1 })).toBe('ALREADY_SUPPLIED');
  });

  it('C6 all cubes of an option are delivered at once or not at all', () => {
    const cells = withTile(mapOf(['cP cW D0', 'cD cD ..'], 0, 0, 1), 2, 0, 't1_06'); // EE>$9 or W>1vp
    const s = supplyState(2, cells, 30, [0, 1]);
    expect(legal(s, 0)).toEqual([{ type: 'supply', x: 2, y: 0, option: 1 }, { type: 'pass' }]);
    expect(refusal(s, 0, { type: 'supply', x: 2, y: 0, option: 0 })).toBe('NO_CUBES_REACHABLE');
  });

  it("C6 goods come from the player's stock with no transport", () => {
    const cells = withTile(mapOf(['cP cW', 'cD cD', '.. D0'], 0, 0, 0), 1, 2, 't1_07'); // Market I: G>$6
    const s = { ...supplyState(2, cells, 10, [0, 1]), goods: [1, 0] };
    const { state } = play(s, 0, { type: 'supply', x: 1, y: 2, option: 0 });
    expect(state.money[0]).toBe(16);
    expect(state.goods[0]).toBe(0);
    expect(state.cells['1,2']!.supplied).toEqual({ option: 0, electricity: 0, water: 0, goods: 1 });
    expect(refusal({ ...s, goods: [0, 0] }, 0, { type: 'supply', x: 1, y: 2, option: 0 })).toBe('NOT_ENOUGH_GOODS');
  });

  it("C6 passing ends a player's supply phase; the others go on until all have passed", () => {
    const s = supplyState(2, twoDistricts(), 30, [0, 1]);
    const a = play(s, 0, { type: 'pass' }).state;
    expect(game.toMove(a)).toEqual([1]);
    const b = play(a, 1, { type: 'supply', x: 2, y: 1, option: 0 }).state;
    expect(game.toMove(b)).toEqual([1]);
    expect(legal(b, 0)).toEqual([]);
    expect(b.phase).toBe('supply');
  });

  it("C7 each cube pays $2 to another player's plant, $2 per opponent tile crossed and the city once", () => {
    // water from seat 1's station at (4,0) through seat 2's forest; power from the city through the city
    const cells = withTile(mapOf(['cP cW D0 F2 W1', 'cD cD .. .. ..']), 2, 0, 't1_13'); // Offices I: EW>2vp
    cells['1,0'] = { ...cells['1,0']!, cubes: 0 };
    const s = supplyState(3, cells, 30, [0, 1, 2]);
    const { events, state } = play(s, 0, { type: 'supply', x: 2, y: 0, option: 0 });
    const e = events.find((x) => x.type === 'districtSupplied');
    expect(e && e.type === 'districtSupplied' && e.transfers).toEqual([
      { from: 0, to: 'bank', amount: 2 },
      { from: 0, to: 1, amount: 2 },
      { from: 0, to: 2, amount: 2 },
    ]);
    expect(state.money).toEqual([24, 32, 32]);
  });

  it("C9 the benefit is paid at once, with the cooperation bonus of adjacent tiles, opponents' included", () => {
    // Row Houses I at (2,0), parks of seat 1 on two sides (residential +1vp each), as in the rulebook's worked game
    let cells = mapOf(['cP cW D0 D1', 'cD cD D1 ..']);
    cells = withTile(withTile(withTile(cells, 2, 0, 't1_01'), 3, 0, 't1_25'), 2, 1, 't1_26');
    const s = supplyState(2, cells, 30, [0, 1]);
    const { state } = play(s, 0, { type: 'supply', x: 2, y: 0, option: 0 });
    expect(state.money[0]).toBe(30 - 2 + 4);
    expect(state.vp[0]).toBe(2);
    const v = game.view(s, 0) as { supplyCosts: unknown[] };
    // The one electricity cube comes from the city's power plant, through the city (one $2 toll).
    const route = [
      {
        resource: 'power',
        path: [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 2, y: 0 },
        ],
        cost: 2,
      },
    ];
    expect(v.supplyCosts).toContainEqual({
      x: 2,
      y: 0,
      option: 0,
      cost: 2,
      cooperation: { money: 0, vp: 2 },
      deliverable: true,
      problem: null,
      routes: route,
    });
  });

  it('C9 goods gained are public and kept for later deliveries', () => {
    const cells = withTile(mapOf(['cP cW D0', 'cD cD ..']), 2, 0, 't1_19'); // Factory I: E>1g
    const s = supplyState(2, cells, 30, [0, 1]);
    const { state } = play(s, 0, { type: 'supply', x: 2, y: 0, option: 0 });
    expect(state.goods[0]).toBe(1);
    const other = game.view(state, 1) as { players: { seat: number; goods: number }[] };
    expect(other.players.find((p) => p.seat === 0)!.goods).toBe(1);
  });

  it('CT7 transport is paid before the benefit: the player must hold the cost', () => {
    const cells = withTile(mapOf(['cP cW D0', 'cD cD ..']), 2, 0, 't1_01');
    const s = supplyState(2, cells, 1, [0, 1]);
    expect(legal(s, 0)).toEqual([{ type: 'pass' }]);
    expect(refusal(s, 0, { type: 'supply', x: 2, y: 0, option: 0 })).toBe('CANNOT_AFFORD_SUPPLY');
  });

  it('CT12 cooperation comes from orthogonal neighbours only, supplied or not, and icons add up', () => {
    let cells = mapOf(['cP cW D0 ..', 'cD cD .. D1']);
    cells = withTile(withTile(cells, 2, 0, 't1_01'), 3, 1, 't1_25'); // park diagonal to the houses
    const s = supplyState(2, cells, 30, [0, 1]);
    expect(play(s, 0, { type: 'supply', x: 2, y: 0, option: 0 }).state.vp[0]).toBe(0);
  });
});

describe('C10-C12 cleanup, scoring, hidden information', () => {
  it('C10 CT2 cleanup empties supplied districts, leaves plant cubes, and recycles', () => {
    let cells = withTile(mapOf(['cP cW D0 P1'], 0, 0, 3), 2, 0, 't1_01');
    cells = {
      ...cells,
      '3,0': { ...cells['3,0']!, recycle: 2 },
      '0,0': { ...cells['0,0']!, recycle: 2 },
      '1,0': { ...cells['1,0']!, recycle: 2 },
    };
    const s = supplyState(2, cells, 30, [0, 1]);
    let t = play(s, 0, { type: 'supply', x: 2, y: 0, option: 0 }).state;
    expect(t.cells['2,0']!.supplied).not.toBeNull();
    t = play(t, 1, { type: 'pass' }).state;
    const { state } = play(t, 0, { type: 'pass' });
    expect(state.cells['2,0']!.supplied).toBeNull();
    // the cube came from seat 1's plant (as cheap as the city's, and nearer): 3 - 1 + 2
    expect(state.cells['3,0']!.cubes).toBe(4);
    expect(state.cells['0,0']!.cubes).toBe(5);
    expect(state.cells['1,0']!.cubes).toBe(5);
    expect(state.round).toBe(2);
  });

  it('CT2 the city plants start with one cube per player and recycle as many', () => {
    for (const n of [2, 5]) {
      const s = newGame(n);
      expect(s.cells['0,0']).toMatchObject({ kind: 'city', plant: 'power', cubes: n, recycle: n });
      expect(s.cells['1,0']).toMatchObject({ kind: 'city', plant: 'water', cubes: n, recycle: n });
    }
  });

  it('C10 the game ends after the supply phase of round 4, without cleanup', () => {
    const s = { ...supplyState(2, mapOf(['cP cW', 'cD cD']), 30, [0, 1]), round: 4 };
    const t = play(s, 0, { type: 'pass' }).state;
    const { state, events } = play(t, 1, { type: 'pass' });
    expect(events.map((e) => e.type)).toEqual(['supplyPassed', 'gameEnded']);
    expect(game.toMove(state)).toEqual([]);
    expect(game.outcome(state)).not.toBeNull();
  });

  it('C11 final score is VP + money / 10 rounded down; ties go to the richer, then are shared', () => {
    const s: State = { ...newGame(4), phase: 'over', vp: [10, 9, 11, 8], money: [19, 29, 5, 39] };
    // scores: 11, 11, 11, 11; money decides: 39 > 29 > 19 > 5
    expect(game.outcome(s)).toMatchObject({ scores: [11, 11, 11, 11], ranks: [3, 2, 4, 1], winners: [3] });
    const shared: State = { ...s, vp: [5, 5, 1, 0], money: [20, 20, 3, 0] };
    expect(game.outcome(shared)).toMatchObject({ scores: [7, 7, 1, 0], ranks: [1, 1, 3, 4], winners: [0, 1] });
    expect(game.outcome(newGame(4))).toBeNull();
  });

  it("C12 hands, kept tiles and stacks are in no other seat's view or readable event", () => {
    let s = newGame(3, 'hidden');
    const r = play(s, 0, { type: 'keepTile', tile: s.hands[0]![2]! });
    s = r.state;
    const secret = `"${s.kept[0]![0]}"`;
    for (const viewer of [1, 2, null]) {
      expect(JSON.stringify(game.view(s, viewer)).includes(secret)).toBe(false);
      expect(JSON.stringify(r.events.map((e) => game.eventView(e, viewer))).includes(secret)).toBe(false);
    }
    expect(JSON.stringify(game.view(s, 0))).toContain(secret);
    expect(JSON.stringify(game.eventView(r.events[0]!, 0))).toContain(secret);
    const spectator = JSON.stringify(game.view(s, null));
    for (const t of s.stacks.flat()) expect(spectator.includes(`"${t}"`)).toBe(false);
    expect(spectator).not.toContain('rng');
  });

  it('C12 a dealt or passed hand is readable by its holder only', () => {
    let s = newGame(2, 'deal-view');
    s = play(s, 0, { type: 'keepTile', tile: s.hands[0]![0]! }).state;
    const { events, state } = play(s, 1, { type: 'keepTile', tile: s.hands[1]![0]! });
    const passed = events.find((e) => e.type === 'handsPassed')!;
    const mine = game.eventView(passed, 0) as { hand: string[]; handSizes: number[] };
    expect(mine.hand).toEqual(state.hands[0]);
    expect(mine.handSizes).toEqual([5, 5]);
    expect(JSON.stringify(game.eventView(passed, 0))).not.toContain(`"${state.hands[1]![0]}"`);
    expect((game.eventView(passed, null) as { hand: unknown }).hand).toBeNull();
  });

  it('C12 a tile becomes public when played', () => {
    const s = constructionState(3, [['t1_01'], ['t1_02']]);
    const { events, state } = play(s, 0, { type: 'buildDistrict', tile: 't1_01', level: 0 });
    expect(JSON.stringify(game.eventView(events[0]!, 2))).toContain('t1_01');
    expect(JSON.stringify(game.view(state, 2))).toContain('"t1_01"');
    expect(JSON.stringify(game.view(state, 2))).not.toContain('"t1_02"');
    expect(JSON.stringify(game.view(state, 1))).toContain('"t1_02"');
  });
});

describe('own rulings', () => {
  it('CT5 an action is split in steps: reveal (public), then place; the view lists the squares', () => {
    const s = constructionState(4, [['t1_01']]);
    const a = play(s, 0, { type: 'buildDistrict', tile: 't1_01', level: 0 }).state;
    const v = game.view(a, 1) as { pending: { kind: string; tile: string }; placeable: unknown[] };
    expect(v.pending).toMatchObject({ kind: 'district', tile: 't1_01' });
    expect(v.placeable).toHaveLength(8);
    expect(legal(a, 0).every((m) => m.type === 'place')).toBe(true);
  });

  it('CT6 cubes and money are unlimited: recycling has no cap and the bank can pay out', () => {
    const cells = { ...mapOf(['cP cW'], 0, 0, 40), '0,0': { ...mapOf(['cP'], 0, 0, 40)['0,0']!, recycle: 5 } };
    const s = { ...supplyState(2, cells, 0, [0, 1]) };
    const t = play(play(s, 0, { type: 'pass' }).state, 1, { type: 'pass' }).state;
    expect(t.cells['0,0']!.cubes).toBe(45);
  });

  it('CT8 the closed sides with 2 or 3 players are not marked with terrain tiles', () => {
    for (const n of [2, 3]) {
      const s = newGame(n);
      expect(Object.keys(s.cells)).toHaveLength(4);
      expect(s.terrainLeft).toBe(32);
    }
  });

  it('CT9 a variable cost is chosen as a level: pay that amount, take that bonus', () => {
    const s = constructionState(4, [['t1_15']], 8); // Town Hall I: $4 +1vp | $8 +2vp
    expect(ofType(legal(s, 0), 'buildDistrict')).toEqual([
      { type: 'buildDistrict', tile: 't1_15', level: 0 },
      { type: 'buildDistrict', tile: 't1_15', level: 1 },
    ]);
    expect(refusal(s, 0, { type: 'buildDistrict', tile: 't1_15', level: 2 })).toBe('NO_SUCH_COST_LEVEL');
    const { state } = build(s, 0, 't1_15', 2, 0, 1);
    expect([state.money[0], state.vp[0]]).toEqual([0, 2]);
    expect(ofType(legal({ ...s, money: [7, 30, 30, 30] }, 0), 'buildDistrict')).toHaveLength(1);
  });

  it('CT11 a type-count icon scores the districts of that type the builder already owns', () => {
    // Terraces IV: residential 1vp per residential owned, + its own construction bonus 1vp, $11 +$2
    const s0 = constructionState(4, [['t4_06']]);
    let cells = { ...s0.cells, ...mapOf(['D0 D0 D1'], 2, 0) };
    cells = withTile(cells, 4, 0, 't1_02');
    const s = { ...s0, cells: withTile(cells, 3, 0, 't1_07') }; // owns (2,0) residential, (3,0) commercial
    const { state } = build(s, 0, 't4_06', 2, -1);
    expect(state.vp[0]).toBe(1 + 1);
    expect(state.money[0]).toBe(30 - 11 + 2);
  });
});
