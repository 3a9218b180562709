import type { Seat } from '../../engine/index.js';
import { district, plant } from './data.js';
import { freeAround, frontier } from './map.js';
import { planDistrict, unsuppliedDistricts } from './rules.js';
import type { Move, State } from './types.js';

/** The seats that must act: in the draft every seat still to keep a tile, otherwise the seat whose turn it is. */
export function toMove(state: State): Seat[] {
  switch (state.phase) {
    case 'draft':
      return state.hands.flatMap((h, seat) => (h.length > 0 && !state.picked[seat] ? [seat] : []));
    case 'construction':
    case 'supply':
      return [state.order[state.turn]!];
    case 'over':
      return [];
  }
}

/**
 * Every legal move of `seat`, and nothing else. Construction is split in steps: reveal a tile
 * (buildDistrict with its cost level, buildPlant with its side, or sellTile), then `place` it,
 * then `placeTerrain` for each terrain tile. Supply lists the options the server can deliver by
 * its cheapest routes (a supply move may also carry explicit routes, checked by decide, C8).
 */
export function legalMoves(state: State, seat: Seat): Move[] {
  if (!toMove(state).includes(seat)) return [];
  switch (state.phase) {
    case 'draft':
      return state.hands[seat]!.map((tile) => ({ type: 'keepTile', tile }));
    case 'construction': {
      const p = state.pending;
      if (p?.kind === 'terrain')
        return freeAround(state.cells, state.players, p.x, p.y).map(({ x, y }) => ({ type: 'placeTerrain', x, y }));
      if (p) return frontier(state.cells, state.players).map(({ x, y }) => ({ type: 'place', x, y }));
      const money = state.money[seat]!;
      const out: Move[] = [];
      for (const tile of state.kept[seat]!) {
        district(tile).build.forEach((l, level) => {
          if (l.cost <= money) out.push({ type: 'buildDistrict', tile, level });
        });
        for (const kind of ['power', 'water'] as const) {
          const top = state.plantStacks[kind][0];
          if (!top) continue;
          for (const side of ['a', 'b'] as const)
            if (plant(top)[side].cost <= money) out.push({ type: 'buildPlant', tile, plant: kind, side });
        }
        out.push({ type: 'sellTile', tile });
      }
      return out;
    }
    case 'supply': {
      const out: Move[] = [];
      for (const c of unsuppliedDistricts(state, seat)) {
        for (const plan of planDistrict(state, seat, c))
          if (!plan.problem) out.push({ type: 'supply', x: plan.x, y: plan.y, option: plan.option });
      }
      out.push({ type: 'pass' });
      return out;
    }
    case 'over':
      return [];
  }
}
