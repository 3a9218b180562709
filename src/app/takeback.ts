import { liveEntries, restoredEvent, takebackMove, undoableOf, type Json, type Params, type Seat } from '../engine/index.js';
import type { IdempotentMove, StoredMove, TakebackRequest } from '../store/types.js';
import { AppError } from './errors.js';
import type { GameService } from './game-service.js';
import { checkInt } from './limits.js';
import type { GameAccess } from './lobby/seats.js';
import { resignedBy } from './lobby/standing.js';
import type { MoveResult, Session, TakebackAsked } from './service-types.js';
import { entryUndoable } from './takeback-log.js';

/** Why a takeback is refused (409 TAKEBACK_NOT_ALLOWED, `reason`; docs/shapes.md). */
export type TakebackRefusal = 'random-draw' | 'hidden-reveal' | 'other-seat-acted' | 'game-setting' | 'nothing-to-undo' | 'request-pending';

/** A refusal: its reason in the problem (`reason`), its sentence `TAKEBACK_NOT_ALLOWED.<id>` in src/app/i18n. */
const refuse = (reason: TakebackRefusal, id: string, params: Params = {}, extra: Record<string, Json> = {}) => AppError.of('TAKEBACK_NOT_ALLOWED', `TAKEBACK_NOT_ALLOWED.${id}`, params, { reason, ...extra });

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
 */
export class Takebacks {
  constructor(private readonly service: GameService) {}

  /**
   * POST /games/{id}/takeback: undo now, or ask the other seats (with-consent, after the turn).
   * `key` (Idempotency-Key): a retry of a takeback that was appended gets the first answer and
   * undoes nothing more (without `undo`, "the last move in effect" would otherwise be the one
   * before); a waiting request is not keyed: asking again answers request-pending, naming it.
   */
  async takeback(gameId: string, token: string | undefined, undo?: number, key?: string): Promise<TakebackAnswer> {
    if (undo !== undefined) checkInt('version', 'undo', undo);
    // The seats asked are told after the game's lock is released (their notices are I/O).
    let asking: TakebackAsked | null = null;
    const answer = await this.asSeat(gameId, token, async ({ g, s, seat, write }) => {
      const first = key === undefined ? null : await this.service.store.findIdempotent(s.row.id, seat, key);
      if (first) return firstTakeback(first, undo, key!, s.row.type);
      this.checkRunning(s, seat);
      const setting = s.row.takebacks ?? 'own-turn';
      if (setting === 'none') throw refuse('game-setting', 'none');
      const log = await this.service.store.readMoves(s.row.id, 0, s.version);
      const live = liveEntries(log);
      const target = this.target(live, seat, undo);
      const tail = live.filter((m) => m.version >= target.version);
      const others = tail.filter((m) => m.seat !== seat || !ownOrigin(m));
      const ownTurn = others.length === 0 && s.row.toMove.includes(seat);
      if (!ownTurn && setting !== 'with-consent') {
        if (others.length > 0) throw refuse('other-seat-acted', 'otherActed', { seat: others[0]!.seat, undo: target.version, at: others[0]!.version, setting }, { undo: target.version });
        throw refuse('game-setting', 'turnEnded', { undo: target.version, setting }, { undo: target.version });
      }
      this.checkUndoable(s, tail);
      if (ownTurn) return this.append(g, seat, target.version, key);
      const pending = pendingRequest(s);
      if (pending) throw refuse('request-pending', 'pending', { seat: pending.seat, undo: pending.undo });
      const asked = askedSeats(s, seat);
      if (asked.length === 0) return this.append(g, seat, target.version, key); // nobody to ask: bots and resigned seats are not asked
      const request: TakebackRequest = { seat, undo: target.version, acceptedBy: [], at: s.version };
      await write(request);
      asking = { gameId: s.row.id, version: s.version, seat, asked };
      return this.pendingAnswer(s, request);
    });
    if (asking) await this.service.takebackAsked(asking);
    return answer;
  }

  /** POST /games/{id}/takeback/accept: one more seat agrees; the last one's agreement appends the takeback. */
  async accept(gameId: string, token: string | undefined): Promise<TakebackAnswer> {
    return this.asSeat(gameId, token, async ({ g, s, seat, write }) => {
      const request = this.requestFor(s, seat);
      const acceptedBy = [...new Set([...request.acceptedBy, seat])].sort((a, b) => a - b);
      if (askedSeats(s, request.seat).every((x) => acceptedBy.includes(x))) {
        // Checked again on the log as it is: nothing can have changed at the same version, but a request is data from the row.
        const live = liveEntries(await this.service.store.readMoves(s.row.id, 0, s.version));
        this.checkUndoable(s, live.filter((m) => m.version >= request.undo));
        return this.append(g, request.seat, request.undo);
      }
      const next = { ...request, acceptedBy };
      await write(next);
      return this.pendingAnswer(s, next);
    });
  }

  /** POST /games/{id}/takeback/decline: one seat refuses; the request is gone. */
  async decline(gameId: string, token: string | undefined): Promise<TakebackAnswer> {
    return this.asSeat(gameId, token, async ({ s, seat, write }) => {
      this.requestFor(s, seat);
      await write(null);
      return { type: s.row.type, version: s.version, status: s.row.status, toMove: s.row.toMove, outcome: s.row.outcome, events: [] };
    });
  }

  /**
   * Runs `work` on the game for the caller's seat. `write` stores the takeback request on the game's
   * row (under the version and seats guard); when it did, every process reads the seats again after.
   */
  private async asSeat<T>(gameId: string, token: string | undefined, work: (c: { g: GameAccess; s: Session; seat: Seat; write: (r: TakebackRequest | null) => Promise<void> }) => Promise<T>): Promise<T> {
    let changed = false;
    try {
      return await this.service.withGame(gameId, async (g) => {
        const s = g.session;
        const seat = await this.seatOf(g, token);
        return work({ g, s, seat, write: async (r) => {
          await this.writeRequest(s, r);
          changed = true;
        } });
      });
    } finally {
      if (changed) await this.service.seatsChanged(gameId);
    }
  }

  private async seatOf(g: GameAccess, token: string | undefined): Promise<Seat> {
    const c = await g.callerIn(token);
    if (c.kind === 'seat') return c.seat;
    if (token === undefined) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.takeback');
    throw AppError.of('FORBIDDEN', c.kind === 'operator' ? 'FORBIDDEN.operatorTakeback' : 'FORBIDDEN.noSeat');
  }

  private checkRunning(s: Session, seat: Seat): void {
    if (s.row.status === 'waiting') throw AppError.of('GAME_NOT_STARTED', 'GAME_NOT_STARTED.takeback');
    if (s.row.status === 'finished') throw AppError.of('GAME_OVER', 'GAME_OVER.takeback');
    if (resignedBy(s.row.seats, s.version).has(seat)) throw AppError.of('SEAT_RESIGNED', 'SEAT_RESIGNED.takeback', { seat });
  }

  /** The entry to undo: `undo`, or the caller's last move in effect. */
  private target(live: StoredMove[], seat: Seat, undo: number | undefined): StoredMove {
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
  private checkUndoable(s: Session, tail: StoredMove[]): void {
    for (const m of tail) {
      if (entryUndoable(s, m)) continue;
      if (m.origin === 'resign') throw refuse('other-seat-acted', 'resigned', { seat: m.seat, at: m.version }, { undo: tail[0]!.version });
      const u = undoableOf(s.game, m.move, m.seat, m.events);
      const reason = u === true ? 'random-draw' : u.reason;
      throw refuse(reason, reason === 'random-draw' ? 'randomDraw' : 'hiddenReveal', { at: m.version }, { undo: tail[0]!.version, at: m.version });
    }
  }

  /** Appends the takeback entry: seat = the seat whose move is undone; its event carries the state before `undo`. */
  private async append(g: GameAccess, seat: Seat, undo: number, key?: string): Promise<TakebackAnswer> {
    const before = await this.service.stateAt(g.session, undo - 1);
    return g.commitEntry(seat, takebackMove(undo), 'takeback', key, null, restoredEvent(undo, before));
  }

  private requestFor(s: Session, seat: Seat): TakebackRequest {
    const request = pendingRequest(s);
    if (!request) throw refuse('nothing-to-undo', 'noRequest');
    if (request.seat === seat) throw AppError.of('FORBIDDEN', 'FORBIDDEN.ownTakeback');
    if (!askedSeats(s, request.seat).includes(seat)) throw AppError.of('FORBIDDEN', 'FORBIDDEN.notAsked', { seat });
    return request;
  }

  private async writeRequest(s: Session, request: TakebackRequest | null): Promise<void> {
    const ok = await this.service.store.setTakebackRequest(s.row.id, { version: s.version, seatsRev: s.row.seatsRev ?? 0 }, request);
    if (!ok) throw AppError.of('VERSION_CONFLICT', 'VERSION_CONFLICT.takeback', {}, { currentVersion: s.version + 1 });
  }

  private pendingAnswer(s: Session, r: TakebackRequest): TakebackAnswer {
    return { type: s.row.type, version: s.version, status: s.row.status, toMove: s.row.toMove, outcome: s.row.outcome, events: [], takebackRequest: { seat: r.seat, undo: r.undo, acceptedBy: r.acceptedBy } };
  }
}

/**
 * The first answer to a takeback sent again with its Idempotency-Key. The key stands for the
 * takeback it appended (a retry without `undo` means that one, not the move before it); the key of
 * a move, or of a takeback of another version, is IDEMPOTENCY_KEY_REUSED.
 */
function firstTakeback(first: IdempotentMove, undo: number | undefined, key: string, type: string): TakebackAnswer {
  const m = first.move as { type?: unknown; undo?: unknown };
  if (m.type !== 'takeback' || (undo !== undefined && m.undo !== undo)) {
    throw AppError.of('IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_REUSED.key', { key, move: JSON.stringify(first.move) });
  }
  return { ...(first.response as unknown as TakebackAnswer), type };
}

/** A seat's own move (by its token or a reply by mail), not one played for it. */
const ownOrigin = (m: StoredMove) => m.origin === undefined || m.origin === 'seat' || m.origin === 'mail';

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
