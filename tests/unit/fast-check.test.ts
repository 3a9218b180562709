import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/app/errors.js';
import { decodeCursor, encodeCursor } from '../../src/app/cursor.js';
import {
  applyMove,
  canonicalHash,
  canonicalJson,
  fold,
  formatMove,
  parseMove,
  replayMoves,
  resolveOptions,
  type AnyGame,
  type GameEvent,
  type Move,
  type Seat,
} from '../../src/engine/index.js';
import { hostedGames } from '../../src/games/index.js';
import { fcParams } from '../support/fc.js';

/** The same JSON value with every object's keys in reverse order (what another writer might produce). */
const reordered = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(reordered)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .reverse()
            .map(([k, x]) => [k, reordered(x)]),
        )
      : v;

describe('properties with fast-check (shrunk counterexamples; FC_SEED replays a failure)', () => {
  it('canonical JSON and its hash: independent of key order, stable through a parse, equal only for equal values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const text = canonicalJson(a);
        expect(canonicalJson(reordered(a))).toBe(text);
        expect(canonicalHash(reordered(a))).toBe(canonicalHash(a));
        expect(canonicalJson(JSON.parse(text))).toBe(text);
        // Two values with one canonical text are one value (as JSON reads them).
        if (canonicalJson(b) === text) expect(JSON.parse(canonicalJson(b))).toEqual(JSON.parse(text));
        else expect(canonicalHash(b)).not.toBe(canonicalHash(a));
      }),
      fcParams(300),
    );
  });

  it(
    'page cursors: decode(encode(at, id)) is (at, id) for every date a row can hold; any other ' + 'text is INVALID_INPUT, never a crash',
    () => {
      const at = fc.date({ min: new Date('1970-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });
      fc.assert(
        fc.property(at, fc.uuid(), (d, id) => {
          expect(decodeCursor(encodeCursor(d, id))).toEqual({ at: d, id });
        }),
        fcParams(300),
      );
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string(),
            fc.base64String(),
            fc.string().map((s) => Buffer.from(s).toString('base64url')),
          ),
          (text) => {
            let decoded: { at: Date; id: string } | undefined;
            try {
              decoded = decodeCursor(text);
            } catch (err) {
              expect(err).toBeInstanceOf(AppError);
              expect((err as AppError).code).toBe('INVALID_INPUT');
              return;
            }
            // Whatever decodes is a real cursor: it encodes back to a text that decodes to the same.
            expect(decodeCursor(encodeCursor(decoded!.at, decoded!.id))).toEqual(decoded);
          },
        ),
        fcParams(500),
      );
    },
  );

  /**
   * A game driven by fast-check: a seat count, a seed and a list of choices (each picks one of the
   * legal moves by index, modulo their number). A failure shrinks to the fewest, smallest choices.
   */
  const arbitraryGame = (game: AnyGame) =>
    fc.record({
      players: fc.integer({ min: game.minPlayers, max: game.maxPlayers }),
      seed: fc.string({ minLength: 1, maxLength: 12 }),
      choices: fc.array(fc.nat(), { maxLength: 150 }),
    });

  const play = (game: AnyGame, p: { players: number; seed: string; choices: number[] }) => {
    const resolved = resolveOptions(game, p.players, {});
    if (!resolved.ok) throw new Error(resolved.error.message);
    const config = { players: p.players, options: resolved.value, seed: p.seed };
    const initial = game.setup(config);
    let state = initial;
    const events: GameEvent[] = [];
    const moves: { seat: Seat; move: Move }[] = [];
    for (const c of p.choices) {
      if (game.outcome(state) !== null) break;
      const seats = game.toMove(state);
      const seat = seats[c % seats.length]!;
      const legal = game.legalMoves(state, seat);
      const move = legal[c % legal.length]!;
      const r = applyMove(game, state, move, seat);
      if (!r.ok) throw new Error(`listed move refused: ${r.error.code}`);
      state = r.value.state;
      events.push(...r.value.events);
      moves.push({ seat, move });
    }
    return { config, initial, state, events, moves };
  };

  for (const game of hostedGames) {
    describe(game.id, () => {
      it('replay equals live: folding the events, or replaying the moves, gives the live state', () => {
        fc.assert(
          fc.property(arbitraryGame(game), (p) => {
            const { config, initial, state, events, moves } = play(game, p);
            expect(canonicalHash(fold(game, initial, events))).toBe(canonicalHash(state));
            expect(canonicalHash(replayMoves(game, config, moves).state)).toBe(canonicalHash(state));
          }),
          fcParams(30),
        );
      });

      it('notation round trip: in any reached position, every legal move reads back from its own text', () => {
        fc.assert(
          fc.property(arbitraryGame(game), (p) => {
            const { state } = play(game, p);
            if (game.outcome(state) !== null) return;
            for (const seat of game.toMove(state)) {
              for (const m of game.legalMoves(state, seat)) {
                const back = parseMove(game, state, seat, formatMove(game, state, seat, m));
                expect(back.ok && canonicalJson(back.value), `${JSON.stringify(m)}`).toBe(canonicalJson(m));
              }
            }
          }),
          fcParams(30),
        );
      });
    });
  }
});
