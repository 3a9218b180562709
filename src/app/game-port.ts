/**
 * What the modules beside the game service (lobby, notifications, ratings, bots, live updates,
 * records, board pictures, telemetry) may ask of it: a small port, so that they depend on it and not
 * on the facade (src/app/game-service.ts, imported only by src/server.ts and src/http/). Every change
 * to a game is a command (`handle`); the rest are reads and the after-commit hooks.
 */
import type { Seat, Viewer } from '../engine/index.js';
import type { GameRegistry } from '../games/registry.js';
import type { StoredMove } from '../store/types.js';
import type { GameAccess } from './lobby/seats.js';
import type { AfterCommitHook, CreateGameInput, Session, TakebackAsked } from './service-types.js';
import type * as callers from './use-cases/callers.js';
import type * as analysis from './use-cases/analysis.js';
import type * as bots from './use-cases/bot-turns.js';
import type * as creation from './use-cases/creation.js';
import type { Answers, CommandOf, HandleOptions, Kind } from './use-cases/handle.js';
import type * as imports from './use-cases/imports.js';
import type * as queries from './use-cases/queries.js';

export interface GamePort {
  readonly registry: GameRegistry;
  // The after-commit hooks.
  onCommitted(hook: AfterCommitHook): void;
  onStarted(hook: (gameId: string) => Promise<void>): void;
  onWake(hook: (gameId: string) => void): void;
  onTakebackAsked(hook: (asked: TakebackAsked) => Promise<void>): void;
  seatsChanged(gameId: string): Promise<void>;
  // Every change to a game.
  handle<K extends Kind>(gameId: string, command: CommandOf<K>, opts?: HandleOptions): Promise<Answers[K]>;
  createGame(input: CreateGameInput): ReturnType<typeof creation.createGame>;
  importRecord(input: unknown): ReturnType<typeof imports.importRecord>;
  // Callers.
  open(gameId: string, token: string | undefined): ReturnType<typeof callers.open>;
  isOperator(token: string | undefined): boolean;
  requireOperator(token: string | undefined): void;
  withGame<T>(gameId: string, fn: (g: GameAccess) => Promise<T>): Promise<T>;
  // Reads.
  getGame(gameId: string, token: string | undefined): ReturnType<typeof queries.getGame>;
  legalMoves(
    gameId: string,
    token: string | undefined,
    include?: Parameters<typeof queries.legalMoves>[3],
  ): ReturnType<typeof queries.legalMoves>;
  replay(gameId: string, token: string | undefined, at: number): ReturnType<typeof queries.replay>;
  record(gameId: string, token: string | undefined): ReturnType<typeof queries.record>;
  positions(gameId: string): ReturnType<typeof queries.positions>;
  asSeat(gameId: string, seat: Seat, at: number): ReturnType<typeof queries.asSeat>;
  movesSince(gameId: string, token: string | undefined, after: number, limit?: number): ReturnType<typeof queries.movesSince>;
  derived(s: Session, state: unknown, version: number): ReturnType<typeof queries.derived>;
  moveFor(s: Session, m: StoredMove, viewer: Viewer): ReturnType<typeof queries.moveFor>;
  stateAt(s: Session, at: number): Promise<unknown>;
  // Bots and analysis.
  botTurn(gameId: string, version: number): ReturnType<typeof bots.botTurn>;
  analysis(
    gameId: string,
    token: string | undefined,
    at: number,
    seat: number,
    opts?: Parameters<typeof analysis.analysis>[5],
  ): ReturnType<typeof analysis.analysis>;
}
