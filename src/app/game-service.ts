import { randomBytes, randomUUID } from 'node:crypto';
import { applyMove, BOT_LEVELS, canonicalHash, eventViewOf, LEVELS, canonicalJson, checkMoveShape, fold, liveEntries, notationsOf, parseMove, resolveOptions, seatKnowledge } from '../engine/index.js';
import type { AnyGame, BotLevel, GameEvent, Json, Move, Outcome, Seat, Viewer } from '../engine/index.js';
import { rawGame } from '../telemetry/instrument.js';
import type { GameRegistry } from '../games/registry.js';
import type { GameRow, GameStatus, GameStore, IdempotentMove, MoveOrigin, SeatRow, StoredMove, TimeoutAction } from '../store/types.js';
import { autoMove } from './autoplay.js';
import { noticesOf } from './notify/notices.js';
import { Sessions } from './sessions.js';
import { isUuid } from './ids.js';
import { AppError } from './errors.js';
import type { CreatedSeat, GameAccess, SeatSpec } from './lobby/seats.js';
import { resignedBy, standing } from './lobby/standing.js';
import { decodeCursor, pageOf } from './cursor.js';
import { checkInt, INT4_MAX, INT_BOUNDS } from './limits.js';
import { Gate } from './gate.js';
import { KeyedMutex } from './mutex.js';
import { checkRecordShape } from './record-schema.js';
import { checkNames } from './text.js';
import { notationProblem } from './notation.js';
import { importRecord } from './import-record.js';
import { ratedAtCreation } from './ratings/rated.js';
import { timeControlOf } from './time-control.js';
import { entryMarks, requestShown, takebacksAtCreation, undoableAhead, undoneByOfGame } from './takeback-log.js';
import { hashToken, newSeatToken, sameToken } from './tokens.js';

export * from './service-types.js';
import { isGameLink } from './game-link.js';
import { RECORD_FORMAT, type AfterCommitHook, type BotTurn, type Caller, type Committed, type CreateGameInput, type GameRecord, type GameServiceOptions, type Include, type MoveResult, type Session } from './service-types.js';

/** A bot seat's name when the creator gives none. */
const botName = (level: BotLevel): string => `Bot (${level})`;

const viewerOf = (c: Caller): Viewer => (c.kind === 'seat' ? c.seat : null);

/**
 * The use cases, shared by REST and GraphQL: create, view, legal moves, submit, events, replay,
 * record, import, admin. Hidden information is filtered here and nowhere else: every state, event
 * and move leaves through `game.view`, `game.eventView` or `game.moveView` for the caller's seat.
 */
export class GameService {
  private readonly locks = new KeyedMutex();
  private readonly hooks: AfterCommitHook[] = [];
  private readonly seatHooks: ((gameId: string) => void)[] = [];
  /** Told when a game may wait on a bot without a move committing (created, a seat taken or filled). */
  private readonly wakeHooks: ((gameId: string) => void)[] = [];
  private readonly startHooks: ((gameId: string) => Promise<void>)[] = [];
  private readonly snapshotEvery: number;
  private readonly maxRetries: number;
  private readonly imports: Gate;
  /** The games held in memory: a cache checked against the store on every read (sessions.ts). */
  private readonly sessions: Sessions;

  constructor(
    /** Read by use-case modules built on the service (src/app/live.ts); writes go through the service. */
    readonly store: GameStore,
    readonly registry: GameRegistry,
    private readonly opts: GameServiceOptions = {},
  ) {
    this.snapshotEvery = opts.snapshotEvery ?? 50;
    this.maxRetries = opts.maxRetries ?? 20;
    this.imports = new Gate('imports', opts.importConcurrency || 2, opts.importQueue ?? 8);
    this.sessions = new Sessions(store, registry, this.locks, opts.cacheSize ?? 1000);
  }

  /**
   * The place where things happen after a move commits (live updates to watchers; turn
   * notifications hang here). Hooks run after the transaction, never inside it, and a failing hook
   * cannot undo or fail the move.
   */
  onCommitted(hook: AfterCommitHook): void {
    this.hooks.push(hook);
  }

  /**
   * Where a game that starts at its creation is told (the turn clock starts the first seats' clocks
   * before the creation is answered, so a first move cannot come before them). Awaited; a failing
   * hook does not fail the creation (the clock's sweep starts missing clocks).
   */
  onStarted(hook: (gameId: string) => Promise<void>): void {
    this.startHooks.push(hook);
  }

  async started(gameId: string): Promise<void> {
    for (const hook of this.startHooks) await hook(gameId).catch(() => {});
  }

  gameTypes() {
    return this.registry.list().map((g) => ({
      id: g.id,
      name: g.name,
      minPlayers: g.minPlayers,
      maxPlayers: g.maxPlayers,
      engineVersion: g.engineVersion,
      options: g.optionsSchema as unknown as Json,
      moves: g.moveSchemas as unknown as Json,
    }));
  }

  /** The bot levels, weakest first, with what each does and its budget per move. */
  botLevels() {
    return BOT_LEVELS.map((level) => ({ level, ...LEVELS[level] }));
  }

  // ---- identity ------------------------------------------------------------------------------

  /** A session checked against the store, and who the token is in it (for modules such as live.ts). */
  async open(gameId: string, token: string | undefined): Promise<{ s: Session; caller: Caller }> {
    const s = await this.sessions.fresh(gameId);
    return { s, caller: await this.callerIn(s, token, true, true) };
  }

  /**
   * A seat token, or the token of the player a seat is bound to, acts as that seat; the operator's
   * token is the operator; a player's token where the player has no seat is a spectator. Unless the
   * session's seats were just checked against the store (`checked`), an unknown token is checked
   * against the stored seats once (another process may have seated it).
   */
  private async callerIn(s: Session, token: string | undefined, checked = false, read = false): Promise<Caller> {
    if (token === undefined) return { kind: 'spectator' };
    if (isGameLink(token)) {
      // A turn mail's game link (game-link.ts): the seat's view for reads; nothing it may change.
      if (!this.opts.links) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.noLinks');
      const seat = this.opts.links.verify(token, s.row.id, (n) => { const row = s.row.seats.find((x) => x.seat === n); return row ? row.tokenHash : undefined; });
      if (!read) throw AppError.of('FORBIDDEN', 'FORBIDDEN.linkReadOnly');
      return { kind: 'seat', seat };
    }
    const hash = hashToken(token);
    let seat = s.seatByTokenHash.get(hash);
    if (seat === undefined && !checked && !this.isOperator(token)) seat = (await this.sessions.reloadSeats(s)).seatByTokenHash.get(hash);
    if (seat !== undefined) return { kind: 'seat', seat };
    if (this.isOperator(token)) return { kind: 'operator' };
    if (await this.opts.isPlayerToken?.(hash)) return { kind: 'spectator' };
    throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.neitherToken');
  }

  isOperator(token: string | undefined): boolean {
    return !!token && !!this.opts.operatorToken && sameToken(token, this.opts.operatorToken);
  }

  requireOperator(token: string | undefined): void {
    if (!token) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.operatorTokenNeeded');
    if (!this.isOperator(token)) throw AppError.of('FORBIDDEN', 'FORBIDDEN.operatorOnly');
  }

  private requireSeat(c: Caller): Seat {
    if (c.kind === 'seat') return c.seat;
    if (c.kind === 'operator') throw AppError.of('FORBIDDEN', 'FORBIDDEN.operatorCannotPlay');
    throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.seatTokenNeeded');
  }

  // ---- create --------------------------------------------------------------------------------

  async createGame(input: CreateGameInput) {
    const game = this.registry.current(input.type);
    if (!game) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.unknownGameType', { type: input.type, known: this.registry.list().map((g) => g.id).join(', ') });
    const resolved = resolveOptions(game, input.players.length, input.options);
    if (!resolved.ok) throw AppError.fromViolation(resolved.error, 'INVALID_INPUT');
    checkNames(input.players, input.seed);
    const seedChosen = input.seed !== undefined;
    if (seedChosen && this.opts.clientSeeds === false) throw AppError.of('SEED_NOT_ALLOWED', 'SEED_NOT_ALLOWED.create');
    const seed = input.seed ?? randomBytes(16).toString('hex');
    const state = game.setup({ players: input.players.length, options: resolved.value, seed });
    const timeControl = timeControlOf(input);
    // Analysis while the game runs is for unrated games only (docs/shapes.md).
    if (input.analysis && input.rated === true) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.analysisRated', { field: 'analysis' });
    const rated = input.analysis ? false : ratedAtCreation(input.players, seedChosen, input.rated);
    const created = this.newGame(game, input.players, resolved.value, seed, state, [], { public: input.public ?? false, inviteHash: input.inviteHash ?? null, creatorSeat: input.creatorSeat ?? null, seedChosen, turnDeadlineSeconds: input.turnDeadlineSeconds ?? null, timeControl, timeoutAction: timeControl ? (input.timeoutAction ?? 'none') : null, rated, ratedAsked: input.rated === true, standInBot: input.standInBot ?? null, standInAfterTimeouts: input.standInAfterTimeouts ?? null, analysis: input.analysis ?? false, takebacks: takebacksAtCreation(input.takebacks) });
    await this.store.createGame(created.row);
    this.sessions.remember(this.sessions.create({ ...created.row, createdAt: new Date(), updatedAt: new Date() }, game, state, 0));
    if (created.row.status === 'active' && timeControl) await this.started(created.row.id);
    this.wake(created.row.id);
    return created.answer;
  }

  /** A new game's header row with fresh seat tokens (none for open seats), and the answer that shows the tokens once. */
  private newGame(game: AnyGame, players: (SeatSpec & { resignedAt?: number | null })[], options: Record<string, Json>, seed: string, state: unknown, history: StoredMove[], lobby: Pick<GameRow, 'public' | 'inviteHash' | 'creatorSeat' | 'seedChosen' | 'turnDeadlineSeconds' | 'timeoutAction' | 'timeControl' | 'rated' | 'ratedAsked' | 'standInBot' | 'standInAfterTimeouts' | 'analysis' | 'takebacks'> = {}) {
    // A bot seat holds the hash of a token nobody is ever shown: it is taken, and no one acts for it.
    const tokens = players.map((p) => ('open' in p ? null : newSeatToken()));
    const seats: SeatRow[] = players.map((p, seat) => ('open' in p ? { seat, name: '', tokenHash: null }
      : 'bot' in p ? { seat, name: p.name ?? botName(p.bot), tokenHash: hashToken(tokens[seat]!), bot: p.bot, resignedAt: p.resignedAt ?? null }
      : { seat, name: p.name, tokenHash: hashToken(tokens[seat]!), playerId: p.playerId ?? null, playerTokenHash: p.playerTokenHash ?? null, colour: p.colour ?? null, resignedAt: p.resignedAt ?? null }));
    const row: Omit<GameRow, 'createdAt' | 'updatedAt'> = {
      id: randomUUID(),
      type: game.id,
      engineVersion: game.engineVersion,
      playerCount: players.length,
      options,
      seed,
      version: history.length,
      ...standing(game, state, seats, history.length),
      seats,
      ...lobby,
      seatsRev: 0,
    };
    const answer = {
      id: row.id,
      type: row.type,
      engineVersion: row.engineVersion,
      version: row.version,
      status: row.status,
      toMove: row.toMove,
      seedChosen: row.seedChosen ?? false,
      rated: row.rated ?? false,
      // An open seat has no name and no token (the type says token for the seats callers read it from).
      seats: seats.map((s) => (s.tokenHash === null ? { seat: s.seat, open: true } : s.bot ? { seat: s.seat, name: s.name, bot: s.bot } : { seat: s.seat, name: s.name, token: tokens[s.seat]!, ...(s.colour ? { colour: s.colour } : {}) })) as CreatedSeat[],
    };
    return { row, answer };
  }

  /** Status, seats to move and outcome in a state of a game (engine and seats: lobby/standing.ts). */
  derived(s: Session, state: unknown, version: number): { status: GameStatus; toMove: Seat[]; outcome: Outcome | null } {
    return standing(s.game, state, s.row.seats, version, s.row.status === 'expired');
  }

  // ---- read ----------------------------------------------------------------------------------

  /** The game as the caller sees it. */
  async getGame(gameId: string, token: string | undefined) {
    const s = await this.sessions.fresh(gameId);
    const c = await this.callerIn(s, token, true, true);
    return this.summary(s, s.state, s.version, viewerOf(c), c);
  }

  private summary(s: Session, state: unknown, version: number, viewer: Viewer, c: Caller) {
    const d = standing(s.game, state, s.row.seats, version, s.row.status === 'expired');
    const resigned = resignedBy(s.row.seats, version);
    return {
      id: s.row.id,
      type: s.row.type,
      engineVersion: s.row.engineVersion,
      version,
      status: d.status,
      toMove: d.toMove,
      /** A client chose the seed: it can foresee every hidden draw. */
      seedChosen: s.row.seedChosen ?? false,
      players: s.row.seats.map((x) => ({ seat: x.seat, name: x.name, open: x.tokenHash === null, resigned: resigned.has(x.seat), ...(x.colour ? { colour: x.colour } : {}), ...(x.bot ? { bot: x.bot } : {}), ...(resigned.has(x.seat) && d.status === 'active' ? { standIn: this.standInOf(s) } : x.standIn && d.status === 'active' ? { standIn: x.standIn } : {}) })),
      viewer: c.kind === 'seat' ? { seat: c.seat } : { seat: null },
      view: s.game.view(state, viewer),
      ...(d.outcome ? { outcome: d.outcome } : {}),
      options: s.row.options,
      createdAt: s.row.createdAt.toISOString(),
      ...(s.row.standInBot ? { standInBot: s.row.standInBot } : {}),
      ...(s.row.analysis ? { analysis: true } : {}),
      ...(s.row.standInAfterTimeouts ? { standInAfterTimeouts: s.row.standInAfterTimeouts } : {}),
      rated: s.row.rated ?? false,
      ...(s.row.turnDeadlineSeconds ? { turnDeadlineSeconds: s.row.turnDeadlineSeconds } : {}),
      ...(s.row.timeControl ? { timeControl: s.row.timeControl, timeoutAction: s.row.timeoutAction ?? 'none' } : {}),
      takebacks: s.row.takebacks ?? 'own-turn',
      ...requestShown(s.row, version, d.status),
    };
  }

  /** The level that plays the game's resigned and timed-out seats. */
  standInOf(s: Session): BotLevel {
    return s.row.standInBot ?? 'greedy';
  }

  async legalMoves(gameId: string, token: string | undefined, include: Include = {}) {
    const s = await this.sessions.fresh(gameId);
    const seat = this.requireSeat(await this.callerIn(s, token, true, true));
    const moves = s.row.status !== 'active' || resignedBy(s.row.seats, s.version).has(seat) ? [] : s.game.legalMoves(s.state, seat);
    return { type: s.row.type, version: s.version, seat, toMove: s.row.toMove, moves: moves as unknown as Json[], notations: notationsOf(s.game, s.state, seat, moves), ...(include.view ? { view: s.game.view(s.state, seat) as Json } : {}), ...(include.undoable ? { undoable: undoableAhead(rawGame(s.game), s.state, seat, moves) } : {}) };
  }

  async events(gameId: string, token: string | undefined, after = 0, limit: number = INT_BOUNDS.eventsLimit.default) {
    checkInt('version', 'after', after);
    checkInt('eventsLimit', 'limit', limit);
    const s = await this.sessions.fresh(gameId);
    const viewer = viewerOf(await this.callerIn(s, token, true, true));
    const moves = await this.store.readMoves(gameId, after, Math.min(after + limit, INT4_MAX));
    const marks = await entryMarks(this.store, s, moves);
    return {
      type: s.row.type,
      version: s.version,
      moves: moves.map((m) => ({
        version: m.version,
        seat: m.seat,
        ...(m.origin && m.origin !== 'seat' ? { origin: m.origin } : {}),
        ...(m.bot ? { bot: m.bot } : {}),
        at: m.createdAt.toISOString(),
        move: this.moveFor(s, m, viewer),
        events: m.events.map((e) => eventViewOf(s.game, e, viewer)).filter((e): e is Json => e !== null),
        ...marks(m),
      })),
    };
  }

  moveFor(s: Session, m: StoredMove, viewer: Viewer): Json | null {
    if (s.row.status === 'finished' || viewer === m.seat || !s.game.moveView || m.origin === 'resign') return m.move as unknown as Json;
    return s.game.moveView(m.move, m.seat, viewer);
  }

  /** The game as the caller would have seen it right after version `at`. */
  async replay(gameId: string, token: string | undefined, at: number) {
    checkInt('version', 'at', at);
    const s = await this.sessions.fresh(gameId);
    const c = await this.callerIn(s, token, true, true);
    if (!Number.isInteger(at) || at < 0 || at > s.version) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.atVersion', { max: s.version });
    const state = await this.stateAt(s, at);
    const undoneBy = at > 0 ? (await undoneByOfGame(this.store, s)).get(at) : undefined;
    return { ...this.summary(s, state, at, viewerOf(c), c), ...(undoneBy !== undefined ? { undoneBy } : {}) };
  }

  /** Rebuilds the state at a version from the nearest snapshot at or before it, never from the cache. */
  async stateAt(s: Session, at: number): Promise<unknown> {
    const snap = await this.store.latestSnapshot(s.row.id, at);
    const base = snap ? snap.state : s.game.setup({ players: s.row.playerCount, options: s.row.options, seed: s.row.seed });
    const moves = await this.store.readMoves(s.row.id, snap?.version ?? 0, at);
    return fold(s.game, base, moves.flatMap((m) => m.events));
  }

  /**
   * The canonical hash of the full state (hidden parts included) at a version, or now. Only a hash
   * leaves the server: it lets tests and operators check that a replay rebuilds exactly what was live.
   */
  async stateHash(gameId: string, at?: number): Promise<string> {
    const s = await this.sessions.fresh(gameId);
    if (at === undefined) return canonicalHash(s.state);
    if (!Number.isInteger(at) || at < 0 || at > s.version) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.atVersion', { max: s.version });
    return canonicalHash(await this.stateAt(s, at));
  }

  /**
   * The state before each stored move (hidden parts included), for server-side modules that need
   * each move's position (the text record writes moves in notation). Never sent as such.
   */
  async positions(gameId: string): Promise<{ game: AnyGame; moves: StoredMove[]; before: unknown[]; createdAt: Date; lastMoveAt: Date | null }> {
    const s = await this.sessions.fresh(gameId);
    const moves = await this.store.readMoves(gameId, 0, s.version);
    let state = s.game.setup({ players: s.row.playerCount, options: s.row.options, seed: s.row.seed });
    const before = moves.map((m) => [state, (state = fold(s.game, state, m.events))][0]);
    return { game: s.game, moves, before, createdAt: s.row.createdAt, lastMoveAt: moves.at(-1)?.createdAt ?? null };
  }

  async record(gameId: string, token: string | undefined): Promise<GameRecord> {
    const s = await this.sessions.fresh(gameId);
    const viewer = viewerOf(await this.callerIn(s, token, true, true));
    const moves = await this.store.readMoves(gameId, 0);
    const marks = await entryMarks(this.store, s, moves);
    const over = s.row.status === 'finished';
    return {
      format: RECORD_FORMAT,
      type: s.row.type,
      engineVersion: s.row.engineVersion,
      options: s.row.options,
      players: s.row.seats.map((x) => ({ seat: x.seat, name: x.name, ...(x.colour ? { colour: x.colour } : {}), ...(x.bot ? { bot: x.bot } : {}) })),
      ...(s.row.standInBot ? { standInBot: s.row.standInBot } : {}),
      ...(over ? { seed: s.row.seed } : {}),
      status: s.row.status,
      version: s.version,
      moves: moves.map((m) => ({ version: m.version, seat: m.seat, move: this.moveFor(s, m, viewer), ...(m.origin && m.origin !== 'seat' ? { origin: m.origin } : {}), ...(m.bot ? { bot: m.bot } : {}), ...marks(m) })),
      ...(over ? { outcome: s.row.outcome } : {}),
    };
  }

  // ---- write ---------------------------------------------------------------------------------

  /**
   * Decides and appends one move. Within this process moves to one game are serialised; across
   * processes the store's version guard decides. A move sent without expectedVersion that loses a
   * race is decided again against the new state (so simultaneous moves are never lost); with
   * expectedVersion, a stale version is a VERSION_CONFLICT. A repeated Idempotency-Key returns the
   * first answer without applying anything.
   */
  async submitMove(gameId: string, token: string | undefined, move: unknown, opts: { expectedVersion?: number; idempotencyKey?: string; notation?: string; include?: Include } = {}): Promise<MoveResult> {
    if (opts.expectedVersion !== undefined) checkInt('version', 'expectedVersion', opts.expectedVersion);
    return this.locks.run(gameId, async () => {
      // The cached copy as it is: if it is behind, the append's guard says so and it catches up.
      let s = await this.sessions.get(gameId);
      let seat = this.requireSeat(await this.callerIn(s, token));
      // A notation is read in the position the move is decided in (read again below if another
      // process moves the game on first); the move stored is the parsed move.
      let parsed = opts.notation === undefined ? null : parseMove(s.game, s.state, seat, opts.notation);
      if (parsed && !parsed.ok && (await this.store.getVersion(gameId)) !== s.version) {
        s = await this.sessions.catchUp(s);
        parsed = parseMove(s.game, s.state, seat, opts.notation!);
      }
      let parsedAt = s.version;
      const key = opts.idempotencyKey ?? null;
      // The key's first answer, if a move under it is stored. Asked first, and again after every
      // catch-up: another server process may have stored this very retry meanwhile (it then won the
      // version race this process lost), and its answer wins over deciding the move again here.
      const firstAnswer = async (): Promise<MoveResult | null> => {
        if (key === null) return null;
        const prior = await this.store.findIdempotent(gameId, seat, key);
        // A retried notation may no longer read in the new state: the key then stands for the first move.
        return prior === null ? null : this.replayAnswer(prior, parsed ? (parsed.ok ? parsed.value : prior.move) : move, key, s.row.type);
      };
      const first = await firstAnswer();
      if (first) return first;
      if (parsed && !parsed.ok) throw notationProblem(s.game, s.state, seat, parsed.error, opts.notation);
      if (parsed) move = parsed.value;
      const shape = checkMoveShape(s.game, move);
      if (shape) throw AppError.fromViolation(shape, 'INVALID_INPUT');
      for (let attempt = 0; ; attempt++) {
        if (attempt > 0) {
          const won = await firstAnswer();
          if (won) return won;
        }
        if (opts.expectedVersion !== undefined && opts.expectedVersion !== s.version) {
          if (opts.expectedVersion > s.version) s = await this.sessions.catchUp(s); // this process may be behind
          const won = opts.expectedVersion === s.version ? null : await firstAnswer();
          if (won) return won;
          if (opts.expectedVersion !== s.version) throw AppError.of('VERSION_CONFLICT', 'VERSION_CONFLICT.stale', { version: s.version, expected: String(opts.expectedVersion) }, { currentVersion: s.version });
        }
        this.checkPlayable(s, seat);
        if (opts.notation !== undefined && s.version !== parsedAt) {
          const again = parseMove(s.game, s.state, seat, opts.notation);
          if (!again.ok) throw notationProblem(s.game, s.state, seat, again.error, opts.notation);
          move = again.value;
          parsedAt = s.version;
        }
        const applied = applyMove(s.game, s.state, move as Move, seat);
        if (!applied.ok) {
          // A refusal must be judged on the latest state: another process may have moved the game on.
          const stored = await this.store.getVersion(gameId);
          if (stored !== null && stored !== s.version && attempt < this.maxRetries) {
            s = await this.sessions.catchUp(s);
            continue;
          }
          throw AppError.fromViolation(applied.error);
        }
        const appended = await this.commit(s, seat, move as Move, applied.value.events, applied.value.state, 'seat', key);
        if (appended.kind === 'duplicate') return this.replayAnswer(appended, move, key!, s.row.type);
        if (appended.kind === 'appended') {
          await this.playForResigned(s);
          const inc = opts.include ?? {};
          if (!inc.view && !inc.legalMoves) return appended.result;
          return {
            ...appended.result,
            ...(inc.view ? { view: s.game.view(s.state, seat) as Json } : {}),
            ...(inc.legalMoves ? { legalMoves: (s.row.toMove.includes(seat) ? s.game.legalMoves(s.state, seat) : []) as unknown as Json[] } : {}),
          };
        }
        if (attempt >= this.maxRetries) throw AppError.of('VERSION_CONFLICT', 'VERSION_CONFLICT.tooBusy');
        s = await this.sessions.catchUp(s);
        seat = this.requireSeat(await this.callerIn(s, token)); // a seat may have changed (token reissued, seat resigned)
      }
    });
  }

  /** `standIn`: the stand-in plays for the seat (a deadline), which may be a bot's seat. */
  private checkPlayable(s: Session, seat: Seat, standIn = false): void {
    if (s.row.status === 'waiting') throw AppError.of('GAME_NOT_STARTED', 'GAME_NOT_STARTED.seatOpen');
    if (s.row.status === 'finished') throw AppError.of('GAME_OVER', resignedBy(s.row.seats, s.version).size > 0 && !s.game.outcome(s.state) ? 'GAME_OVER.resigned' : 'GAME_OVER.over');
    if (s.row.status === 'active' && resignedBy(s.row.seats, s.version).has(seat)) throw AppError.of('SEAT_RESIGNED', 'SEAT_RESIGNED.seat', { seat });
    const bot = s.row.seats[seat]?.bot;
    if (bot && !standIn) throw AppError.of('BOT_SEAT', 'BOT_SEAT.seat', { seat, bot });
  }

  /**
   * Appends one log entry decided against `s` (a resignation has no events and leaves the state as
   * it is) and, when it lands, moves `s` on and runs the after-commit hooks.
   */
  private async commit(s: Session, seat: Seat, move: Move, events: GameEvent[], state: unknown, origin: MoveOrigin, key: string | null, bot: BotLevel | null = null) {
    const version = s.version + 1;
    const seats = origin === 'resign' ? s.row.seats.map((x) => (x.seat === seat ? { ...x, resignedAt: version } : x)) : s.row.seats;
    const d = standing(s.game, state, seats, version);
    const result: MoveResult = { type: s.row.type, version, ...d, events: events.map((e) => eventViewOf(s.game, e, seat)).filter((e): e is Json => e !== null) };
    const appended = await this.store.append({
      gameId: s.row.id,
      expectedVersion: s.version,
      seat,
      move,
      events,
      idempotencyKey: key,
      response: result as unknown as Json,
      ...d,
      snapshot: version % this.snapshotEvery === 0 ? { state: state as Json, hash: canonicalHash(state) } : null,
      origin,
      bot,
      seatsRev: s.row.seatsRev ?? 0,
      notices: noticesOf(seats, s.row.toMove, d, origin === 'timeout' ? seat : null),
    });
    if (appended.kind !== 'appended') return appended;
    const before = s.row.toMove;
    s.state = state;
    s.version = version;
    s.row = { ...s.row, version, ...d, seats, seatsRev: (s.row.seatsRev ?? 0) + (origin === 'resign' ? 1 : 0), updatedAt: new Date() };
    this.sessions.committed(s);
    const gone = resignedBy(seats, version);
    const botToMove = d.status === 'active' && d.toMove.some((x) => seats[x]?.bot && !gone.has(x));
    this.emit({ gameId: s.row.id, type: s.row.type, version, seat, ...d, origin, botToMove, outbox: appended.outbox, before, clock: s.row.timeControl ? { control: s.row.timeControl, action: s.row.timeoutAction ?? 'none' } : null });
    return { kind: 'appended' as const, result };
  }

  /**
   * Whenever the game waits for a resigned seat, plays for it the move of the game's stand-in bot
   * (`standInBot`, chosen in the bot pool: `opts.standIn`), logged with origin 'resigned' and the
   * level; without a pool, the move autoplay.ts chooses from the seed and the version.
   */
  private async playForResigned(s: Session): Promise<void> {
    for (let guard = 0; guard < 100_000 && s.row.status === 'active'; guard++) {
      const resigned = resignedBy(s.row.seats, s.version);
      const seat = s.row.toMove.find((x) => resigned.has(x));
      if (seat === undefined) return;
      const chosen = await this.standInMove(s, seat);
      if (chosen === null) return;
      const applied = applyMove(s.game, s.state, chosen.move, seat);
      if (!applied.ok) throw new Error(`the stand-in chose an illegal move for seat ${seat}: ${applied.error.message}`);
      const r = await this.commit(s, seat, chosen.move, applied.value.events, applied.value.state, 'resigned', null, chosen.bot);
      if (r.kind !== 'appended') s = await this.sessions.catchUp(s); // another process moved: look again
    }
    if (s.row.status === 'active' && s.row.toMove.some((x) => s.row.seats[x]?.bot)) this.wake(s.row.id);
  }

  /**
   * The stand-in's move for a seat that cannot play itself (resigned, or out of time with
   * `auto-move`): the game's `standInBot` asked through `opts.standIn` (the bot pool), or, with no
   * pool, autoplay.ts's seeded choice (no bot named). Null when the seat has no legal move.
   */
  async standInMove(s: Session, seat: Seat): Promise<{ move: Move; bot: BotLevel | null } | null> {
    if (!this.opts.standIn) {
      const move = autoMove(s.game, s.state, seat, s.row.seed, s.version);
      return move === null ? null : { move, bot: null };
    }
    const task = await this.botTask(s, seat, this.standInOf(s));
    if (task.legal.length === 0) return null;
    const answer = await this.opts.standIn(task);
    return { move: answer.move, bot: answer.playedBy };
  }

  /** What a bot playing `seat` is given: the seat's view and history, its legal moves, a seed of the game and version. */
  async botTask(s: Session, seat: Seat, level: BotLevel): Promise<BotTurn['task']> {
    const game = rawGame(s.game);
    const moves = await this.store.readMoves(s.row.id, 0, s.version);
    // Undone entries and takebacks left out: the history as if the undone moves were never made.
    const k = seatKnowledge(game, s.state, liveEntries(moves).flatMap((m) => m.events), seat);
    return { game: s.row.type, engineVersion: s.row.engineVersion, level, seat, view: k.view, history: [...k.history], legal: s.row.status === 'active' ? game.legalMoves(s.state, seat) : [], seed: `${s.row.seed}:${s.version}:${seat}` };
  }

  /**
   * The bot turn a game waits on at `version` (a bot seat to move), or null: none, or the game is
   * no longer at that version (a job for an outdated version does nothing).
   */
  async botTurn(gameId: string, version: number): Promise<BotTurn | null> {
    const s = await this.sessions.fresh(gameId).catch((err) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
      throw err;
    });
    if (!s || s.version !== version || s.row.status !== 'active') return null;
    const resigned = resignedBy(s.row.seats, s.version);
    const seat = s.row.toMove.find((x) => s.row.seats[x]?.bot && !resigned.has(x));
    if (seat === undefined) return null;
    const task = await this.botTask(s, seat, s.row.seats[seat]!.bot!);
    return task.legal.length === 0 ? null : { gameId, version, seat, level: task.level, task };
  }

  /**
   * Appends a bot's move decided at `turn.version`, under the game's lock: if the game moved on
   * meanwhile (another process played this turn), nothing is written. `playedBy` is the level that
   * chose the move (the seat's, or greedy after a failure), logged as `bot`. True when it landed.
   */
  async commitBotMove(turn: BotTurn, move: Move, playedBy: BotLevel): Promise<boolean> {
    return this.locks.run(turn.gameId, async () => {
      const s = await this.sessions.fresh(turn.gameId);
      if (s.version !== turn.version || s.row.status !== 'active' || !s.row.toMove.includes(turn.seat)) return false;
      const applied = applyMove(s.game, s.state, move, turn.seat);
      if (!applied.ok) throw new Error(`the bot chose an illegal move for seat ${turn.seat}: ${applied.error.message}`);
      const r = await this.commit(s, turn.seat, move, applied.value.events, applied.value.state, 'bot', null, playedBy);
      if (r.kind !== 'appended') return false;
      await this.playForResigned(s);
      return true;
    });
  }

  /**
   * Analysis (what lichess's analysis board gives chess players): for the position right after
   * version `at` as `seat` saw it (its view and events then, never what it could not see), each of
   * the seat's legal moves with its estimated chance to win from an ISMCTS search of `iterations`
   * (seeded: the same request gives the same answer), and the move the search prefers. Finished
   * games only, or games created with `analysis: true` (then only the seat itself asks, while it runs).
   */
  async analysis(gameId: string, token: string | undefined, at: number, seat: number, opts: { iterations?: number; seed?: string } = {}) {
    checkInt('version', 'at', at);
    checkInt('seat', 'seat', seat);
    const iterations = checkInt('analysisIterations', 'iterations', opts.iterations ?? INT_BOUNDS.analysisIterations.default);
    const s = await this.sessions.fresh(gameId);
    const c = await this.callerIn(s, token, true);
    if (s.row.status !== 'finished') {
      if (!s.row.analysis) throw AppError.of('ANALYSIS_NOT_ALLOWED', 'ANALYSIS_NOT_ALLOWED.setting', { reason: 'game-setting' });
      if (c.kind !== 'seat' || c.seat !== seat) throw AppError.of('ANALYSIS_NOT_ALLOWED', 'ANALYSIS_NOT_ALLOWED.otherSeat', { seat }, { reason: 'other-seat' });
    }
    if (at > s.version) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.atVersion', { max: s.version });
    if (seat >= s.row.playerCount) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.seatRange', { seat, last: s.row.playerCount - 1 });
    if (!this.opts.analyse) throw AppError.of('UNAVAILABLE', 'UNAVAILABLE.analysis');
    const game = rawGame(s.game);
    const state = at === s.version ? s.state : await this.stateAt(s, at);
    const moves = await this.store.readMoves(s.row.id, 0, at);
    const seats = s.row.seats;
    const d = standing(s.game, state, seats, at);
    const legal = d.status === 'active' && !resignedBy(seats, at).has(seat) ? game.legalMoves(state, seat) : [];
    const seed = opts.seed ?? `analysis:${s.row.id}:${at}:${seat}`;
    const base = { version: at, seat, level: 'ismcts' as const, iterations, seed };
    if (legal.length === 0) return { ...base, searched: 0, moves: [], best: null };
    const k = seatKnowledge(game, state, liveEntries(moves).flatMap((m) => m.events), seat);
    // The iteration budget binds, not the clock: a long think time, so the answer is reproducible.
    const answer = await this.opts.analyse({ game: s.row.type, engineVersion: s.row.engineVersion, level: 'ismcts', seat, view: k.view, history: [...k.history], legal, seed, iterations, thinkMs: 60_000 });
    const key = (m: unknown) => canonicalJson(m);
    const stat = new Map((answer.stats ?? []).map((x) => [key(x.move), x]));
    const notations = notationsOf(s.game, state, seat, legal);
    return {
      ...base,
      searched: answer.iterations,
      moves: legal.map((m, i) => {
        const x = stat.get(key(m));
        return { move: m as unknown as Json, ...(notations[i] ? { notation: notations[i] } : {}), visits: x?.visits ?? 0, chance: x ? x.value : null };
      }).sort((a, b) => b.visits - a.visits),
      best: answer.move as unknown as Json,
    };
  }

  /** Called when a game may wait on a bot without a move committing (the bot runner queues its turn). */
  onWake(hook: (gameId: string) => void): void {
    this.wakeHooks.push(hook);
  }

  private wake(gameId: string): void {
    for (const hook of this.wakeHooks) {
      try {
        hook(gameId);
      } catch {
        // A listener's failure never affects the game.
      }
    }
  }

  /**
   * Runs a use case kept outside this class (resignation) on one game, under the game's lock, with
   * the few internals it needs. A resignation is followed by the moves played for resigned seats.
   */
  async withGame<T>(gameId: string, fn: (g: GameAccess) => Promise<T>): Promise<T> {
    return this.locks.run(gameId, async () => {
      const s = await this.sessions.fresh(gameId, false);
      return fn({
        session: s,
        callerIn: (token) => this.callerIn(s, token),
        standInMove: (seat) => this.standInMove(s, seat),
        commitEntry: async (seat, move, origin, key, bot, restored) => {
          if (origin === 'seat' || origin === 'mail') this.checkPlayable(s, seat);
          if (origin === 'timeout') this.checkPlayable(s, seat, true);
          // A takeback's one event restores the state it carries (src/app/takeback.ts).
          const applied = origin === 'resign' ? { ok: true as const, value: { state: s.state, events: [] as GameEvent[] } }
            : origin === 'takeback' && restored ? { ok: true as const, value: { state: restored.state, events: [restored] as GameEvent[] } }
            : applyMove(s.game, s.state, move, seat);
          if (!applied.ok) throw AppError.fromViolation(applied.error);
          const r = await this.commit(s, seat, move, applied.value.events, applied.value.state, origin, key ?? null, bot ?? null);
          if (r.kind === 'duplicate') return r.response as unknown as MoveResult; // another process stored this key first
          if (r.kind !== 'appended') throw AppError.of('VERSION_CONFLICT', 'VERSION_CONFLICT.movedOn', {}, { currentVersion: s.version + 1 });
          await this.playForResigned(s);
          return r.result;
        },
      });
    });
  }

  /**
   * The lobby changed a game's seats (a join, a leave, a reissued token): this process drops its
   * copy, and watchers are told (other processes see the new seats revision on their next read).
   */
  async seatsChanged(gameId: string): Promise<void> {
    this.sessions.forget(gameId);
    this.wake(gameId);
    for (const hook of this.seatHooks) {
      try {
        hook(gameId);
      } catch {
        // A watcher's failure never affects the change, which is already committed.
      }
    }
  }

  /** Called after the lobby changed a game's seats (live updates re-read the game). */
  onSeatsChanged(hook: (gameId: string) => void): void {
    this.seatHooks.push(hook);
  }

  forget(gameId: string): void {
    this.sessions.forget(gameId);
  }

  /** The first answer to a move sent again with its Idempotency-Key; a different move with a used key is an error. */
  private replayAnswer(prior: IdempotentMove, move: unknown, key: string, type: string): MoveResult {
    if (canonicalJson(prior.move) !== canonicalJson(move)) {
      throw AppError.of('IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_REUSED.key', { key, move: JSON.stringify(prior.move) });
    }
    // Answers stored before answers carried the game type get it here.
    return { ...(prior.response as unknown as MoveResult), type };
  }

  private emit(c: Committed): void {
    for (const hook of this.hooks) {
      try {
        hook(c);
      } catch {
        // A watcher's failure never affects the move, which is already committed.
      }
    }
  }

  /** The game as one seat saw it right after version `at`, and its legal moves then: what a notification shows. */
  async asSeat(gameId: string, seat: Seat, at: number) {
    const s = await this.sessions.fresh(gameId);
    const state = at === s.version ? s.state : await this.stateAt(s, Math.min(at, s.version));
    const game = this.summary(s, state, Math.min(at, s.version), seat, { kind: 'seat', seat });
    const moves = game.status === 'finished' ? [] : s.game.legalMoves(state, seat);
    const tokenHash = s.row.seats.find((x) => x.seat === seat)?.tokenHash ?? null;
    return { game, moves: moves as unknown as Json[], legalMoves: notationsOf(s.game, state, seat, moves), tokenHash };
  }

  // ---- import --------------------------------------------------------------------------------

  /**
   * Checks a record's shape (the one schema and validator of REST and GraphQL), then re-validates it
   * move by move (import-record.ts) and stores it as a new game, with fresh seat tokens. Imports are
   * heavy: a few run at once, the rest wait or get 503 UNAVAILABLE.
   */
  async importRecord(input: unknown) {
    checkRecordShape(input);
    checkNames((input as GameRecord).players, (input as GameRecord).seed);
    return this.imports.run(() => importRecord(this.registry, input as GameRecord, async (game, players, options, seed, state, history, standInBot) => {
      // The importer supplied the seed: if the game can go on, its future draws are known to them.
      if (this.opts.clientSeeds === false && !game.outcome(state)) throw AppError.of('SEED_NOT_ALLOWED', 'SEED_NOT_ALLOWED.import');
      const created = this.newGame(game, players, options, seed, state, history, { seedChosen: true, standInBot });
      await this.store.createGame(created.row, history);
      this.wake(created.row.id);
      return created.answer;
    }));
  }

  // ---- admin ---------------------------------------------------------------------------------

  async listGames(token: string | undefined, filter: { status?: GameStatus; type?: string; limit?: number; before?: string }) {
    this.requireOperator(token);
    const cursor = decodeCursor(filter.before);
    const before = cursor && { updatedAt: cursor.at, id: cursor.id };
    const limit = checkInt('listLimit', 'limit', filter.limit ?? INT_BOUNDS.listLimit.default);
    const rows = await this.store.listGames({ status: filter.status, type: filter.type, limit, before });
    return pageOf(rows, limit, (r) => r.updatedAt, (r) => ({ id: r.id, type: r.type, version: r.version, status: r.status, toMove: r.toMove, players: r.seats.map((x) => ({ seat: x.seat, name: x.name, open: x.tokenHash === null, resigned: x.resignedAt != null })), createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
  }

  async deleteGame(token: string | undefined, gameId: string): Promise<void> {
    this.requireOperator(token);
    await this.locks.run(gameId, async () => {
      if (!isUuid(gameId) || !(await this.store.deleteGame(gameId))) throw AppError.of('NOT_FOUND', 'NOT_FOUND.game', { id: gameId });
      this.sessions.forget(gameId);
    });
  }

  /**
   * Whether the token is known to be valid without reading the store: the operator's, or a seat
   * token of a game this process holds (the rate limiter's test: a made-up token is not).
   */
  knowsToken(token: string): boolean {
    return this.isOperator(token) || this.sessions.knows(hashToken(token));
  }

  /** Drops every cached game (tests use it to prove the store alone can rebuild them). */
  clearCache(): void {
    this.sessions.clear();
  }
}
