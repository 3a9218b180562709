/**
 * What metrics and tracing cost (issue 20: at most 5 % of moves/s, measured both ways in one run).
 * The peer comparison's loop (bench/peer.ts: complete 4-player games of La Ville de Demain, each
 * seat reading its legal moves and sending one, K games at a time) against the same server started
 * three ways, in alternating rounds so that drift of the machine falls on every mode alike:
 *   off      METRICS_PORT=0, no OTEL_EXPORTER_OTLP_ENDPOINT (nothing measured, nothing traced)
 *   metrics  the default: metrics on, scraped as the shipped Prometheus does (every 15 s,
 *            deploy/prometheus/prometheus.yml) and once at the start of every timed loop, so that
 *            each loop, however short, pays for at least one scrape
 *   traces   metrics as above, and every request traced and exported over OTLP/HTTP to a receiver
 *            in this process that reads and drops each batch (a collector's cost stays out)
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serviceLoop, type LoopResult } from './peer.js';

export type Mode = 'off' | 'metrics' | 'traces';
export const MODES: Mode[] = ['off', 'metrics', 'traces'];

export interface Started {
  base: string;
  /** The server's process: its CPU time is read around each timed loop (Linux). */
  pid?: number;
  stop(): Promise<void>;
}

/** A process's CPU seconds so far (user + system, /proc/<pid>/stat), or null where there is no /proc. */
function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in USER_HZ ticks
}

/** A loop's result with the server's CPU per move (µs), when it could be read. */
export type Measured = LoopResult & { cpuUsPerMove: number | null };

/** A sink for OTLP/HTTP exports: answers 200 to every POST after reading its body. */
async function otlpSink() {
  let batches = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      batches++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    batches: () => batches,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

export async function observabilityOverhead(
  start: (env: Record<string, string>) => Promise<Started>,
  opts: {
    K: number[];
    games: number;
    rounds: number;
    metricsPort: number;
    scrapeSeconds?: number;
    modes?: Mode[];
    log: (s: string) => void;
  },
): Promise<{ rows: Record<Mode, Record<number, Measured[]>>; exportedBatches: number }> {
  const sink = await otlpSink();
  const env: Record<Mode, Record<string, string>> = {
    off: { METRICS_PORT: '0', OTEL_EXPORTER_OTLP_ENDPOINT: '' },
    metrics: { METRICS_PORT: String(opts.metricsPort), OTEL_EXPORTER_OTLP_ENDPOINT: '' },
    traces: { METRICS_PORT: String(opts.metricsPort), OTEL_EXPORTER_OTLP_ENDPOINT: sink.url },
  };
  const modes = opts.modes ?? MODES;
  const rows = Object.fromEntries(MODES.map((m) => [m, Object.fromEntries(opts.K.map((k) => [k, [] as Measured[]]))])) as Record<
    Mode,
    Record<number, Measured[]>
  >;
  for (let round = 1; round <= opts.rounds; round++) {
    // Each round takes the modes in a different order (off first, then metrics first, ...).
    const order = modes.map((_, i) => modes[(i + round - 1) % modes.length]!);
    for (const mode of order) {
      const server = await start(env[mode]);
      const scrape = () =>
        void fetch(`http://127.0.0.1:${opts.metricsPort}/metrics`).then(
          (r) => r.text(),
          () => '',
        );
      const scraper = mode === 'off' ? null : setInterval(scrape, (opts.scrapeSeconds ?? 15) * 1000);
      try {
        // Warm-up: the JIT and the pools, at both concurrencies, before anything is timed.
        await serviceLoop(server.base, 16, 16, 99);
        await serviceLoop(server.base, 1, 2, 98);
        for (const K of opts.K) {
          if (mode !== 'off') scrape();
          const c0 = cpuSeconds(server.pid);
          const loop = await serviceLoop(server.base, K, opts.games, round, { connections: 'seat' });
          const c1 = cpuSeconds(server.pid);
          const r: Measured = { ...loop, cpuUsPerMove: c0 === null || c1 === null ? null : ((c1 - c0) * 1e6) / loop.moves };
          rows[mode][K]!.push(r);
          opts.log(
            `  observability round ${round}, ${mode}, K=${K}: ${r.movesPerSec.toFixed(0)} moves/s, ` +
              `POST p99 ${r.postP99.toFixed(2)} ms${r.cpuUsPerMove === null ? '' : `, server CPU ${r.cpuUsPerMove.toFixed(0)} µs/move`}`,
          );
        }
      } finally {
        if (scraper) clearInterval(scraper);
        await server.stop();
      }
    }
  }
  await sink.close();
  return { rows, exportedBatches: sink.batches() };
}

/** Student's t at 97.5 % for 1 to 30 degrees of freedom (beyond: the normal's 1.96), for a 95 % interval. */
const T975 = [
  12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.2, 2.18, 2.16, 2.14, 2.13, 2.12, 2.11, 2.1, 2.09, 2.09, 2.08, 2.07, 2.07,
  2.06, 2.06, 2.06, 2.05, 2.05, 2.05, 2.04,
];

/**
 * The cost of `mode` against `off` round by round (each round runs every mode back to back, so a
 * round's ratio is the least disturbed by the machine's drift): the median and the range of the
 * rounds' relative differences in moves/s, and their mean with its 95 % confidence interval (the
 * rounds as independent pairs: each mode's process is a fresh one, and processes differ by more
 * than what metrics cost, which is why one pair says little and many are run).
 */
export function pairedCost(
  mode: LoopResult[],
  off: LoopResult[],
): { median: number; min: number; max: number; mean: number; ci: [number, number] } {
  const d = mode.map((r, i) => (r.movesPerSec - off[i]!.movesPerSec) / off[i]!.movesPerSec).sort((a, b) => a - b);
  const n = d.length;
  const mid = n >> 1;
  const mean = d.reduce((a, x) => a + x, 0) / n;
  const sd = n > 1 ? Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1)) : 0;
  const half = n > 1 ? (T975[n - 2] ?? 1.96) * (sd / Math.sqrt(n)) : 0;
  return { median: n % 2 ? d[mid]! : (d[mid - 1]! + d[mid]!) / 2, min: d[0]!, max: d[n - 1]!, mean, ci: [mean - half, mean + half] };
}

/** The median of the rounds' server CPU per move (µs), or null where it could not be read. */
export function medianCpu(results: Measured[]): number | null {
  const xs = results
    .map((r) => r.cpuUsPerMove)
    .filter((x): x is number => x !== null)
    .sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = xs.length >> 1;
  return xs.length % 2 ? xs[mid]! : (xs[mid - 1]! + xs[mid]!) / 2;
}

/** Moves/s of all rounds of a mode (total moves over total time), and p99 of the POSTs (the worst round's). */
export function summarize(results: LoopResult[]): { movesPerSec: number; postP99: number } {
  const moves = results.reduce((a, r) => a + r.moves, 0);
  const seconds = results.reduce((a, r) => a + r.seconds, 0);
  return { movesPerSec: moves / seconds, postP99: Math.max(...results.map((r) => r.postP99)) };
}
