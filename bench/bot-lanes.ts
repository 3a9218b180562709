/**
 * `npm run bench:bot-lanes`: do games wait behind analysis? (issue 31: "with 20 analyses at the
 * maximum iterations running and queued, a bot seat's reply p99 stays within its think budget +
 * 200 ms and a resignation's stand-in move within 1 s; the 21st analysis gets 503 with Retry-After").
 *
 * The server runs in a process of its own (npm start's entry point, BOTS=on, BOT_THREADS=1,
 * ANALYSIS_THREADS=1, ANALYSIS_QUEUE = `--analyses` - 1). A person plays Town Center against an
 * `ismcts` bot seat (think time 300 ms): `--replies` bot replies alone, then `--analyses` analyses
 * of one position of a finished game at `--iterations` each (default 20,000, the maximum) are asked
 * at once from as many callers, one more is asked (503 expected), and `--replies` bot replies are
 * timed while they run; then `--resigns` resignations of a seat to move in new games with an
 * `ismcts` stand-in, each timed from the request to its answer (the stand-in's move is made before
 * it). A bot's reply is the time from the commit of the person's move to the commit of the bot's
 * (the log's timestamps), for moves that give the bot the turn (not those of a simultaneous phase,
 * where the bot was already to move). Result: p50 / p99 of each, on stdout and in bench/results/bot-lanes.{md,json}.
 *
 * DATABASE_URL selects the Postgres server (a database bench_bot_lanes is made afresh on it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Rng, type Move } from '../src/engine/index.js';
import { databaseFor, startServer } from './server.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const ANALYSES = Number(arg('analyses', '20'));
const ITERATIONS = Number(arg('iterations', '20000'));
const REPLIES = Number(arg('replies', '20'));
const RESIGNS = Number(arg('resigns', '5'));
const PORT = Number(arg('port', String(41_000 + (process.pid % 90))));
const THINK_MS = 300;

const lines: string[] = [];
const out = (s: string) => {
  lines.push(s);
  console.log(s);
};
const sorted = (xs: number[]) => xs.slice().sort((a, b) => a - b);
const pctl = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const dbUrl = process.env.DATABASE_URL;
  if (!dbUrl) throw new Error('DATABASE_URL: the Postgres server to run on');
  const started = new Date();
  const loadBefore = loadavg();
  const url = await databaseFor(dbUrl, 'bench_bot_lanes');
  const server = await startServer(
    url,
    {
      BOTS: 'on',
      BOT_THREADS: '1',
      ANALYSIS_THREADS: '1',
      ANALYSIS_QUEUE: String(ANALYSES - 1),
      ANALYSIS_ITERATIONS_PER_MINUTE: '0',
      NOTIFICATIONS: 'off',
      NOTIFY_POLL_SECONDS: '0.5',
      METRICS_PORT: String(PORT + 100),
    },
    { port: PORT },
  );
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const r = await fetch(`${server.base}/api/v1${path}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json().catch(() => null)) as any };
  };
  try {
    // A finished game, and a position of it where the seat to move had a choice.
    const f = await call('POST', '/games', { type: 'town-center', players: [{ bot: 'greedy' }, { bot: 'random' }], seed: 'bench-lanes' });
    while ((await call('GET', `/games/${f.body.id}`)).body.status !== 'finished') await sleep(200);
    let at = 4,
      seat = 0;
    for (; ; at++) {
      seat = (await call('GET', `/games/${f.body.id}/replay?at=${at}`)).body.toMove[0];
      if ((await call('GET', `/games/${f.body.id}/analysis?at=${at}&seat=${seat}&iterations=20`)).body.moves.length >= 2) break;
    }

    // A person against an ismcts bot seat.
    let games = 0,
      current = '',
      token = '';
    /** A new game against the bot (when the last one ended). */
    const newGame = async () => {
      const g = await call('POST', '/games', {
        type: 'town-center',
        players: [{ name: 'Ann' }, { bot: 'ismcts' }],
        seed: `bench-lanes-bot-${games++}`,
      });
      current = g.body.id as string;
      token = g.body.seats.find((x: { seat: number }) => x.seat === 0).token as string;
    };
    await newGame();
    const rng = Rng.fromSeed('bench-lanes-person');
    const replies = async (count: number): Promise<number[]> => {
      const got: number[] = [];
      while (got.length < count) {
        const s = (await call('GET', `/games/${current}`)).body;
        if (s.status !== 'active') {
          await newGame();
          continue;
        }
        if (!s.toMove.includes(0)) {
          await sleep(10);
          continue;
        }
        const legal = (await call('GET', `/games/${current}/legal-moves`, undefined, token)).body as { version: number; moves: Move[] };
        const r = await call('POST', `/games/${current}/moves`, { move: rng.pick(legal.moves), expectedVersion: legal.version }, token);
        if (r.status === 409 && r.body?.code === 'VERSION_CONFLICT') continue; // the bot moved first (a simultaneous choice): decide again
        if (r.status !== 200) throw new Error(`move refused: ${JSON.stringify(r.body)}`);
        const after = (await call('GET', `/games/${current}`)).body;
        // A reply is the bot's answer to a move that gave it the turn: in Town Center's simultaneous
        // building (both seats to move) the bot was already thinking before the person's move, and
        // its move, made stale by it, is thought again: not a reply.
        if (!after.toMove.includes(1) || s.toMove.includes(1)) continue;
        while ((await call('GET', `/games/${current}`)).body.version <= after.version) await sleep(10);
        const { rows } = await db.query<{ ms: number }>(
          'SELECT extract(epoch FROM (b.created_at - a.created_at)) * 1000 AS ms FROM moves a JOIN ' +
            'moves b ON b.game_id = a.game_id AND b.version = a.version + 1 WHERE a.game_id = $1 AND ' +
            'a.version = $2',
          [current, after.version],
        );
        got.push(Number(rows[0]!.ms));
      }
      return got;
    };
    const alone = await replies(REPLIES);

    // The flood: `ANALYSES` analyses at once, then one more.
    let answered = 0;
    const statuses: number[] = [];
    const floodStart = performance.now();
    const flood = Array.from({ length: ANALYSES }, (_, i) =>
      call('GET', `/games/${f.body.id}/analysis?at=${at}&seat=${seat}&iterations=${ITERATIONS}&seed=flood-${i}`).then(
        (r) => {
          answered++;
          statuses.push(r.status);
          return performance.now() - floodStart;
        },
        () => {
          answered++;
          statuses.push(0);
          return NaN;
        },
      ),
    );
    await sleep(500);
    const extra = await call('GET', `/games/${f.body.id}/analysis?at=${at}&seat=${seat}&iterations=${ITERATIONS}&seed=flood-extra`);
    const flooded = await replies(REPLIES);
    const stillBusyAfterReplies = ANALYSES - answered;
    const resigns: number[] = [];
    for (let i = 0; i < RESIGNS; i++) {
      const r = await call('POST', '/games', {
        type: 'town-center',
        players: [{ name: 'Ann' }, { name: 'Ben' }],
        seed: `bench-lanes-resign-${i}`,
        standInBot: 'ismcts',
      });
      const toMove = (await call('GET', `/games/${r.body.id}`)).body.toMove[0];
      const t = performance.now();
      const res = await call(
        'POST',
        `/games/${r.body.id}/resign`,
        undefined,
        r.body.seats.find((x: { seat: number }) => x.seat === toMove).token,
      );
      if (res.status !== 200) throw new Error(`resign refused: ${JSON.stringify(res.body)}`);
      resigns.push(performance.now() - t);
    }
    const stillBusyAfterResigns = ANALYSES - answered;
    const floodMs = await Promise.all(flood);

    const row = (name: string, xs: number[], bound: number) =>
      `| ${name} | ${xs.length} | ${pctl(xs, 50).toFixed(0)} | ${pctl(xs, 99).toFixed(0)} | ${bound}` +
      ` | ${pctl(xs, 99) <= bound ? 'yes' : 'no'} |`;
    out(
      `# Bot lanes: a game's progress beside an analysis flood\n\n${started.toISOString()}, ${cpus().length}` +
        ` cores (${cpus()[0]?.model}), load average ${loadBefore.map((x) => x.toFixed(2)).join(' ')}` +
        ` at the start; BOT_THREADS=1, ANALYSIS_THREADS=1, ANALYSIS_QUEUE=${ANALYSES - 1}; ${ANALYSES}` +
        ` analyses at ${ITERATIONS} iterations.\n`,
    );
    out('| what | n | p50 ms | p99 ms | bound ms | within |\n|---|---:|---:|---:|---:|---|');
    out(row('bot reply (ismcts, 300 ms), alone', alone, THINK_MS + 200));
    out(row(`bot reply under the flood (${stillBusyAfterReplies} analyses still unanswered after the last)`, flooded, THINK_MS + 200));
    out(row(`resignation with an ismcts stand-in, under the flood (${stillBusyAfterResigns} unanswered after the last)`, resigns, 1000));
    out(
      `\nAnalysis number ${ANALYSES + 1}: ${extra.status} ${extra.body?.code ?? ''}, Retry-After ${extra.retryAfter ?? 'none'}` +
        `. The flood's analyses: ${statuses.filter((x) => x === 200).length} of ${ANALYSES} ` +
        `answered 200, the last ${(Math.max(...floodMs) / 1000).toFixed(1)} s after they were ` +
        `asked (one analysis thread at nice 19).`,
    );
    out(
      `\nLoad average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} at the end.`,
    );
    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}bot-lanes.md`, `${lines.join('\n')}\n`);
    writeFileSync(
      `${dir}bot-lanes.json`,
      JSON.stringify(
        {
          date: started.toISOString(),
          machine: { cpus: cpus().length, loadBefore, loadAfter: loadavg() },
          analyses: ANALYSES,
          iterations: ITERATIONS,
          alone,
          flooded,
          resigns,
          extra: { status: extra.status, code: extra.body?.code, retryAfter: extra.retryAfter },
          floodMs,
        },
        null,
        2,
      ) + `\n`,
    );
  } finally {
    await db.end();
    await server.stop();
  }
}

await main();
