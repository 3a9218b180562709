import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server that notes when each mail arrived, by its X-Citybuilder-Notification id. */
export async function timedMailbox() {
  const arrived = new Map<string, number>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((m) => {
        const id = m.headers.get('x-citybuilder-notification');
        if (typeof id === 'string') arrived.set(id, Date.now());
        done();
      }, done);
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  return { arrived, port: (smtp.server.address() as AddressInfo).port, close: () => new Promise<void>((ok) => smtp.close(() => ok())) };
}

export interface TurnMailDelays {
  moves: number;
  mails: number;
  /** Milliseconds from each move's commit to its turn mail's arrival, sorted. */
  delays: number[];
  p50: number;
  p99: number;
  max: number;
  /** Turn mails not arrived within `waitMs` after the last move: the outbox row and its pg-boss job, as they stand. */
  missing: {
    id: string;
    version: number;
    status: string;
    attempts: number;
    lastError: string | null;
    job: string | null;
    startAfter: Date | null;
  }[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

async function api<T>(base: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const r = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await r.json()) as T;
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Plays one 2-player game of La Ville de Demain at full speed (each move sent as soon as the
 * previous answer came, always the first legal move), every seat told of its turns by mail, and
 * measures, for every turn mail, the time from its move's commit to its arrival at the mailbox. The
 * commit is dated when its request is sent (it commits later), so a delay is never measured short.
 * Turn mails still missing `waitMs` after the last move are returned with their outbox row and
 * pg-boss job as they stand, which say which step held them.
 */
export async function measureTurnMails(
  base: string,
  databaseUrl: string,
  arrived: Map<string, number>,
  waitMs = 20_000,
): Promise<TurnMailDelays> {
  const g = await api<{ id: string; seats: { seat: number; token: string }[] }>(base, 'POST', '/games', undefined, {
    type: 'ville-de-demain',
    players: [{ name: 'Ann' }, { name: 'Bob' }],
  });
  for (const x of g.seats)
    await api(base, 'PUT', `/games/${g.id}/seats/me/notifications`, x.token, {
      email: `seat${x.seat}.${g.id.slice(0, 8)}@example.test`,
      events: ['turn'],
    });
  const committed = new Map<number, number>([[0, Date.now()]]);
  let moves = 0;
  for (;;) {
    const state = await api<{ status: string; toMove: number[] }>(base, 'GET', `/games/${g.id}`);
    if (state.status !== 'active') break;
    const token = g.seats[state.toMove[0]!]!.token;
    const legal = await api<{ moves: unknown[] }>(base, 'GET', `/games/${g.id}/legal-moves`, token);
    const sent = Date.now();
    const r = await api<{ version: number }>(base, 'POST', `/games/${g.id}/moves`, token, { move: legal.moves[0] });
    committed.set(r.version, sent);
    moves++;
  }
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const rows = async () =>
      (
        await db.query<{
          id: string;
          version: number;
          status: string;
          attempts: number;
          last_error: string | null;
          job: string | null;
          start_after: Date | null;
        }>(
          `SELECT o.id::text, o.version, o.status, o.attempts, o.last_error, j.state::text AS job, j.start_after
       FROM outbox o LEFT JOIN pgboss.job j ON j.id = o.id AND j.name LIKE 'notification%'
       WHERE o.game_id = $1 AND o.kind = 'turn' AND o.channel = 'email' ORDER BY o.version`,
          [g.id],
        )
      ).rows;
    const end = Date.now() + waitMs;
    let all = await rows();
    while (Date.now() < end && !all.every((r) => arrived.has(r.id))) {
      await new Promise((r) => setTimeout(r, 50));
      all = await rows();
    }
    const delays = all
      .filter((r) => arrived.has(r.id))
      .map((r) => arrived.get(r.id)! - committed.get(r.version)!)
      .sort((a, b) => a - b);
    const missing = all
      .filter((r) => !arrived.has(r.id))
      .map((r) => ({
        id: r.id,
        version: r.version,
        status: r.status,
        attempts: r.attempts,
        lastError: r.last_error,
        job: r.job,
        startAfter: r.start_after,
      }));
    return {
      moves,
      mails: all.length,
      delays,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      max: delays.at(-1) ?? NaN,
      missing,
    };
  } finally {
    await db.end();
  }
}
