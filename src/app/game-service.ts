import type { BotLevel, Seat, Viewer } from '../engine/index.js';
import type { GameRegistry } from '../games/registry.js';
import type { GameStatus, GameStore, StoredMove } from '../store/types.js';
import type { GameAccess } from './lobby/seats.js';
import type { GamePort } from './game-port.js';
import type {
  AfterCommitHook,
  ObservedUseCase,
  CreateGameInput,
  GameServiceOptions,
  Include,
  MoveResult,
  Session,
  TakebackAsked,
} from './service-types.js';
import * as admin from './use-cases/admin.js';
import { analysis } from './use-cases/analysis.js';
import * as bots from './use-cases/bot-turns.js';
import * as callers from './use-cases/callers.js';
import { GameCore } from './use-cases/core.js';
import { createGame } from './use-cases/creation.js';
import { importRecord } from './use-cases/imports.js';
import { handle, type Answers, type CommandOf, type HandleOptions, type Kind } from './use-cases/handle.js';
import * as queries from './use-cases/queries.js';

export * from './service-types.js';

/**
 * The use cases, shared by REST and GraphQL: one facade over the modules of src/app/use-cases/
 * (callers, creation, imports, queries, moves, bot turns, analysis, admin), each a function of the
 * one `GameCore` this service holds (store, registry, options, lock, cached games, hooks). Hidden
 * information is filtered in those modules and nowhere else: every state, event and move leaves
 * through `game.view`, `game.eventView` or `game.moveView` for the caller's seat.
 */
export class GameService implements GamePort {
  private readonly core: GameCore;

  constructor(
    /** Private to the use cases: modules built on the service read and write through them. */
    store: GameStore,
    readonly registry: GameRegistry,
    opts: GameServiceOptions = {},
  ) {
    this.core = new GameCore(store, registry, opts);
  }

  // ---- hooks (use-cases/core.ts) --------------------------------------------------------------

  /**
   * The place where things happen after a move commits (live updates to watchers; turn
   * notifications hang here). Hooks run after the transaction, never inside it, and a failing hook
   * cannot undo or fail the move.
   */
  onCommitted(hook: AfterCommitHook): void {
    this.core.hooks.push(hook);
  }

  /**
   * Where a game that starts at its creation is told (the turn clock starts the first seats' clocks
   * before the creation is answered, so a first move cannot come before them). Awaited; a failing
   * hook does not fail the creation (the clock's sweep starts missing clocks).
   */
  onStarted(hook: (gameId: string) => Promise<void>): void {
    this.core.startHooks.push(hook);
  }

  started(gameId: string): Promise<void> {
    return this.core.started(gameId);
  }

  /** Called when a seat asks the others for a takeback (the notifications tell the seats asked). */
  onTakebackAsked(hook: (asked: TakebackAsked) => Promise<void>): void {
    this.core.takebackHooks.push(hook);
  }

  /** A takeback request was stored: the hooks are told; a failing hook does not fail the request. */
  async takebackAsked(asked: TakebackAsked): Promise<void> {
    for (const hook of this.core.takebackHooks) await hook(asked).catch(() => {});
  }

  /** Called when a game may wait on a bot without a move committing (the bot runner queues its turn). */
  onWake(hook: (gameId: string) => void): void {
    this.core.wakeHooks.push(hook);
  }

  /** Called after the lobby changed a game's seats (live updates re-read the game). */
  onSeatsChanged(hook: (gameId: string) => void): void {
    this.core.seatHooks.push(hook);
  }

  /** The lobby changed a game's seats: this process drops its copy, and watchers are told. */
  async seatsChanged(gameId: string): Promise<void> {
    this.core.seatsChanged(gameId);
  }

  forget(gameId: string): void {
    this.core.sessions.forget(gameId);
  }

  /** Drops every cached game (tests use it to prove the store alone can rebuild them). */
  clearCache(): void {
    this.core.sessions.clear();
  }

  // ---- callers (use-cases/callers.ts) ---------------------------------------------------------

  open(gameId: string, token: string | undefined) {
    return callers.open(this.core, gameId, token);
  }

  isOperator(token: string | undefined): boolean {
    return callers.isOperator(this.core, token);
  }

  requireOperator(token: string | undefined): void {
    callers.requireOperator(this.core, token);
  }

  knowsToken(token: string): boolean {
    return callers.knowsToken(this.core, token);
  }

  // ---- create and import (use-cases/creation.ts, imports.ts) ----------------------------------

  createGame(input: CreateGameInput) {
    return createGame(this.core, input);
  }

  importRecord(input: unknown) {
    return this.observed('import', {}, () => importRecord(this.core, input));
  }

  // ---- read (use-cases/queries.ts) ------------------------------------------------------------

  gameTypes() {
    return queries.gameTypes(this.core);
  }

  botLevels() {
    return queries.botLevels();
  }

  derived(s: Session, state: unknown, version: number) {
    return queries.derived(s, state, version);
  }

  getGame(gameId: string, token: string | undefined) {
    return queries.getGame(this.core, gameId, token);
  }

  legalMoves(gameId: string, token: string | undefined, include?: Include) {
    return queries.legalMoves(this.core, gameId, token, include);
  }

  events(gameId: string, token: string | undefined, after?: number, limit?: number) {
    return queries.events(this.core, gameId, token, after, limit);
  }

  moveFor(s: Session, m: StoredMove, viewer: Viewer) {
    return queries.moveFor(s, m, viewer);
  }

  replay(gameId: string, token: string | undefined, at: number) {
    return this.observed('replay', { gameId, at }, () => queries.replay(this.core, gameId, token, at));
  }

  movesSince(gameId: string, token: string | undefined, after: number, limit?: number) {
    return queries.movesSince(this.core, gameId, token, after, limit);
  }

  stateAt(s: Session, at: number): Promise<unknown> {
    return queries.stateAt(this.core, s, at);
  }

  stateHash(gameId: string, at?: number): Promise<string> {
    return queries.stateHash(this.core, gameId, at);
  }

  positions(gameId: string) {
    return queries.positions(this.core, gameId);
  }

  record(gameId: string, token: string | undefined) {
    return queries.record(this.core, gameId, token);
  }

  asSeat(gameId: string, seat: Seat, at: number) {
    return queries.asSeat(this.core, gameId, seat, at);
  }

  analysis(gameId: string, token: string | undefined, at: number, seat: number, opts?: { iterations?: number; seed?: string }) {
    return analysis(this.core, gameId, token, at, seat, opts);
  }

  // ---- write: every change to a game is a command run by the one handler (use-cases/handle.ts) ----

  handle<K extends Kind>(gameId: string, command: CommandOf<K>, opts?: HandleOptions): Promise<Answers[K]> {
    return this.observed('command', { gameId, kind: command.kind }, () => handle(this.core, gameId, command, opts));
  }

  submitMove(
    gameId: string,
    token: string | undefined,
    move: unknown,
    opts: { expectedVersion?: number; idempotencyKey?: string; notation?: string; include?: Include } = {},
  ): Promise<MoveResult> {
    return this.handle(gameId, { kind: 'move', token, move, notation: opts.notation, include: opts.include }, opts);
  }

  /** Takebacks (use-cases/takebacks.ts): asked, accepted, declined. */
  readonly takebacks = {
    takeback: (gameId: string, token: string | undefined, undo?: number, key?: string) =>
      this.handle(gameId, { kind: 'takeback', token, undo }, { idempotencyKey: key }),
    accept: (gameId: string, token: string | undefined) => this.handle(gameId, { kind: 'takeback-accept', token }),
    decline: (gameId: string, token: string | undefined) => this.handle(gameId, { kind: 'takeback-decline', token }),
  };

  /** A use case inside its span and timer when the server measures (GameServiceOptions.observe). */
  private observed<T>(useCase: ObservedUseCase, attrs: Record<string, string | number>, run: () => Promise<T>): Promise<T> {
    const observe = this.core.opts.observe;
    return observe ? observe(useCase, attrs, run) : run();
  }

  /** Reads one game under its lock, checked against the store (nothing here writes it: writes are commands). */
  withGame<T>(gameId: string, fn: (g: GameAccess) => Promise<T>): Promise<T> {
    return this.core.locks.run(gameId, async () => {
      const s = await this.core.sessions.fresh(gameId, false);
      return fn({ session: s, callerIn: (token) => callers.callerIn(this.core, s, token) });
    });
  }

  standInOf(s: Session): BotLevel {
    return bots.standInOf(s);
  }

  standInMove(s: Session, seat: Seat) {
    return bots.standInMove(this.core, s, seat);
  }

  botTask(s: Session, seat: Seat, level: BotLevel) {
    return bots.botTask(this.core, s, seat, level);
  }

  botTurn(gameId: string, version: number) {
    return bots.botTurn(this.core, gameId, version);
  }

  // ---- admin (use-cases/admin.ts) -------------------------------------------------------------

  listGames(token: string | undefined, filter: { status?: GameStatus; type?: string; limit?: number; before?: string }) {
    return admin.listGames(this.core, token, filter);
  }

  deleteGame(token: string | undefined, gameId: string): Promise<void> {
    return admin.deleteGame(this.core, token, gameId);
  }
}
