/**
 * `npm run bench:bots-load`: does a bot's thinking slow people's moves down? (issue 21: "16
 * concurrent games with bots on this machine: a person's move POST p99 no more than 2x its p99 with
 * no bots running").
 *
 * The server runs in a process of its own (npm start's entry point, BOTS=on, BOT_THREADS as
 * configured: default cores - 1). People: `--people` games of La Ville de Demain between scripted
 * persons (4 seats, one client each game: GET legal-moves, a pause of `--pause-ms`, POST a seeded
 * random move), played all along, a new game when one ends; every POST's latency is recorded with
 * the round it fell in. Rounds alternate (`--rounds` pairs of `--seconds` each): "bots on" creates
 * `--bot-games` games of four `--level` bots (the bots move by themselves: a job per turn, thought in
 * the worker pool) and deletes them at the round's end; "bots off" has none. Result: POST p50/p99 in
 * each mode and the ratio of the p99s (target <= 2), on stdout and in bench/results/bots-load.{md,json}.
 *
 * DATABASE_URL selects the Postgres server (a database bench_bots_load is made afresh on it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { databaseFor, startServer } from './server.js';
import { createGame, percentile, playGame, viaFetch, xorshift, type Send } from './peer.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const ROUNDS = Number(arg('rounds', '3'));
const SECONDS = Number(arg('seconds', '20'));
const BOT_GAMES = Number(arg('bot-games', '16'));
const PEOPLE = Number(arg('people', '4'));
const PAUSE_MS = Number(arg('pause-ms', '25'));
const LEVEL = arg('level', 'ismcts');
const OPERATOR = 'bench-bots-load-operator';

const lines: string[] = [];
const out = (s: string) => {
  lines.push(s);
  console.log(s);
};

async function main() {
  const dbUrl = process.env.DATABASE_URL;
  if (!dbUrl) throw new Error('DATABASE_URL: the Postgres server to run on');
  const started = new Date();
  const loadBefore = loadavg();
  const server = await startServer(
    await databaseFor(dbUrl, 'bench_bots_load'),
    { BOTS: 'on', OPERATOR_TOKEN: OPERATOR, NOTIFICATIONS: 'off' },
    { port: 41_000 + (process.pid % 9_000) },
  );
  const base = server.base;
  const latencies: Record<'on' | 'off', number[]> = { on: [], off: [] };
  let mode: 'on' | 'off' | 'between' = 'between';
  let stopping = false;
  let botMoves = 0;

  // The people: POSTs timed and filed under the round they fell in (none between rounds).
  const send: Send = async (method, url, token, body) => {
    if (stopping) throw new Error('stop');
    if (method === 'POST') await new Promise((r) => setTimeout(r, PAUSE_MS));
    const m = mode;
    const t = performance.now();
    const r = await viaFetch(method, url, token, body);
    if (method === 'POST' && m !== 'between' && m === mode) latencies[m].push(performance.now() - t);
    return r;
  };
  const people = Array.from({ length: PEOPLE }, async (_, i) => {
    const rand = xorshift(1000 + i);
    while (!stopping) {
      try {
        await playGame(base, await createGame(base, 4), rand, [], { send });
      } catch (err) {
        if (!stopping) throw err;
      }
    }
  });

  const botGame = async () => {
    const r = await fetch(`${base}/api/v1/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'ville-de-demain', players: Array.from({ length: 4 }, () => ({ bot: LEVEL })) }),
    });
    if (r.status !== 201) throw new Error(`bot game: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { id: string }).id;
  };
  const versionOf = async (id: string) => ((await (await fetch(`${base}/api/v1/games/${id}`)).json()) as { version: number }).version;

  await new Promise((r) => setTimeout(r, 3000)); // the people's first games under way
  const rounds: { mode: 'on' | 'off'; posts: number; p50: number; p99: number; botMoves?: number }[] = [];
  for (let round = 0; round < ROUNDS * 2; round++) {
    const m: 'on' | 'off' = round % 2 === 0 ? 'off' : 'on';
    const ids = m === 'on' ? await Promise.all(Array.from({ length: BOT_GAMES }, botGame)) : [];
    const before = latencies[m].length;
    mode = m;
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    mode = 'between';
    let moved = 0;
    for (const id of ids) {
      moved += await versionOf(id);
      await fetch(`${base}/api/v1/games/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${OPERATOR}` } });
    }
    botMoves += moved;
    const mine = latencies[m].slice(before).sort((a, b) => a - b);
    rounds.push({
      mode: m,
      posts: mine.length,
      p50: percentile(mine, 50),
      p99: percentile(mine, 99),
      ...(m === 'on' ? { botMoves: moved } : {}),
    });
    console.error(
      `${new Date().toISOString()} round ${round + 1} (bots ${m}): ${mine.length} POSTs, p99 ${percentile(mine, 99).toFixed(1)}` +
        ` ms${m === 'on' ? `, ${moved} bot moves` : ''}`,
    );
    await new Promise((r) => setTimeout(r, 2000)); // thinks in flight end; the deleted games' queued turns find nothing
  }
  stopping = true;
  await Promise.all(people);
  await server.stop();

  const sorted = { on: latencies.on.slice().sort((a, b) => a - b), off: latencies.off.slice().sort((a, b) => a - b) };
  const loads = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' ');
  const p99 = { on: percentile(sorted.on, 99), off: percentile(sorted.off, 99) };
  out(
    `# Bots and people's moves\n\n${started.toISOString()}, ${cpus().length} cores (${cpus()[0]?.model}), ` +
      `load average ${loads(loadBefore)} before, ${loads(loadavg())} after. Server: one process, BOTS=on, ` +
      `bot threads default (cores - 1). ${PEOPLE} people's games (La Ville de Demain, 4 scripted persons, ` +
      `${PAUSE_MS} ms before each POST); ${ROUNDS} pairs of ${SECONDS} s rounds, bots off then on; ` +
      `on: ${BOT_GAMES} games of four ${LEVEL} bots (${botMoves} bot moves in all).\n`,
  );
  out('| bots | POSTs | p50 ms | p99 ms |\n|---|---:|---:|---:|');
  for (const m of ['off', 'on'] as const)
    out(`| ${m} | ${sorted[m].length} | ${percentile(sorted[m], 50).toFixed(1)} | ${p99[m].toFixed(1)} |`);
  out(
    `\np99 with bots / without: ${(p99.on / p99.off).toFixed(2)} (target <= 2: ${p99.on <= 2 * p99.off ? 'met' : 'not met'}` +
      `).\n\n| round | bots | POSTs | p50 ms | p99 ms | bot moves ` +
      `|\n|---:|---|---:|---:|---:|---:|`,
  );
  rounds.forEach((r, i) => out(`| ${i + 1} | ${r.mode} | ${r.posts} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.botMoves ?? ''} |`));
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}bots-load.md`, `${lines.join('\n')}\n`);
  writeFileSync(
    `${dir}bots-load.json`,
    JSON.stringify(
      {
        started,
        loadBefore,
        loadAfter: loadavg(),
        rounds,
        p99,
        ratio: p99.on / p99.off,
        botMoves,
        settings: { ROUNDS, SECONDS, BOT_GAMES, PEOPLE, PAUSE_MS, LEVEL },
      },
      null,
      2,
    ) + `\n`,
  );
}

await main();
