import type { PrismaClient } from '../generated/prisma/client.js';
import type { Json, Outcome } from '../engine/index.js';

export interface TournamentRow {
  id: string;
  name: string;
  game_type: string;
  format: 'round-robin' | 'swiss';
  rounds: number | null;
  seats_per_game: number;
  max_players: number;
  time_control: Json | null;
  rated: boolean;
  starts_at: Date;
  min_reliability: number | null;
  creator_id: string | null;
  status: 'open' | 'running' | 'finished' | 'cancelled';
  created_at: Date;
}
export interface TableRow {
  round: number;
  table_no: number;
  players: string[];
  bye: boolean;
  game_id: string | null;
  game_status: string | null;
  outcome: Outcome | null;
}
export type EntryRefusal = 'STARTED' | 'FULL' | 'ALREADY';

/**
 * The tournaments' tables (src/app/tournaments/). Entries are decided under a lock of the
 * tournament's row; a round is made once, whichever processes try (the key of tournament_rounds);
 * a table's game is made by the process that claimed the table (a claim older than a minute is
 * taken over, so a process that died while making it does not block the round).
 */
export class TournamentStore {
  constructor(private readonly db: PrismaClient) {}

  async create(t: Omit<TournamentRow, 'status' | 'created_at'>): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO tournaments (id, name, game_type, format, rounds, seats_per_game, max_players, time_control, rated, starts_at,
        min_reliability, creator_id)
      VALUES (${t.id}::uuid, ${t.name}, ${t.game_type}, ${t.format}, ${t.rounds}, ${t.seats_per_game}, ${t.max_players},
        ${t.time_control === null ? null : JSON.stringify(t.time_control)}::jsonb, ${t.rated}, ${t.starts_at},
        ${t.min_reliability}, ${t.creator_id}::uuid)`;
  }

  async get(id: string): Promise<TournamentRow | null> {
    const [t] = await this.db.$queryRaw<
      TournamentRow[]
    >`SELECT id::text, name, game_type, format, rounds, seats_per_game, max_players, time_control, rated, starts_at,
      min_reliability, creator_id::text, status, created_at FROM tournaments WHERE id = ${id}::uuid`;
    return t ?? null;
  }

  /** The players entered, in entry order, with their names. */
  entries(id: string): Promise<{ player_id: string; name: string }[]> {
    return this.db.$queryRaw<{ player_id: string; name: string }[]>`
      SELECT tp.player_id::text, p.name FROM tournament_players tp JOIN players p ON p.id = tp.player_id
      WHERE tp.tournament_id = ${id}::uuid ORDER BY tp.joined_at, tp.player_id`;
  }

  /** Every table made, with its game's status and outcome. */
  tables(id: string): Promise<TableRow[]> {
    return this.db.$queryRaw<TableRow[]>`
      SELECT t.round, t.table_no, t.players::text[] AS players, t.bye, t.game_id::text, g.status::text AS game_status, g.outcome
      FROM tournament_tables t LEFT JOIN games g ON g.id = t.game_id
      WHERE t.tournament_id = ${id}::uuid ORDER BY t.round, t.table_no`;
  }

  /** Enters a player, under a lock of the tournament's row: refused once it started, when full, or a second time. */
  async enter(id: string, playerId: string): Promise<EntryRefusal | null> {
    return this.db.$transaction(async (tx) => {
      const [t] = await tx.$queryRaw<{ status: string; max_players: number; n: number }[]>`
        SELECT status, max_players, (SELECT count(*)::int FROM tournament_players WHERE tournament_id = ${id}::uuid) AS n FROM
          tournaments WHERE id = ${id}::uuid FOR UPDATE`;
      if (!t || t.status !== 'open') return 'STARTED';
      const [already] = await tx.$queryRaw<
        unknown[]
      >`SELECT 1 FROM tournament_players WHERE tournament_id = ${id}::uuid AND player_id = ${playerId}::uuid`;
      if (already) return 'ALREADY';
      if (t.n >= t.max_players) return 'FULL';
      await tx.$executeRaw`INSERT INTO tournament_players (tournament_id, player_id) VALUES (${id}::uuid, ${playerId}::uuid)`;
      return null;
    });
  }

  /** Moves a tournament from one status to another; false when it was not in `from` (another process moved it). */
  async setStatus(id: string, from: TournamentRow['status'], to: TournamentRow['status']): Promise<boolean> {
    return (await this.db.$executeRaw`UPDATE tournaments SET status = ${to} WHERE id = ${id}::uuid AND status = ${from}`) === 1;
  }

  /** Open tournaments whose start time has come, and running ones: what the sweep looks at. */
  async due(now: Date): Promise<{ id: string; status: string }[]> {
    return this.db.$queryRaw<{ id: string; status: string }[]>`/* background */
      SELECT id::text, status FROM tournaments WHERE (status = 'open' AND starts_at <= ${now}) OR status = 'running' ORDER BY
        starts_at, id LIMIT 500`;
  }

  /**
   * Makes round `round` with its tables, once: the round's key refuses a second making (false).
   * The round before must exist (a stale view cannot skip a round).
   */
  async makeRound(id: string, round: number, tables: { players: string[]; bye: boolean }[]): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const made = await tx.$executeRaw`
        INSERT INTO tournament_rounds (tournament_id, round)
        SELECT ${id}::uuid, ${round}::int
        WHERE ${round}::int = 1 OR EXISTS (SELECT 1 FROM tournament_rounds WHERE tournament_id = ${id}::uuid AND round = ${round}::int - 1)
        ON CONFLICT DO NOTHING`;
      if (made !== 1) return false;
      for (const [i, t] of tables.entries()) {
        await tx.$executeRaw`INSERT INTO tournament_tables (tournament_id, round, table_no, players, bye) VALUES (${id}::uuid,
          ${round}, ${i + 1}, ${t.players}::uuid[], ${t.bye})`;
      }
      return true;
    });
  }

  /** Claims the tables still without a game (unclaimed, or claimed more than a minute ago). */
  claim(id: string): Promise<{ round: number; table_no: number; players: string[] }[]> {
    return this.db.$queryRaw<{ round: number; table_no: number; players: string[] }[]>`
      UPDATE tournament_tables SET claimed_at = now()
      WHERE tournament_id = ${id}::uuid AND NOT bye AND game_id IS NULL AND (claimed_at IS NULL OR claimed_at < now() - interval '1 minute')
      RETURNING round, table_no, players::text[] AS players`;
  }

  async setGame(id: string, round: number, table: number, gameId: string): Promise<void> {
    await this.db.$executeRaw`UPDATE tournament_tables SET game_id = ${gameId}::uuid WHERE tournament_id = ${id}::uuid AND round = ${round}
        AND table_no = ${table} AND game_id IS NULL`;
  }

  /** The tournament a game was made for, if any. */
  async ofGame(gameId: string): Promise<string | null> {
    const [r] = await this.db.$queryRaw<
      { id: string }[]
    >`SELECT tournament_id::text AS id FROM tournament_tables WHERE game_id = ${gameId}::uuid`;
    return r?.id ?? null;
  }

  /**
   * Writes a tournament mail to the outbox, once: `about` -1 a table's pairing (on its game), -2 the
   * final standings (on the player's last game). The new notification's id, if written.
   */
  async addMail(gameId: string, seat: number, about: -1 | -2, email: string, message: string): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ id: string }[]>`
      INSERT INTO outbox (game_id, version, seat, kind, about, channel, target, message)
      VALUES (${gameId}::uuid, 0, ${seat}, 'tournament', ${about}, 'email', ${email}, ${message}::jsonb)
      ON CONFLICT (game_id, version, seat, kind, about, channel) DO NOTHING RETURNING id::text`;
    return rows.map((r) => r.id);
  }

  /** The players' names and token hashes, to seat them (their player token acts for the seat). */
  players(ids: string[]): Promise<{ id: string; name: string; token_hash: string }[]> {
    return this.db.$queryRaw<
      { id: string; name: string; token_hash: string }[]
    >`SELECT id::text, name, token_hash FROM players WHERE id = ANY(${ids}::uuid[])`;
  }
}
