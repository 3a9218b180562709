import { describe, it } from 'vitest';
import { Rng } from '../../../src/engine/index.js';
import type { Move, Seat } from '../../../src/engine/index.js';
import { silhouettePlacements } from '../../../src/games/ma-petite-ville/board.js';
import type { MpvMove, MpvState } from '../../../src/games/ma-petite-ville/index.js';
import { checkRandomGame } from '../../support/properties.js';
import { game, invariant, pileSecrets } from './helpers.js';

const SCALE = Number(process.env.PROPERTY_SCALE ?? '1');
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));
const CONFIGS = [2, 3, 4].flatMap((players) => (['easy', 'normal'] as const).map((version) => ({ players, version })));

/** Plausible illegal moves: listed ones shifted, turned, lengthened; other seats' placements; tiles off the edge. */
function candidates(state: MpvState, seat: Seat, legal: Move[], rng: Rng): Move[] {
  const out: MpvMove[] = [{ type: 'drawTile' }, { type: 'pass' }, { type: 'placeTile', x: 0, y: 0, quarterTurns: 0 }];
  const listed = legal as MpvMove[];
  for (let i = 0; i < 3 && listed.length > 0; i++) {
    const m = rng.pick(listed);
    if (m.type === 'placeSilhouette') {
      out.push({ ...m, x: m.x + 1 }, { ...m, y: m.y - 1 }, { ...m, direction: m.direction === 'horizontal' ? 'vertical' : 'horizontal' });
      out.push({ ...m, length: 2 + ((m.length - 1) % 3) }, { ...m, length: m.length + 1 });
    } else if (m.type === 'placeTile') {
      out.push({ ...m, x: m.x + 1, y: m.y + 1 }, { ...m, x: m.x + 2 }, { ...m, quarterTurns: 4 });
      const t = rng.pick(state.tiles);
      out.push({ type: 'placeTile', x: t.x, y: t.y, quarterTurns: 0 });
    }
  }
  // Another seat's colour: its placements are rarely this seat's.
  const other = (seat + 1 + rng.int(state.players - 1)) % state.players;
  const theirs = silhouettePlacements(state, other);
  for (let i = 0; i < 3 && theirs.length > 0; i++) out.push({ type: 'placeSilhouette', ...rng.pick(theirs) });
  out.push({
    type: 'placeSilhouette',
    length: 2 + rng.int(3),
    x: -3 + rng.int(10),
    y: -3 + rng.int(10),
    direction: rng.int(2) ? 'horizontal' : 'vertical',
  });
  return out;
}

describe('Ma Petite Ville properties (random legal games, checkRandomGame harness)', () => {
  for (const { players, version } of CONFIGS) {
    it(`${players} players, ${version}: ${scaled(60)} random games keep every kernel contract and conservation`, () => {
      for (let i = 0; i < scaled(60); i++) {
        checkRandomGame<MpvState>(game, `mpv-${players}-${version}-${i}`, {
          players,
          options: { version },
          invariant,
          candidates,
          // The top of the pile and the whole order (the light loop below checks every pile tile).
          // Every viewer sees the same public view, so one viewer in turn is checked at each step.
          secrets: (state, viewer) =>
            (state.tiles.length + state.silhouettes.length) % (players + 1) === (viewer ?? players)
              ? [...pileSecrets(state).slice(0, 2), JSON.stringify(state.pile)]
              : [],
        });
      }
    });
  }
});
