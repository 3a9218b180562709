/**
 * `npx tsx bench/turn-mail-delay.ts [--games 10] [--slow-receivers 20]`: how long a "your turn" mail
 * takes from its move's commit to a real SMTP server, over whole 2-player games of La Ville de Demain
 * played at full speed one after the other (tests/support/turn-mails.ts, the same measure as
 * tests/e2e/turn-mail-delay.test.ts). `--slow-receivers N` first gives N other seats a webhook
 * receiver that accepts the connection and never answers, as a long-running server collects: their
 * deliveries must not hold the mails. One server process, notifications on, the queue's default poll.
 *
 * DATABASE_URL selects the Postgres server; without it an embedded one runs in a temporary folder.
 * Prints p50, p99 and the largest delay in ms (from each move's request: never shorter than the
 * real delay), and any mail that never came with its outbox and pg-boss states.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { createServer } from '../src/server.js';
import { startEmbeddedPostgres } from '../src/store/embedded.js';
import { measureTurnMails, timedMailbox } from '../tests/support/turn-mails.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const GAMES = arg('games', 10);
const SLOW = arg('slow-receivers', 20);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  let url = process.env.DATABASE_URL;
  let stopDb = async () => {};
  let dir: string | undefined;
  if (!url) {
    dir = mkdtempSync(join(tmpdir(), 'cb-bench-mail-'));
    const db = await startEmbeddedPostgres({ dataDir: join(dir, 'data'), port: 20_000 + (process.pid % 20_000), persistent: false });
    const admin = new pg.Client({ connectionString: db.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE bench_mail');
    await admin.end();
    url = db.urlFor('bench_mail');
    stopDb = () => db.stop();
  } else {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS bench_mail WITH (FORCE)');
    await admin.query('CREATE DATABASE bench_mail');
    await admin.end();
    const u = new URL(url);
    u.pathname = '/bench_mail';
    url = u.toString();
  }
  const mail = await timedMailbox();
  const hole = createTcpServer(() => {}); // accepts, never answers
  await new Promise<void>((ok) => hole.listen(0, '127.0.0.1', ok));
  const config = loadConfig({
    DATABASE_URL: url,
    NODE_ENV: 'production',
    RATE_LIMIT_PER_MINUTE: '0',
    WORKERS: '1',
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    WEBHOOK_ALLOW_PRIVATE: '1',
  });
  const server = await createServer(config);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  try {
    for (let i = 0; i < SLOW; i += 2) {
      const g = (await (
        await fetch(`${base}/api/v1/games`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'ville-de-demain', players: [{ name: 'A' }, { name: 'B' }] }),
        })
      ).json()) as { id: string; seats: { token: string }[] };
      for (const x of g.seats) {
        await fetch(`${base}/api/v1/games/${g.id}/seats/me/notifications`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${x.token}` },
          body: JSON.stringify({ webhookUrl: `http://127.0.0.1:${(hole.address() as AddressInfo).port}/never` }),
        });
      }
    }
    const all: number[] = [];
    let missing = 0;
    for (let i = 0; i < GAMES; i++) {
      const r = await measureTurnMails(base, url, mail.arrived, 60_000);
      all.push(...r.delays);
      missing += r.missing.length;
      if (r.missing.length) console.log(`game ${i + 1}: ${r.missing.length} mails never came:`, JSON.stringify(r.missing));
      console.log(`game ${i + 1}: ${r.moves} moves, ${r.mails} turn mails, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms`);
    }
    all.sort((a, b) => a - b);
    console.log(`\n| turn mails | games | slow receivers | p50 ms | p99 ms | max ms | never came |`);
    console.log(`|---:|---:|---:|---:|---:|---:|---:|`);
    console.log(`| ${all.length} | ${GAMES} | ${SLOW} | ${percentile(all, 50)} | ${percentile(all, 99)} | ${all.at(-1)} | ${missing} |`);
  } finally {
    await server.close();
    await mail.close();
    hole.close();
    await stopDb();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0); // the silent receiver keeps its sockets open
