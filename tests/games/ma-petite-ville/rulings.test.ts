import { describe, expect, it } from 'vitest';
import { checkMoveShape } from '../../../src/engine/index.js';
import type { Json } from '../../../src/engine/index.js';
import { tilePattern } from '../../../src/games/ma-petite-ville/board.js';
import { TILES } from '../../../src/games/ma-petite-ville/data.js';
import type { MpvMove, MpvState } from '../../../src/games/ma-petite-ville/index.js';
import {
  acceptedSilhouetteMoves,
  game,
  listedSilhouetteMoves,
  painted,
  pileSecrets,
  play,
  refusal,
  sil,
  start,
  viewOf,
} from './helpers.js';

const draw: MpvMove = { type: 'drawTile' };
const pass: MpvMove = { type: 'pass' };
const tile = (x: number, y: number, quarterTurns = 0): MpvMove => ({ type: 'placeTile', x, y, quarterTurns });

/** The city of the view as rows of letters (B G Y R X, lower case when covered, '.' for no tile). */
function cityRows(s: MpvState): string[] {
  const city = viewOf(s, null).city as { rows: ({ colour: string | null; isX: boolean; coveredBy: number | null } | null)[][] };
  return city.rows.map((row) =>
    row
      .map((q) => {
        if (q === null) return '.';
        const l = q.isX ? 'X' : q.colour![0]!.toUpperCase();
        return q.coveredBy === null ? l : l.toLowerCase();
      })
      .join(''),
  );
}

/**
 * The painted city of the silhouette rulings (two tiles, x = 0..5, y = 0..2). Seat 0 is blue.
 *   B G B | B B Y
 *   Y X G | R X R
 *   B R Y | G B G
 */
const LINES = ['BGB BBY', 'YXG RXR', 'BRY GBG'];

describe('Ma Petite Ville shared rulings (shared/rulings/ma-petite-ville.md)', () => {
  describe('M1 tiles on one grid, edge to edge, rotation chosen, unbounded table', () => {
    it('M1 a new tile must share a full edge with a placed tile: diagonal or remote positions are refused', () => {
      const s = play(start(2), 0, draw).state;
      expect(refusal(s, 0, tile(1, 1))).toBe('TILE_NOT_ADJACENT');
      expect(refusal(s, 0, tile(-1, -1))).toBe('TILE_NOT_ADJACENT');
      expect(refusal(s, 0, tile(2, 0))).toBe('TILE_NOT_ADJACENT');
      expect(refusal(s, 0, tile(0, 0))).toBe('TILE_POSITION_TAKEN');
      for (const [x, y] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const)
        expect(game.decide(s, tile(x, y), 0).ok).toBe(true);
    });

    it('M1 the player chooses the rotation: quarterTurns turns the drawn tile clockwise', () => {
      let s = play(start(2), 0, draw).state;
      const drawn = s.drawn!;
      s = play(s, 0, tile(1, 0, 1)).state;
      const printed = TILES.find((t) => t.id === drawn)!.rows.join('');
      // A quarter turn clockwise: the printed left column, read bottom to top, becomes the top row.
      const expected = [
        printed[6]! + printed[3]! + printed[0]!,
        printed[7]! + printed[4]! + printed[1]!,
        printed[8]! + printed[5]! + printed[2]!,
      ];
      expect(cityRows(s).map((r) => r.slice(3))).toEqual(expected);
      expect(tilePattern(drawn, 1)).toBe(expected.join(''));
    });

    it('M1 the table is unbounded: the city may grow in any direction, negative coordinates included', () => {
      let s = start(2);
      for (let i = 1; i <= 4; i++) {
        s = play(s, s.turn, draw).state;
        s = play(s, s.turn, tile(-i, 0)).state;
      }
      s = play(s, s.turn, draw).state;
      s = play(s, s.turn, tile(-4, -1)).state;
      const v = viewOf(s, null).city as { x: number; y: number; width: number; height: number };
      expect(v).toMatchObject({ x: -12, y: -3, width: 15, height: 6 });
      s = play(s, s.turn, draw).state;
      // Open positions: around the row of five tiles and the one above its left end.
      const positions = new Set(game.legalMoves(s, s.turn).map((m) => (m.type === 'placeTile' ? `${m.x},${m.y}` : '')));
      expect([...positions].sort()).toEqual(
        ['-1,-1', '-1,1', '-2,-1', '-2,1', '-3,-1', '-3,1', '-4,-2', '-4,1', '-5,-1', '-5,0', '0,-1', '0,1', '1,0'].sort(),
      );
      expect(game.legalMoves(s, s.turn)).toHaveLength(13 * 4);
    });
  });

  it('M1 the listed tile placements are exactly the accepted ones (brute force around a grown city)', () => {
    let s = start(3, 'normal', 'm1-brute');
    for (const [x, y] of [
      [1, 0],
      [1, 1],
      [-1, 0],
      [-1, -1],
      [2, 1],
    ] as const)
      s = play(play(s, s.turn, draw).state, s.turn, tile(x, y, (x + 4) % 4)).state;
    s = play(s, s.turn, draw).state;
    const accepted: string[] = [];
    for (let y = -4; y <= 4; y++)
      for (let x = -4; x <= 5; x++)
        for (let q = 0; q < 4; q++) if (game.decide(s, tile(x, y, q), s.turn).ok) accepted.push(JSON.stringify(tile(x, y, q)));
    const listed = game.legalMoves(s, s.turn).map((m) => JSON.stringify(m));
    expect(listed.sort()).toEqual(accepted.sort());
    expect(listed).toHaveLength(11 * 4); // 11 open positions around the 6 tiles
  });

  describe('M2 taking a tile: draw (revealed to all), then place; the pile order is hidden', () => {
    it('M2 drawing reveals the top tile to everyone, then the same player must place it', () => {
      const s0 = start(3);
      const top = s0.pile[0]!;
      const { state: s, events } = play(s0, 0, draw);
      expect(events).toEqual([{ type: 'tileDrawn', seat: 0, tile: top }]);
      for (const viewer of [null, 0, 1, 2]) {
        expect((viewOf(s, viewer).drawnTile as { tile: string }).tile).toBe(top);
        expect(game.eventView(events[0]!, viewer)).toEqual({ type: 'tileDrawn', seat: 0, tile: top });
      }
      expect(game.toMove(s)).toEqual([0]);
      expect(new Set(game.legalMoves(s, 0).map((m) => m.type))).toEqual(new Set(['placeTile']));
      expect(refusal(s, 0, draw)).toBe('TILE_ALREADY_DRAWN');
      expect(refusal(s, 0, sil(2, 0, 0))).toBe('MUST_PLACE_DRAWN_TILE');
      expect(refusal(s, 1, tile(1, 0))).toBe('NOT_YOUR_TURN');
    });

    it('M2 a tile is placed only right after it was drawn', () => {
      expect(refusal(start(2), 0, tile(1, 0))).toBe('NO_TILE_DRAWN');
    });

    it('M2 the draw pile order is in no view and no event, for players and spectators alike', () => {
      let s = start(4);
      const events = [];
      for (let i = 0; i < 6; i++) {
        const d = play(s, s.turn, draw);
        const p = play(d.state, s.turn, tile(i + 1, 0));
        events.push(...d.events, ...p.events);
        s = p.state;
      }
      expect(s.pile).toHaveLength(29);
      for (const viewer of [null, 0, 1, 2, 3]) {
        const v = viewOf(s, viewer);
        expect(v.pileCount).toBe(29);
        expect('pile' in v).toBe(false);
        const text = JSON.stringify(v) + JSON.stringify(events.map((e) => game.eventView(e, viewer)));
        for (const secret of pileSecrets(s)) expect(text).not.toContain(secret);
      }
    });
  });

  describe("M3 a silhouette: straight line on the city, free squares, both ends on the player's colour", () => {
    const city = painted({ players: 2, picture: LINES });

    it("M3 ends on the player's colour, middle squares of any colour, horizontally or vertically", () => {
      expect(game.decide(city, sil(3, 0, 0), 0).ok).toBe(true); // B G B
      expect(game.decide(city, sil(3, 0, 0, 'vertical'), 0).ok).toBe(true); // B Y B
      expect(refusal(city, 0, sil(3, 3, 0))).toBe('END_NOT_OWN_COLOUR'); // B B Y
      expect(refusal(city, 0, sil(2, 0, 0))).toBe('END_NOT_OWN_COLOUR'); // B G
      expect(refusal({ ...city, turn: 1 }, 1, sil(3, 0, 0))).toBe('END_NOT_OWN_COLOUR'); // blue ends, green player
      expect(game.decide(city, sil(3, 3, 2), 1).ok).toBe(true); // G B G for green
    });

    it('M3 rulebook illustration (DÉROULEMENT DU JEU, action 2): a row of red houses, first and last on red squares', () => {
      // Seat 3 plays red: a 4-house silhouette over red, blue, green, red squares.
      const s = painted({ players: 4, picture: ['RBGRYY', 'XYYBGX', 'GBXRRG'], turn: 3 });
      expect(game.decide(s, sil(4, 0, 0), 3).ok).toBe(true);
      expect(refusal(s, 3, sil(4, 0, 0, 'vertical'))).toBe('OUTSIDE_CITY');
      expect(refusal(s, 3, sil(3, 0, 0))).toBe('END_NOT_OWN_COLOUR'); // R B G: the last house on green
    });

    it('M3 a silhouette may span two tiles but must lie entirely on placed tiles', () => {
      expect(game.decide(city, sil(2, 2, 0), 0).ok).toBe(true); // x = 2 | 3
      expect(refusal(city, 0, sil(4, 2, 0))).toBe('END_NOT_OWN_COLOUR'); // x = 2..5 is B B B Y
      expect(refusal(city, 0, sil(4, 3, 0))).toBe('OUTSIDE_CITY'); // x = 3..6
      expect(refusal(city, 0, sil(2, -1, 0))).toBe('OUTSIDE_CITY');
      expect(refusal(city, 0, sil(4, 0, 0, 'vertical'))).toBe('OUTSIDE_CITY');
    });

    it('M3 a square is used once: no silhouette on or across a covered square', () => {
      const s = play(city, 0, sil(3, 0, 0)).state; // covers (0,0) (1,0) (2,0)
      expect(cityRows(s)[0]).toBe('bgbBBY');
      const rows = (viewOf(s, 1).city as { rows: Json[][] }).rows;
      expect(rows[0]![0]).toEqual({ colour: 'blue', isX: false, coveredBy: 0 });
      expect(rows[1]![1]).toEqual({ colour: null, isX: true, coveredBy: null });
      expect(rows[0]![3]).toEqual({ colour: 'blue', isX: false, coveredBy: null });
      expect(refusal(s, 1, sil(3, 0, 0, 'vertical'))).toBe('SQUARE_COVERED');
      expect(refusal(s, 1, sil(2, 2, 0))).toBe('SQUARE_COVERED');
      expect(refusal(s, 1, sil(3, 1, 0, 'vertical'))).toBe('SQUARE_COVERED');
    });

    it('M3 no diagonal silhouettes: the move names only a horizontal or vertical direction', () => {
      expect(checkMoveShape(game, { type: 'placeSilhouette', length: 2, x: 0, y: 0, direction: 'diagonal' })).not.toBeNull();
      expect(checkMoveShape(game, { type: 'placeSilhouette', length: 5, x: 0, y: 0, direction: 'vertical' })).not.toBeNull();
    });

    it('M3 the listed placements are exactly the accepted ones (brute force over every line)', () => {
      for (const version of ['easy', 'normal'] as const) {
        const s = painted({ players: 2, version, picture: LINES });
        for (const seat of [0, 1]) {
          const t = { ...s, turn: seat };
          expect(listedSilhouetteMoves(t, seat).length).toBeGreaterThan(0);
          expect(listedSilhouetteMoves(t, seat)).toEqual(acceptedSilhouetteMoves(t, seat));
        }
      }
    });
  });

  describe('M4 X squares: easy version (only between the ends) and normal version (never)', () => {
    it('M4 normal version: a silhouette may never cover or cross an X square', () => {
      const s = painted({ players: 2, version: 'normal', picture: LINES });
      expect(refusal(s, 0, sil(3, 4, 0, 'vertical'))).toBe('X_SQUARE_FORBIDDEN'); // B X B
      expect(refusal(s, 0, sil(2, 1, 1))).toBe('X_SQUARE_FORBIDDEN'); // X G, X at an end
    });

    it('M4 easy version: an X square may lie under the middle of a silhouette', () => {
      const s = painted({ players: 2, version: 'easy', picture: LINES });
      const r = play(s, 0, sil(3, 4, 0, 'vertical')).state; // B X B
      expect(cityRows(r).map((row) => row[4])).toEqual(['b', 'x', 'b']);
    });

    it('M4 easy version: neither the first nor the last object may stand on an X square', () => {
      const s = painted({ players: 2, version: 'easy', picture: ['XBX', 'BBB', 'XBX'] });
      expect(refusal(s, 0, sil(2, 0, 0))).toBe('END_ON_X_SQUARE'); // X B: first on X
      expect(refusal(s, 0, sil(2, 1, 0))).toBe('END_ON_X_SQUARE'); // B X: last on X
      expect(refusal(s, 0, sil(3, 0, 0, 'vertical'))).toBe('END_ON_X_SQUARE');
      expect(game.decide(s, sil(2, 0, 1), 0).ok).toBe(true);
    });

    it('M4 the version is the game option "version", normal by default', () => {
      expect(game.optionsSchema.properties.version).toMatchObject({ enum: ['easy', 'normal'], default: 'normal' });
      expect(start(2, 'easy').version).toBe('easy');
      expect(viewOf(start(2, 'easy'), null).version).toBe('easy');
    });
  });

  describe('M5 a turn: take and place a tile, or place one silhouette', () => {
    it('M5 a turn is one action: after a silhouette or a placed tile the next seat plays', () => {
      const s = painted({ players: 3, picture: LINES });
      const a = play(s, 0, sil(3, 0, 0)).state;
      expect(game.toMove(a)).toEqual([1]);
      expect(refusal(a, 0, draw)).toBe('NOT_YOUR_TURN');
      const b = play(play(a, 1, draw).state, 1, tile(2, 0)).state;
      expect(game.toMove(b)).toEqual([2]);
    });

    it('M5 a player who can place a silhouette may still take a tile', () => {
      const s = painted({ players: 2, picture: LINES });
      const moves = game.legalMoves(s, 0);
      expect(moves[0]).toEqual(draw);
      expect(moves.filter((m) => m.type === 'placeSilhouette').length).toBeGreaterThan(0);
    });

    it('M5 a player who cannot place a silhouette must take a tile while any remain', () => {
      // Green (seat 1) has two squares that share no line: only taking a tile is left.
      const s = painted({ players: 2, picture: ['GBB', 'BXB', 'BBG'], turn: 1 });
      expect(game.legalMoves(s, 1)).toEqual([draw]);
      expect(viewOf(s, 1).mustTakeTile).toBe(true);
      expect(refusal(s, 1, sil(3, 0, 0))).toBe('END_NOT_OWN_COLOUR');
      expect(refusal(s, 1, pass)).toBe('PASS_NOT_ALLOWED');
      expect(viewOf(painted({ players: 2, picture: LINES }), null).mustTakeTile).toBe(false);
    });

    it('M5 a player may not place a silhouette he no longer has', () => {
      let s = painted({
        players: 2,
        picture: ['BBB', 'BXB', 'BBB', 'BBB', 'BXB', 'BBB'],
        hands: [
          [2, 3],
          [2, 3],
        ],
      });
      s = play(s, 0, sil(2, 0, 0)).state;
      s = play(play(s, 1, draw).state, 1, tile(1, 0)).state;
      expect(refusal(s, 0, sil(2, 0, 2))).toBe('NO_SILHOUETTE_OF_LENGTH');
      expect(refusal(s, 0, sil(4, 0, 2, 'vertical'))).toBe('NO_SILHOUETTE_OF_LENGTH');
    });
  });

  describe('M6 the end: last silhouette, or the round after the last tile, then fewest objects', () => {
    it("M6 placing one's last silhouette wins at once", () => {
      const s = painted({ players: 3, picture: LINES, hands: [[3], [2, 2], [2]] });
      const { state, events } = play(s, 0, sil(3, 0, 0));
      expect(events.map((e) => e.type)).toEqual(['silhouettePlaced', 'gameEnded']);
      expect(state.phase).toBe('over');
      expect(game.toMove(state)).toEqual([]);
      expect(game.outcome(state)).toEqual({
        scores: [18, 14, 16],
        ranks: [1, 3, 2],
        winners: [0],
        detail: { reason: 'lastSilhouette', objectsLeft: [0, 4, 2], silhouettesLeft: [0, 2, 1] },
      });
      expect(refusal(state, 1, draw)).toBe('GAME_OVER');
    });

    /** Blue, green and yellow can each place a 2; the pile holds only T36. */
    const lastTile = (hands?: number[][]) => painted({ players: 3, picture: ['BBG', 'GXG', 'YYR'], pile: ['T36'], hands, turn: 1 });

    it('M6 after the last tile, each player places at most one more silhouette, starting left of the placer and ending with him', () => {
      let s = play(lastTile(), 1, draw).state;
      const r = play(s, 1, tile(0, 1));
      expect(r.events.map((e) => e.type)).toEqual(['tilePlaced', 'finalRoundBegan']);
      s = r.state;
      expect(viewOf(s, null)).toMatchObject({ phase: 'finalRound', pileCount: 0, finalRound: { lastTilePlacer: 1, turnsLeft: 3 } });
      expect(game.toMove(s)).toEqual([2]);
      expect(refusal(s, 2, draw)).toBe('PILE_EMPTY');
      s = play(s, 2, sil(2, 0, 2)).state;
      expect(game.toMove(s)).toEqual([0]);
      s = play(s, 0, sil(2, 0, 0)).state;
      expect(game.toMove(s)).toEqual([1]);
      const end = play(s, 1, pass);
      expect(end.events.map((e) => e.type)).toEqual(['passed', 'gameEnded']);
      // Seats 0 and 2 have 16 objects on 5 silhouettes left, seat 1 all 18: a shared win.
      expect(game.outcome(end.state)).toEqual({
        scores: [2, 0, 2],
        ranks: [1, 3, 1],
        winners: [0, 2],
        detail: { reason: 'finalRound', objectsLeft: [16, 18, 16], silhouettesLeft: [5, 6, 5] },
      });
    });

    it("M6 in the final round, placing one's last silhouette still wins at once", () => {
      let s = play(lastTile([[2, 2], [2, 2], [2]]), 1, draw).state;
      s = play(s, 1, tile(0, 1)).state;
      const r = play(s, 2, sil(2, 0, 2));
      expect(r.events.map((e) => e.type)).toEqual(['silhouettePlaced', 'gameEnded']);
      expect(game.outcome(r.state)?.winners).toEqual([2]);
      expect((game.outcome(r.state)?.detail as { reason: string }).reason).toBe('lastSilhouette');
    });

    /** Ends the game by the final round with everybody passing, from the given hands. */
    const finalStandings = (hands: number[][]) => {
      let s = painted({ players: hands.length, picture: ['BBG', 'GXG', 'YYR'], pile: ['T36'], hands, turn: 0 });
      s = play(play(s, 0, draw).state, 0, tile(0, 1)).state;
      while (s.phase !== 'over') s = play(s, s.turn, pass).state;
      return game.outcome(s)!;
    };

    it('M6 the fewest objects on the remaining silhouettes wins', () => {
      const o = finalStandings([
        [2, 3, 4],
        [3, 4],
        [2, 2, 2, 2],
      ]);
      expect(o.winners).toEqual([1]);
      expect(o.ranks).toEqual([3, 1, 2]);
    });

    it('M6 tied on objects, the fewest silhouettes left wins', () => {
      const o = finalStandings([[2, 2], [4], [2, 2]]);
      expect(o.winners).toEqual([1]);
      expect(o.ranks).toEqual([2, 1, 2]);
      expect(o.detail).toEqual({ reason: 'finalRound', objectsLeft: [4, 4, 4], silhouettesLeft: [2, 1, 2] });
    });

    it('M6 still tied: all tied players win', () => {
      const o = finalStandings([
        [2, 4],
        [3, 3],
        [2, 2, 2],
      ]);
      expect(o.winners).toEqual([0, 1]);
      expect(o.ranks).toEqual([1, 1, 3]);
    });
  });
});

describe('Ma Petite Ville engine rulings (src/games/ma-petite-ville/rules.md)', () => {
  it('E1 seat 0 plays blue (citizens), seat 1 green (trees), seat 2 yellow (cars), seat 3 red (houses)', () => {
    const v = viewOf(start(4), null);
    expect((v.players as { colour: string; object: string }[]).map((p) => `${p.colour}/${p.object}`)).toEqual([
      'blue/citizen',
      'green/tree',
      'yellow/car',
      'red/house',
    ]);
    expect((viewOf(start(2), null).players as Json[]).length).toBe(2);
  });

  it('E2 seat 0 moves first and play goes up the seat numbers, round after round', () => {
    let s = start(3);
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      order.push(game.toMove(s)[0]!);
      s = play(play(s, s.turn, draw).state, s.turn, tile(i + 1, 0)).state;
    }
    expect(order).toEqual([0, 1, 2, 0]);
    expect(viewOf(s, null).round).toBe(2);
  });

  it('E3 silhouettes of one length are alike: a move names the length, and each placement is listed once', () => {
    const s = painted({ players: 2, picture: LINES });
    const listed = listedSilhouetteMoves(s, 0);
    expect(new Set(listed).size).toBe(listed.length);
    const r = play(s, 0, sil(2, 2, 0)).state;
    expect(r.hands[0]).toEqual([2, 3, 3, 4, 4]);
    expect(viewOf(r, null).silhouettes as Json[]).toEqual([{ seat: 0, length: 2, x: 2, y: 0, direction: 'horizontal', colour: 'blue' }]);
  });

  it('E4 the first tile lies as printed at tile position (0, 0), covering squares x, y = 0..2', () => {
    const s = start(2, 'normal', 'e4');
    const first = TILES.find((t) => t.id === s.tiles[0]!.tile)!;
    expect(s.tiles).toEqual([{ tile: first.id, x: 0, y: 0, quarterTurns: 0, squares: first.rows.join(''), covers: '.........' }]);
    expect(viewOf(s, null).city).toMatchObject({ x: 0, y: 0, width: 3, height: 3 });
    expect(cityRows(s)).toEqual([...first.rows]);
    expect(s.pile).toHaveLength(35);
  });

  it('E5 in the final round a player may pass; one who cannot place any silhouette is skipped', () => {
    // Yellow (seat 2) cannot place: its hand holds only 4s and the city has no yellow line of 4.
    let s = painted({ players: 3, picture: ['BBG', 'GXG', 'YYR'], pile: ['T36'], hands: [[2], [2, 2, 2], [4, 4]], turn: 1 });
    s = play(play(s, 1, draw).state, 1, tile(0, 1)).state;
    // T36 below: X G Y / R B B / Y G R. Seat 2 was skipped at once; seat 0 may place or pass.
    expect(game.toMove(s)).toEqual([0]);
    expect(game.legalMoves(s, 2)).toEqual([]);
    expect(game.legalMoves(s, 0)).toContainEqual(pass);
    const r = play(s, 0, pass);
    expect(r.events.map((e) => e.type)).toEqual(['passed']);
    const end = play(r.state, 1, sil(2, 2, 0, 'vertical'));
    expect(end.events.map((e) => e.type)).toEqual(['silhouettePlaced', 'gameEnded']);
    expect(game.outcome(end.state)?.winners).toEqual([0]);
  });

  it('E5 the skip is an event of the move that caused it, and a final round where nobody can place ends at once', () => {
    const s = painted({ players: 2, picture: ['XXX', 'XXX', 'XXX'], pile: ['T02'], hands: [[4], [4]], turn: 0 });
    const r = play(play(s, 0, draw).state, 0, tile(1, 0));
    // T02 (B B Y / R X R / G Y G) gives no line of 4 to anyone.
    expect(r.events.map((e) => e.type)).toEqual(['tilePlaced', 'finalRoundBegan', 'turnSkipped', 'turnSkipped', 'gameEnded']);
    expect(game.outcome(r.state)).toMatchObject({ winners: [0, 1], ranks: [1, 1] });
  });

  it('E6 scores are objects placed; every seat is ranked by objects left, then silhouettes left', () => {
    const o = game.outcome(play(painted({ players: 4, picture: LINES, hands: [[3], [2, 2], [4], [2, 3]] }), 0, sil(3, 0, 0)).state)!;
    expect(o.scores).toEqual([18, 14, 14, 13]);
    expect(o.ranks).toEqual([1, 3, 2, 4]);
  });

  it('E7 passing is only for the final round; a drawn tile cannot be refused', () => {
    expect(refusal(start(2), 0, pass)).toBe('PASS_NOT_ALLOWED');
    const s = play(start(2), 0, draw).state;
    expect(refusal(s, 0, pass)).toBe('PASS_NOT_ALLOWED');
    expect(game.legalMoves(s, 0).every((m) => m.type === 'placeTile')).toBe(true);
  });

  it('E8 coordinates are bounded by what 36 tiles can reach: tile -35..35, square -105..107', () => {
    expect(game.moveSchemas.placeTile.properties.x).toMatchObject({ minimum: -35, maximum: 35 });
    expect(game.moveSchemas.placeSilhouette.properties.y).toMatchObject({ minimum: -105, maximum: 107 });
    expect(checkMoveShape(game, { type: 'placeTile', x: 36, y: 0, quarterTurns: 0 })).not.toBeNull();
    expect(checkMoveShape(game, { type: 'placeTile', x: 0, y: 0, quarterTurns: 4 })).not.toBeNull();
  });
});

describe('Ma Petite Ville schemas', () => {
  it('every move schema is closed, lists its required fields and uses GraphQL-safe enum values', () => {
    expect(Object.keys(game.moveSchemas).sort()).toEqual(['drawTile', 'pass', 'placeSilhouette', 'placeTile']);
    for (const schema of Object.values(game.moveSchemas)) {
      expect(schema.additionalProperties).toBe(false);
      expect([...(schema.required ?? [])].sort()).toEqual(Object.keys(schema.properties).sort());
      for (const field of Object.values(schema.properties)) {
        if (field.type === 'string') for (const v of field.enum ?? []) expect(v).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
      }
    }
    expect(checkMoveShape(game, { type: 'drawTile', x: 1 })).not.toBeNull();
    expect(checkMoveShape(game, { type: 'placeSilhouette', length: 3, x: -4, y: 7, direction: 'vertical' })).toBeNull();
  });
});
