import { describe, expect, it } from 'vitest';
import {
  applyMove,
  canonicalHash,
  canonicalJson,
  checkMoveShape,
  fold,
  randomPlayout,
  replayMoves,
  resolveOptions,
  Rng,
  seedState,
  type Move,
} from '../../src/engine/index.js';
import { sealedBids } from '../support/sealed-bids.js';

describe('seeded generator (sfc32)', () => {
  it('the same seed gives the same sequence; another seed another one', () => {
    const a = Rng.fromSeed('town'),
      b = Rng.fromSeed('town'),
      c = Rng.fromSeed('towm');
    const seq = (r: Rng) => Array.from({ length: 20 }, () => r.next());
    const sa = seq(a);
    expect(seq(b)).toEqual(sa);
    expect(seq(c)).not.toEqual(sa);
  });

  it('its state round-trips through JSON: a generator rebuilt from an event continues identically', () => {
    const r = Rng.fromSeed('x');
    r.next();
    const copy = new Rng(JSON.parse(JSON.stringify(r.state)));
    expect(Array.from({ length: 10 }, () => copy.next())).toEqual(Array.from({ length: 10 }, () => r.next()));
    expect(seedState('x')).toEqual(Rng.fromSeed('x').state);
  });

  it('int(n) is uniform enough and in range; shuffle is a permutation', () => {
    const r = Rng.fromSeed('uniform');
    const counts = Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[r.int(6)]++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
    const items = Array.from({ length: 50 }, (_, i) => i);
    const shuffled = r.shuffle(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(shuffled).not.toEqual(items);
    expect(() => r.int(0)).toThrow(RangeError);
  });
});

describe('canonical JSON and hash', () => {
  it('does not depend on key order, and tells different values apart', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
    expect(canonicalHash({ a: 1, b: 2 })).toBe(canonicalHash({ b: 2, a: 1 }));
    expect(canonicalHash({ a: 1 })).not.toBe(canonicalHash({ a: 2 }));
    expect(() => canonicalJson({ a: NaN })).toThrow();
  });
});

describe('options and move shapes', () => {
  it('fills defaults, refuses unknown options and bad player counts with their codes', () => {
    expect(resolveOptions(sealedBids, 2, {})).toEqual({ ok: true, value: { rounds: 3 } });
    expect(resolveOptions(sealedBids, 2, { rounds: 5 })).toEqual({ ok: true, value: { rounds: 5 } });
    const unknown = resolveOptions(sealedBids, 2, { speed: 1 });
    expect(!unknown.ok && unknown.error.code).toBe('INVALID_OPTIONS');
    const tooMany = resolveOptions(sealedBids, 2, { rounds: 99 });
    expect(!tooMany.ok && tooMany.error.message).toBe('rounds must be at most 20');
    const players = resolveOptions(sealedBids, 1, {});
    expect(!players.ok && players.error.code).toBe('PLAYER_COUNT');
  });

  it("checks a move against its type's schema: type known, fields typed, nothing extra", () => {
    expect(checkMoveShape(sealedBids, { type: 'bid', amount: 2 })).toBeNull();
    expect(checkMoveShape(sealedBids, { type: 'fold' })?.message).toMatch(/unknown move type "fold"/);
    expect(checkMoveShape(sealedBids, { type: 'bid' })?.message).toMatch(/amount is required/);
    expect(checkMoveShape(sealedBids, { type: 'bid', amount: 1.5 })?.message).toMatch(/integer/);
    expect(checkMoveShape(sealedBids, { type: 'bid', amount: 1, x: 1 })?.message).toMatch(/unknown field "x"/);
    expect(checkMoveShape(sealedBids, [])?.code).toBe('INVALID_MOVE_SHAPE');
  });
});

describe('applying moves and replaying', () => {
  const config = { players: 3, options: { rounds: 2 }, seed: 's' };
  it('the kernel refuses a seat that is not to move (NOT_YOUR_TURN) and any move after the end (GAME_OVER)', () => {
    let s = sealedBids.setup(config);
    const r = applyMove(sealedBids, s, { type: 'bid', amount: 1 } as Move, 0);
    expect(r.ok).toBe(true);
    s = r.ok ? r.value.state : s;
    const again = applyMove(sealedBids, s, { type: 'bid', amount: 1 } as Move, 0);
    expect(!again.ok && again.error.code).toBe('NOT_YOUR_TURN');
    const { state } = randomPlayout<typeof s>(sealedBids, config, 'c');
    const over = applyMove(sealedBids, state, { type: 'bid', amount: 1 } as Move, 0);
    expect(!over.ok && over.error.code).toBe('GAME_OVER');
  });

  it('folding the events of a playout over the initial state gives the final state; replaying the moves too', () => {
    const { state, steps } = randomPlayout(sealedBids, config, 'c2');
    expect(
      canonicalHash(
        fold(
          sealedBids,
          sealedBids.setup(config),
          steps.flatMap((s) => s.events),
        ),
      ),
    ).toBe(canonicalHash(state));
    expect(canonicalHash(replayMoves(sealedBids, config, steps).state)).toBe(canonicalHash(state));
    const bad = steps.map((s, i) => (i === 1 ? { ...s, seat: steps[0]!.seat } : s));
    expect(() => replayMoves(sealedBids, config, bad)).toThrow(/move 2/);
  });
});
