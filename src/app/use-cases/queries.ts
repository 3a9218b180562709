/**
 * The reads: the game as the caller sees it (now, or replayed at a version), its legal moves, its
 * events and record, what a notification shows a seat, and server-side reads (state hashes, each
 * move's position). Hidden information is filtered here and nowhere else: every state, event and
 * move leaves through `game.view`, `game.eventView` or `game.moveView` for the caller's seat.
 */
import { BOT_LEVELS, canonicalHash, eventViewOf, fold, LEVELS, notationsOf } from '../../engine/index.js';
import type { AnyGame, Json, Outcome, Seat, Viewer } from '../../engine/index.js';
import type { GameStatus, StoredMove } from '../../store/types.js';
import { rawGame } from '../../telemetry/instrument.js';
import { AppError } from '../errors.js';
import { checkInt, INT4_MAX, INT_BOUNDS } from '../limits.js';
import { resignedBy, standing } from '../lobby/standing.js';
import { seatsWithoutOwnMove } from '../ratings/rules.js';
import { RECORD_FORMAT, type Caller, type Include, type Session } from '../service-types.js';
import { entryMarks, requestShown, undoableAhead, undoneByOfGame } from '../takeback-log.js';
import { standInOf } from './bot-turns.js';
import type { LiveMove } from '../live.js';
import { callerIn, open, requireSeat, viewerOf } from './callers.js';
import type { GameCore } from './core.js';
import { chainOf, type ChainedRecord } from '../replays/record-chain.js';
import { hiddenFromSpectators, revealed, revealedViews, sightOf, spectatingOf } from './spectating.js';

export function gameTypes(core: GameCore) {
  return core.registry.list().map((g) => ({
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
export const botLevels = () => BOT_LEVELS.map((level) => ({ level, ...LEVELS[level] }));

/** Status, seats to move and outcome in a state of a game (engine and seats: lobby/standing.ts). */
export function derived(s: Session, state: unknown, version: number): { status: GameStatus; toMove: Seat[]; outcome: Outcome | null } {
  return standing(s.game, state, s.row.seats, version, s.row.status === 'expired');
}

/**
 * The game as the caller sees it: a spectator of a delayed game sees it as it was `spectatorDelay`
 * versions ago, of a hidden one its header at version 0 without a view (use-cases/spectating.ts);
 * a finished game with reveal adds every seat's view (`revealed`).
 */
export async function getGame(core: GameCore, gameId: string, token: string | undefined) {
  const s = await core.sessions.fresh(gameId);
  const c = await callerIn(core, s, token, true, true);
  const version = s.version;
  const state = s.state;
  const sight = sightOf(s, c, version);
  if (!sight.blind && sight.upTo === version) return summary(s, state, version, viewerOf(c), c, { reveal: true });
  return summary(s, sight.upTo === version ? state : await stateAt(core, s, sight.upTo), sight.upTo, viewerOf(c), c, {
    blind: sight.blind,
  });
}

/**
 * The game answer at `version`. `blind`: without a view (a hidden game's spectator); `reveal`: with
 * every seat's view when the game is finished and reveals (the game and replays, not notifications).
 */
function summary(s: Session, state: unknown, version: number, viewer: Viewer, c: Caller, how: { blind?: boolean; reveal?: boolean } = {}) {
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
    players: s.row.seats.map((x) => ({
      seat: x.seat,
      name: x.name,
      open: x.tokenHash === null,
      resigned: resigned.has(x.seat),
      ...(x.colour ? { colour: x.colour } : {}),
      ...(x.bot ? { bot: x.bot } : {}),
      ...(resigned.has(x.seat) && d.status === 'active'
        ? { standIn: standInOf(s) }
        : x.standIn && d.status === 'active'
          ? { standIn: x.standIn }
          : {}),
    })),
    viewer: c.kind === 'seat' ? { seat: c.seat } : { seat: null },
    ...(how.blind ? {} : { view: s.game.view(state, viewer) as Json }),
    ...(how.reveal && revealed(s.row) ? { revealed: revealedViews(s, state) } : {}),
    ...(d.outcome ? { outcome: d.outcome } : {}),
    options: s.row.options,
    ...spectatingOf(s.row),
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

export async function legalMoves(core: GameCore, gameId: string, token: string | undefined, include: Include = {}) {
  const s = await core.sessions.fresh(gameId);
  const seat = requireSeat(await callerIn(core, s, token, true, true));
  const moves = s.row.status !== 'active' || resignedBy(s.row.seats, s.version).has(seat) ? [] : s.game.legalMoves(s.state, seat);
  return {
    type: s.row.type,
    version: s.version,
    seat,
    toMove: s.row.toMove,
    moves: moves as unknown as Json[],
    notations: notationsOf(s.game, s.state, seat, moves),
    ...(include.view ? { view: s.game.view(s.state, seat) as Json } : {}),
    ...(include.undoable ? { undoable: undoableAhead(rawGame(s.game), s.state, seat, moves) } : {}),
  };
}

export async function events(
  core: GameCore,
  gameId: string,
  token: string | undefined,
  after = 0,
  limit: number = INT_BOUNDS.eventsLimit.default,
) {
  checkInt('version', 'after', after);
  checkInt('eventsLimit', 'limit', limit);
  const s = await core.sessions.fresh(gameId);
  const c = await callerIn(core, s, token, true, true);
  const viewer = viewerOf(c);
  // A spectator reads no further than it may see (spectating.ts): a delayed game's moves stop behind, a hidden game's are none.
  const { upTo } = sightOf(s, c);
  const moves = after >= upTo ? [] : await core.store.readMoves(gameId, after, Math.min(after + limit, upTo, INT4_MAX));
  const marks = await entryMarks(core.store, s, moves);
  return {
    type: s.row.type,
    version: upTo,
    moves: moves.map((m) => ({
      version: m.version,
      seat: m.seat,
      ...(m.origin && m.origin !== 'seat' ? { origin: m.origin } : {}),
      ...(m.bot ? { bot: m.bot } : {}),
      at: m.createdAt.toISOString(),
      move: moveFor(s, m, viewer),
      events: m.events.map((e) => eventViewOf(s.game, e, viewer)).filter((e): e is Json => e !== null),
      ...marks(m),
    })),
  };
}

export function moveFor(s: Session, m: StoredMove, viewer: Viewer): Json | null {
  if (s.row.status === 'finished' || viewer === m.seat || !s.game.moveView || m.origin === 'resign') return m.move as unknown as Json;
  return s.game.moveView(m.move, m.seat, viewer);
}

/** The game as the caller would have seen it right after version `at`. */
export async function replay(core: GameCore, gameId: string, token: string | undefined, at: number) {
  checkInt('version', 'at', at);
  const s = await core.sessions.fresh(gameId);
  const c = await callerIn(core, s, token, true, true);
  const sight = sightOf(s, c);
  if (sight.blind) throw hiddenFromSpectators();
  if (!Number.isInteger(at) || at < 0 || at > sight.upTo)
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.atVersion', { max: sight.upTo });
  const state = await stateAt(core, s, at);
  const undoneBy = at > 0 ? (await undoneByOfGame(core.store, s)).get(at) : undefined;
  return { ...summary(s, state, at, viewerOf(c), c, { reveal: true }), ...(undoneBy !== undefined ? { undoneBy } : {}) };
}

/** Rebuilds the state at a version from the nearest snapshot at or before it, never from the cache. */
export async function stateAt(core: GameCore, s: Session, at: number): Promise<unknown> {
  const snap = await core.store.latestSnapshot(s.row.id, at);
  const base = snap ? snap.state : s.game.setup({ players: s.row.playerCount, options: s.row.options, seed: s.row.seed });
  const moves = await core.store.readMoves(s.row.id, snap?.version ?? 0, at);
  return fold(
    s.game,
    base,
    moves.flatMap((m) => m.events),
  );
}

/**
 * The canonical hash of the full state (hidden parts included) at a version, or now. Only a hash
 * leaves the server: it lets tests and operators check that a replay rebuilds exactly what was live.
 */
export async function stateHash(core: GameCore, gameId: string, at?: number): Promise<string> {
  const s = await core.sessions.fresh(gameId);
  if (at === undefined) return canonicalHash(s.state);
  if (!Number.isInteger(at) || at < 0 || at > s.version) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.atVersion', { max: s.version });
  return canonicalHash(await stateAt(core, s, at));
}

/**
 * The state before each stored move (hidden parts included), for server-side modules that need
 * each move's position (the text record writes moves in notation). Never sent as such.
 */
export async function positions(
  core: GameCore,
  gameId: string,
): Promise<{ game: AnyGame; moves: StoredMove[]; before: unknown[]; createdAt: Date; lastMoveAt: Date | null }> {
  const s = await core.sessions.fresh(gameId);
  const moves = await core.store.readMoves(gameId, 0, s.version);
  let state = s.game.setup({ players: s.row.playerCount, options: s.row.options, seed: s.row.seed });
  const before = moves.map((m) => [state, (state = fold(s.game, state, m.events))][0]);
  return { game: s.game, moves, before, createdAt: s.row.createdAt, lastMoveAt: moves.at(-1)?.createdAt ?? null };
}

export async function record(core: GameCore, gameId: string, token: string | undefined): Promise<ChainedRecord> {
  const s = await core.sessions.fresh(gameId);
  const c = await callerIn(core, s, token, true, true);
  const viewer = viewerOf(c);
  // A spectator's record stops where its sight does (spectating.ts): behind a delayed game, empty for a hidden one.
  const { upTo } = sightOf(s, c);
  const moves = upTo === 0 ? [] : await core.store.readMoves(gameId, 0, upTo);
  const marks = await entryMarks(core.store, s, moves);
  const over = s.row.status === 'finished';
  // Issue 35: each entry's state hash and chain hash, computed from the log on every export (replays/record-chain.ts).
  const chain = chainOf(s.game, s.game.setup({ players: s.row.playerCount, options: s.row.options, seed: s.row.seed }), moves);
  return {
    format: RECORD_FORMAT,
    type: s.row.type,
    engineVersion: s.row.engineVersion,
    options: s.row.options,
    players: s.row.seats.map((x) => ({
      seat: x.seat,
      name: x.name,
      ...(x.colour ? { colour: x.colour } : {}),
      ...(x.bot ? { bot: x.bot } : {}),
    })),
    ...(s.row.standInBot ? { standInBot: s.row.standInBot } : {}),
    ...(over ? { seed: s.row.seed } : {}),
    status: s.row.status,
    version: upTo,
    setupHash: chain.setupHash,
    moves: moves.map((m, i) => ({
      version: m.version,
      seat: m.seat,
      move: moveFor(s, m, viewer),
      ...(m.origin && m.origin !== 'seat' ? { origin: m.origin } : {}),
      ...(m.bot ? { bot: m.bot } : {}),
      ...marks(m),
      ...(over ? { events: m.events as unknown as Json[] } : {}),
      ...chain.links[i]!,
    })),
    ...(over ? { outcome: s.row.outcome } : {}),
    ...(s.row.rated && (over || s.row.status === 'expired') && seatsWithoutOwnMove(s.row.seats, moves).length > 0
      ? { aborted: true as const }
      : {}),
  };
}

/** The game as one seat saw it right after version `at`, and its legal moves then: what a notification shows. */
export async function asSeat(core: GameCore, gameId: string, seat: Seat, at: number) {
  const s = await core.sessions.fresh(gameId);
  const state = at === s.version ? s.state : await stateAt(core, s, Math.min(at, s.version));
  const game = summary(s, state, Math.min(at, s.version), seat, { kind: 'seat', seat });
  const moves = game.status === 'finished' ? [] : s.game.legalMoves(state, seat);
  const tokenHash = s.row.seats.find((x) => x.seat === seat)?.tokenHash ?? null;
  return { game, moves: moves as unknown as Json[], legalMoves: notationsOf(s.game, state, seat, moves), tokenHash };
}

/**
 * The moves after version `after` (at most `limit`), each with the caller's view right after it and
 * its events as the caller may read them, read from a session checked against the store. Hidden
 * information leaves only through the game's view, eventView and the service's moveFor.
 */
export async function movesSince(
  core: GameCore,
  gameId: string,
  token: string | undefined,
  after: number,
  limit = 100,
): Promise<{ version: number; status: GameStatus; moves: LiveMove[] }> {
  const { s, caller } = await open(core, gameId, token);
  const viewer = caller.kind === 'seat' ? caller.seat : null;
  // Taken together before any await: another move may advance the session meanwhile.
  const latest = s.state;
  const status = s.row.status;
  // A spectator is held back to what it may see (spectating.ts): `version` is the last it may see.
  const version = sightOf(s, caller, s.version).upTo;
  const live = version === s.version;
  if (after >= version) return { version, status, moves: [] };
  const upTo = Math.min(version, after + limit);
  const stored = await core.store.readMoves(gameId, after, upTo);
  // One new move (the usual case): the session's state is the state after it. Otherwise fold from
  // the state at `after` (rebuilt from the nearest snapshot), move by move.
  let state = live && upTo === version && stored.length === 1 ? undefined : await stateAt(core, s, after);
  const moves = stored.map((m): LiveMove => {
    state = state === undefined ? latest : fold(s.game, state, m.events);
    const d = derived(s, state, m.version);
    return {
      version: m.version,
      seat: m.seat,
      at: m.createdAt.toISOString(),
      move: moveFor(s, m, viewer),
      events: m.events.map((e) => eventViewOf(s.game, e, viewer)).filter((e): e is Json => e !== null),
      status: d.status,
      toMove: d.toMove,
      outcome: d.outcome,
      view: s.game.view(state, viewer) as Json,
    };
  });
  return { version, status, moves };
}
