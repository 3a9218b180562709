import type { PrismaClient } from '../generated/prisma/client.js';
import type { Json, Seat } from '../engine/index.js';
import { ReliabilityStore } from './reliability-store.js';
import type { GameStatus } from './types.js';

export interface PlayerRow {
  id: string;
  name: string;
  email: string | null;
}

/** Why a join, leave or cancel was refused; the use case turns it into an error with its code. */
export type LobbyRefusal =
  | 'NOT_FOUND'
  | 'NEEDS_CODE'
  | 'WRONG_CODE'
  | 'FINISHED'
  | 'FULL'
  | 'STARTED'
  | 'ALREADY_SEATED'
  | 'COLOUR_TAKEN'
  | 'SEAT_TAKEN'
  | 'NOT_SEATED'
  | 'BOT_SEAT'
  | 'RATED';

export interface JoinCommand {
  gameId: string;
  /** The hash of the invitation code given; null: none (enough for a public game). */
  inviteHash: string | null;
  name: string;
  tokenHash: string;
  playerId: string | null;
  seat?: Seat;
  colour?: string;
  /** The seats to move once the game starts (the engine's, at version 0). */
  toMoveAtStart: Seat[];
}

export interface LobbyGameRow {
  id: string;
  type: string;
  options: Record<string, Json>;
  createdAt: Date;
  seats: { seat: Seat; name: string; open: boolean; colour: string | null }[];
}

export interface InboxRow {
  id: string;
  type: string;
  seat: Seat;
  version: number;
  status: GameStatus;
  toMove: Seat[];
  resigned: boolean;
  updatedAt: Date;
  lastMoveAt: Date | null;
}

/**
 * The lobby's writes and reads on Postgres. Every change of a game's seats runs in one transaction
 * that first locks the game's row (SELECT ... FOR UPDATE), so joins, leaves and cancels of one game
 * are decided one after another by the database, even across server processes: two people racing
 * for the last seat cannot both get it, and the last join is the one that starts the game.
 */
export class LobbyStore {
  /** Players' reliability and games' join requirements (src/app/reliability.ts). */
  readonly reliability: ReliabilityStore;
  constructor(private readonly db: PrismaClient) {
    this.reliability = new ReliabilityStore(db);
  }

  async createPlayer(p: PlayerRow & { tokenHash: string }): Promise<void> {
    await this.db.player.create({ data: { id: p.id, name: p.name, email: p.email, tokenHash: p.tokenHash } });
  }

  async playerByTokenHash(tokenHash: string): Promise<PlayerRow | null> {
    return this.db.player.findUnique({ where: { tokenHash }, select: { id: true, name: true, email: true } });
  }

  async playerById(id: string): Promise<PlayerRow | null> {
    return this.db.player.findUnique({ where: { id }, select: { id: true, name: true, email: true } });
  }

  /**
   * A player's record across games (their profile): games finished with the player to the end,
   * abandoned (resigned), in which a seat of theirs timed out at least once, still running, and expired.
   */
  async playerRecord(id: string): Promise<{ finished: number; abandoned: number; timedOut: number; playing: number; expired: number }> {
    const [r] = await this.db.$queryRaw<{ finished: number; abandoned: number; timed_out: number; playing: number; expired: number }[]>`
      SELECT count(*) FILTER (WHERE g.status = 'finished' AND s.resigned_at IS NULL)::int AS finished,
             count(*) FILTER (WHERE s.resigned_at IS NOT NULL)::int AS abandoned,
             count(*) FILTER (WHERE s.timed_out > 0)::int AS timed_out,
             count(*) FILTER (WHERE g.status = 'active' AND s.resigned_at IS NULL)::int AS playing,
             count(*) FILTER (WHERE g.status::text = 'expired')::int AS expired
      FROM seats s JOIN games g ON g.id = s.game_id WHERE s.player_id = ${id}::uuid`;
    return {
      finished: r?.finished ?? 0,
      abandoned: r?.abandoned ?? 0,
      timedOut: r?.timed_out ?? 0,
      playing: r?.playing ?? 0,
      expired: r?.expired ?? 0,
    };
  }

  /** What the lobby needs to know of a game before changing its seats. */
  async gameInfo(gameId: string) {
    return this.db.game.findUnique({
      where: { id: gameId },
      select: { type: true, engineVersion: true, playerCount: true, options: true, seed: true, creatorSeat: true, rated: true },
    });
  }

  /** The player a seat is bound to, if any (play-by-mail writes to them). */
  async playerOfSeat(gameId: string, seat: Seat): Promise<PlayerRow | null> {
    const r = await this.db.seat.findUnique({
      where: { gameId_seat: { gameId, seat } },
      select: { player: { select: { id: true, name: true, email: true } } },
    });
    return r?.player ?? null;
  }

  private locked<T>(
    gameId: string,
    fn: (
      tx: Tx,
      game: { status: GameStatus; inviteHash: string | null; creatorSeat: number | null; public: boolean },
    ) => Promise<T | LobbyRefusal>,
  ): Promise<T | LobbyRefusal> {
    return this.db.$transaction(
      async (tx) => {
        const rows = await tx.$queryRaw<{ status: GameStatus; invite_hash: string | null; creator_seat: number | null; public: boolean }[]>`
          SELECT status::text AS status, invite_hash, creator_seat, public FROM games WHERE id = ${gameId}::uuid FOR UPDATE`;
        const g = rows[0];
        if (!g) return 'NOT_FOUND';
        return fn(tx, { status: g.status, inviteHash: g.invite_hash, creatorSeat: g.creator_seat, public: g.public });
      },
      { maxWait: 10_000, timeout: 10_000 },
    );
  }

  /**
   * Takes the requested open seat, or the first open one; the last one taken starts the game. A
   * public game (listed in the lobby) takes anyone; a private one, whoever has its invitation code.
   * A code given must be the game's either way.
   */
  join(c: JoinCommand): Promise<{ seat: Seat; started: boolean } | LobbyRefusal> {
    return this.locked(c.gameId, async (tx, g) => {
      if (!g.public && c.inviteHash === null) return 'NEEDS_CODE';
      // A code given must be the game's, public or not (a wrong one is a mistake worth saying).
      if (c.inviteHash !== null && (g.inviteHash === null || g.inviteHash !== c.inviteHash)) return 'WRONG_CODE';
      if (g.status === 'finished' || g.status === 'expired') return 'FINISHED';
      if (g.status === 'active') return 'FULL';
      const seats = await tx.seat.findMany({
        where: { gameId: c.gameId },
        select: { seat: true, tokenHash: true, playerId: true, colour: true },
        orderBy: { seat: 'asc' },
      });
      if (c.playerId !== null && seats.some((x) => x.playerId === c.playerId)) return 'ALREADY_SEATED';
      if (c.colour !== undefined && seats.some((x) => x.colour === c.colour)) return 'COLOUR_TAKEN';
      const open = seats.filter((x) => x.tokenHash === null);
      const seat = c.seat === undefined ? open[0]?.seat : open.find((x) => x.seat === c.seat)?.seat;
      if (seat === undefined) return open.length === 0 ? 'FULL' : 'SEAT_TAKEN';
      // A seat without a player identity: a game asked rated refuses it; one rated by default becomes unrated.
      const rating =
        c.playerId === null ? await tx.game.findUnique({ where: { id: c.gameId }, select: { rated: true, ratedAsked: true } }) : null;
      if (rating?.rated && rating.ratedAsked) return 'RATED';
      await tx.seat.update({
        where: { gameId_seat: { gameId: c.gameId, seat } },
        data: { name: c.name, tokenHash: c.tokenHash, playerId: c.playerId, colour: c.colour ?? null },
      });
      return { seat, started: await seatTaken(tx, c.gameId, open.length === 1, c.toMoveAtStart, rating?.rated === true) };
    });
  }

  /** Puts a bot in the requested open seat, or the first open one, of a waiting game; the last one filled starts the game. */
  fillWithBot(c: {
    gameId: string;
    name: string;
    bot: string;
    tokenHash: string;
    seat?: Seat;
    toMoveAtStart: Seat[];
  }): Promise<{ seat: Seat; started: boolean } | LobbyRefusal> {
    return this.locked(c.gameId, async (tx, g) => {
      if (g.status === 'finished' || g.status === 'expired') return 'FINISHED';
      if (g.status === 'active') return 'FULL';
      const seats = await tx.seat.findMany({
        where: { gameId: c.gameId },
        select: { seat: true, tokenHash: true },
        orderBy: { seat: 'asc' },
      });
      const open = seats.filter((x) => x.tokenHash === null);
      const seat = c.seat === undefined ? open[0]?.seat : open.find((x) => x.seat === c.seat)?.seat;
      if (seat === undefined) return open.length === 0 ? 'FULL' : 'SEAT_TAKEN';
      // No bot in a rated game: one asked rated refuses it; one rated by default becomes unrated.
      const rating = await tx.game.findUnique({ where: { id: c.gameId }, select: { rated: true, ratedAsked: true } });
      if (rating?.rated && rating.ratedAsked) return 'RATED';
      await tx.seat.update({
        where: { gameId_seat: { gameId: c.gameId, seat } },
        data: { name: c.name, tokenHash: c.tokenHash, bot: c.bot },
      });
      return { seat, started: await seatTaken(tx, c.gameId, open.length === 1, c.toMoveAtStart, rating?.rated === true) };
    });
  }

  /** Frees a seat of a game that has not started. */
  leave(gameId: string, seat: Seat): Promise<true | LobbyRefusal> {
    return this.locked(gameId, async (tx, g) => {
      if (g.status !== 'waiting') return g.status === 'finished' || g.status === 'expired' ? 'FINISHED' : 'STARTED';
      const r = await tx.seat.updateMany({
        where: { gameId, seat, tokenHash: { not: null } },
        data: { name: '', tokenHash: null, playerId: null, colour: null, bot: null },
      });
      if (r.count === 0) return 'NOT_SEATED';
      await tx.game.update({ where: { id: gameId }, data: { seatsRev: { increment: 1 }, updatedAt: new Date() } });
      return true;
    });
  }

  /** Deletes a game that is still waiting for players. */
  cancel(gameId: string): Promise<true | LobbyRefusal> {
    return this.locked(gameId, async (tx, g) => {
      if (g.status !== 'waiting') return g.status === 'finished' || g.status === 'expired' ? 'FINISHED' : 'STARTED';
      await tx.game.delete({ where: { id: gameId } });
      return true;
    });
  }

  /** Gives a seated seat a new token hash: the old token stops working at once. */
  async reissue(gameId: string, seat: Seat, tokenHash: string): Promise<{ name: string } | LobbyRefusal> {
    return this.locked(gameId, async (tx) => {
      const r = await tx.seat.updateMany({ where: { gameId, seat, tokenHash: { not: null }, bot: null }, data: { tokenHash } });
      if (r.count === 0) return (await tx.seat.count({ where: { gameId, seat, bot: { not: null } } })) > 0 ? 'BOT_SEAT' : 'NOT_SEATED';
      await tx.game.update({ where: { id: gameId }, data: { seatsRev: { increment: 1 } } });
      const s = await tx.seat.findUniqueOrThrow({ where: { gameId_seat: { gameId, seat } }, select: { name: true } });
      return { name: s.name };
    });
  }

  /** Public games waiting for players, newest first (keyset pagination by createdAt, id). */
  async lobby(f: { type?: string; limit: number; before?: { at: Date; id: string } }): Promise<LobbyGameRow[]> {
    const games = await this.db.game.findMany({
      where: {
        status: 'waiting',
        public: true,
        ...(f.type ? { type: f.type } : {}),
        ...(f.before ? { OR: [{ createdAt: { lt: f.before.at } }, { createdAt: f.before.at, id: { lt: f.before.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: f.limit,
      select: {
        id: true,
        type: true,
        options: true,
        createdAt: true,
        seats: { select: { seat: true, name: true, tokenHash: true, colour: true }, orderBy: { seat: 'asc' } },
      },
    });
    return games.map((g) => ({
      ...g,
      options: g.options as Record<string, Json>,
      seats: g.seats.map((x) => ({ seat: x.seat, name: x.name, open: x.tokenHash === null, colour: x.colour })),
    }));
  }

  /** A player's games, newest activity first (keyset pagination by updatedAt, id). */
  async inbox(
    playerId: string,
    f: { status?: GameStatus; toMove?: boolean; limit: number; before?: { at: Date; id: string } },
  ): Promise<InboxRow[]> {
    const rows = await this.db.$queryRaw<
      {
        id: string;
        type: string;
        seat: number;
        version: number;
        status: GameStatus;
        to_move: number[];
        resigned_at: number | null;
        updated_at: Date;
        last_move_at: Date | null;
      }[]
    >`
      SELECT g.id::text AS id, g.type, s.seat, g.version, g.status::text AS status, g.to_move, s.resigned_at, g.updated_at,
             (SELECT max(m.created_at) FROM moves m WHERE m.game_id = g.id) AS last_move_at
      FROM seats s JOIN games g ON g.id = s.game_id
      WHERE s.player_id = ${playerId}::uuid
        AND (${f.status ?? null}::text IS NULL OR g.status::text = ${f.status ?? null}::text)
        AND (NOT ${f.toMove ?? false}::boolean OR (g.status = 'active' AND s.seat = ANY (g.to_move) AND s.resigned_at IS NULL))
        AND (${f.before?.at ?? null}::timestamptz IS NULL OR (g.updated_at, g.id) < (${f.before?.at ?? null}::timestamptz,
          ${f.before?.id ?? null}::uuid))
      ORDER BY g.updated_at DESC, g.id DESC
      LIMIT ${f.limit}`;
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      seat: r.seat,
      version: r.version,
      status: r.status,
      toMove: r.to_move,
      resigned: r.resigned_at !== null,
      updatedAt: r.updated_at,
      lastMoveAt: r.last_move_at,
    }));
  }
  /** Marks warned (once) the waiting games created in (expireFrom, warnFrom]: those a day from expiring. */
  warnExpiring(warnFrom: Date, expireFrom: Date): Promise<{ id: string; type: string; created_at: Date }[]> {
    return this.db.$queryRaw<{ id: string; type: string; created_at: Date }[]>`
      UPDATE games SET expiry_warned = true
      WHERE status = 'waiting' AND NOT expiry_warned AND created_at <= ${warnFrom}::timestamptz AND created_at > ${expireFrom}::timestamptz
      RETURNING id::text, type, created_at`;
  }

  /** Expires the waiting games created by `expireFrom` (nobody can join them; every process reads their seats again). */
  expireWaiting(expireFrom: Date, now: Date): Promise<{ id: string }[]> {
    return this.db.$queryRaw<{ id: string }[]>`
      UPDATE games SET status = 'expired', to_move = '{}', seats_rev = seats_rev + 1, updated_at = ${now}::timestamptz
      WHERE status = 'waiting' AND created_at <= ${expireFrom}::timestamptz
      RETURNING id::text`;
  }

  /** The seated human seats of a game with a mail address: their notification settings', else their player's. */
  mailableSeats(gameId: string): Promise<{ seat: number; name: string; email: string; language: string | null }[]> {
    return this.db.$queryRaw<{ seat: number; name: string; email: string; language: string | null }[]>`
      SELECT s.seat, s.name, coalesce(n.email, p.email) AS email, n.language
      FROM seats s LEFT JOIN notification_targets n ON n.game_id = s.game_id AND n.seat = s.seat
      LEFT JOIN players p ON p.id = s.player_id
      WHERE s.game_id = ${gameId}::uuid AND s.token_hash IS NOT NULL AND s.bot IS NULL AND coalesce(n.email, p.email) IS NOT NULL`;
  }

  /** Writes a waiting game's expiry warning to the outbox, once per seat: the new notification's id, if written. */
  async addExpiryMail(gameId: string, seat: number, email: string, message: string): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ id: string }[]>`
      INSERT INTO outbox (game_id, version, seat, kind, about, channel, target, message)
      VALUES (${gameId}::uuid, 0, ${seat}, 'expiring', -1, 'email', ${email}, ${message}::jsonb)
      ON CONFLICT (game_id, version, seat, kind, about, channel) DO NOTHING RETURNING id::text`;
    return rows.map((r) => r.id);
  }
}

/** What the lobby's expiry (app/lobby/expiry.ts) needs of the store. */
export type ExpiryStore = Pick<LobbyStore, 'warnExpiring' | 'expireWaiting' | 'mailableSeats' | 'addExpiryMail'>;

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/**
 * After a seat is taken (joined or filled by a bot): the seats' revision moves on, the last open
 * seat starts the game, and a game rated by default becomes unrated (`unrate`). Whether it started.
 */
async function seatTaken(tx: Tx, gameId: string, last: boolean, toMoveAtStart: Seat[], unrate: boolean): Promise<boolean> {
  await tx.game.update({
    where: { id: gameId },
    data: {
      seatsRev: { increment: 1 },
      updatedAt: new Date(),
      ...(last ? { status: 'active', toMove: toMoveAtStart } : {}),
      ...(unrate ? { rated: false } : {}),
    },
  });
  return last;
}
