import type { Json } from '../../engine/index.js';
import { arr, int, obj, str, type DescribeContext } from '../../board/svg.js';
import { DISTRICTS, PLANTS } from './data.js';
import { costWords, face, money, optionWords, read, w, type Face } from './picture-parts.js';

/**
 * City Tycoon's moves in words for people: tiles by their printed name (never their id), plants
 * by kind and number, squares as the notation writes them, supply options with what they need and
 * give. A legal move is described from the position (the view); a logged one from its events.
 */

/** The printed face of a district tile, from the game's data (tile ids never reach the reader). */
const faceOf = (id: string): Face | null => (DISTRICTS[id] ? face(DISTRICTS[id] as unknown as Json) : null);
const plainName = (id: string, fr: boolean) => faceOf(id)?.name ?? (fr ? 'une tuile' : 'a tile');

/** "power plant 2, side a ($5, 3 cubes)" from a plant id (`power2`); without the cost and cubes when `short`. */
function plantWords(id: string, side: string, fr: boolean, short = false): string {
  const p = PLANTS[id];
  const what = w(id.startsWith('power') ? 'powerPlant' : 'waterStation', fr ? 'fr' : 'en');
  const f = p ? p[side === 'b' ? 'b' : 'a'] : null;
  const detail = f && !short ? ` (${money(f.cost, fr ? 'fr' : 'en')}, ${f.cubes} cubes${f.recycle ? `, +${f.recycle} ${w('perRound', fr ? 'fr' : 'en')}` : ''})` : '';
  return `${what.toLowerCase()} ${p?.number ?? id.replace(/^\D+/, '')}, ${fr ? 'face' : 'side'} ${side}${detail}`;
}

/** What stands on a square in a view: a district's name, or a plant. */
function squareName(view: Json | null, x: number, y: number): string | null {
  if (!view) return null;
  const c = read.map(view).find((q) => q.x === x && q.y === y);
  return c?.face?.name ?? null;
}

/** The tile being placed, from the view (a legal move) or the move's events (the log). */
function placedName(d: DescribeContext, fr: boolean): string {
  const lang = fr ? 'fr' : 'en';
  if (d.view) {
    const p = read.pending(d.view);
    if (p?.face) return p.face.name;
    if (p?.kind === 'plant') return plantWords(p.plant, p.side, fr, true);
  }
  for (const e of d.events.map(obj)) {
    if (e.type === 'districtBuilt') return plainName(str(e.tile), fr);
    if (e.type === 'plantBuilt') return plantWords(str(e.plant), str(e.side), fr, true);
  }
  return fr ? 'la tuile' : 'the tile';
}

/**
 * The tile's name, and what tells it apart when the seat holds another tile of that name (two
 * Park I tiles are different tiles): its cost and supply options.
 */
function tileWords(id: string, d: DescribeContext, fr: boolean): string {
  const f = faceOf(id);
  if (!f) return fr ? 'une tuile' : 'a tile';
  const own = d.view ? [...read.ownHand(d.view), ...read.ownKept(d.view)] : [];
  const twins = own.filter((t) => t.face.name === f.name && t.id !== id).length > 0;
  if (!twins) return f.name;
  const lang = fr ? 'fr' : 'en';
  return `${f.name} (${f.build.map((l) => costWords(l, lang)).join(' | ')}; ${f.options.map((o) => optionWords(o, lang)).join(' / ')})`;
}

export function describe(move: Json | null, d: DescribeContext): string {
  const m = obj(move);
  const fr = d.lang === 'fr';
  const lang = d.lang;
  const tile = str(m.tile);
  const nameOf = (id: string, f: boolean) => tileWords(id, d, f);
  switch (str(m.type)) {
    case 'keepTile':
      return tile ? (fr ? `Garder ${nameOf(tile, fr)}` : `Keep ${nameOf(tile, fr)}`) : fr ? 'Garder une tuile' : 'Keep a tile';
    case 'buildDistrict': {
      const f = faceOf(tile);
      const level = f?.build[int(m.level)];
      const cost = level ? ` ${fr ? 'pour' : 'for'} ${costWords(level, lang)}` : '';
      return fr ? `Construire ${nameOf(tile, fr)}${cost}` : `Build ${nameOf(tile, fr)}${cost}`;
    }
    case 'buildPlant': {
      const top = d.view ? read.plantTops(d.view).find((t) => t.kind === m.plant)?.top : null;
      const id = top ? `${m.plant}${top.number}` : str(d.events.map(obj).find((e) => e.type === 'plantRevealed')?.plant, `${str(m.plant)}`);
      return fr ? `Défausser ${nameOf(tile, fr)} pour construire la ${plantWords(id, str(m.side), fr)}` : `Discard ${nameOf(tile, fr)} to build the ${plantWords(id, str(m.side), fr)}`;
    }
    case 'sellTile':
      return fr ? `Vendre ${nameOf(tile, fr)} pour ${money(5, lang)}` : `Sell ${nameOf(tile, fr)} for ${money(5, lang)}`;
    case 'place':
      return fr ? `Poser ${placedName(d, fr)} en ${int(m.x)},${int(m.y)}` : `Place ${placedName(d, fr)} at ${int(m.x)},${int(m.y)}`;
    case 'placeTerrain': {
      const p = d.view ? read.pending(d.view) : null;
      const kind = p?.terrain || str(d.events.map(obj).find((e) => e.type === 'terrainPlaced')?.terrain);
      const what = kind === 'water' ? (fr ? 'un lac' : 'a water tile') : kind === 'forest' ? (fr ? 'une forêt' : 'a forest tile') : fr ? 'un terrain' : 'a terrain tile';
      return fr ? `Poser ${what} en ${int(m.x)},${int(m.y)}` : `Place ${what} at ${int(m.x)},${int(m.y)}`;
    }
    case 'supply': {
      const x = int(m.x), y = int(m.y), option = int(m.option);
      const known = squareName(d.view, x, y);
      const where = known ? `${known} (${x},${y})` : fr ? `le quartier en ${x},${y}` : `the district at ${x},${y}`;
      const f = d.view ? read.map(d.view).find((q) => q.x === x && q.y === y)?.face : null;
      const o = f?.options[option];
      const plan = d.view ? read.supplyCosts(d.view).find((s) => s.x === x && s.y === y && s.option === option) : null;
      const events = d.events.map(obj).filter((e) => e.type === 'districtSupplied');
      const cost = plan?.cost ?? (events.length ? arr(events[0]!.deliveries).reduce<number>((s, r) => s + int(obj(r).cost), 0) : null);
      const what = o ? ` : ${optionWords(o, lang)}` : '';
      const transport = cost !== null ? ` · transport ${money(cost, lang)}` : '';
      return fr ? `Approvisionner ${where}, option ${option + 1}${what}${transport}` : `Supply ${where}, option ${option + 1}${what.replace(' : ', ': ')}${transport}`;
    }
    case 'pass':
      return fr ? 'Passer (fin de vos approvisionnements)' : 'Pass (no more supplies this round)';
    default:
      return fr ? 'Un coup' : 'A move';
  }
}
