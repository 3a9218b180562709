import type { DistrictFace as DistrictFaceSchema } from './schema.js';
import type { Static } from '../../engine/index.js';
import type { Viewer } from '../../engine/index.js';
import type { CityTycoonEventView, CityTycoonView } from './schema.js';
import { district, plant } from './data.js';
import { freeAround, frontier } from './map.js';
import { cooperation, planDistrict, score, unsuppliedDistricts } from './rules.js';
import { toMove } from './legal.js';
import type { Event, State } from './types.js';

/**
 * What a viewer may see (C12). Public: the map (tile faces, owners, cubes, icons), money, VP,
 * goods, turn order, plant stacks, discarded tiles, counts of hidden tiles. A seat also sees its own
 * draft hand and kept tiles. Never shown: the round stacks' content, other seats' hands and kept
 * tiles, the generator state.
 */
export function view(state: State, viewer: Viewer): CityTycoonView {
  const pub = publicView(state);
  if (viewer !== null && viewer >= 0 && viewer < state.players) {
    return { ...pub, hand: state.hands[viewer]!.map(faceOf), kept: state.kept[viewer]!.map(faceOf) };
  }
  return { ...pub };
}

/** The part every viewer sees, built once per state (states are never mutated); it shares nothing with the state. */
type PublicView = Omit<CityTycoonView, 'hand' | 'kept'>;
const publicViews = new WeakMap<State, PublicView>();
function publicView(state: State): PublicView {
  const cached = publicViews.get(state);
  if (cached) return cached;
  const toMoveSeat = state.phase === 'construction' || state.phase === 'supply' ? state.order[state.turn]! : null;
  const cells = Object.values(state.cells)
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((c) => ({
      x: c.x,
      y: c.y,
      kind: c.kind,
      owner: c.owner,
      tile: c.tile,
      face:
        c.kind === 'district' ? faceOf(c.tile!) : c.kind === 'plant' ? { ...plant(c.tile!)[c.side!], number: plant(c.tile!).number } : null,
      resource: c.plant,
      side: c.side,
      cubes: c.cubes,
      recycle: c.recycle,
      supplied: c.supplied ? { ...c.supplied } : null,
    }));
  const p = state.pending;
  const placeable =
    p?.kind === 'terrain' ? freeAround(state.cells, state.players, p.x, p.y) : p ? frontier(state.cells, state.players) : [];
  const out: PublicView = {
    phase: state.phase,
    round: state.round,
    toMove: toMove(state),
    scores: state.money.map((_, seat) => score(state, seat)),
    result: outcome(state),
    order: state.order.slice(),
    turn: toMoveSeat,
    draftPass: state.draftPass,
    players: state.order
      .slice()
      .sort((a, b) => a - b)
      .map((seat) => ({
        seat,
        money: state.money[seat]!,
        vp: state.vp[seat]!,
        goods: state.goods[seat]!,
        score: score(state, seat),
        turnPosition: state.order.indexOf(seat),
        handSize: state.hands[seat]!.length,
        keptCount: state.kept[seat]!.length,
        keptThisPass: state.picked[seat]!,
        passed: state.passed[seat]!,
      })),
    map: cells,
    pending: p
      ? p.kind === 'terrain'
        ? { ...p }
        : p.kind === 'district'
          ? { ...p, face: faceOf(p.tile) }
          : { ...p, face: { ...plant(p.plant)[p.side] } }
      : null,
    placeable: placeable.map((q) => ({ x: q.x, y: q.y })),
    plantStacks: {
      power: state.plantStacks.power.map((id) => ({ ...plant(id), a: { ...plant(id).a }, b: { ...plant(id).b } })),
      water: state.plantStacks.water.map((id) => ({ ...plant(id), a: { ...plant(id).a }, b: { ...plant(id).b } })),
    },
    stackSizes: state.stacks.map((s) => s.length),
    terrainLeft: state.terrainLeft,
    discard: state.discard.slice(),
    bank: state.bank,
    supplyCosts: state.phase === 'supply' && toMoveSeat !== null ? supplyCosts(state, toMoveSeat) : [],
  };
  publicViews.set(state, out);
  return out;
}

/**
 * For the seat supplying: per own unsupplied district and option, the cheapest total transport
 * cost (null when the cubes cannot be brought), the cooperation bonus it would add, whether
 * it can be delivered now, and the route of each cube (what the board picture draws).
 */
function supplyCosts(state: State, seat: number): CityTycoonView['supplyCosts'] {
  return unsuppliedDistricts(state, seat).flatMap((c) => {
    const coop = cooperation(state, c.x, c.y, district(c.tile!).type);
    return planDistrict(state, seat, c).map((plan) => ({
      x: plan.x,
      y: plan.y,
      option: plan.option,
      cost: plan.cost,
      cooperation: coop,
      deliverable: plan.problem === null,
      problem: plan.problem?.code ?? null,
      routes: (plan.cubes ?? []).map((r) => ({ resource: r.resource, path: r.path.map((p) => ({ x: p.x, y: p.y })), cost: r.cost })),
    }));
  });
}

type DistrictFace = Static<typeof DistrictFaceSchema>;
const FACES = new Map<string, DistrictFace>();
/** A district's printed face, as JSON (cached: faces never change). */
function faceOf(id: string): DistrictFace {
  let f = FACES.get(id);
  if (!f) FACES.set(id, (f = structuredClone(district(id))));
  return f;
}

/** The part of an event a viewer may read: another seat's dealt, passed or kept tiles are removed. */
export function eventView(event: Event, viewer: Viewer): CityTycoonEventView {
  switch (event.type) {
    case 'roundStarted':
    case 'handsPassed': {
      const { hands, ...rest } = event;
      const own = viewer !== null && viewer >= 0 && viewer < hands.length ? hands[viewer]! : null;
      return { ...rest, handSizes: hands.map((h) => h.length), hand: own };
    }
    case 'tileKept':
      return viewer === event.seat ? event : { type: event.type, seat: event.seat };
    default:
      return event;
  }
}

/** C11: VP + floor(money / 10); ties broken by money, then shared. */
export function outcome(state: State): CityTycoonView['result'] {
  if (state.phase !== 'over') return null;
  const seats = Array.from({ length: state.players }, (_, i) => i);
  const scores = seats.map((s) => score(state, s));
  const better = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && state.money[a]! > state.money[b]!);
  const ranks = seats.map((s) => 1 + seats.filter((o) => better(o, s)).length);
  return {
    scores,
    ranks,
    winners: seats.filter((s) => ranks[s] === 1),
    detail: {
      vp: state.vp,
      money: state.money,
      moneyPoints: state.money.map((m) => Math.floor(m / 10)),
      goods: state.goods,
      tieBreak: 'money' as const,
    },
  };
}
