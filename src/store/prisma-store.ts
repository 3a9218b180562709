import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';
import type { BotLevel, GameEvent, Json, Move, Outcome, Seat } from '../engine/index.js';
import type { AppendCommand, AppendResult, GameRow, GameStore, IdempotentMove, ListFilter, StoredMove, TakebackRequest } from './types.js';
import { SPECTATOR_DELAY_DEFAULT } from './types.js';

export interface PoolTimeouts {
  /** Time to open a connection, or to wait for a free one from the pool. */
  connectMs: number;
  /** Time for one statement: the server cancels it (statement_timeout), and the client gives up a little later. */
  statementMs: number;
}

/** The pg pool under each client's driver adapter: the store sends its hot statements through it. */
const pools = new WeakMap<PrismaClient, pg.Pool>();
/** The pg pool under a client made by createPrismaClient (its use is measured: src/telemetry). */
export const poolOf = (client: PrismaClient): pg.Pool | undefined => pools.get(client);

/**
 * Prisma Client over a pg pool with time limits, so that a database that is down, frozen or slow
 * fails a request in seconds (mapped to 503 UNAVAILABLE) instead of hanging it: the server cancels
 * a statement after `statementMs`; the client abandons one whose answer never comes (a frozen
 * server cannot cancel anything) 1 s later, and pg-pool then discards that connection; connecting
 * or waiting for a pooled connection is limited to `connectMs`. The store also sends its hot
 * statements (append, version read, catch-up) through the same pool as prepared statements.
 */
export function createPrismaClient(
  databaseUrl: string,
  poolSize = 10,
  timeouts: PoolTimeouts = { connectMs: 3_000, statementMs: 5_000 },
): PrismaClient {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + 1_000,
    keepAlive: true,
  });
  // A pooled connection that fails while idle (the database restarted) must not crash the process.
  pool.on('error', () => {});
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    transactionOptions: { maxWait: timeouts.connectMs, timeout: timeouts.statementMs + 1_000 },
  });
  pools.set(client, pool);
  return client;
}

/** Moves with version in ($2, $3] of game $1, each with its events in order and the hash of a snapshot stored at its version. */
const READ_MOVES_SQL = `
SELECT m.version, m.seat, m.move, m.created_at, m.origin, m.bot,
       COALESCE((SELECT json_agg(e.data ORDER BY e.seq) FROM events e WHERE e.game_id = m.game_id AND e.version = m.version),
         '[]'::json) AS events,
       (SELECT s.state_hash FROM snapshots s WHERE s.game_id = m.game_id AND s.version = m.version) AS state_hash
FROM moves m WHERE m.game_id = $1::uuid AND m.version > $2 AND m.version <= $3
ORDER BY m.version`;

/**
 * The append: one statement, so one round trip and one implicit transaction. The header update is
 * guarded by `version = expected` (and the seats revision decided on), and the move, events and
 * snapshot rows are inserted only from the updated row: a stale command updates nothing and inserts
 * nothing. The store numbers the events itself, from the count the guarded update bumps, never from
 * what the deciding process believes. (No NOTIFY here: a NOTIFY holds Postgres's global notify lock
 * through the commit's WAL flush, so commits of all games would queue one behind another; the live
 * updates are announced after the commit, src/http/fanout.ts.) Parameters: $1 game, $2 expected
 * version, $3 new version, $4 status, $5 toMove, $6 outcome, $7 seat, $8 move, $9 idempotency key,
 * $10 response, $11 events (a JSON array), $12 snapshot or null, $13 the seats revision decided on
 * (or null), $14 origin, $15 whether it is a resignation (the seat is marked resigned, the seats
 * revision bumped), $16 notices (a JSON array of { seat, kind }): one outbox row per notice and
 * channel the seat (or its player) has set up for that kind, $17 the snapshot's hash, $18 the bot
 * level that chose the move (or null).
 */
export const APPEND_SQL = `
WITH g AS (
  UPDATE games SET version = $3, status = $4::"GameStatus", to_move = $5::int[], outcome = $6::jsonb, updated_at = now(),
         seats_rev = seats_rev + CASE WHEN $15::boolean THEN 1 ELSE 0 END,
         event_count = event_count + jsonb_array_length($11::jsonb)
  WHERE id = $1::uuid AND version = $2 AND ($13::int IS NULL OR seats_rev = $13::int)
  RETURNING id, event_count - jsonb_array_length($11::jsonb) AS base
), m AS (
  INSERT INTO moves (game_id, version, seat, move, idempotency_key, response, origin, bot)
  SELECT id, $3, $7, $8::jsonb, $9, $10::jsonb, $14, $18::text FROM g
  RETURNING game_id
), r AS (
  UPDATE seats SET resigned_at = $3 FROM m
  WHERE $15::boolean AND seats.game_id = $1::uuid AND seats.seat = $7 AND seats.resigned_at IS NULL
), e AS (
  INSERT INTO events (game_id, seq, version, type, data)
  SELECT m.game_id, g.base + x.ord::int, $3, x.value->>'type', x.value
  FROM m, g, jsonb_array_elements($11::jsonb) WITH ORDINALITY AS x(value, ord)
), s AS (
  INSERT INTO snapshots (game_id, version, state, state_hash)
  SELECT m.game_id, $3, $12::jsonb, $17 FROM m WHERE $12::jsonb IS NOT NULL
), o AS (
  INSERT INTO outbox (game_id, version, seat, kind, channel, target)
  SELECT m.game_id, $3, x.seat, x.kind, ch.channel, ch.target
  FROM m
  CROSS JOIN jsonb_to_recordset($16::jsonb) AS x(seat int, kind text)
  JOIN notification_targets n ON n.game_id = $1::uuid AND n.seat = x.seat AND x.kind = ANY(n.events)
  CROSS JOIN LATERAL (VALUES ('email', n.email), ('webhook', n.webhook_url)) AS ch(channel, target)
  -- A player who reads turns in a daily digest gets no turn mail per move (src/app/notify/digest.ts).
  WHERE ch.target IS NOT NULL AND NOT (n.digest AND x.kind = 'turn' AND ch.channel = 'email')
  RETURNING id
)
SELECT (SELECT count(*)::int FROM m) AS n, (SELECT coalesce(array_agg(id::text), '{}') FROM o) AS outbox`;

/** Seats with their player's token hash: a player's token acts for the seats bound to it. */
export const SEATS_WITH_PLAYERS = { seats: { include: { player: { select: { tokenHash: true } } } } } as const;
type GameWithSeats = Prisma.GameGetPayload<{ include: typeof SEATS_WITH_PLAYERS }>;

export function toRow(g: GameWithSeats): GameRow {
  return {
    id: g.id,
    type: g.type,
    engineVersion: g.engineVersion,
    playerCount: g.playerCount,
    options: g.options as Record<string, Json>,
    seed: g.seed,
    seedChosen: g.seedChosen,
    version: g.version,
    status: g.status,
    toMove: g.toMove,
    outcome: (g.outcome ?? null) as Outcome | null,
    createdAt: g.createdAt,
    updatedAt: g.updatedAt,
    seats: g.seats
      .sort((a, b) => a.seat - b.seat)
      .map((s) => ({
        seat: s.seat,
        name: s.name,
        tokenHash: s.tokenHash,
        playerId: s.playerId,
        playerTokenHash: s.player?.tokenHash ?? null,
        colour: s.colour,
        resignedAt: s.resignedAt,
        bot: s.bot as BotLevel | null,
        standIn: s.standIn as BotLevel | null,
      })),
    public: g.public,
    inviteHash: g.inviteHash,
    creatorSeat: g.creatorSeat,
    seatsRev: g.seatsRev,
    turnDeadlineSeconds: g.turnDeadlineSeconds,
    timeoutAction: g.timeoutAction as GameRow['timeoutAction'],
    standInBot: g.standInBot as BotLevel | null,
    analysis: g.analysis,
    standInAfterTimeouts: g.standInAfterTimeouts,
    timeControl:
      g.timeInitialSeconds === null
        ? null
        : {
            initialSeconds: g.timeInitialSeconds,
            incrementSeconds: g.timeIncrementSeconds!,
            maxSeconds: g.timeMaxSeconds!,
            ...(g.timePauseOnWeekends ? { pauseOnWeekends: true } : {}),
          },
    rated: g.rated,
    ratedAsked: g.ratedAsked,
    takebacks: g.takebacks as GameRow['takebacks'],
    takebackRequest: (g.takebackRequest ?? null) as GameRow['takebackRequest'],
    spectators: g.spectators as GameRow['spectators'],
    spectatorDelay: g.spectatorDelay,
    reveal: g.reveal,
  };
}

const isUniqueViolation = (err: unknown): boolean => {
  const text = String((err as { message?: string })?.message ?? '') + JSON.stringify((err as { meta?: unknown })?.meta ?? '');
  return (err as { code?: string })?.code === 'P2002' || text.includes('23505') || text.includes('unique constraint');
};

type MoveRowSql = {
  version: number;
  seat: number;
  move: Move;
  created_at: Date;
  origin: string;
  bot: string | null;
  events: GameEvent[];
  state_hash: string | null;
};

/** The event store on Postgres, through Prisma Client and its pg driver adapter. */
export class PrismaGameStore implements GameStore {
  private readonly pool: pg.Pool | undefined;
  constructor(private readonly db: PrismaClient) {
    this.pool = pools.get(db);
  }

  /**
   * A hot statement: named and prepared on the adapter's own pool (parsed and planned once per
   * connection, BENCHMARKS.md), or through the client when it has no such pool.
   */
  private async sql<R>(name: string, text: string, values: unknown[]): Promise<R[]> {
    if (this.pool) return (await this.pool.query({ name, text, values })).rows as R[];
    return this.db.$queryRawUnsafe<R[]>(text, ...values);
  }

  async createGame(game: Omit<GameRow, 'createdAt' | 'updatedAt'>, history: StoredMove[] = []): Promise<void> {
    const events: Prisma.EventCreateManyInput[] = [];
    let seq = 0;
    for (const m of history)
      for (const e of m.events)
        events.push({ gameId: game.id, seq: ++seq, version: m.version, type: e.type, data: e as unknown as Prisma.InputJsonValue });
    await this.db.$transaction([
      this.db.game.create({
        data: {
          id: game.id,
          type: game.type,
          engineVersion: game.engineVersion,
          playerCount: game.playerCount,
          options: game.options as Prisma.InputJsonValue,
          seed: game.seed,
          seedChosen: game.seedChosen ?? false,
          version: game.version,
          eventCount: events.length,
          status: game.status,
          toMove: game.toMove,
          outcome: game.outcome === null ? Prisma.DbNull : (game.outcome as unknown as Prisma.InputJsonValue),
          public: game.public ?? false,
          inviteHash: game.inviteHash ?? null,
          creatorSeat: game.creatorSeat ?? null,
          turnDeadlineSeconds: game.turnDeadlineSeconds ?? null,
          timeoutAction: game.timeoutAction ?? null,
          standInBot: game.standInBot ?? null,
          analysis: game.analysis ?? false,
          standInAfterTimeouts: game.standInAfterTimeouts ?? null,
          seats: {
            create: game.seats.map((s) => ({
              seat: s.seat,
              name: s.name,
              tokenHash: s.tokenHash,
              playerId: s.playerId ?? null,
              colour: s.colour ?? null,
              resignedAt: s.resignedAt ?? null,
              bot: s.bot ?? null,
            })),
          },
          timeInitialSeconds: game.timeControl?.initialSeconds ?? null,
          timeIncrementSeconds: game.timeControl?.incrementSeconds ?? null,
          timeMaxSeconds: game.timeControl?.maxSeconds ?? null,
          timePauseOnWeekends: game.timeControl?.pauseOnWeekends === true,
          rated: game.rated ?? false,
          ratedAsked: game.ratedAsked ?? false,
          takebacks: game.takebacks ?? 'own-turn',
          spectators: game.spectators ?? 'live',
          spectatorDelay: game.spectatorDelay ?? SPECTATOR_DELAY_DEFAULT,
          reveal: game.reveal ?? true,
        },
      }),
      this.db.move.createMany({
        data: history.map((m) => ({
          gameId: game.id,
          version: m.version,
          seat: m.seat,
          move: m.move as unknown as Prisma.InputJsonValue,
          response: { version: m.version },
          origin: m.origin ?? 'seat',
          bot: m.bot ?? null,
        })),
      }),
      this.db.event.createMany({ data: events }),
    ]);
  }

  async getGame(id: string): Promise<GameRow | null> {
    const g = await this.db.game.findUnique({ where: { id }, include: SEATS_WITH_PLAYERS });
    return g ? toRow(g) : null;
  }

  /** The version and seats revision: one primary-key read before every read of a cached game. */
  async getStamp(id: string): Promise<{ version: number; seatsRev: number } | null> {
    const rows = await this.sql<{ version: number; seats_rev: number }>(
      'citybuilder_stamp',
      'SELECT version, seats_rev FROM games WHERE id = $1::uuid',
      [id],
    );
    return rows[0] ? { version: rows[0].version, seatsRev: rows[0].seats_rev } : null;
  }

  async getVersion(id: string): Promise<number | null> {
    return (await this.getStamp(id))?.version ?? null;
  }

  /** One statement (one snapshot of the database, so never a move without its events). */
  async readMoves(id: string, after: number, upTo = 2_147_483_647): Promise<StoredMove[]> {
    const rows = await this.sql<MoveRowSql>('citybuilder_read_moves', READ_MOVES_SQL, [id, after, upTo]);
    return rows.map((r) => ({
      version: r.version,
      seat: r.seat,
      move: r.move,
      createdAt: r.created_at,
      events: r.events,
      ...(r.origin !== 'seat' ? { origin: r.origin as StoredMove['origin'] } : {}),
      ...(r.bot ? { bot: r.bot as BotLevel } : {}),
      ...(r.state_hash ? { stateHash: r.state_hash } : {}),
    }));
  }

  async latestSnapshot(id: string, atMost: number): Promise<{ version: number; state: Json } | null> {
    const s = await this.db.snapshot.findFirst({ where: { gameId: id, version: { lte: atMost } }, orderBy: { version: 'desc' } });
    return s ? { version: s.version, state: s.state as Json } : null;
  }

  /**
   * APPEND_SQL as a named prepared statement. The (game, version) primary key of `moves` backs the
   * guard up; the (game, seat, idempotency key) unique index catches a retry that raced its
   * original on another server process. With `seatsRev`, a command decided on seats that changed
   * since (a token reissued, a seat resigned) is a conflict too; a resignation entry marks its seat
   * resigned, and the notices go to the outbox, in the same statement.
   */
  async append(c: AppendCommand): Promise<AppendResult> {
    const values = [
      c.gameId,
      c.expectedVersion,
      c.expectedVersion + 1,
      c.status,
      c.toMove,
      c.outcome === null ? null : JSON.stringify(c.outcome),
      c.seat,
      JSON.stringify(c.move),
      c.idempotencyKey,
      JSON.stringify(c.response),
      JSON.stringify(c.events),
      c.snapshot === null ? null : JSON.stringify(c.snapshot.state),
      c.seatsRev ?? null,
      c.origin ?? 'seat',
      c.origin === 'resign',
      JSON.stringify(c.notices ?? []),
      c.snapshot?.hash ?? null,
      c.bot ?? null,
    ];
    try {
      const rows = await this.sql<{ n: number; outbox: string[] }>('citybuilder_append', APPEND_SQL, values);
      return rows[0]?.n === 1 ? { kind: 'appended', outbox: rows[0].outbox } : { kind: 'conflict' };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (c.idempotencyKey !== null) {
        const prior = await this.findIdempotent(c.gameId, c.seat, c.idempotencyKey);
        if (prior !== null) return { kind: 'duplicate', ...prior };
      }
      return { kind: 'conflict' };
    }
  }

  async takebackEntries(id: string): Promise<{ version: number; undo: number }[]> {
    return this.db.$queryRaw<{ version: number; undo: number }[]>`
      SELECT version, (move->>'undo')::int AS undo FROM moves WHERE game_id = ${id}::uuid AND origin = 'takeback' ORDER BY version`;
  }

  async setTakebackRequest(id: string, expected: { version: number; seatsRev: number }, request: TakebackRequest | null): Promise<boolean> {
    const n = await this.db.$executeRaw`
      UPDATE games SET takeback_request = ${request === null ? null : JSON.stringify(request)}::jsonb, seats_rev = seats_rev + 1
      WHERE id = ${id}::uuid AND version = ${expected.version} AND seats_rev = ${expected.seatsRev}`;
    return n === 1;
  }

  async findIdempotent(id: string, seat: Seat, key: string): Promise<IdempotentMove | null> {
    const m = await this.db.move.findUnique({
      where: { gameId_seat_idempotencyKey: { gameId: id, seat, idempotencyKey: key } },
      select: { move: true, response: true },
    });
    return m ? { move: m.move as unknown as Move, response: m.response as Json } : null;
  }

  async listGames(f: ListFilter): Promise<GameRow[]> {
    const games = await this.db.game.findMany({
      where: {
        ...(f.status ? { status: f.status } : {}),
        ...(f.type ? { type: f.type } : {}),
        ...(f.before
          ? { OR: [{ updatedAt: { lt: f.before.updatedAt } }, { updatedAt: f.before.updatedAt, id: { lt: f.before.id } }] }
          : {}),
      },
      orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      take: f.limit,
      include: SEATS_WITH_PLAYERS,
    });
    return games.map(toRow);
  }

  async deleteGame(id: string): Promise<boolean> {
    const r = await this.db.game.deleteMany({ where: { id } });
    return r.count > 0;
  }

  async ping(): Promise<void> {
    await this.db.$queryRaw`SELECT 1`;
  }

  async close(): Promise<void> {
    await this.db.$disconnect();
  }
}
