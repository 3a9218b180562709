import { applyMove, checkMoveShape, isTakebackMove, liveEntries, resolveOptions, restoredEvent, undoableOf } from '../engine/index.js';
import type { AnyGame, BotLevel, Json, Move, Seat } from '../engine/index.js';
import type { GameRegistry } from '../games/registry.js';
import type { SeatRow, StoredMove } from '../store/types.js';
import { AppError } from './errors.js';
import { RECORD_FORMAT, type GameRecord } from './game-service.js';
import type { SeatSpec } from './lobby/seats.js';
import { standing } from './lobby/standing.js';

type StoreNewGame<T> = (game: AnyGame, players: (SeatSpec & { resignedAt?: number | null })[], options: Record<string, Json>, seed: string, state: unknown, history: StoredMove[], standInBot: BotLevel | null) => Promise<T>;
const RESIGN: Move = { type: 'resign' };

/**
 * Re-validates a record move by move with the engine version it names, and hands the new game to
 * `store` (which gives it fresh seat tokens). Resignation entries (origin 'resign') mark their seat
 * resigned at their version; moves after the end, or a resigned seat's own moves, are refused.
 */
export async function importRecord<T>(registry: GameRegistry, record: GameRecord, store: StoreNewGame<T>): Promise<T> {
  const bad = (message: string, extra: Record<string, Json> = {}) => new AppError('IMPORT_INVALID', message, extra);
  if (record.format !== RECORD_FORMAT) throw bad(`unknown record format "${record.format}"; expected ${RECORD_FORMAT}`);
  if (!registry.current(record.type)) throw bad(`unknown game type "${record.type}"`);
  const game = registry.version(record.type, record.engineVersion);
  if (!game) throw new AppError('ENGINE_VERSION_UNSUPPORTED', `this server has no ${record.type} engine version ${record.engineVersion} (it has ${registry.versions(record.type).join(', ')}): the record cannot be replayed under its own rules`);
  if (typeof record.seed !== 'string') throw bad('the record has no seed: records of games still running omit it, so they cannot be replayed');
  const resolved = resolveOptions(game, record.players.length, record.options);
  if (!resolved.ok) throw bad(resolved.error.message, { violation: resolved.error.code, rule: resolved.error.rule });
  let state = game.setup({ players: record.players.length, options: resolved.value, seed: record.seed });
  const colours = record.players.flatMap((p) => (p.colour ? [p.colour] : []));
  if (new Set(colours).size !== colours.length) throw bad('two players of the record have the same colour');
  const history: StoredMove[] = [];
  const resignedAt = new Map<Seat, number>();
  /** The state after each version (0: the setup), for takebacks, which restore the state before the entry they undo. */
  const after: unknown[] = [state];
  const seatsNow = (): SeatRow[] => record.players.map((p, seat) => ({ seat, name: p.name, tokenHash: '-', resignedAt: resignedAt.get(seat) ?? null }));
  for (const [i, m] of record.moves.entries()) {
    const where = `move ${i + 1}`;
    if (m.move === null) throw bad(`${where} is hidden in this record; export the record after the game is over`);
    if (!Number.isInteger(m.seat) || m.seat < 0 || m.seat >= record.players.length) throw bad(`${where}: seat ${m.seat} is not a seat of this game`);
    if (standing(game, state, seatsNow(), i).status === 'finished') throw bad(`${where} comes after the end of the game`, { index: i });
    if (m.origin === 'resign') {
      if ((m.move as { type?: unknown }).type !== 'resign' || resignedAt.has(m.seat)) throw bad(`${where}: a resignation entry is { "type": "resign" }, once per seat`, { index: i });
      resignedAt.set(m.seat, i + 1);
      history.push({ version: i + 1, seat: m.seat, move: RESIGN, events: [], createdAt: new Date(), origin: 'resign' });
      after.push(state);
      continue;
    }
    if (m.origin === 'takeback' || (m.move as { type?: unknown }).type === 'takeback') {
      // A takeback (src/app/takeback.ts): it undoes the seat's own entries from `undo` on, none of which drew at random or revealed anything.
      const move = m.move as unknown as Move;
      if (m.origin !== 'takeback' || !isTakebackMove(move) || Object.keys(move).length !== 2) throw bad(`${where}: a takeback entry has origin "takeback" and move { "type": "takeback", "undo": <version> }`, { index: i });
      const live = liveEntries(history);
      const target = live.find((x) => x.version === move.undo);
      if (!target || target.origin === 'resign') throw bad(`${where}: version ${move.undo} is not a move in effect to take back`, { index: i });
      if (target.seat !== m.seat || !['seat', 'mail'].includes(target.origin ?? 'seat')) throw bad(`${where}: version ${move.undo} is not seat ${m.seat}'s own move`, { index: i });
      const blocked = live.find((x) => x.version >= move.undo && (x.origin === 'resign' || undoableOf(game, x.move, x.seat, x.events) !== true));
      if (blocked) throw bad(`${where}: version ${blocked.version} cannot be taken back (a resignation, a random draw or a hidden reveal)`, { index: i });
      state = after[move.undo - 1];
      history.push({ version: i + 1, seat: m.seat, move: { type: 'takeback', undo: move.undo } as Move, events: [restoredEvent(move.undo, state)], createdAt: new Date(), origin: 'takeback' });
      after.push(state);
      continue;
    }
    if (resignedAt.has(m.seat) && ['seat', 'mail'].includes(m.origin ?? 'seat')) throw bad(`${where}: seat ${m.seat} had resigned; its moves are played by the server (origin "resigned")`, { index: i });
    if (m.origin === 'resigned' && !resignedAt.has(m.seat)) throw bad(`${where}: origin "resigned" but seat ${m.seat} has not resigned`, { index: i });
    const botSeat = record.players[m.seat]!.bot;
    if (botSeat && !resignedAt.has(m.seat) && m.origin !== 'bot' && m.origin !== 'timeout') throw bad(`${where}: seat ${m.seat} is a bot seat; its moves have origin "bot"`, { index: i });
    if (m.origin === 'bot' && !botSeat) throw bad(`${where}: origin "bot" but seat ${m.seat} is not a bot seat`, { index: i });
    if (m.bot && m.origin !== 'bot' && m.origin !== 'resigned' && m.origin !== 'timeout') throw bad(`${where}: only moves with origin bot, resigned or timeout name a bot`, { index: i });
    const shape = checkMoveShape(game, m.move);
    if (shape) throw bad(`${where}: ${shape.message}`, { index: i });
    const r = applyMove(game, state, m.move as unknown as Move, m.seat);
    if (!r.ok) throw bad(`${where} is illegal: ${r.error.message}`, { index: i, violation: r.error.code, rule: r.error.rule });
    state = r.value.state;
    after.push(state);
    history.push({ version: i + 1, seat: m.seat, move: m.move as unknown as Move, events: r.value.events, createdAt: new Date(), origin: m.origin ?? 'seat', ...(m.bot ? { bot: m.bot } : {}) });
  }
  const players = record.players.map((p, seat) => (p.bot ? { bot: p.bot, name: p.name, resignedAt: resignedAt.get(seat) ?? null } : { name: p.name, ...(p.colour ? { colour: p.colour } : {}), resignedAt: resignedAt.get(seat) ?? null }));
  return store(game, players, resolved.value, record.seed, state, history, record.standInBot ?? null);
}
