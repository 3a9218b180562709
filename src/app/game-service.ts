import { randomBytes, randomUUID } from 'node:crypto';
import { applyMove, canonicalHash, canonicalJson, checkMoveShape, fold, resolveOptions } from '../engine/index.js';
import type { AnyGame, Json, Move, Outcome, Seat, Viewer } from '../engine/index.js';
import type { GameRegistry } from '../games/registry.js';
import type { GameRow, GameStatus, GameStore, IdempotentMove, StoredMove } from '../store/types.js';
import { AppError } from './errors.js';
import { KeyedMutex } from './mutex.js';
import { hashToken, newSeatToken, sameToken } from './tokens.js';

/** A game loaded in memory: its header, engine, and the state folded up to `version`. */
interface Session {
  row: GameRow;
  game: AnyGame;
  state: unknown;
  version: number;
  eventCount: number;
  seatByTokenHash: Map<string, Seat>;
}

/** What happened when a move committed: given to every after-commit hook. */
export interface Committed {
  gameId: string;
  type: string;
  version: number;
  seat: Seat;
  status: GameStatus;
  toMove: Seat[];
  outcome: Outcome | null;
}

export type AfterCommitHook = (c: Committed) => void;

/** Who is asking: a seat of the game, a spectator, or the operator. */
export type Caller = { kind: 'seat'; seat: Seat } | { kind: 'spectator' } | { kind: 'operator' };

export interface GameServiceOptions {
  /** Store a snapshot of the state every this many versions. */
  snapshotEvery?: number;
  /** How many games to keep in memory. */
  cacheSize?: number;
  /** The operator's bearer token, for admin operations; none disables them. */
  operatorToken?: string;
  /** How many times a move without expectedVersion is re-decided after losing a race. */
  maxRetries?: number;
}

export interface CreateGameInput {
  type: string;
  players: { name: string }[];
  seed?: string;
  options?: unknown;
}

export interface MoveResult {
  /** The game type, so that typed clients can tell which game's events these are. */
  type: string;
  version: number;
  status: GameStatus;
  toMove: Seat[];
  outcome: Outcome | null;
  /** The move's events, as this seat may read them. */
  events: Json[];
}

export const RECORD_FORMAT = 'citybuilder-record/1';

export interface GameRecord {
  format: typeof RECORD_FORMAT;
  type: string;
  engineVersion: number;
  options: Record<string, Json>;
  players: { seat: Seat; name: string }[];
  /** Only once the game is over: while it runs the seed would reveal every future draw. */
  seed?: string;
  status: GameStatus;
  version: number;
  moves: { version: number; seat: Seat; move: Json | null }[];
  outcome?: Outcome | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const viewerOf = (c: Caller): Viewer => (c.kind === 'seat' ? c.seat : null);

/**
 * The use cases, shared by REST and GraphQL: create, view, legal moves, submit, events, replay,
 * record, import, admin. Hidden information is filtered here and nowhere else: every state, event
 * and move leaves through `game.view`, `game.eventView` or `game.moveView` for the caller's seat.
 */
export class GameService {
  private readonly cache = new Map<string, Session>();
  private readonly locks = new KeyedMutex();
  private readonly hooks: AfterCommitHook[] = [];
  private readonly snapshotEvery: number;
  private readonly cacheSize: number;
  private readonly maxRetries: number;

  constructor(
    private readonly store: GameStore,
    readonly registry: GameRegistry,
    private readonly opts: GameServiceOptions = {},
  ) {
    this.snapshotEvery = opts.snapshotEvery ?? 50;
    this.cacheSize = opts.cacheSize ?? 1000;
    this.maxRetries = opts.maxRetries ?? 20;
  }

  /**
   * The place where things happen after a move commits (live updates to watchers; turn
   * notifications hang here). Hooks run after the transaction, never inside it, and a failing hook
   * cannot undo or fail the move.
   */
  onCommitted(hook: AfterCommitHook): void {
    this.hooks.push(hook);
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

  // ---- identity ------------------------------------------------------------------------------

  private callerIn(s: Session, token: string | undefined): Caller {
    if (token === undefined) return { kind: 'spectator' };
    const seat = s.seatByTokenHash.get(hashToken(token));
    if (seat !== undefined) return { kind: 'seat', seat };
    if (this.isOperator(token)) return { kind: 'operator' };
    throw new AppError('UNAUTHORIZED', 'the bearer token is not a seat token of this game');
  }

  isOperator(token: string | undefined): boolean {
    return !!token && !!this.opts.operatorToken && sameToken(token, this.opts.operatorToken);
  }

  requireOperator(token: string | undefined): void {
    if (!token) throw new AppError('UNAUTHORIZED', 'this operation needs the operator token (Authorization: Bearer)');
    if (!this.isOperator(token)) throw new AppError('FORBIDDEN', 'this operation is reserved to the operator');
  }

  private requireSeat(c: Caller): Seat {
    if (c.kind === 'seat') return c.seat;
    if (c.kind === 'operator') throw new AppError('FORBIDDEN', 'the operator cannot play: moves need the token of the seat that makes them');
    throw new AppError('UNAUTHORIZED', 'moves and legal moves need a seat token (Authorization: Bearer <token>)');
  }

  // ---- create --------------------------------------------------------------------------------

  async createGame(input: CreateGameInput) {
    const game = this.registry.current(input.type);
    if (!game) throw new AppError('INVALID_INPUT', `unknown game type "${input.type}"; known: ${this.registry.list().map((g) => g.id).join(', ')}`);
    const resolved = resolveOptions(game, input.players.length, input.options);
    if (!resolved.ok) throw new AppError('INVALID_INPUT', resolved.error.message, { violation: resolved.error.code, rule: resolved.error.rule });
    const seed = input.seed ?? randomBytes(16).toString('hex');
    const state = game.setup({ players: input.players.length, options: resolved.value, seed });
    const created = this.newGame(game, input.players, resolved.value, seed, state, []);
    await this.store.createGame(created.row);
    this.remember(this.newSession({ ...created.row, createdAt: new Date(), updatedAt: new Date() }, game, state, 0, 0));
    return created.answer;
  }

  /** A new game's header row with fresh seat tokens, and the answer that shows the tokens once. */
  private newGame(game: AnyGame, players: { name: string }[], options: Record<string, Json>, seed: string, state: unknown, history: StoredMove[]) {
    const tokens = players.map(() => newSeatToken());
    const row: Omit<GameRow, 'createdAt' | 'updatedAt'> = {
      id: randomUUID(),
      type: game.id,
      engineVersion: game.engineVersion,
      playerCount: players.length,
      options,
      seed,
      version: history.length,
      ...this.derived(game, state),
      seats: players.map((p, seat) => ({ seat, name: p.name, tokenHash: hashToken(tokens[seat]!) })),
    };
    const answer = {
      id: row.id,
      type: row.type,
      engineVersion: row.engineVersion,
      version: row.version,
      status: row.status,
      toMove: row.toMove,
      seats: row.seats.map((s) => ({ seat: s.seat, name: s.name, token: tokens[s.seat]! })),
    };
    return { row, answer };
  }

  private derived(game: AnyGame, state: unknown): { status: GameStatus; toMove: Seat[]; outcome: Outcome | null } {
    const outcome = game.outcome(state);
    return { status: outcome ? 'finished' : 'active', toMove: outcome ? [] : game.toMove(state), outcome };
  }

  // ---- read ----------------------------------------------------------------------------------

  /**
   * The game as the caller sees it. `knownVersion` (live updates) says the caller already knows the
   * game reached that version: a cached game at or past it is served without asking the store.
   */
  async getGame(gameId: string, token: string | undefined, knownVersion?: number) {
    const cached = knownVersion === undefined ? undefined : this.cache.get(gameId);
    const s = cached && cached.version >= knownVersion! ? cached : await this.fresh(gameId);
    const c = this.callerIn(s, token);
    return this.summary(s, s.state, s.version, viewerOf(c), c);
  }

  private summary(s: Session, state: unknown, version: number, viewer: Viewer, c: Caller) {
    const d = this.derived(s.game, state);
    return {
      id: s.row.id,
      type: s.row.type,
      engineVersion: s.row.engineVersion,
      version,
      status: d.status,
      toMove: d.toMove,
      players: s.row.seats.map((x) => ({ seat: x.seat, name: x.name })),
      viewer: c.kind === 'seat' ? { seat: c.seat } : { seat: null },
      view: s.game.view(state, viewer),
      ...(d.outcome ? { outcome: d.outcome } : {}),
      options: s.row.options,
      createdAt: s.row.createdAt.toISOString(),
    };
  }

  async legalMoves(gameId: string, token: string | undefined) {
    const s = await this.fresh(gameId);
    const seat = this.requireSeat(this.callerIn(s, token));
    const moves = s.row.status === 'finished' ? [] : s.game.legalMoves(s.state, seat);
    return { type: s.row.type, version: s.version, seat, toMove: this.derived(s.game, s.state).toMove, moves: moves as unknown as Json[] };
  }

  async events(gameId: string, token: string | undefined, after = 0, limit = 200) {
    const s = await this.fresh(gameId);
    const viewer = viewerOf(this.callerIn(s, token));
    const moves = await this.store.readMoves(gameId, after, after + limit);
    return {
      type: s.row.type,
      version: s.version,
      moves: moves.map((m) => ({
        version: m.version,
        seat: m.seat,
        at: m.createdAt.toISOString(),
        move: this.moveFor(s, m, viewer),
        events: m.events.map((e) => s.game.eventView(e, viewer)).filter((e): e is Json => e !== null),
      })),
    };
  }

  private moveFor(s: Session, m: StoredMove, viewer: Viewer): Json | null {
    if (s.row.status === 'finished' || viewer === m.seat || !s.game.moveView) return m.move as unknown as Json;
    return s.game.moveView(m.move, m.seat, viewer);
  }

  /** The game as the caller would have seen it right after version `at`. */
  async replay(gameId: string, token: string | undefined, at: number) {
    const s = await this.fresh(gameId);
    const c = this.callerIn(s, token);
    if (!Number.isInteger(at) || at < 0 || at > s.version) throw new AppError('INVALID_INPUT', `at must be a version between 0 and ${s.version}`);
    const state = await this.stateAt(s, at);
    return this.summary(s, state, at, viewerOf(c), c);
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
    const s = await this.fresh(gameId);
    if (at === undefined) return canonicalHash(s.state);
    if (!Number.isInteger(at) || at < 0 || at > s.version) throw new AppError('INVALID_INPUT', `at must be a version between 0 and ${s.version}`);
    return canonicalHash(await this.stateAt(s, at));
  }

  async record(gameId: string, token: string | undefined): Promise<GameRecord> {
    const s = await this.fresh(gameId);
    const viewer = viewerOf(this.callerIn(s, token));
    const moves = await this.store.readMoves(gameId, 0);
    const over = s.row.status === 'finished';
    return {
      format: RECORD_FORMAT,
      type: s.row.type,
      engineVersion: s.row.engineVersion,
      options: s.row.options,
      players: s.row.seats.map((x) => ({ seat: x.seat, name: x.name })),
      ...(over ? { seed: s.row.seed } : {}),
      status: s.row.status,
      version: s.version,
      moves: moves.map((m) => ({ version: m.version, seat: m.seat, move: this.moveFor(s, m, viewer) })),
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
  async submitMove(gameId: string, token: string | undefined, move: unknown, opts: { expectedVersion?: number; idempotencyKey?: string } = {}): Promise<MoveResult> {
    return this.locks.run(gameId, async () => {
      let s = await this.session(gameId);
      const seat = this.requireSeat(this.callerIn(s, token));
      const key = opts.idempotencyKey ?? null;
      if (key !== null) {
        const prior = await this.store.findIdempotent(gameId, seat, key);
        if (prior !== null) return this.replayAnswer(prior, move, key, s.row.type);
      }
      const shape = checkMoveShape(s.game, move);
      if (shape) throw new AppError('INVALID_INPUT', shape.message, { violation: shape.code, rule: shape.rule });
      for (let attempt = 0; ; attempt++) {
        if (opts.expectedVersion !== undefined && opts.expectedVersion !== s.version) {
          if (opts.expectedVersion > s.version) s = await this.catchUp(s); // this process may be behind
          if (opts.expectedVersion !== s.version) throw new AppError('VERSION_CONFLICT', `the game is at version ${s.version}, not ${opts.expectedVersion}: reload it and decide again`, { currentVersion: s.version });
        }
        const applied = applyMove(s.game, s.state, move as Move, seat);
        if (!applied.ok) {
          // A refusal must be judged on the latest state: another process may have moved the game on.
          const stored = await this.store.getVersion(gameId);
          if (stored !== null && stored !== s.version && attempt < this.maxRetries) {
            s = await this.catchUp(s);
            continue;
          }
          throw AppError.fromViolation(applied.error);
        }
        const { state, events } = applied.value;
        const version = s.version + 1;
        const d = this.derived(s.game, state);
        const result: MoveResult = {
          type: s.row.type,
          version,
          status: d.status,
          toMove: d.toMove,
          outcome: d.outcome,
          events: events.map((e) => s.game.eventView(e, seat)).filter((e): e is Json => e !== null),
        };
        const appended = await this.store.append({
          gameId,
          expectedVersion: s.version,
          eventCount: s.eventCount,
          seat,
          move: move as Move,
          events,
          idempotencyKey: key,
          response: result as unknown as Json,
          ...d,
          snapshot: version % this.snapshotEvery === 0 ? (state as Json) : null,
        });
        if (appended.kind === 'duplicate') return this.replayAnswer(appended, move, key!, s.row.type);
        if (appended.kind === 'appended') {
          s.state = state;
          s.version = version;
          s.eventCount += events.length;
          s.row = { ...s.row, version, ...d, updatedAt: new Date() };
          this.emit({ gameId, type: s.row.type, version, seat, ...d });
          return result;
        }
        if (attempt >= this.maxRetries) throw new AppError('VERSION_CONFLICT', 'the game is too busy: the move lost the race for a version too many times; send it again');
        s = await this.catchUp(s);
      }
    });
  }

  /** The first answer to a move sent again with its Idempotency-Key; a different move with a used key is an error. */
  private replayAnswer(prior: IdempotentMove, move: unknown, key: string, type: string): MoveResult {
    if (canonicalJson(prior.move) !== canonicalJson(move)) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', `the Idempotency-Key "${key}" was already used by this seat for another move (${JSON.stringify(prior.move)}); use a new key for a new move`);
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

  // ---- import --------------------------------------------------------------------------------

  /** Re-validates a record move by move and stores it as a new game, with fresh seat tokens. */
  async importRecord(record: GameRecord) {
    const bad = (message: string, extra: Record<string, Json> = {}) => new AppError('IMPORT_INVALID', message, extra);
    if (record.format !== RECORD_FORMAT) throw bad(`unknown record format "${record.format}"; expected ${RECORD_FORMAT}`);
    if (!this.registry.current(record.type)) throw bad(`unknown game type "${record.type}"`);
    const game = this.registry.version(record.type, record.engineVersion);
    if (!game) throw new AppError('ENGINE_VERSION_UNSUPPORTED', `this server has no ${record.type} engine version ${record.engineVersion} (it has ${this.registry.versions(record.type).join(', ')}): the record cannot be replayed under its own rules`);
    if (typeof record.seed !== 'string') throw bad('the record has no seed: records of games still running omit it, so they cannot be replayed');
    const resolved = resolveOptions(game, record.players.length, record.options);
    if (!resolved.ok) throw bad(resolved.error.message, { violation: resolved.error.code, rule: resolved.error.rule });
    let state = game.setup({ players: record.players.length, options: resolved.value, seed: record.seed });
    const history: StoredMove[] = [];
    for (const [i, m] of record.moves.entries()) {
      const where = `move ${i + 1}`;
      if (m.move === null) throw bad(`${where} is hidden in this record; export the record after the game is over`);
      if (!Number.isInteger(m.seat) || m.seat < 0 || m.seat >= record.players.length) throw bad(`${where}: seat ${m.seat} is not a seat of this game`);
      const shape = checkMoveShape(game, m.move);
      if (shape) throw bad(`${where}: ${shape.message}`, { index: i });
      const r = applyMove(game, state, m.move as unknown as Move, m.seat);
      if (!r.ok) throw bad(`${where} is illegal: ${r.error.message}`, { index: i, violation: r.error.code, rule: r.error.rule });
      state = r.value.state;
      history.push({ version: i + 1, seat: m.seat, move: m.move as unknown as Move, events: r.value.events, createdAt: new Date() });
    }
    const created = this.newGame(game, record.players, resolved.value, record.seed, state, history);
    await this.store.createGame(created.row, history);
    return created.answer;
  }

  // ---- admin ---------------------------------------------------------------------------------

  async listGames(token: string | undefined, filter: { status?: GameStatus; type?: string; limit?: number; before?: string }) {
    this.requireOperator(token);
    let before: { updatedAt: Date; id: string } | undefined;
    if (filter.before) {
      const [t, id] = Buffer.from(filter.before, 'base64url').toString().split('|');
      const date = new Date(t ?? '');
      if (!id || !UUID.test(id) || Number.isNaN(+date)) throw new AppError('INVALID_INPUT', 'before is not a cursor returned by this list');
      before = { updatedAt: date, id };
    }
    const limit = filter.limit ?? 50;
    const rows = await this.store.listGames({ status: filter.status, type: filter.type, limit, before });
    const last = rows[rows.length - 1];
    return {
      games: rows.map((r) => ({ id: r.id, type: r.type, version: r.version, status: r.status, toMove: r.toMove, players: r.seats.map((x) => ({ seat: x.seat, name: x.name })), createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() })),
      next: rows.length === limit && last ? Buffer.from(`${last.updatedAt.toISOString()}|${last.id}`).toString('base64url') : null,
    };
  }

  async deleteGame(token: string | undefined, gameId: string): Promise<void> {
    this.requireOperator(token);
    await this.locks.run(gameId, async () => {
      if (!UUID.test(gameId) || !(await this.store.deleteGame(gameId))) throw new AppError('NOT_FOUND', `no game ${gameId}`);
      this.cache.delete(gameId);
    });
  }

  // ---- loading and the cache -----------------------------------------------------------------

  /** The cached session, or the game loaded from its latest snapshot and the moves after it. */
  private async session(gameId: string): Promise<Session> {
    const cached = this.cache.get(gameId);
    if (cached) {
      this.cache.delete(gameId);
      this.cache.set(gameId, cached); // most recently used last
      return cached;
    }
    if (!UUID.test(gameId)) throw new AppError('NOT_FOUND', `no game ${gameId}`);
    const row = await this.store.getGame(gameId);
    if (!row) throw new AppError('NOT_FOUND', `no game ${gameId}`);
    const game = this.registry.version(row.type, row.engineVersion);
    if (!game) {
      throw new AppError('ENGINE_VERSION_UNSUPPORTED', `game ${gameId} was started under ${row.type} engine version ${row.engineVersion}, which this server no longer has (it has ${this.registry.versions(row.type).join(', ') || 'none'})`);
    }
    const snap = await this.store.latestSnapshot(gameId, row.version);
    const base = snap ? snap.state : game.setup({ players: row.playerCount, options: row.options, seed: row.seed });
    const moves = await this.store.readMoves(gameId, snap?.version ?? 0, row.version);
    const events = moves.flatMap((m) => m.events);
    const eventCount = snap ? await this.store.countEvents(gameId, row.version) : events.length;
    const s = this.newSession(row, game, fold(game, base, events), row.version, eventCount);
    return this.remember(s);
  }

  private newSession(row: GameRow, game: AnyGame, state: unknown, version: number, eventCount: number): Session {
    return { row, game, state, version, eventCount, seatByTokenHash: new Map(row.seats.map((x) => [x.tokenHash, x.seat])) };
  }

  private remember(s: Session): Session {
    this.cache.set(s.row.id, s);
    while (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
    return s;
  }

  /** Brings a cached session up to the stored version (another server process may have moved). */
  private async catchUp(s: Session): Promise<Session> {
    const moves = await this.store.readMoves(s.row.id, s.version);
    if (moves.length === 0) {
      if ((await this.store.getVersion(s.row.id)) === null) {
        this.cache.delete(s.row.id);
        throw new AppError('NOT_FOUND', `no game ${s.row.id}`);
      }
      return s;
    }
    const events = moves.flatMap((m) => m.events);
    s.state = fold(s.game, s.state, events);
    s.version = moves[moves.length - 1]!.version;
    s.eventCount += events.length;
    s.row = { ...s.row, version: s.version, ...this.derived(s.game, s.state) };
    return s;
  }

  /** A session checked against the store's version first: reads never serve a stale game. */
  private async fresh(gameId: string): Promise<Session> {
    const s = await this.session(gameId);
    const v = await this.store.getVersion(gameId);
    if (v === null) {
      this.cache.delete(gameId);
      throw new AppError('NOT_FOUND', `no game ${gameId}`);
    }
    if (v === s.version) return s;
    return this.locks.run(gameId, () => this.catchUp(s));
  }

  /** Drops every cached game (tests use it to prove the store alone can rebuild them). */
  clearCache(): void {
    this.cache.clear();
  }
}
