import type { Json } from '../../engine/index.js';
import { arr, frameSay, int, obj, sayerOf, str, type DescribeContext, type Lang } from '../../board/svg.js';
import { DISTRICTS, PLANTS } from './data.js';
import { messages } from './messages.js';
import { costWords, face, money, optionWords, read, w, type Face } from './picture-parts.js';

/**
 * City Tycoon's moves in words for people: tiles by their printed name (never their id), plants
 * by kind and number, squares as the notation writes them, supply options with what they need and
 * give. A legal move is described from the position (the view); a logged one from its events.
 * Every sentence is an id of the game's catalogue (`board.*`, messages.ts), in the reader's language.
 */

const say = sayerOf(messages, 'board');

/** The printed face of a district tile, from the game's data (tile ids never reach the reader). */
const faceOf = (id: string): Face | null => (DISTRICTS[id] ? face(DISTRICTS[id] as unknown as Json) : null);
const plainName = (id: string, lang: Lang) => faceOf(id)?.name ?? say(lang, 'aTile');

/** "power plant 2, side a ($5, 3 cubes)" from a plant id (`power2`); without the cost and cubes when `short`. */
function plantWords(id: string, side: string, lang: Lang, short = false): string {
  const p = PLANTS[id];
  const what = w(id.startsWith('power') ? 'powerPlant' : 'waterStation', lang).toLowerCase();
  const number = String(p?.number ?? id.replace(/^\D+/, ''));
  const f = p ? p[side === 'b' ? 'b' : 'a'] : null;
  if (!f || short) return say(lang, 'plant', { what, number, side });
  const detail = { what, number, side, cost: money(f.cost, lang), cubes: f.cubes };
  return f.recycle ? say(lang, 'plant.recycle', { ...detail, recycle: String(f.recycle) }) : say(lang, 'plant.detail', detail);
}

/** What stands on a square in a view: a district's name, or a plant. */
function squareName(view: Json | null, x: number, y: number): string | null {
  if (!view) return null;
  const c = read.map(view).find((q) => q.x === x && q.y === y);
  return c?.face?.name ?? null;
}

/** The tile being placed, from the view (a legal move) or the move's events (the log). */
function placedName(d: DescribeContext): string {
  if (d.view) {
    const p = read.pending(d.view);
    if (p?.face) return p.face.name;
    if (p?.kind === 'plant') return plantWords(p.plant, p.side, d.lang, true);
  }
  for (const e of d.events.map(obj)) {
    if (e.type === 'districtBuilt') return plainName(str(e.tile), d.lang);
    if (e.type === 'plantBuilt') return plantWords(str(e.plant), str(e.side), d.lang, true);
  }
  return say(d.lang, 'theTile');
}

/**
 * The tile's name, and what tells it apart when the seat holds another tile of that name (two
 * Park I tiles are different tiles): its cost and supply options.
 */
function tileWords(id: string, d: DescribeContext): string {
  const f = faceOf(id);
  if (!f) return say(d.lang, 'aTile');
  const own = d.view ? [...read.ownHand(d.view), ...read.ownKept(d.view)] : [];
  const twins = own.filter((t) => t.face.name === f.name && t.id !== id).length > 0;
  if (!twins) return f.name;
  return say(d.lang, 'twin', {
    name: f.name,
    costs: f.build.map((l) => costWords(l, d.lang)).join(' | '),
    options: f.options.map((o) => optionWords(o, d.lang)).join(' / '),
  });
}

export function describe(move: Json | null, d: DescribeContext): string {
  const m = obj(move);
  const lang = d.lang;
  const tile = str(m.tile);
  const x = String(int(m.x)),
    y = String(int(m.y));
  switch (str(m.type)) {
    case 'keepTile':
      return tile ? say(lang, 'move.keepTile', { tile: tileWords(tile, d) }) : say(lang, 'move.keepTile.unknown');
    case 'buildDistrict': {
      const level = faceOf(tile)?.build[int(m.level)];
      return level
        ? say(lang, 'move.buildDistrict.cost', { tile: tileWords(tile, d), cost: costWords(level, lang) })
        : say(lang, 'move.buildDistrict', { tile: tileWords(tile, d) });
    }
    case 'buildPlant': {
      const top = d.view ? read.plantTops(d.view).find((t) => t.kind === m.plant)?.top : null;
      const id = top ? `${m.plant}${top.number}` : str(d.events.map(obj).find((e) => e.type === 'plantRevealed')?.plant, `${str(m.plant)}`);
      return say(lang, 'move.buildPlant', { tile: tileWords(tile, d), plant: plantWords(id, str(m.side), lang) });
    }
    case 'sellTile':
      return say(lang, 'move.sellTile', { tile: tileWords(tile, d), money: money(5, lang) });
    case 'place':
      return say(lang, 'move.place', { tile: placedName(d), x, y });
    case 'placeTerrain': {
      const p = d.view ? read.pending(d.view) : null;
      const kind = p?.terrain || str(d.events.map(obj).find((e) => e.type === 'terrainPlaced')?.terrain);
      return say(lang, 'move.placeTerrain', { kind: kind === 'water' || kind === 'forest' ? kind : 'other', x, y });
    }
    case 'supply': {
      const option = int(m.option);
      const known = squareName(d.view, int(m.x), int(m.y));
      const where = known ? say(lang, 'move.supply.known', { name: known, x, y }) : say(lang, 'move.supply.unknown', { x, y });
      const f = d.view ? read.map(d.view).find((q) => q.x === int(m.x) && q.y === int(m.y))?.face : null;
      const o = f?.options[option];
      const plan = d.view ? read.supplyCosts(d.view).find((s) => s.x === int(m.x) && s.y === int(m.y) && s.option === option) : null;
      const events = d.events.map(obj).filter((e) => e.type === 'districtSupplied');
      const cost = plan?.cost ?? (events.length ? arr(events[0]!.deliveries).reduce<number>((s, r) => s + int(obj(r).cost), 0) : null);
      const what = o ? say(lang, 'move.supply.what', { what: optionWords(o, lang) }) : '';
      const transport = cost !== null ? say(lang, 'move.supply.transport', { cost: money(cost, lang) }) : '';
      return say(lang, 'move.supply', { where, option: String(option + 1), what, transport });
    }
    case 'pass':
      return say(lang, 'move.pass');
    default:
      return frameSay(lang, 'other');
  }
}
