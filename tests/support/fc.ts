import type { Parameters } from 'fast-check';

/**
 * fast-check's run parameters for this suite: a fixed seed (FC_SEED, default 22), so a run is
 * repeatable and CI sees what a laptop sees; `numRuns` cases scaled by PROPERTY_SCALE as the other
 * property tests are. A failure prints its seed and the shrunk counterexample; FC_SEED=<seed>
 * replays it.
 */
export function fcParams<T>(numRuns: number): Parameters<T> {
  const scale = Number(process.env.PROPERTY_SCALE ?? '1');
  return { seed: Number(process.env.FC_SEED ?? '22'), numRuns: Math.max(5, Math.round(numRuns * scale)) };
}
