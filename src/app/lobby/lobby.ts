import { BOT_LEVELS, isBotLevel, type BotLevel, type Json, type Seat } from '../../engine/index.js';
import type { TimeControl, TimeoutAction } from '../../store/types.js';
import type { LobbyRefusal, LobbyStore } from '../../store/lobby-store.js';
import { AppError, type ErrorCode } from '../errors.js';
import type { GamePort } from '../game-port.js';
import type { SeatSpec } from './seats.js';
import type { PlayerService } from '../players.js';
import { hashToken, newInviteCode, newSeatToken } from '../tokens.js';
import { checkColour } from './choices.js';
import { decodeCursor, pageOf } from '../cursor.js';
import { checkText } from '../text.js';
import { checkStandInAfterTimeouts } from './stand-in.js';
import { isUuid } from '../ids.js';
import type { PlayerEntryShape } from '../shapes.js';

/** An entry of `players` at creation: seated now by name, an open seat, the caller's player, or a bot (no token). */

export interface CreateInput {
  type: string;
  /** As GraphQL builds them, or as the REST body carries them (src/app/shapes.ts: every field optional); which kind each is, is
   * checked here. */
  players: readonly PlayerEntryShape[];
  seed?: string;
  options?: unknown;
  public?: boolean;
  standInBot?: string;
  /** Hand a seat to the stand-in bot after this many deadlines missed in a row (1..100; needs a time control). */
  standInAfterTimeouts?: number;
  analysis?: boolean;
  rated?: boolean;
  /** Players joining need at least this reliability (0..1, src/app/reliability.ts). */
  minReliability?: number;
  takebacks?: string;
  spectators?: string;
  spectatorDelay?: number;
  reveal?: boolean;
  turnDeadlineSeconds?: number;
  timeControl?: TimeControl;
  timeoutAction?: TimeoutAction;
}

export interface JoinInput {
  /** Needed for a private game; a public game (in the lobby) takes anyone. */
  inviteCode?: string;
  name?: string;
  seat?: number;
  colour?: string;
}

/** Told after a seat is taken (play-by-mail writes to the players; GraphQL wakes the game's watchers). */
export interface Joined {
  gameId: string;
  type: string;
  seat: Seat;
  playerId: string | null;
  /** The join filled the last open seat: the game is now active. */
  started: boolean;
}

/** Each refusal's code; its sentence is `LOBBY.<refusal>` in src/app/i18n (NOT_FOUND names the game). */
const REFUSALS: Record<LobbyRefusal, ErrorCode> = {
  NOT_FOUND: 'NOT_FOUND',
  NEEDS_CODE: 'FORBIDDEN',
  WRONG_CODE: 'FORBIDDEN',
  FINISHED: 'GAME_OVER',
  FULL: 'GAME_FULL',
  STARTED: 'GAME_STARTED',
  ALREADY_SEATED: 'ALREADY_SEATED',
  COLOUR_TAKEN: 'COLOUR_TAKEN',
  SEAT_TAKEN: 'SEAT_TAKEN',
  NOT_SEATED: 'INVALID_INPUT',
  BOT_SEAT: 'BOT_SEAT',
  RATED: 'UNAUTHORIZED',
};

/** 400 INVALID_INPUT naming `field` and the known levels when `level` is not a bot level. */
function checkBotLevel(field: string, level: unknown): asserts level is BotLevel {
  if (!isBotLevel(level))
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.botLevel', { field, level: String(level), known: BOT_LEVELS.join(', ') }, { field });
}

const refuse = (r: LobbyRefusal, gameId: string) =>
  r === 'NOT_FOUND' ? AppError.of('NOT_FOUND', 'NOT_FOUND.game', { id: gameId }) : AppError.of(REFUSALS[r], `LOBBY.${r}`);

/**
 * The lobby: games created with open seats, invitations, joining, leaving, cancelling, the public
 * list of games waiting for players, and the operator's reissue of a lost seat token. Seats change
 * in the database under a lock of the game's row (LobbyStore), so several server processes agree.
 */
export class LobbyService {
  private readonly hooks: ((j: Joined) => void)[] = [];

  constructor(
    private readonly service: GamePort,
    private readonly players: PlayerService,
    private readonly store: LobbyStore,
  ) {}

  onJoined(hook: (j: Joined) => void): void {
    this.hooks.push(hook);
  }

  /** Creates a game; with open seats it waits for players and the answer carries the invitation code (shown once). */
  async createGame(input: CreateInput, token: string | undefined) {
    for (const [i, p] of input.players.entries()) {
      if ('bot' in p && p.bot !== undefined) {
        if ((p as { me?: unknown }).me !== undefined) throw AppError.of('BOT_SEAT', 'BOT_SEAT.me', { i });
        if ((p as { open?: unknown }).open !== undefined) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.playerKind', { i });
        checkBotLevel(`players/${i}/bot`, p.bot);
        continue;
      }
      const kinds = (['name', 'open', 'me'] as const).filter((k) => (p as Record<string, unknown>)[k] !== undefined);
      if (kinds.length !== 1) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.playerKind', { i });
      if ('open' in p && (p as { colour?: string }).colour !== undefined)
        throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.openColour', { i });
    }
    const mine = input.players.flatMap((p, i) => ('me' in p ? [i] : []));
    if (mine.length > 1) throw AppError.of('ALREADY_SEATED', 'ALREADY_SEATED.twoSeats');
    const me = mine.length ? await this.players.require(token) : null;
    const colours = input.players.flatMap((p) => ('colour' in p && p.colour !== undefined ? [p.colour] : []));
    for (const c of colours) checkColour(this.service.registry, input.type, c);
    if (new Set(colours).size !== colours.length) throw AppError.of('COLOUR_TAKEN', 'COLOUR_TAKEN.twice');
    if (input.standInBot !== undefined) checkBotLevel('standInBot', input.standInBot);
    if (input.standInAfterTimeouts !== undefined)
      checkStandInAfterTimeouts(input.standInAfterTimeouts, input.turnDeadlineSeconds !== undefined || input.timeControl !== undefined);
    const specs: SeatSpec[] = input.players.map(
      (p) =>
        'bot' in p
          ? { bot: p.bot as BotLevel, ...(p.name !== undefined ? { name: p.name } : {}) }
          : 'open' in p
            ? { open: true }
            : 'me' in p
              ? { name: me!.name, playerId: me!.id, playerTokenHash: hashToken(token!), ...(p.colour ? { colour: p.colour } : {}) }
              : { name: p.name as string, ...(p.colour ? { colour: p.colour } : {}) }, // a named entry: its kind was checked above
    );
    const code = specs.some((p) => 'open' in p) ? newInviteCode() : null;
    const { minReliability, ...game } = input;
    if (minReliability !== undefined && !(minReliability >= 0 && minReliability <= 1))
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.minReliability', { given: String(minReliability) }, { field: 'minReliability' });
    // With a minimum the game is created private and listed only once its requirement is stored (one statement).
    const created = await this.service.createGame({
      ...game,
      ...(minReliability !== undefined ? { public: false } : {}),
      standInBot: input.standInBot as BotLevel | undefined,
      players: specs,
      inviteHash: code && hashToken(code),
      creatorSeat: mine[0] ?? null,
    });
    if (minReliability !== undefined) await this.players.reliability.require(created.id, minReliability, input.public === true);
    return { ...created, ...(code ? { invite: { code } } : {}) };
  }

  /** Takes an open seat (of a public game, or with the invitation code); with a player token the seat is bound to that player. */
  async join(gameId: string, token: string | undefined, input: JoinInput) {
    const player = token === undefined ? null : await this.players.resolve(token);
    if (token !== undefined && !player) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.joinToken');
    const info = isUuid(gameId) ? await this.store.gameInfo(gameId) : null;
    if (!info) throw refuse('NOT_FOUND', gameId);
    const name = input.name ?? player?.name;
    if (!name) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.joinName');
    checkText('name', input.name);
    checkColour(this.service.registry, info.type, input.colour);
    if (input.seat !== undefined && input.seat >= info.playerCount)
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.seatRange', { seat: input.seat, last: info.playerCount - 1 });
    const toMoveAtStart = this.toMoveAtStart(info);
    const min = await this.players.reliability.requirement(gameId);
    if (min !== null) await this.players.reliability.admit(player?.id ?? null, min, 'game');
    const seatToken = newSeatToken();
    const r = await this.store.join({
      gameId,
      inviteHash: input.inviteCode === undefined ? null : hashToken(input.inviteCode),
      name,
      tokenHash: hashToken(seatToken),
      playerId: player?.id ?? null,
      seat: input.seat,
      colour: input.colour,
      toMoveAtStart,
    });
    if (typeof r === 'string') throw refuse(r, gameId);
    await this.service.seatsChanged(gameId);
    for (const hook of this.hooks) {
      try {
        hook({ gameId, type: info.type, seat: r.seat, playerId: player?.id ?? null, started: r.started });
      } catch {
        // A hook's failure never undoes the join.
      }
    }
    return {
      seat: r.seat,
      name,
      token: seatToken,
      ...(input.colour ? { colour: input.colour } : {}),
      status: r.started ? ('active' as const) : ('waiting' as const),
    };
  }

  /**
   * The creator of a waiting game (its seat or player token) puts a bot in an open seat (`seat`, or
   * the first open one). The seat gets no token; filling the last open seat starts the game.
   */
  async fillWithBot(gameId: string, token: string | undefined, input: { bot: string; seat?: number; name?: string }) {
    checkBotLevel('bot', input.bot);
    checkText('name', input.name);
    const seat = await this.seatOf(gameId, token);
    const info = await this.store.gameInfo(gameId);
    if (!info) throw refuse('NOT_FOUND', gameId);
    if (info.creatorSeat !== seat) throw AppError.of('FORBIDDEN', 'FORBIDDEN.fillCreatorOnly');
    if (input.seat !== undefined && (input.seat < 0 || input.seat >= info.playerCount))
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.seatRange', { seat: input.seat, last: info.playerCount - 1 });
    const toMoveAtStart = this.toMoveAtStart(info);
    const name = input.name ?? `Bot (${input.bot})`;
    const r = await this.store.fillWithBot({
      gameId,
      name,
      bot: input.bot,
      tokenHash: hashToken(newSeatToken()),
      seat: input.seat,
      toMoveAtStart,
    });
    if (typeof r === 'string') throw refuse(r, gameId);
    await this.service.seatsChanged(gameId);
    for (const hook of this.hooks) {
      try {
        hook({ gameId, type: info.type, seat: r.seat, playerId: null, started: r.started });
      } catch {
        // A hook's failure never undoes the change.
      }
    }
    return { seat: r.seat, name, bot: input.bot, status: r.started ? ('active' as const) : ('waiting' as const) };
  }

  /** The seats to move first once the game starts, by its engine version (join and fill store them). */
  private toMoveAtStart(info: { type: string; engineVersion: number; playerCount: number; options: unknown; seed: string }): Seat[] {
    const game = this.service.registry.version(info.type, info.engineVersion);
    if (!game)
      throw AppError.of('ENGINE_VERSION_UNSUPPORTED', 'ENGINE_VERSION_UNSUPPORTED.noVersion', {
        type: info.type,
        version: info.engineVersion,
      });
    return game.toMove(game.setup({ players: info.playerCount, options: info.options as Record<string, Json>, seed: info.seed }));
  }

  /** The caller's seat in a game (by seat token or player token), or the reason it has none. */
  private async seatOf(gameId: string, token: string | undefined): Promise<Seat> {
    if (token === undefined) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.seatOrPlayerToken');
    const g = await this.service.getGame(gameId, token);
    if (g.viewer.seat === null) throw AppError.of('FORBIDDEN', 'FORBIDDEN.noSeat');
    return g.viewer.seat;
  }

  /** Frees the caller's seat before the game starts. The creator cancels instead. */
  async leave(gameId: string, token: string | undefined): Promise<{ seat: Seat }> {
    const seat = await this.seatOf(gameId, token);
    const info = await this.store.gameInfo(gameId);
    if (info?.creatorSeat === seat) throw AppError.of('FORBIDDEN', 'FORBIDDEN.creatorLeaves');
    const r = await this.store.leave(gameId, seat);
    if (r !== true) throw refuse(r, gameId);
    await this.service.seatsChanged(gameId);
    return { seat };
  }

  /** Deletes a waiting game: the creator's seat (or player) token, or the operator's. */
  async cancel(gameId: string, token: string | undefined): Promise<void> {
    if (!this.service.isOperator(token)) {
      if (token === undefined) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.cancelToken');
      const { viewer } = await this.service.getGame(gameId, token);
      const info = await this.store.gameInfo(gameId);
      if (viewer.seat === null || info?.creatorSeat !== viewer.seat) throw AppError.of('FORBIDDEN', 'FORBIDDEN.cancelCreatorOnly');
    }
    const r = isUuid(gameId) ? await this.store.cancel(gameId) : 'NOT_FOUND';
    if (r !== true) throw refuse(r, gameId);
    await this.service.seatsChanged(gameId);
  }

  /** The operator gives a seat a new token (a lost one); the old token stops working at once. */
  async reissue(gameId: string, seat: number, token: string | undefined) {
    this.service.requireOperator(token);
    const info = isUuid(gameId) ? await this.store.gameInfo(gameId) : null;
    if (!info) throw refuse('NOT_FOUND', gameId);
    if (seat < 0 || seat >= info.playerCount)
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.seatRange', { seat, last: info.playerCount - 1 });
    const fresh = newSeatToken();
    const r = await this.store.reissue(gameId, seat, hashToken(fresh));
    if (typeof r === 'string') throw refuse(r, gameId);
    await this.service.seatsChanged(gameId);
    return { seat, name: r.name, token: fresh };
  }

  /** The player a seat is bound to (name, email), or null: for play-by-mail. */
  playerOf(gameId: string, seat: Seat) {
    return isUuid(gameId) ? this.store.playerOfSeat(gameId, seat) : Promise.resolve(null);
  }

  /** Public games waiting for players, newest first, paged. */
  async lobby(f: { type?: string; limit?: number; before?: string }) {
    const limit = f.limit ?? 20;
    const rows = await this.store.lobby({ type: f.type, limit, before: decodeCursor(f.before) });
    return pageOf(
      rows,
      limit,
      (g) => g.createdAt,
      (g) => ({
        id: g.id,
        type: g.type,
        options: g.options,
        seats: g.seats.map((x) => ({
          seat: x.seat,
          open: x.open,
          ...(x.open ? {} : { name: x.name }),
          ...(x.colour ? { colour: x.colour } : {}),
        })),
        seatsTaken: g.seats.filter((x) => !x.open).length,
        seatsOpen: g.seats.filter((x) => x.open).length,
        createdAt: g.createdAt.toISOString(),
      }),
    );
  }
}
