import {
  applyMove,
  catalogueOf,
  checkMoveShape,
  isTakebackMove,
  liveEntries,
  resolveOptions,
  restoredEvent,
  undoableOf,
} from '../engine/index.js';
import type { AnyGame, BotLevel, Json, Move, Seat } from '../engine/index.js';
import type { GameRegistry } from '../games/registry.js';
import type { SeatRow, StoredMove } from '../store/types.js';
import { AppError, saidOf } from './errors.js';
import { RECORD_FORMAT, type GameRecord } from './service-types.js';
import type { SeatSpec } from './lobby/seats.js';
import { standing } from './lobby/standing.js';
import { checkAlternatives } from './replays/annotations.js';

type StoreNewGame<T> = (
  game: AnyGame,
  players: (SeatSpec & { resignedAt?: number | null })[],
  options: Record<string, Json>,
  seed: string,
  state: unknown,
  history: StoredMove[],
  standInBot: BotLevel | null,
) => Promise<T>;
const RESIGN: Move = { type: 'resign' };

/**
 * Re-validates a record move by move with the engine version it names, and hands the new game to
 * `store` (which gives it fresh seat tokens). Resignation entries (origin 'resign') mark their seat
 * resigned at their version; moves after the end, or a resigned seat's own moves, are refused.
 */
export async function importRecord<T>(registry: GameRegistry, record: GameRecord, store: StoreNewGame<T>): Promise<T> {
  if (record.format !== RECORD_FORMAT)
    throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.format', { format: String(record.format), expected: RECORD_FORMAT });
  if (!registry.current(record.type)) throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.unknownGameType', { type: record.type });
  const game = registry.version(record.type, record.engineVersion);
  if (!game)
    throw AppError.of('ENGINE_VERSION_UNSUPPORTED', 'ENGINE_VERSION_UNSUPPORTED.record', {
      type: record.type,
      version: record.engineVersion,
      versions: registry.versions(record.type).join(', '),
    });
  if (typeof record.seed !== 'string') throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.noSeed');
  const resolved = resolveOptions(game, record.players.length, record.options);
  if (!resolved.ok) throw AppError.fromViolation(resolved.error, 'IMPORT_INVALID');
  let state = game.setup({ players: record.players.length, options: resolved.value, seed: record.seed });
  const colours = record.players.flatMap((p) => (p.colour ? [p.colour] : []));
  if (new Set(colours).size !== colours.length) throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.sameColour');
  const history: StoredMove[] = [];
  const resignedAt = new Map<Seat, number>();
  /** The state after each version (0: the setup), for takebacks, which restore the state before the entry they undo. */
  const after: unknown[] = [state];
  const seatsNow = (): SeatRow[] =>
    record.players.map((p, seat) => ({ seat, name: p.name, tokenHash: '-', resignedAt: resignedAt.get(seat) ?? null }));
  for (const [i, m] of record.moves.entries()) {
    if (m.move === null) throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.hidden', { n: i + 1 });
    if (!Number.isInteger(m.seat) || m.seat < 0 || m.seat >= record.players.length)
      throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.notASeat', { n: i + 1, seat: String(m.seat) });
    if (standing(game, state, seatsNow(), i).status === 'finished')
      throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.afterEnd', { n: i + 1 }, { index: i });
    if (m.origin === 'resign') {
      if ((m.move as { type?: unknown }).type !== 'resign' || resignedAt.has(m.seat))
        throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.resignEntry', { n: i + 1 }, { index: i });
      resignedAt.set(m.seat, i + 1);
      history.push({ version: i + 1, seat: m.seat, move: RESIGN, events: [], createdAt: new Date(), origin: 'resign' });
      after.push(state);
      continue;
    }
    if (m.origin === 'takeback' || (m.move as { type?: unknown }).type === 'takeback') {
      // A takeback (src/app/takeback.ts): it undoes the seat's own entries from `undo` on, none of which drew at random or
      // revealed anything.
      const move = m.move as unknown as Move;
      if (m.origin !== 'takeback' || !isTakebackMove(move) || Object.keys(move).length !== 2)
        throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.takebackEntry', { n: i + 1 }, { index: i });
      const live = liveEntries(history);
      const target = live.find((x) => x.version === move.undo);
      if (!target || target.origin === 'resign')
        throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.takebackTarget', { n: i + 1, undo: move.undo }, { index: i });
      if (target.seat !== m.seat || !['seat', 'mail', 'conditional'].includes(target.origin ?? 'seat'))
        throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.takebackNotOwn', { n: i + 1, undo: move.undo, seat: m.seat }, { index: i });
      const blocked = live.find(
        (x) => x.version >= move.undo && (x.origin === 'resign' || undoableOf(game, x.move, x.seat, x.events) !== true),
      );
      if (blocked)
        throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.takebackBlocked', { n: i + 1, version: blocked.version }, { index: i });
      state = after[move.undo - 1];
      history.push({
        version: i + 1,
        seat: m.seat,
        move: { type: 'takeback', undo: move.undo } as Move,
        events: [restoredEvent(move.undo, state)],
        createdAt: new Date(),
        origin: 'takeback',
      });
      after.push(state);
      continue;
    }
    if (resignedAt.has(m.seat) && ['seat', 'mail', 'conditional'].includes(m.origin ?? 'seat'))
      throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.hadResigned', { n: i + 1, seat: m.seat }, { index: i });
    if (m.origin === 'resigned' && !resignedAt.has(m.seat))
      throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.notResigned', { n: i + 1, seat: m.seat }, { index: i });
    const botSeat = record.players[m.seat]!.bot;
    if (botSeat && !resignedAt.has(m.seat) && m.origin !== 'bot' && m.origin !== 'timeout')
      throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.botOrigin', { n: i + 1, seat: m.seat }, { index: i });
    if (m.origin === 'bot' && !botSeat)
      throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.notBot', { n: i + 1, seat: m.seat }, { index: i });
    if (m.bot && m.origin !== 'bot' && m.origin !== 'resigned' && m.origin !== 'timeout')
      throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.botName', { n: i + 1 }, { index: i });
    const shape = checkMoveShape(game, m.move);
    if (shape) throw AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.moveShape', { n: i + 1, problem: saidOf(shape) }, { index: i });
    // Annotations are checked (an alternative must be legal there) but never stored: the game's log holds the moves only.
    checkAlternatives(game, state, m.seat, i + 1, (m as { alternatives?: { move: Json }[] }).alternatives);
    const r = applyMove(game, state, m.move as unknown as Move, m.seat);
    if (!r.ok)
      throw AppError.of(
        'IMPORT_INVALID',
        'IMPORT_INVALID.illegal',
        { n: i + 1, problem: saidOf(r.error) },
        { index: i, violation: r.error.code, rule: r.error.rule },
        catalogueOf(r.error),
      );
    state = r.value.state;
    after.push(state);
    history.push({
      version: i + 1,
      seat: m.seat,
      move: m.move as unknown as Move,
      events: r.value.events,
      createdAt: new Date(),
      origin: m.origin ?? 'seat',
      ...(m.bot ? { bot: m.bot } : {}),
    });
  }
  const players = record.players.map((p, seat) =>
    p.bot
      ? { bot: p.bot, name: p.name, resignedAt: resignedAt.get(seat) ?? null }
      : { name: p.name, ...(p.colour ? { colour: p.colour } : {}), resignedAt: resignedAt.get(seat) ?? null },
  );
  return store(game, players, resolved.value, record.seed, state, history, record.standInBot ?? null);
}
