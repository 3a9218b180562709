/**
 * The soak (issue 14): many games held open at once, each getting a move every few seconds (the
 * play-by-mail shape), for minutes; the server's memory (RSS of every server process) and the
 * POST latency are sampled over time. A finished game is replaced by a new one, so the number of
 * open games stays constant.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createGame, percentile, xorshift, type Created } from './peer.js';

export interface SoakSample {
  atSeconds: number;
  moves: number;
  movesPerSec: number;
  p50: number;
  p99: number;
  rssMb: number;
}

/** The process and its descendants (the cluster's workers). */
function processTree(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [pid, pp] of parent) if (pp === out[i]) out.push(pid);
  return out;
}

const rssMb = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return sum + (m ? Number(m[1]) / 1024 : 0);
    } catch {
      return sum;
    }
  }, 0);

/**
 * `games` open games, each moving every `intervalSeconds` (± 50 %, so they do not march in step),
 * for `minutes`; one sample every `sampleSeconds`.
 */
export async function soak(
  base: string,
  serverPid: number,
  opts: { games: number; minutes: number; intervalSeconds: number; sampleSeconds: number; log: (s: string) => void },
): Promise<SoakSample[]> {
  const { games, minutes, intervalSeconds, sampleSeconds, log } = opts;
  log(`(soak: creating ${games} games)`);
  const created: Created[] = [];
  for (let i = 0; i < games; i += 50)
    created.push(...(await Promise.all(Array.from({ length: Math.min(50, games - i) }, () => createGame(base)))));
  const end = performance.now() + minutes * 60_000;
  let window: number[] = [];
  let errors = 0;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const loops = created.map(async (first, i) => {
    const rand = xorshift(7919 * (i + 1));
    let g = first;
    await sleep(rand() * intervalSeconds * 1000); // spread the starts
    while (performance.now() < end) {
      try {
        const r = await oneMove(base, g, rand, window);
        if (r === 'over') g = await createGame(base);
      } catch {
        errors++;
      }
      await sleep(intervalSeconds * 1000 * (0.5 + rand()));
    }
  });
  const samples: SoakSample[] = [];
  const t0 = performance.now();
  const sampler = (async () => {
    while (performance.now() < end) {
      await sleep(Math.min(sampleSeconds * 1000, Math.max(0, end - performance.now())));
      const w = window.sort((a, b) => a - b);
      window = [];
      const s = {
        atSeconds: (performance.now() - t0) / 1000,
        moves: w.length,
        movesPerSec: w.length / sampleSeconds,
        p50: percentile(w, 50),
        p99: percentile(w, 99),
        rssMb: rssMb(processTree(serverPid)),
      };
      samples.push(s);
      log(
        `  soak t=${s.atSeconds.toFixed(0)} s: ${s.moves} moves (${s.movesPerSec.toFixed(0)}/s), ` +
          `POST p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, server RSS ${s.rssMb.toFixed(0)}` +
          ` MB${errors ? `, ${errors} errors so far` : ''}`,
      );
    }
  })();
  await Promise.all([...loops, sampler]);
  return samples;
}

/** The seat to move reads its legal moves and makes one (with expectedVersion); 'over' when the game ended. */
async function oneMove(base: string, g: Created, rand: () => number, latencies: number[]): Promise<'moved' | 'over'> {
  const r = await fetch(`${base}/api/v1/games/${g.id}`);
  const game = (await r.json()) as { version: number; status: string; toMove: number[] };
  if (game.status !== 'active') return 'over';
  const seat = game.toMove[0]!;
  const token = g.tokens[seat]!;
  const legal = (await (
    await fetch(`${base}/api/v1/games/${g.id}/legal-moves`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { version: number; moves: unknown[] };
  if (legal.moves.length === 0) return 'moved';
  const t = performance.now();
  const res = await fetch(`${base}/api/v1/games/${g.id}/moves`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ move: legal.moves[Math.floor(rand() * legal.moves.length)], expectedVersion: legal.version }),
  });
  const body = (await res.json()) as { status: string };
  if (res.status === 200) latencies.push(performance.now() - t);
  return res.status === 200 && body.status !== 'active' ? 'over' : 'moved';
}
