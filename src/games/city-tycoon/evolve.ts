import { district, plant } from './data.js';
import { key } from './map.js';
import type { Cell, Event, State, Transfer } from './types.js';

/**
 * Applies one event. Trusts its input (decide has checked everything) and returns a new state,
 * copying only what changes: the cell table is copied shallowly when a cell changes.
 */
export function evolve(state: State, event: Event): State {
  switch (event.type) {
    case 'roundStarted': {
      const dealt = new Set(event.hands.flat());
      const stacks = state.stacks.map((s, i) => (i === event.round - 1 ? s.filter((t) => !dealt.has(t)) : s));
      return make(state, {
        round: event.round,
        phase: 'draft',
        order: [...event.order],
        turn: 0,
        stacks,
        hands: event.hands.map((h) => [...h]),
        picked: state.picked.map(() => false),
        passed: state.passed.map(() => false),
      });
    }
    case 'tileKept': {
      const hands = state.hands.slice();
      hands[event.seat] = hands[event.seat]!.filter((t) => t !== event.tile);
      const kept = state.kept.slice();
      kept[event.seat] = [...kept[event.seat]!, event.tile];
      const picked = state.picked.slice();
      picked[event.seat] = true;
      return make(state, { hands, kept, picked });
    }
    case 'handsPassed':
      return make(state, { hands: event.hands.map((h) => [...h]), picked: state.picked.map(() => false) });
    case 'constructionStarted':
      return make(state, { phase: 'construction', turn: event.turn });
    case 'districtRevealed':
      return make(state, {
        kept: without(state.kept, event.seat, event.tile),
        pending: { kind: 'district', tile: event.tile, level: event.level },
      });
    case 'districtBuilt': {
      const d = district(event.tile);
      const cells = { ...state.cells, [key(event.x, event.y)]: cell(event.x, event.y, 'district', event.seat, event.tile) };
      const next = pay(make(state, { cells }), event.transfers);
      return make(next, {
        vp: add(next.vp, event.seat, event.vp),
        goods: add(next.goods, event.seat, event.goods),
        pending: d.terrain ? { kind: 'terrain', terrain: d.terrain.kind, remaining: d.terrain.count, x: event.x, y: event.y } : null,
      });
    }
    case 'terrainPlaced': {
      const owner = event.terrain === 'forest' ? event.seat : null;
      const cells = { ...state.cells, [key(event.x, event.y)]: cell(event.x, event.y, event.terrain, owner, null) };
      const p = state.pending;
      const pending = p && p.kind === 'terrain' && p.remaining > 1 ? { ...p, remaining: p.remaining - 1 } : null;
      return make(state, { cells, terrainLeft: state.terrainLeft - 1, pending });
    }
    case 'terrainSkipped':
      return make(state, { pending: null });
    case 'plantRevealed': {
      const kind = plant(event.plant).kind;
      const plantStacks =
        kind === 'power'
          ? { power: state.plantStacks.power.filter((p) => p !== event.plant), water: state.plantStacks.water }
          : { power: state.plantStacks.power, water: state.plantStacks.water.filter((p) => p !== event.plant) };
      return make(state, {
        kept: without(state.kept, event.seat, event.tile),
        discard: [...state.discard, event.tile],
        plantStacks,
        pending: { kind: 'plant', tile: event.tile, plant: event.plant, side: event.side },
      });
    }
    case 'plantBuilt': {
      const p = plant(event.plant);
      const face = p[event.side];
      const c: Cell = {
        ...cell(event.x, event.y, 'plant', event.seat, event.plant),
        plant: p.kind,
        side: event.side,
        cubes: face.cubes,
        recycle: face.recycle,
      };
      return make(pay(make(state, { cells: { ...state.cells, [key(event.x, event.y)]: c } }), event.transfers), { pending: null });
    }
    case 'tileSold':
      return pay(
        make(state, { kept: without(state.kept, event.seat, event.tile), discard: [...state.discard, event.tile] }),
        event.transfers,
      );
    case 'turnChanged':
      return make(state, { turn: event.turn });
    case 'supplyStarted':
      return make(state, { phase: 'supply', turn: event.turn, passed: state.passed.map(() => false) });
    case 'districtSupplied': {
      const cells = { ...state.cells };
      let electricity = 0;
      let water = 0;
      for (const d of event.deliveries) {
        const src = d.path[0]!;
        const k = key(src.x, src.y);
        const c = cells[k]!;
        cells[k] = { ...c, cubes: c.cubes - 1 };
        if (d.resource === 'power') electricity++;
        else water++;
      }
      const k = key(event.x, event.y);
      cells[k] = { ...cells[k]!, supplied: { option: event.option, electricity, water, goods: event.goodsUsed } };
      const next = pay(make(state, { cells }), event.transfers);
      return make(next, {
        vp: add(next.vp, event.seat, event.vp),
        goods: add(next.goods, event.seat, event.goods - event.goodsUsed),
      });
    }
    case 'supplyPassed': {
      const passed = state.passed.slice();
      passed[event.seat] = true;
      return make(state, { passed });
    }
    case 'cleanedUp': {
      const cells: Record<string, Cell> = {};
      for (const [k, c] of Object.entries(state.cells)) cells[k] = c.supplied ? { ...c, supplied: null } : c;
      for (const r of event.recycled) {
        const k = key(r.x, r.y);
        cells[k] = { ...cells[k]!, cubes: cells[k]!.cubes + r.cubes };
      }
      return make(state, { cells });
    }
    case 'gameEnded':
      return make(state, { phase: 'over', turn: 0 });
  }
}

export function cell(x: number, y: number, kind: Cell['kind'], owner: number | null, tile: string | null): Cell {
  return { x, y, kind, owner, tile, plant: null, side: null, cubes: 0, recycle: 0, supplied: null };
}

function without(lists: string[][], seat: number, tile: string): string[][] {
  const out = lists.slice();
  out[seat] = out[seat]!.filter((t) => t !== tile);
  return out;
}

function add(list: number[], seat: number, n: number): number[] {
  if (n === 0) return list;
  const out = list.slice();
  out[seat] = out[seat]! + n;
  return out;
}

/** Moves money along transfers; the bank's balance records what it received net. */
function pay(state: State, transfers: readonly Transfer[]): State {
  if (transfers.length === 0) return state;
  const money = state.money.slice();
  let bank = state.bank;
  for (const t of transfers) {
    if (t.from === 'bank') bank -= t.amount;
    else money[t.from] = money[t.from]! - t.amount;
    if (t.to === 'bank') bank += t.amount;
    else money[t.to] = money[t.to]! + t.amount;
  }
  return make(state, { money, bank });
}

/**
 * A copy of `s` with `c`'s fields replaced, built as one literal with the fields always in the same
 * order: spreads over many states let V8 fall back to slow dictionary objects.
 */
function make(s: State, c: Partial<State>): State {
  return {
    players: s.players,
    draftPass: s.draftPass,
    round: c.round ?? s.round,
    phase: c.phase ?? s.phase,
    order: c.order ?? s.order,
    turn: c.turn ?? s.turn,
    money: c.money ?? s.money,
    vp: c.vp ?? s.vp,
    goods: c.goods ?? s.goods,
    bank: c.bank ?? s.bank,
    stacks: c.stacks ?? s.stacks,
    hands: c.hands ?? s.hands,
    picked: c.picked ?? s.picked,
    kept: c.kept ?? s.kept,
    discard: c.discard ?? s.discard,
    pending: c.pending !== undefined ? c.pending : s.pending,
    passed: c.passed ?? s.passed,
    plantStacks: c.plantStacks ?? s.plantStacks,
    terrainLeft: c.terrainLeft ?? s.terrainLeft,
    cells: c.cells ?? s.cells,
    rng: s.rng,
  };
}
