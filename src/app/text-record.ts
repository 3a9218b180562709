/**
 * Text records (the format: text-record-format.ts): a stored game written as text, as the caller
 * may read it (`textRecordOf`, `writeTextRecord`); a text read and replayed (`readTextRecord`, in
 * text-record-read.ts); and a JSON record replayed offline (`replayJsonRecord`, the command line's).
 */
import { applyMove, canonicalJson, catalogueOf, checkMoveShape, formatMove, resolveOptions } from '../engine/index.js';
import type { AnyGame, Json, Messages, Move, Params } from '../engine/index.js';
import type { GameRegistry } from '../games/registry.js';
import { AppError, saidOf } from './errors.js';
import type { GamePort } from './game-port.js';
import { RECORD_FORMAT } from './service-types.js';
import { checkAlternatives } from './replays/annotations.js';
import { resultOf, TEXT_RECORD_FORMAT, type AnyRecord, type TextRecordDates } from './text-record-format.js';

export { type AnyRecord, type TextRecordDates } from './text-record-format.js';
export { readTextRecord } from './text-record-read.js';

const header = (name: string, value: string) => `[${name} ${JSON.stringify(value)}]`;

/**
 * Writes a record as text. `before(i)` is the state the i-th move (0-based) was made from; it is
 * only read for moves the record shows. A move the record hides (null, or `hidden(i)`: the viewer
 * got only part of it) is written `{hidden}`.
 */
export function writeTextRecord(
  game: AnyGame,
  record: AnyRecord,
  before: (i: number) => unknown,
  dates: TextRecordDates = {},
  hidden: (i: number) => boolean = () => false,
): string {
  const lines = [
    header('Format', TEXT_RECORD_FORMAT),
    header('Game', record.type),
    header('EngineVersion', String(record.engineVersion)),
    header('Options', JSON.stringify(record.options)),
    ...record.players.flatMap((p, i) => [header(`Seat${p.seat ?? i}`, p.name), ...(p.bot ? [header(`Seat${p.seat ?? i}Bot`, p.bot)] : [])]),
    ...(record.standInBot ? [header('StandInBot', record.standInBot)] : []),
    ...(record.seed !== undefined ? [header('Seed', record.seed)] : []),
    ...(dates.createdAt ? [header('Created', dates.createdAt.toISOString())] : []),
    ...(dates.lastMoveAt ? [header('LastMove', dates.lastMoveAt.toISOString())] : []),
    header('Status', record.status ?? (record.outcome ? 'finished' : 'active')),
    header('Result', resultOf(record.outcome)),
    '',
  ];
  record.moves.forEach((m, i) => {
    let text: string;
    if (m.origin === 'resign' || m.origin === 'takeback') text = '';
    else if (m.move === null || hidden(i)) text = '{hidden}';
    else text = formatMove(game, before(i), m.seat, m.move as unknown as Move);
    if (m.undoneBy !== undefined && text !== '' && text !== '{hidden}') text = `~~${text}~~`;
    const undo = m.origin === 'takeback' ? String((m.move as { undo?: number } | null)?.undo ?? '') : m.bot;
    const origin = m.origin && m.origin !== 'seat' ? `{${[m.origin, undo].filter(Boolean).join(' ')}}` : '';
    const mark = m.mark && text !== '' && text !== '{hidden}' ? m.mark : '';
    lines.push(`${m.version ?? i + 1}. ${m.seat}: ${[text, mark, origin].filter((x) => x !== '').join(' ')}`);
    // Annotations (replays/annotations.ts): the comment, then each alternative, under the move.
    if (m.comment) lines.push(`{${m.comment}}`);
    for (const a of m.alternatives ?? [])
      lines.push(
        `(` +
          String(
            [formatMove(game, before(i), m.seat, a.move as unknown as Move), a.mark ?? '', a.comment ? `{${a.comment}}` : '']
              .filter((x) => x !== '')
              .join(' '),
          ) +
          `)`,
      );
  });
  lines.push(resultOf(record.outcome), '');
  return lines.join('\n');
}

/** The text record of a stored game as this caller may read it (hidden moves written {hidden}). */
export async function textRecordOf(service: GamePort, gameId: string, token: string | undefined): Promise<string> {
  const record = await service.record(gameId, token);
  const p = await service.positions(gameId);
  // A move this caller may not read in full (a kept draft tile) reaches the record cut down: hidden.
  const hidden = (i: number) => canonicalJson(record.moves[i]!.move) !== canonicalJson(p.moves[i]?.move as unknown as Json);
  return writeTextRecord(p.game, record, (i) => p.before[i], { createdAt: p.createdAt, lastMoveAt: p.lastMoveAt }, hidden);
}

/**
 * Replays a JSON record offline (what the command line does with a record file): the engine it
 * names, the state before each move and the final state, or IMPORT_INVALID naming the first move
 * that cannot be replayed. Resignation entries ({ type: 'resign' }, origin 'resign') change no state.
 */
export function replayJsonRecord(registry: GameRegistry, record: AnyRecord): { game: AnyGame; before: unknown[]; state: unknown } {
  const bad = (key: string, params: Params = {}, extra: Record<string, Json> = {}, catalogue?: Messages) =>
    AppError.of('IMPORT_INVALID', key, params, extra, catalogue);
  if (record.format !== RECORD_FORMAT) throw bad('IMPORT_INVALID.format', { format: String(record.format), expected: RECORD_FORMAT });
  if (!registry.current(record.type)) throw bad('IMPORT_INVALID.unknownGameType', { type: record.type });
  const game = registry.version(record.type, record.engineVersion);
  if (!game)
    throw AppError.of('ENGINE_VERSION_UNSUPPORTED', 'ENGINE_VERSION_UNSUPPORTED.server', {
      type: record.type,
      version: record.engineVersion,
      versions: registry.versions(record.type).join(', '),
    });
  if (typeof record.seed !== 'string') throw bad('IMPORT_INVALID.noSeed');
  const resolved = resolveOptions(game, record.players.length, record.options);
  if (!resolved.ok) throw AppError.fromViolation(resolved.error, 'IMPORT_INVALID');
  let state = game.setup({ players: record.players.length, options: resolved.value, seed: record.seed });
  const before: unknown[] = [];
  for (const [i, m] of record.moves.entries()) {
    before.push(state);
    const n = i + 1;
    if (m.origin === 'resign') continue;
    if (m.origin === 'takeback') {
      // A takeback restores the state before the entry it undoes.
      const undo = (m.move as { undo?: unknown } | null)?.undo;
      if (typeof undo !== 'number' || !Number.isInteger(undo) || undo < 1 || undo > i)
        throw bad('IMPORT_INVALID.takebackShape', { n }, { index: i });
      state = before[undo - 1];
      continue;
    }
    if (m.move === null) throw bad('IMPORT_INVALID.hidden', { n }, { index: i });
    if (!Number.isInteger(m.seat) || m.seat < 0 || m.seat >= record.players.length)
      throw bad('IMPORT_INVALID.notASeat', { n, seat: String(m.seat) }, { index: i });
    const shape = checkMoveShape(game, m.move);
    if (shape) throw bad('IMPORT_INVALID.moveShape', { n, problem: saidOf(shape) }, { index: i, violation: shape.code, rule: shape.rule });
    checkAlternatives(game, state, m.seat, n, m.alternatives);
    const r = applyMove(game, state, m.move as unknown as Move, m.seat);
    if (!r.ok)
      throw bad(
        'IMPORT_INVALID.illegal',
        { n, problem: saidOf(r.error) },
        { index: i, violation: r.error.code, rule: r.error.rule },
        catalogueOf(r.error),
      );
    state = r.value.state;
  }
  return { game, before, state };
}
