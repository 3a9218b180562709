/**
 * What a seat knows of other seats' tiles from this round's draft (C3), read from its history (the
 * events as `eventView` gives them to it). A hand the seat held and passed on is a record: the
 * tiles it held when passing, and the seats that kept from it afterwards, one tile each, in turn;
 * its current holder has the rest. When the hand comes back, the tiles missing from it are exactly
 * the ones those keepers took. A tile a keeper reveals in construction leaves the record with that
 * keeper. Bots use this so a sampled state never puts a tile where the seat knows it is not.
 */
import type { Json, Seat } from '../../engine/index.js';
import type { CityTycoonEventView } from './schema.js';

export interface DraftRecord {
  tiles: string[];
  keepers: Seat[];
  /** The seat holding the rest of the hand now, or null once it came back or was used up. */
  holder: Seat | null;
}

export function readDraft(
  history: readonly Json[],
  seat: Seat,
  players: number,
  draftPass: 'right' | 'left',
  round: number,
): { records: DraftRecord[] } {
  const events = history as unknown as CityTycoonEventView[];
  let start = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'roundStarted' && e.round === round) {
      start = i;
      break;
    }
  }
  const records: DraftRecord[] = [];
  if (start < 0) return { records };
  let held: (DraftRecord | null)[] = new Array<DraftRecord | null>(players).fill(null);
  const open = (hand: readonly string[]) => {
    const rec: DraftRecord = { tiles: hand.slice(), keepers: [], holder: seat };
    records.push(rec);
    held[seat] = rec;
  };
  for (let i = start; i < events.length; i++) {
    const e = events[i]!;
    switch (e.type) {
      case 'roundStarted':
        open(e.hand ?? []);
        break;
      case 'tileKept': {
        const rec = held[e.seat];
        if (!rec) break;
        if (e.seat === seat) rec.tiles = rec.tiles.filter((t) => t !== e.tile);
        else rec.keepers.push(e.seat);
        break;
      }
      case 'handsPassed': {
        const from = (s: Seat) => (draftPass === 'right' ? (s + 1) % players : (s + players - 1) % players);
        held = held.map((_, s) => held[from(s)] ?? null);
        held.forEach((rec, s) => {
          if (rec) rec.holder = s;
        });
        const back = held[seat];
        const hand = e.hand ?? [];
        if (back) {
          // Back in the seat's hands: what is missing is what the keepers took.
          back.tiles = back.tiles.filter((t) => !hand.includes(t));
          back.holder = null;
        }
        open(hand);
        break;
      }
      case 'districtRevealed':
      case 'plantRevealed':
      case 'tileSold': {
        for (const rec of records) {
          const at = rec.tiles.indexOf(e.tile);
          if (at < 0) continue;
          rec.tiles.splice(at, 1);
          const k = rec.keepers.indexOf(e.seat);
          if (k >= 0) rec.keepers.splice(k, 1);
        }
        break;
      }
      default:
        break;
    }
  }
  return { records: records.filter((r) => r.tiles.length > 0 && (r.holder !== seat || r.keepers.length > 0)) };
}
