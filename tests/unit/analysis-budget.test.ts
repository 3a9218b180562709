import { describe, expect, it } from 'vitest';
import { AnalysisBudget, budgetKey } from '../../src/app/bots/analysis-budget.js';
import { AppError } from '../../src/app/errors.js';

/** Issue 31: each caller's analysis budget, iterations a minute per token (or address), a token bucket. */
describe('the analysis budget per caller', () => {
  const refusal = (f: () => void): AppError => {
    try {
      f();
    } catch (e) {
      return e as AppError;
    }
    throw new Error('not refused');
  };

  it("spends a minute's budget at once, then as fast as it refills; 429 with the seconds to wait", () => {
    let now = 0;
    const b = new AnalysisBudget(6000, () => now);
    b.spend('a', 'address', 6000);
    const e = refusal(() => b.spend('a', 'address', 1000));
    expect(e.code).toBe('RATE_LIMITED');
    expect(e.extra.retryAfter).toBe(10); // 1000 of 6000 a minute: 10 s
    expect(e.message).toContain('at most 6000 search iterations a minute for this address');
    now = 10_000;
    b.spend('a', 'address', 1000);
    expect(b.left('a')).toBe(0);
    // Another caller has its own.
    b.spend('b', 'token', 6000);
  });

  it("refuses more than a minute's budget in one request as a mistake (400 naming it)", () => {
    const e = refusal(() => new AnalysisBudget(500).spend('a', 'token', 501));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.message).toContain('more than the 500 a minute this token may spend');
  });

  it("gives back what an unanswered analysis did not use, never beyond a minute's budget; 0 is no budget", () => {
    const b = new AnalysisBudget(1000, () => 0);
    b.spend('a', 'address', 800);
    b.refund('a', 800);
    expect(b.left('a')).toBe(1000);
    b.refund('a', 500);
    expect(b.left('a')).toBe(1000);
    expect(() => new AnalysisBudget(0).spend('a', 'address', 1e9)).not.toThrow();
  });

  it('keys a token by its hash, never the token itself; a request without one by its address', () => {
    const t = budgetKey('secret-token', '10.0.0.1');
    expect(t.scope).toBe('token');
    expect(t.key).not.toContain('secret-token');
    expect(budgetKey(undefined, '10.0.0.1')).toEqual({ key: 'a:10.0.0.1', scope: 'address' });
  });
});
