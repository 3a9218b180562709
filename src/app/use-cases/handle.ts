/**
 * The one way a game changes (STYLE.md, "One way to change a game"). Every change, whatever its
 * origin, is a `Command` of one union, and `handle` is the one function that runs it:
 *
 *   lock the game (once) -> read the session -> who acts -> the Idempotency-Key looked up (once,
 *   one rule for every kind, on any process) -> expectedVersion -> decide -> append (commit.ts, the
 *   one append) -> the committed event (core.emit) -> the moves owed to resigned seats
 *
 * A lost version race catches up and, for the kinds that may, decides again (`retry`); before
 * deciding again the key is looked up again, since another process may have stored this very
 * command meanwhile (its answer is then the answer). A refusal is judged on the latest state: when
 * the stored log is ahead of this process's copy, the copy catches up and the command is decided
 * again. Nothing under the lock takes the lock (src/app/mutex.ts runs a nested call for the same
 * game at once rather than waiting for itself). Work that must not hold the lock (notices that are
 * I/O) runs after it is released (`after`).
 *
 * The deciders are the use-case modules beside this file (moves.ts, resignation.ts, takebacks.ts,
 * mail-moves.ts, bot-turns.ts: `timeout` and `bot-move`, conditional-moves.ts: `conditional-move`); they
 * decide and never write.
 */
import type { BotLevel, GameEvent, Move, Seat } from '../../engine/index.js';
import type { IdempotentMove, MoveOrigin, TakebackRequest } from '../../store/types.js';
import { AppError } from '../errors.js';
import { checkInt } from '../limits.js';
import type { Include, MoveResult, Session } from '../service-types.js';
import { decideBotMove, decideTimeout, playForResigned } from './bot-turns.js';
import { commit } from './commit.js';
import { type ConditionalAnswer, decideConditional } from './conditional-moves.js';
import type { GameCore } from './core.js';
import { decideMailMove, type MailAnswer, mailActor, replayMail } from './mail-moves.js';
import { decideMove, moveActor, replayMove } from './moves.js';
import { decideResign, resignActor } from './resignation.js';
import { decideAccept, decideDecline, decideTakeback, replayTakeback, takebackActor, type TakebackAnswer } from './takebacks.js';

/** Every change to a game. */
export type Command =
  /** A seat's move by its token: a move as JSON, or its notation (a listed move is sent as JSON). */
  | { kind: 'move'; token: string | undefined; move?: unknown; notation?: string; include?: Include }
  /** A seat's move by mail: the first move line of the reply, read in the seat's position. */
  | { kind: 'mail-move'; seat: Seat; line: string | null }
  /** A seat resigns: by its token, or by number (a timeout whose action is `resign`). */
  | { kind: 'resign'; token: string | undefined }
  | { kind: 'resign-seat'; seat: Seat }
  /** A takeback asked (undone now, or a request for the others' consent), accepted or declined. */
  | { kind: 'takeback'; token: string | undefined; undo?: number }
  | { kind: 'takeback-accept'; token: string | undefined }
  | { kind: 'takeback-decline'; token: string | undefined }
  /** A seat out of time whose timeout is played by the stand-in. */
  | { kind: 'timeout'; seat: Seat }
  /** A bot seat's move, chosen at `version` (stale when the game left it). */
  | { kind: 'bot-move'; version: number; seat: Seat; move: Move; playedBy: BotLevel }
  /** A seat's conditional lines judged at `version` (nothing at another): the matching line's answer played, origin `conditional`. */
  | { kind: 'conditional-move'; seat: Seat; version: number };

/** What each kind answers. */
export interface Answers {
  move: MoveResult;
  'mail-move': MailAnswer;
  resign: MoveResult;
  'resign-seat': MoveResult;
  takeback: TakebackAnswer;
  'takeback-accept': TakebackAnswer;
  'takeback-decline': TakebackAnswer;
  timeout: MoveResult | null;
  'bot-move': boolean;
  'conditional-move': ConditionalAnswer;
}

export type Kind = Command['kind'];
export type CommandOf<K extends Kind> = Extract<Command, { kind: K }>;

/** What a decider returns: one entry to append (and how to answer once it lands), or an answer with nothing appended. */
export type Decision<T> =
  | {
      kind: 'append';
      seat: Seat;
      move: Move;
      origin: MoveOrigin;
      events: GameEvent[];
      state: unknown;
      bot?: BotLevel | null;
      unearned?: Seat[];
      answer: (r: MoveResult, s: Session) => T;
    }
  | { kind: 'answer'; value: T; after?: () => Promise<void>; request?: TakebackRequest | null };

/** One kind of command: who acts, the first answer of a repeated key, the decision. */
export interface Decider<C, T> {
  /** Read the stored stamp before deciding (kinds that read more than the state: the log, the row's request). */
  fresh: boolean;
  /** Decide again after a lost version race (false: the race lost is a 409 VERSION_CONFLICT). */
  retry: boolean;
  actor(core: GameCore, s: Session, c: C): Promise<Seat>;
  /** The first answer to a repeated key, or IDEMPOTENCY_KEY_REUSED when the key stood for another command. */
  replay(prior: IdempotentMove, c: C, s: Session, key: string, seat: Seat): T;
  decide(core: GameCore, s: Session, seat: Seat, c: C): Promise<Decision<T>>;
}

const DECIDERS: { [K in Kind]: Decider<CommandOf<K>, Answers[K]> } = {
  move: { fresh: false, retry: true, actor: moveActor, replay: replayMove, decide: decideMove },
  'mail-move': { fresh: true, retry: true, actor: mailActor, replay: replayMail, decide: decideMailMove },
  resign: { fresh: true, retry: true, actor: resignActor, replay: (p, _c, _s, k) => replayed(p, k, 'resign'), decide: decideResign },
  'resign-seat': {
    fresh: true,
    retry: true,
    actor: async (_c, s, c) => seatInRange(s, c.seat),
    replay: (p, _c, _s, k) => replayed(p, k, 'resign'),
    decide: decideResign,
  },
  takeback: { fresh: true, retry: false, actor: takebackActor, replay: replayTakeback, decide: decideTakeback },
  'takeback-accept': {
    fresh: true,
    retry: false,
    actor: takebackActor,
    replay: (p, _c, s, k) => replayed(p, k, 'takeback', s.row.type),
    decide: decideAccept,
  },
  'takeback-decline': {
    fresh: true,
    retry: false,
    actor: takebackActor,
    replay: (p, _c, s, k) => replayed(p, k, 'takeback', s.row.type),
    decide: decideDecline,
  },
  timeout: {
    fresh: true,
    retry: true,
    actor: async (_c, _s, c) => c.seat,
    replay: (p) => p.response as unknown as MoveResult,
    decide: decideTimeout,
  },
  'bot-move': { fresh: true, retry: true, actor: async (_c, _s, c) => c.seat, replay: () => true, decide: decideBotMove },
  'conditional-move': {
    fresh: true,
    retry: true,
    actor: async (_c, s, c) => seatInRange(s, c.seat),
    replay: () => ({ played: null, dropped: [], setId: null }),
    decide: decideConditional,
  },
};

export interface HandleOptions {
  /** The version the sender saw: another one is a 409 VERSION_CONFLICT with the current version. */
  expectedVersion?: number;
  /** A repeated key gets its first answer, whatever process stored it; another command under it is IDEMPOTENCY_KEY_REUSED. */
  idempotencyKey?: string;
}

/** Runs one command on one game (see the module's comment). */
export async function handle<K extends Kind>(
  core: GameCore,
  gameId: string,
  command: CommandOf<K>,
  opts: HandleOptions = {},
): Promise<Answers[K]> {
  if (opts.expectedVersion !== undefined) checkInt('version', 'expectedVersion', opts.expectedVersion);
  const d = DECIDERS[command.kind as K] as unknown as Decider<CommandOf<K>, Answers[K]>;
  const key = opts.idempotencyKey ?? null;
  let after: (() => Promise<void>) | undefined;
  const answer = await core.locks.run(gameId, async () => {
    let s = d.fresh ? await core.sessions.fresh(gameId, false) : await core.sessions.get(gameId);
    for (let attempt = 0; ; attempt++) {
      const seat = await d.actor(core, s, command);
      if (key !== null) {
        const prior = await core.store.findIdempotent(gameId, seat, key);
        if (prior) return d.replay(prior, command, s, key, seat);
      }
      if (opts.expectedVersion !== undefined && opts.expectedVersion !== s.version) {
        if (opts.expectedVersion > s.version && (await core.store.getVersion(gameId)) !== s.version) {
          s = await core.sessions.catchUp(s); // this process may be behind
          continue;
        }
        throw AppError.of(
          'VERSION_CONFLICT',
          'VERSION_CONFLICT.stale',
          { version: s.version, expected: String(opts.expectedVersion) },
          { currentVersion: s.version },
        );
      }
      let decision: Decision<Answers[K]>;
      try {
        decision = await d.decide(core, s, seat, command);
      } catch (err) {
        // A refusal is judged on the latest state: another process may have moved the game on.
        if (
          err instanceof AppError &&
          err.status < 500 &&
          attempt < core.maxRetries &&
          (await core.store.getVersion(gameId)) !== s.version
        ) {
          s = await core.sessions.catchUp(s);
          continue;
        }
        throw err;
      }
      if (decision.kind === 'answer') {
        if (decision.request !== undefined) {
          // A takeback request is kept on the game's row, under the version and seats guard; every process reads the seats again after.
          const ok = await core.store.setTakebackRequest(gameId, { version: s.version, seatsRev: s.row.seatsRev ?? 0 }, decision.request);
          if (!ok) throw AppError.of('VERSION_CONFLICT', 'VERSION_CONFLICT.takeback', {}, { currentVersion: s.version + 1 });
          const told = decision.after;
          after = async () => {
            core.seatsChanged(gameId);
            await told?.();
          };
        } else after = decision.after;
        return decision.value;
      }
      const r = await commit(
        core,
        s,
        decision.seat,
        decision.move,
        decision.events,
        decision.state,
        decision.origin,
        key,
        decision.bot ?? null,
        decision.unearned,
      );
      if (r.kind === 'appended') {
        await playForResigned(core, s);
        return decision.answer(r.result, s);
      }
      if (r.kind === 'duplicate') return d.replay(r, command, s, key!, decision.seat); // another process stored this key first
      // The race is lost: catch up; the key is looked up again (the winner may be this very command,
      // sent to another process), at the top of the next attempt or here when the kind does not retry.
      s = await core.sessions.catchUp(s);
      if (!d.retry) {
        const prior = key === null ? null : await core.store.findIdempotent(gameId, seat, key);
        if (prior) return d.replay(prior, command, s, key!, seat);
        throw AppError.of('VERSION_CONFLICT', 'VERSION_CONFLICT.movedOn', {}, { currentVersion: s.version });
      }
      if (attempt >= core.maxRetries) throw AppError.of('VERSION_CONFLICT', 'VERSION_CONFLICT.tooBusy');
    }
  });
  if (after) await after();
  return answer;
}

/** A seat by number, checked against the game's seats. */
function seatInRange(s: Session, seat: Seat): Seat {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.row.playerCount)
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.seatRange', { seat, last: s.row.playerCount - 1 });
  return seat;
}

/** The first answer of a key that stood for a command of this move type, else IDEMPOTENCY_KEY_REUSED. */
function replayed<T>(prior: IdempotentMove, key: string, type: string, gameType?: string): T {
  if ((prior.move as { type?: unknown }).type !== type)
    throw AppError.of('IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_REUSED.key', { key, move: JSON.stringify(prior.move) });
  return { ...(prior.response as object), ...(gameType ? { type: gameType } : {}) } as T;
}
