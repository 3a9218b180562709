/**
 * Each caller's analysis budget (issue 31): search iterations a minute per token, or per address
 * for a request without one (ANALYSIS_ITERATIONS_PER_MINUTE). A token bucket: it holds a minute's
 * iterations at most and refills continuously, so a caller may spend a minute's budget at once and
 * then as fast as it refills. A request asking more than a whole minute's budget is refused as a
 * mistake (400 INVALID_INPUT, naming the budget); one the bucket cannot pay now waits its turn
 * (429 RATE_LIMITED with the seconds until it can, Retry-After). One count per server process.
 */
import { createHash } from 'node:crypto';
import { AppError } from '../errors.js';

export type BudgetScope = 'token' | 'address';

/** The caller a budget is kept for: a token (by its SHA-256, never itself), else its address. */
export const budgetKey = (token: string | undefined, address: string): { key: string; scope: BudgetScope } =>
  token ? { key: `t:${createHash('sha256').update(token).digest('hex')}`, scope: 'token' } : { key: `a:${address}`, scope: 'address' };

export class AnalysisBudget {
  private readonly buckets = new Map<string, { left: number; at: number }>();

  constructor(
    /** Iterations a minute per caller (0: no budget). */
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Spends `iterations` of the caller's budget, or throws (400 above a minute's budget, 429 with Retry-After when not yet refilled). */
  spend(key: string, scope: BudgetScope, iterations: number): void {
    if (this.perMinute <= 0) return;
    if (iterations > this.perMinute)
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.analysisOverBudget', { iterations, max: this.perMinute, scope });
    const left = this.left(key);
    if (left < iterations) {
      const retry = Math.max(1, Math.ceil(((iterations - left) * 60) / this.perMinute));
      throw AppError.of(
        'RATE_LIMITED',
        'RATE_LIMITED.analysisBudget',
        { max: this.perMinute, iterations, scope, retry },
        { retryAfter: retry },
      );
    }
    this.buckets.set(key, { left: left - iterations, at: this.now() });
    if (this.buckets.size > 10_000) this.forgetFull();
  }

  /** Gives back iterations a refused analysis did not use (its line was full, its search failed). */
  refund(key: string, iterations: number): void {
    if (this.perMinute <= 0) return;
    this.buckets.set(key, { left: Math.min(this.perMinute, this.left(key) + iterations), at: this.now() });
  }

  /** What the caller may spend now. */
  left(key: string): number {
    const b = this.buckets.get(key);
    if (!b) return this.perMinute;
    return Math.min(this.perMinute, b.left + ((this.now() - b.at) * this.perMinute) / 60_000);
  }

  /** Drops the callers whose bucket has refilled: they are as if never seen. */
  private forgetFull(): void {
    for (const k of [...this.buckets.keys()]) if (this.left(k) >= this.perMinute) this.buckets.delete(k);
  }
}
