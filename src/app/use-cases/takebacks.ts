import { liveEntries, restoredEvent, takebackMove, undoableOf, type Json, type Params, type Seat } from '../../engine/index.js';
import type { IdempotentMove, StoredMove, TakebackRequest } from '../../store/types.js';
import { AppError } from '../errors.js';
import { checkInt } from '../limits.js';
import { resignedBy } from '../lobby/standing.js';
import type { MoveResult, Session, TakebackAsked } from '../service-types.js';
import { entryUndoable } from '../takeback-log.js';
import { callerIn } from './callers.js';
import type { GameCore } from './core.js';
import type { CommandOf, Decision } from './handle.js';
import { stateAt } from './queries.js';

/** Why a takeback is refused (409 TAKEBACK_NOT_ALLOWED, `reason`; docs/shapes.md). */
export type TakebackRefusal = 'random-draw' | 'hidden-reveal' | 'other-seat-acted' | 'game-setting' | 'nothing-to-undo' | 'request-pending';

/** A refusal: its reason in the problem (`reason`), its sentence `TAKEBACK_NOT_ALLOWED.<id>` in src/app/i18n. */
const refuse = (reason: TakebackRefusal, id: string, params: Params = {}, extra: Record<string, Json> = {}) =>
  AppError.of('TAKEBACK_NOT_ALLOWED', `TAKEBACK_NOT_ALLOWED.${id}`, params, { reason, ...extra });

/** What a takeback call answers: the takeback entry's result once appended, or the request waiting for consent. */
export type TakebackAnswer = MoveResult & { takebackRequest?: { seat: Seat; undo: number; acceptedBy: Seat[] } };

/**
 * Takebacks (issue 19 item 4; docs/api.md, Takebacks), never a deletion: an entry with origin
 * `takeback`, move `{ type: "takeback", undo: N }` and one `@restored` event carrying the state before
 * N (src/engine/takeback.ts), which every fold puts in place of the state.
 *
 * - Within one's own turn (`takebacks: own-turn` or `with-consent`): the caller's last move in effect
 *   (or `undo: N`, further back) is undone at once when every entry from N on is the caller's, it is
 *   still the caller's turn, and none of them drew at random or revealed hidden information (the
 *   engine's `undoable`). Several in a row go further back within the turn.
 * - After the turn (`with-consent` only): the same call stores a request `{ seat, undo, acceptedBy }`
 *   (on the game's row, valid while the game stays at that version: the next entry voids it); every
 *   other seated person accepts or one declines; on the last acceptance the entry is appended.
 *   Bot and resigned seats are not asked.
 *
 * These are the deciders of the commands `takeback`, `takeback-accept` and `takeback-decline`; the
 * handler (handle.ts) runs them. An Idempotency-Key stands for the takeback it appended (a retry
 * without `undo` means that one, not the move before it); a waiting request is not keyed: asking
 * again answers request-pending, naming it.
 */

export async function takebackActor(core: GameCore, s: Session, c: { token: string | undefined; undo?: number }): Promise<Seat> {
  if (c.undo !== undefined) checkInt('version', 'undo', c.undo);
  const who = await callerIn(core, s, c.token);
  if (who.kind === 'seat') return who.seat;
  if (c.token === undefined) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.takeback');
  throw AppError.of('FORBIDDEN', who.kind === 'operator' ? 'FORBIDDEN.operatorTakeback' : 'FORBIDDEN.noSeat');
}

/** POST /games/{id}/takeback: undo now, or ask the other seats (with-consent, after the turn). */
export async function decideTakeback(core: GameCore, s: Session, seat: Seat, c: CommandOf<'takeback'>): Promise<Decision<TakebackAnswer>> {
  checkRunning(s, seat);
  const setting = s.row.takebacks ?? 'own-turn';
  if (setting === 'none') throw refuse('game-setting', 'none');
  const live = liveEntries(await core.store.readMoves(s.row.id, 0, s.version));
  const target = targetOf(live, seat, c.undo);
  const tail = live.filter((m) => m.version >= target.version);
  const others = tail.filter((m) => m.seat !== seat || !ownOrigin(m));
  const ownTurn = others.length === 0 && s.row.toMove.includes(seat);
  if (!ownTurn && setting !== 'with-consent') {
    if (others.length > 0)
      throw refuse(
        'other-seat-acted',
        'otherActed',
        { seat: others[0]!.seat, undo: target.version, at: others[0]!.version, setting },
        { undo: target.version },
      );
    throw refuse('game-setting', 'turnEnded', { undo: target.version, setting }, { undo: target.version });
  }
  checkUndoable(s, tail);
  if (ownTurn) return appendTakeback(core, s, seat, target.version, tail);
  const pending = pendingRequest(s);
  if (pending) throw refuse('request-pending', 'pending', { seat: pending.seat, undo: pending.undo });
  const asked = askedSeats(s, seat);
  // nobody to ask: bots and resigned seats are not asked
  if (asked.length === 0) return appendTakeback(core, s, seat, target.version, tail);
  const request: TakebackRequest = { seat, undo: target.version, acceptedBy: [], at: s.version };
  const told: TakebackAsked = { gameId: s.row.id, version: s.version, seat, asked };
  // The seats asked are told after the game's lock is released (their notices are I/O).
  return {
    kind: 'answer',
    value: pendingAnswer(s, request),
    request,
    after: async () => {
      for (const hook of core.takebackHooks) await hook(told).catch(() => {});
    },
  };
}

/** POST /games/{id}/takeback/accept: one more seat agrees; the last one's agreement appends the takeback. */
export async function decideAccept(core: GameCore, s: Session, seat: Seat): Promise<Decision<TakebackAnswer>> {
  const request = requestFor(s, seat);
  const acceptedBy = [...new Set([...request.acceptedBy, seat])].sort((a, b) => a - b);
  if (askedSeats(s, request.seat).every((x) => acceptedBy.includes(x))) {
    // Checked again on the log as it is: nothing can have changed at the same version, but a request is data from the row.
    const live = liveEntries(await core.store.readMoves(s.row.id, 0, s.version));
    const tail = live.filter((m) => m.version >= request.undo);
    checkUndoable(s, tail);
    return appendTakeback(core, s, request.seat, request.undo, tail);
  }
  const next = { ...request, acceptedBy };
  return { kind: 'answer', value: pendingAnswer(s, next), request: next };
}

/** POST /games/{id}/takeback/decline: one seat refuses; the request is gone. */
export async function decideDecline(_core: GameCore, s: Session, seat: Seat): Promise<Decision<TakebackAnswer>> {
  requestFor(s, seat);
  return {
    kind: 'answer',
    value: { type: s.row.type, version: s.version, status: s.row.status, toMove: s.row.toMove, outcome: s.row.outcome, events: [] },
    request: null,
  };
}

function checkRunning(s: Session, seat: Seat): void {
  if (s.row.status === 'waiting') throw AppError.of('GAME_NOT_STARTED', 'GAME_NOT_STARTED.takeback');
  if (s.row.status === 'finished') throw AppError.of('GAME_OVER', 'GAME_OVER.takeback');
  if (resignedBy(s.row.seats, s.version).has(seat)) throw AppError.of('SEAT_RESIGNED', 'SEAT_RESIGNED.takeback', { seat });
}

/** The entry to undo: `undo`, or the caller's last move in effect. */
function targetOf(live: StoredMove[], seat: Seat, undo: number | undefined): StoredMove {
  if (undo === undefined) {
    const last = live.findLast((m) => m.seat === seat && ownOrigin(m));
    if (!last) throw refuse('nothing-to-undo', 'noMove', { seat });
    return last;
  }
  const m = live.find((x) => x.version === undo);
  if (!m) throw refuse('nothing-to-undo', 'notInEffect', { undo }, { undo });
  if (m.seat !== seat || !ownOrigin(m)) throw refuse('nothing-to-undo', 'notOwn', { undo, seat }, { undo });
  return m;
}

/** Every entry from the one undone on must be undoable: no random draw, nothing hidden revealed, no resignation. */
function checkUndoable(s: Session, tail: StoredMove[]): void {
  for (const m of tail) {
    if (entryUndoable(s, m)) continue;
    if (m.origin === 'resign') throw refuse('other-seat-acted', 'resigned', { seat: m.seat, at: m.version }, { undo: tail[0]!.version });
    const u = undoableOf(s.game, m.move, m.seat, m.events);
    const reason = u === true ? 'random-draw' : u.reason;
    throw refuse(
      reason,
      reason === 'random-draw' ? 'randomDraw' : 'hiddenReveal',
      { at: m.version },
      { undo: tail[0]!.version, at: m.version },
    );
  }
}

/**
 * The takeback entry: seat = the seat whose move is undone; its event carries the state before
 * `undo`. The undone entries that earned their seat a clock increment give it back (`unearned`).
 */
async function appendTakeback(core: GameCore, s: Session, seat: Seat, undo: number, tail: StoredMove[]): Promise<Decision<TakebackAnswer>> {
  const restored = restoredEvent(undo, await stateAt(core, s, undo - 1));
  const unearned = tail
    .filter(
      (m) => m.origin === undefined || m.origin === 'seat' || m.origin === 'mail' || m.origin === 'conditional' || m.origin === 'timeout',
    )
    .map((m) => m.seat);
  return {
    kind: 'append',
    seat,
    move: takebackMove(undo),
    origin: 'takeback',
    events: [restored],
    state: restored.state,
    unearned,
    answer: (r) => r,
  };
}

function requestFor(s: Session, seat: Seat): TakebackRequest {
  const request = pendingRequest(s);
  if (!request) throw refuse('nothing-to-undo', 'noRequest');
  if (request.seat === seat) throw AppError.of('FORBIDDEN', 'FORBIDDEN.ownTakeback');
  if (!askedSeats(s, request.seat).includes(seat)) throw AppError.of('FORBIDDEN', 'FORBIDDEN.notAsked', { seat });
  return request;
}

function pendingAnswer(s: Session, r: TakebackRequest): TakebackAnswer {
  return {
    type: s.row.type,
    version: s.version,
    status: s.row.status,
    toMove: s.row.toMove,
    outcome: s.row.outcome,
    events: [],
    takebackRequest: { seat: r.seat, undo: r.undo, acceptedBy: r.acceptedBy },
  };
}

/**
 * The first answer to a takeback sent again with its Idempotency-Key. The key stands for the
 * takeback it appended (a retry without `undo` means that one, not the move before it); the key of
 * a move, or of a takeback of another version, is IDEMPOTENCY_KEY_REUSED.
 */
export function replayTakeback(first: IdempotentMove, c: CommandOf<'takeback'>, s: Session, key: string): TakebackAnswer {
  const undo = c.undo;
  const type = s.row.type;
  const m = first.move as { type?: unknown; undo?: unknown };
  if (m.type !== 'takeback' || (undo !== undefined && m.undo !== undo)) {
    throw AppError.of('IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_REUSED.key', { key, move: JSON.stringify(first.move) });
  }
  return { ...(first.response as unknown as TakebackAnswer), type };
}

/** A seat's own move (by its token, a reply by mail or one of its conditional lines), not one played for it. */
const ownOrigin = (m: StoredMove) => m.origin === undefined || m.origin === 'seat' || m.origin === 'mail' || m.origin === 'conditional';

/** The request waiting now: asked at the game's current version. */
function pendingRequest(s: Session): TakebackRequest | null {
  const r = s.row.takebackRequest;
  return r && r.at === s.version && s.row.status === 'active' ? r : null;
}

/** The seats asked to consent: every other seated person that has not resigned. */
function askedSeats(s: Session, asker: Seat): Seat[] {
  const gone = resignedBy(s.row.seats, s.version);
  return s.row.seats.filter((x) => x.seat !== asker && !x.bot && x.tokenHash !== null && !gone.has(x.seat)).map((x) => x.seat);
}
