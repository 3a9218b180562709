import { describe, expect, it } from 'vitest';
import { cheapestCubes, priceRoute, routesFrom } from '../../../src/games/city-tycoon/supply.js';
import { mapOf, play, refusal, supplyState, withTile } from './helpers.js';

const pts = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));

describe('supply routing (C6-C8)', () => {
  // Rulebook p.7 "Regardez cet exemple", case 1: red takes an electricity and a water cube from
  // the city's plant and station, avoiding blue's districts, and pays the city $2 + $2.
  it('rulebook example 1: one electricity and one water from the city cost $4 to the bank', () => {
    const cells = mapOf(['cP cW D0', 'cD cD D1']);
    const power = routesFrom(cells, 0, 'power', { x: 2, y: 0 });
    const water = routesFrom(cells, 0, 'water', { x: 2, y: 0 });
    expect(power[0]!.cost + water[0]!.cost).toBe(4);
    const priced = priceRoute(cells, 0, 'power', power[0]!.path, { x: 2, y: 0 });
    expect(priced).toEqual({ cost: 2, transfers: [{ from: 0, to: 'bank', amount: 2 }] });
    // the route avoids blue's district at (2, 1): the only other way in
    expect(power[0]!.path).toEqual(pts([0, 0], [1, 0], [2, 0]));
  });

  // Rulebook p.7, case 2: one electricity cube from blue's plant through two blue tiles: 3 x $2 = $6 to blue.
  it('rulebook example 2: a cube from the blue plant through 2 blue tiles costs $6, all to blue', () => {
    const cells = mapOf(['P1 D1 D1 D0']);
    const [best] = routesFrom(cells, 0, 'power', { x: 3, y: 0 });
    expect(best!.cost).toBe(6);
    expect(priceRoute(cells, 0, 'power', best!.path, { x: 3, y: 0 })).toEqual({ cost: 6, transfers: [{ from: 0, to: 1, amount: 6 }] });
  });

  // Rulebook p.7, case 3: two electricity cubes from one's own plant through a city district: 2 x $2 = $4 to the city.
  it('rulebook example 3: two own cubes through one city tile cost $4 to the bank', () => {
    const cells = mapOf(['.. cP cW', 'P0 cD cD D0'], -1, 0, 2);
    // the city's own power plant is empty here, so the cubes come from red's plant at (-1, 1)
    cells['0,0'] = { ...cells['0,0']!, cubes: 0 };
    const routes = routesFrom(cells, 0, 'power', { x: 2, y: 1 });
    const cubes = cheapestCubes(routes, 'power', 2)!;
    expect(cubes.map((c) => c.cost)).toEqual([2, 2]);
    expect(cubes.reduce((s, c) => s + c.cost, 0)).toBe(4);
    expect(cubes[0]!.path[0]).toEqual({ x: -1, y: 1 });
  });

  // Rulebook p. 9, "Exemple de partie": Magda buys an electricity cube from the city and pays only
  // $2, since it passes through her own districts only.
  it("worked game: a city cube carried over one's own districts costs $2 to the bank", () => {
    const cells = mapOf(['cP cW D0 D0 D0']);
    const [best] = routesFrom(cells, 0, 'power', { x: 4, y: 0 });
    expect(priceRoute(cells, 0, 'power', best!.path, { x: 4, y: 0 })).toEqual({ cost: 2, transfers: [{ from: 0, to: 'bank', amount: 2 }] });
  });

  // Rulebook p. 10: Peter's last free district pays $3 for one electricity cube, but the last cube
  // is on Tom's plant and must cross the city: $2 to Tom and $2 to the city, $4 in all.
  it("worked game: a cube from an opponent's plant across the city costs $2 to its owner and $2 to the bank", () => {
    const cells = mapOf(['P1 cP cW', '.. cD cD D2'], -1, 0, 1);
    cells['0,0'] = { ...cells['0,0']!, cubes: 0 };
    const [best] = routesFrom(cells, 2, 'power', { x: 2, y: 1 });
    expect(best!.source).toEqual({ x: -1, y: 0 });
    expect(priceRoute(cells, 2, 'power', best!.path, { x: 2, y: 1 })).toEqual({
      cost: 4,
      transfers: [
        { from: 2, to: 'bank', amount: 2 },
        { from: 2, to: 1, amount: 2 },
      ],
    });
  });

  it('the city is counted once per cube: a cube from the city plant through two more city tiles pays $2', () => {
    const cells = mapOf(['cP cW', 'cD cD D0']);
    const [best] = routesFrom(cells, 0, 'power', { x: 2, y: 1 });
    expect(best!.cost).toBe(2);
    expect(best!.path.length).toBe(4);
    expect(priceRoute(cells, 0, 'power', pts([0, 0], [0, 1], [1, 1], [2, 1]), { x: 2, y: 1 })).toEqual({
      cost: 2,
      transfers: [{ from: 0, to: 'bank', amount: 2 }],
    });
  });

  it('water blocks: a district behind water gets no cube; a way around is taken even if longer', () => {
    const blocked = mapOf(['P0 ~~ D0']);
    expect(routesFrom(blocked, 0, 'power', { x: 2, y: 0 })).toEqual([]);
    expect(priceRoute(blocked, 0, 'power', pts([0, 0], [1, 0], [2, 0]), { x: 2, y: 0 })).toMatchObject({ code: 'ROUTE_THROUGH_WATER' });
    const around = mapOf(['P0 ~~ D0', 'D0 D0 D0']);
    const [best] = routesFrom(around, 0, 'power', { x: 2, y: 0 });
    expect(best!.cost).toBe(0);
    expect(best!.path).toEqual(pts([0, 0], [0, 1], [1, 1], [2, 1], [2, 0]));
  });

  it("forests let cubes pass and cost a toll to their owner; one's own forest is free", () => {
    const cells = mapOf(['P0 F1 F1 D0']);
    const [best] = routesFrom(cells, 0, 'power', { x: 3, y: 0 });
    expect(best!.cost).toBe(4);
    expect(priceRoute(cells, 0, 'power', best!.path, { x: 3, y: 0 })).toEqual({ cost: 4, transfers: [{ from: 0, to: 1, amount: 4 }] });
    const own = mapOf(['P0 F0 F0 D0']);
    expect(routesFrom(own, 0, 'power', { x: 3, y: 0 })[0]!.cost).toBe(0);
  });

  it('the cheapest route is chosen: through a forest toll rather than through two opponent districts', () => {
    const cells = mapOf(['P0 F1 D0', 'D2 D2 D2'], 0, 0);
    const [best] = routesFrom(cells, 0, 'power', { x: 2, y: 0 });
    expect(best!.cost).toBe(2);
    expect(best!.path).toEqual(pts([0, 0], [1, 0], [2, 0]));
  });

  it('CT4 ties between routes: equal cost goes to the shorter route, then the source further north, then further west', () => {
    // two own plants, both free: the nearer wins
    const near = mapOf(['P0 D0 D0 D0 P0']);
    const r1 = routesFrom(near, 0, 'power', { x: 1, y: 0 });
    expect(r1.map((r) => [r.source.x, r.cost, r.path.length])).toEqual([
      [0, 0, 2],
      [4, 0, 4],
    ]);
    // same cost and length: the northern source first
    const ns = mapOf(['.. P0 ..', '.. D0 ..', '.. P0 ..']);
    expect(routesFrom(ns, 0, 'power', { x: 1, y: 1 }).map((r) => r.source)).toEqual(pts([1, 0], [1, 2]));
    // same cost, length and row: the western source first
    const we = mapOf(['P0 D0 P0']);
    expect(routesFrom(we, 0, 'power', { x: 1, y: 0 }).map((r) => r.source)).toEqual(pts([0, 0], [2, 0]));
  });

  it('CT4 a cheaper longer route beats a dearer shorter one', () => {
    const cells = mapOf(['P0 D1 D0', 'D0 D0 D0']);
    const [best] = routesFrom(cells, 0, 'power', { x: 2, y: 0 });
    expect(best!.cost).toBe(0);
    expect(best!.path.length).toBe(5);
  });

  it('cubes are taken from the cheapest plants first and a plant gives at most what it holds', () => {
    const cells = mapOf(['P0 D0 P1'], 0, 0, 1);
    const routes = routesFrom(cells, 0, 'power', { x: 1, y: 0 });
    expect(cheapestCubes(routes, 'power', 2)!.map((c) => c.cost)).toEqual([0, 2]);
    expect(cheapestCubes(routes, 'power', 3)).toBeNull();
  });

  it("empty plants are no source; another player's plant costs $2 to its owner", () => {
    const cells = mapOf(['P0 D0 P1']);
    cells['0,0'] = { ...cells['0,0']!, cubes: 0 };
    const routes = routesFrom(cells, 0, 'power', { x: 1, y: 0 });
    expect(routes.map((r) => [r.source.x, r.cost])).toEqual([[2, 2]]);
    expect(priceRoute(cells, 0, 'power', routes[0]!.path, { x: 1, y: 0 })).toEqual({ cost: 2, transfers: [{ from: 0, to: 1, amount: 2 }] });
  });

  it("passing through another player's plant costs the usual $2 toll to its owner", () => {
    const cells = mapOf(['P0 W1 D0']);
    expect(routesFrom(cells, 0, 'power', { x: 2, y: 0 })[0]!.cost).toBe(2);
  });

  it('priceRoute refuses malformed routes with specific codes', () => {
    const cells = mapOf(['P0 D0 .. D0', 'W0 D0 D0 D0']);
    const dest = { x: 3, y: 0 };
    expect(priceRoute(cells, 0, 'power', pts([0, 0]), dest)).toMatchObject({ code: 'ROUTE_TOO_SHORT' });
    expect(priceRoute(cells, 0, 'power', pts([0, 0], [1, 0]), dest)).toMatchObject({ code: 'ROUTE_WRONG_END' });
    expect(priceRoute(cells, 0, 'power', pts([1, 0], [2, 0], [3, 0]), dest)).toMatchObject({ code: 'ROUTE_NOT_FROM_PLANT' });
    expect(priceRoute(cells, 0, 'water', pts([0, 0], [1, 0], [1, 1], [2, 1], [3, 1], [3, 0]), dest)).toMatchObject({
      code: 'ROUTE_NOT_FROM_PLANT',
    });
    expect(priceRoute(cells, 0, 'power', pts([0, 0], [1, 0], [2, 0], [3, 0]), dest)).toMatchObject({ code: 'ROUTE_OFF_MAP' });
    expect(priceRoute(cells, 0, 'power', pts([0, 0], [1, 1], [2, 1], [3, 1], [3, 0]), dest)).toMatchObject({
      code: 'ROUTE_NOT_ORTHOGONAL',
    });
    expect(priceRoute(cells, 0, 'power', pts([0, 0], [1, 0], [1, 1], [1, 0], [1, 1], [2, 1], [3, 1], [3, 0]), dest)).toMatchObject({
      code: 'ROUTE_LOOPS',
    });
    expect(priceRoute(cells, 0, 'power', pts([0, 0], [1, 0], [1, 1], [2, 1], [3, 1], [3, 0]), dest)).toEqual({ cost: 0, transfers: [] });
  });

  it('every server route prices, through priceRoute, at the cost the search announced', () => {
    const cells = mapOf(['cP cW F1 D2 W2', 'cD cD D1 ~~ D0', 'P1 F0 D0 D0 D0', 'D2 D2 F2 .. P2']);
    for (const resource of ['power', 'water'] as const) {
      for (const r of routesFrom(cells, 0, resource, { x: 4, y: 1 })) {
        const priced = priceRoute(cells, 0, resource, r.path, { x: 4, y: 1 });
        expect('cost' in priced && priced.cost).toBe(r.cost);
      }
    }
  });
});

describe('supplying through decide (C6-C9)', () => {
  // t1_01 Row Houses I: E>$4 or W>$4. t1_13 Offices I: EW>2vp or E>$4.
  it('C8 the server delivers by the cheapest route; payments go to the bank and the owners', () => {
    const cells = withTile(mapOf(['cP cW F1 D0', 'cD cD .. ..']), 3, 0, 't1_13');
    const s = supplyState(2, cells, 30, [0, 1]);
    const { events, state } = play(s, 0, { type: 'supply', x: 3, y: 0, option: 0 });
    const e = events.find((x) => x.type === 'districtSupplied')!;
    expect(e).toMatchObject({ vp: 2, goods: 0 });
    // electricity: city $2 + forest $2 to seat 1; water: city $2 + forest $2
    expect(state.money).toEqual([22, 34]);
    expect(state.bank).toBe(4);
    expect(state.cells['0,0']!.cubes).toBe(2);
    expect(state.cells['1,0']!.cubes).toBe(2);
    expect(state.cells['3,0']!.supplied).toEqual({ option: 0, electricity: 1, water: 1, goods: 0 });
  });

  it('C8 a client route is checked and priced: a legal dearer route is accepted as given', () => {
    // seat 0 may take power from the city (bank $2) or from seat 1's plant (seat 1 gets $2)
    const cells = mapOf(['cP D0 P1', 'cD cD ..']);
    const s = supplyState(2, cells, 30, [0, 1]);
    const given = play(s, 0, { type: 'supply', x: 1, y: 0, option: 0, routes: [{ path: pts([2, 0], [1, 0]) }] });
    expect(given.state.money).toEqual([30 - 2 + 4, 32]);
    expect(given.state.cells['2,0']!.cubes).toBe(2);
    const server = play(s, 0, { type: 'supply', x: 1, y: 0, option: 0 });
    // tie at $2: the shorter route wins; both are one step, the northern-then-western source is the city at (0, 0)
    expect(server.state.cells['0,0']!.cubes).toBe(2);
    expect(server.state.bank).toBe(2 - 4);
  });

  it('C8 a client route that breaks a rule is refused with its code', () => {
    const cells = mapOf(['cP ~~ D0', 'cD cD D0']);
    const s = supplyState(2, cells, 30, [0, 1]);
    expect(refusal(s, 0, { type: 'supply', x: 2, y: 0, option: 0, routes: [{ path: pts([0, 0], [1, 0], [2, 0]) }] })).toBe(
      'ROUTE_THROUGH_WATER',
    );
    expect(refusal(s, 0, { type: 'supply', x: 2, y: 0, option: 0, routes: [] })).toBe('ROUTES_DO_NOT_MATCH');
    expect(refusal(s, 0, { type: 'supply', x: 2, y: 0, option: 0, routes: [{ path: pts([0, 1], [1, 1], [2, 1], [2, 0]) }] })).toBe(
      'ROUTE_NOT_FROM_PLANT',
    );
    expect(
      play(s, 0, { type: 'supply', x: 2, y: 0, option: 0, routes: [{ path: pts([0, 0], [0, 1], [1, 1], [2, 1], [2, 0]) }] }).state.bank,
    ).toBe(2 - 4);
  });

  it('CT13 explicit routes may not take more cubes from a plant than it holds', () => {
    const cells = withTile(mapOf(['cP D0', 'cD cD'], 0, 0, 1), 1, 0, 't1_06'); // Terraces I: EE>$9
    const s = supplyState(2, cells, 30, [0, 1]);
    const r = { path: pts([0, 0], [1, 0]) };
    expect(refusal(s, 0, { type: 'supply', x: 1, y: 0, option: 0, routes: [r, r] })).toBe('SOURCE_EMPTY');
  });
});
