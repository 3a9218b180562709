/**
 * Text records: a game record people can read, mail and paste, in the manner of chess's PGN
 * (chessops src/pgn.ts). Format `citybuilder-text/1`:
 *
 *   [Format "citybuilder-text/1"]          headers: one per line, values as JSON strings
 *   [Game "town-center"]
 *   [EngineVersion "1"]
 *   [Options "{\"boardSide\":\"A\"}"]       the options, as JSON
 *   [Seat0 "Ann"]                           one header per seat, in seat order
 *   [Seat1 "Bob"]
 *   [Seat1Bot "ismcts"]                     a seat played by a bot: its level
 *   [StandInBot "ismcts"]                   the level playing resigned and timed-out seats (absent: greedy)
 *   [Seed "a1b2"]                           only once the game is over
 *   [Created "2026-11-26T09:00:00.000Z"]    dates: informative, not imported
 *   [LastMove "2026-11-26T09:40:00.000Z"]
 *   [Status "finished"]
 *   [Result "35:30"]                        scores by seat, or * while the game runs
 *
 *   1. 0: hall c3                           <version>. <seat>: <move in notation>
 *   2. 1: hall b2
 *   17. 2: {hidden}                         a move this reader may not see yet
 *   30. 1: pass {resigned}                  a move not made by the seat itself: {resigned} played
 *   31. 1: {resign}                         for a resigned seat, {timeout} on a deadline; {resign}
 *   32. 3: hall a1 {bot ismcts}             is the resignation itself; {bot <level>}: a bot seat's
 *   33. 1: pass {resigned greedy}           move; a bot that played names its level after the origin.
 *   34. 0: ~~build c4~~                     a move a later takeback undid: struck through (informative)
 *   35. 0: {takeback 34}                    a takeback: it undoes the seat's entries from 34 on
 *   35:30                                   Then the result again.
 *
 * Blank lines and lines holding only a {comment} are ignored. Moves are written in the state they
 * were made from, so reading a text record replays the game: a record is checked move by move,
 * and an error names its line.
 */
import { applyMove, canonicalJson, catalogueOf, checkMoveShape, formatMove, parseMove, resolveOptions } from '../engine/index.js';
import { isBotLevel, type AnyGame, type BotLevel, type Json, type Messages, type Move, type Outcome, type Params, type Seat } from '../engine/index.js';
import { OTHER_ORIGINS, type MoveOrigin } from '../store/types.js';
import type { GameRegistry } from '../games/registry.js';
import { AppError, saidOf, type Said } from './errors.js';
import { standing } from './lobby/standing.js';
import { RECORD_FORMAT, type GameRecord, type GameService } from './game-service.js';

export const TEXT_RECORD_FORMAT = 'citybuilder-text/1';

/** Who made a logged move when it is not the seat itself (store/types.ts has the one list). */
export const ORIGINS = OTHER_ORIGINS;
export type Origin = MoveOrigin;

/** A record move as read from text: the JSON record's entry, with its origin when not the seat's. */
export type RecordMove = GameRecord['moves'][number] & { origin?: Origin };
export type AnyRecord = Omit<GameRecord, 'moves'> & { moves: RecordMove[] };

export interface TextRecordDates {
  createdAt?: Date | null;
  lastMoveAt?: Date | null;
}

const header = (name: string, value: string) => `[${name} ${JSON.stringify(value)}]`;
const resultOf = (outcome: Outcome | null | undefined) => (outcome ? outcome.scores.join(':') : '*');

/**
 * Writes a record as text. `before(i)` is the state the i-th move (0-based) was made from; it is
 * only read for moves the record shows. A move the record hides (null, or `hidden(i)`: the viewer
 * got only part of it) is written `{hidden}`.
 */
export function writeTextRecord(game: AnyGame, record: AnyRecord, before: (i: number) => unknown, dates: TextRecordDates = {}, hidden: (i: number) => boolean = () => false): string {
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
    lines.push(`${m.version ?? i + 1}. ${m.seat}: ${[text, origin].filter((x) => x !== '').join(' ')}`);
  });
  lines.push(resultOf(record.outcome), '');
  return lines.join('\n');
}

/** A text record's fault: the line it is on and what is wrong. */
function fault(code: 'INVALID_INPUT' | 'IMPORT_INVALID', line: number, message: string, extra: Record<string, Json> = {}): AppError {
  return new AppError(code, `line ${line}: ${message}`, { line, ...extra });
}

/** A text record's fault by message id (an engine's refusal, in the caller's language too). */
function faultBy(code: 'INVALID_INPUT' | 'IMPORT_INVALID', line: number, said: Said, extra: Record<string, Json> = {}): AppError {
  return AppError.of(code, 'RECORD.line', { line, problem: said }, { line, ...extra }, said.catalogue);
}

const HEADER = /^\[([A-Za-z][A-Za-z0-9]*)\s+(".*")\]$/;
const MOVE = /^(\d+)\.\s*(\d+)\s*:\s*(.*?)\s*(?:\{\s*([a-z]+)(?:\s+([a-z0-9-]+))?\s*\})?$/i;
const RESULT = /^(\*|-?\d+(?:\.\d+)?(?::-?\d+(?:\.\d+)?)*)$/;

export interface ReadRecord {
  record: AnyRecord;
  /** The engine the record names, and the state after its last move. */
  game: AnyGame;
  state: unknown;
}

/**
 * Reads a text record and replays it: headers first (a missing or malformed one, a bad move
 * number or seat is INVALID_INPUT naming its line), then each move parsed from its notation in
 * the position it was made from and decided by the engine (an unreadable or illegal move is
 * IMPORT_INVALID naming the line, the engine's code and rule). Returns the JSON record it stands
 * for, which imports to the same game. Needs the seed: records of running games cannot be replayed.
 */
export function readTextRecord(registry: GameRegistry, text: string): ReadRecord {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headers = new Map<string, { value: string; line: number }>();
  let n = 0;
  while (n < lines.length && lines[n]!.trim() === '') n++;
  const first = n + 1;
  for (; n < lines.length; n++) {
    const line = lines[n]!.trim();
    if (line === '') {
      if (headers.size > 0) break;
      continue;
    }
    if (!line.startsWith('[')) break;
    const m = HEADER.exec(line);
    let value: unknown;
    try {
      value = m ? JSON.parse(m[2]!) : undefined;
    } catch {
      value = undefined;
    }
    if (!m || typeof value !== 'string') throw faultBy('INVALID_INPUT', n + 1, { key: 'RECORD.header', params: { got: line.slice(0, 80) } });
    if (headers.has(m[1]!)) throw faultBy('INVALID_INPUT', n + 1, { key: 'RECORD.headerTwice', params: { name: m[1]! } });
    headers.set(m[1]!, { value, line: n + 1 });
  }
  const need = (name: string): { value: string; line: number } => {
    const h = headers.get(name);
    if (!h) throw faultBy('INVALID_INPUT', first, { key: 'RECORD.missingHeader', params: { name } });
    return h;
  };
  const format = need('Format');
  if (format.value !== TEXT_RECORD_FORMAT) throw faultBy('INVALID_INPUT', format.line, { key: 'RECORD.format', params: { format: format.value, expected: TEXT_RECORD_FORMAT } });
  const type = need('Game');
  const engine = need('EngineVersion');
  if (!/^\d+$/.test(engine.value)) throw faultBy('INVALID_INPUT', engine.line, { key: 'RECORD.engineVersion', params: { given: engine.value } });
  const optionsHeader = headers.get('Options');
  let options: Record<string, Json> = {};
  if (optionsHeader) {
    try {
      options = JSON.parse(optionsHeader.value) as Record<string, Json>;
    } catch {
      throw faultBy('INVALID_INPUT', optionsHeader.line, { key: 'RECORD.optionsJson' });
    }
    if (typeof options !== 'object' || options === null || Array.isArray(options)) throw faultBy('INVALID_INPUT', optionsHeader.line, { key: 'RECORD.optionsObject' });
  }
  const level = (name: string): BotLevel | undefined => {
    const h = headers.get(name);
    if (h && !isBotLevel(h.value)) throw faultBy('INVALID_INPUT', h.line, { key: 'RECORD.botLevel', params: { name, given: h.value } });
    return h?.value as BotLevel | undefined;
  };
  const players: { seat: Seat; name: string; bot?: BotLevel }[] = [];
  while (headers.has(`Seat${players.length}`)) {
    const bot = level(`Seat${players.length}Bot`);
    players.push({ seat: players.length, name: headers.get(`Seat${players.length}`)!.value, ...(bot ? { bot } : {}) });
  }
  const standInBot = level('StandInBot');
  if (players.length === 0) need('Seat0');
  const stray = [...headers.keys()].find((k) => /^Seat\d+(Bot)?$/.test(k) && parseInt(k.slice(4), 10) >= players.length);
  if (stray) throw faultBy('INVALID_INPUT', headers.get(stray)!.line, { key: 'RECORD.seatGap', params: { stray, missing: players.length } });

  if (!registry.current(type.value)) throw faultBy('IMPORT_INVALID', type.line, { key: 'IMPORT_INVALID.unknownGameType', params: { type: type.value } });
  const game = registry.version(type.value, Number(engine.value));
  if (!game) throw AppError.of('ENGINE_VERSION_UNSUPPORTED', 'ENGINE_VERSION_UNSUPPORTED.record', { type: type.value, version: engine.value, versions: registry.versions(type.value).join(', ') }, { line: engine.line });
  const seed = headers.get('Seed');
  if (!seed) throw faultBy('IMPORT_INVALID', first, { key: 'RECORD.noSeed' });
  const resolved = resolveOptions(game, players.length, options);
  if (!resolved.ok) throw faultBy('IMPORT_INVALID', optionsHeader?.line ?? n + 1, saidOf(resolved.error), { violation: resolved.error.code, rule: resolved.error.rule });

  let state = game.setup({ players: players.length, options: resolved.value, seed: seed.value });
  const moves: RecordMove[] = [];
  /** The state after each version (0: the setup): a takeback restores the one before the entry it undoes. */
  const after: unknown[] = [state];
  let result: string | null = null;
  for (; n < lines.length; n++) {
    const line = lines[n]!.trim();
    const at = n + 1;
    if (line === '' || /^\{[^}]*\}$/.test(line)) continue;
    if (result !== null) throw faultBy('INVALID_INPUT', at, { key: 'RECORD.afterResult', params: { result } });
    if (RESULT.test(line)) {
      result = line;
      continue;
    }
    const m = MOVE.exec(line);
    if (!m) throw fault('INVALID_INPUT', at, `expected a move "<number>. <seat>: <move>" (e.g. "${moves.length + 1}. 0: ${game.notation ? 'pass' : '...'}") or the result; got "${line.slice(0, 80)}"`);
    const version = Number(m[1]);
    if (version !== moves.length + 1) throw faultBy('INVALID_INPUT', at, { key: 'RECORD.moveNumber', params: { version, expected: moves.length + 1 } });
    const seat = Number(m[2]);
    if (seat >= players.length) throw faultBy('INVALID_INPUT', at, { key: 'RECORD.seat', params: { seat, last: players.length - 1 } });
    const note = m[4]?.toLowerCase();
    // A struck-through move (~~...~~) was undone by a later takeback: the strike is informative.
    const body = m[3]!.replace(/^~~(.*)~~$/, '$1').trim();
    if (note === 'hidden') throw faultBy('IMPORT_INVALID', at, { key: 'RECORD.hidden' });
    if (note !== undefined && !(ORIGINS as readonly string[]).includes(note)) throw faultBy('INVALID_INPUT', at, { key: 'RECORD.annotation', params: { note } });
    const origin = note as Origin | undefined;
    if (origin === 'takeback') {
      const undo = Number(m[5]);
      if (body !== '' || !/^\d+$/.test(m[5] ?? '') || undo < 1 || undo >= version) throw fault('INVALID_INPUT', at, 'a takeback is written "<number>. <seat>: {takeback <version undone>}", with no move, undoing an earlier version');
      state = after[undo - 1];
      after.push(state);
      moves.push({ version, seat, move: { type: 'takeback', undo }, origin });
      continue;
    }
    const bot = m[5]?.toLowerCase();
    if (bot !== undefined && (!isBotLevel(bot) || origin === 'resign')) throw fault('INVALID_INPUT', at, `{${note} ${bot}}: only {bot}, {resigned} and {timeout} name a bot level, one of random, greedy, ismcts, ismcts-strong`);
    if (origin === 'bot' && bot === undefined) throw faultBy('INVALID_INPUT', at, { key: 'RECORD.botAnnotation' });
    if (origin === 'resign') {
      if (body !== '') throw faultBy('INVALID_INPUT', at, { key: 'RECORD.resignation' });
      moves.push({ version, seat, move: { type: 'resign' }, origin });
      after.push(state);
      continue;
    }
    const parsed = parseMove(game, state, seat, body);
    if (!parsed.ok) throw faultBy('IMPORT_INVALID', at, saidOf(parsed.error), { index: moves.length, violation: parsed.error.code, rule: parsed.error.rule });
    const shape = checkMoveShape(game, parsed.value);
    if (shape) throw faultBy('IMPORT_INVALID', at, { key: 'IMPORT_INVALID.textShape', params: { text: body, problem: saidOf(shape) } }, { index: moves.length, violation: shape.code, rule: shape.rule });
    const r = applyMove(game, state, parsed.value, seat);
    if (!r.ok) throw faultBy('IMPORT_INVALID', at, { key: 'IMPORT_INVALID.illegalText', params: { n: version, text: body, problem: saidOf(r.error) }, catalogue: catalogueOf(r.error) }, { index: moves.length, violation: r.error.code, rule: r.error.rule });
    state = r.value.state;
    after.push(state);
    moves.push({ version, seat, move: parsed.value as unknown as Json, ...(origin ? { origin } : {}), ...(bot ? { bot: bot as BotLevel } : {}) });
  }
  // A record that ends with a resignation leaving one seat ends there, resigned seats last (lobby/standing.ts).
  const resignedAt = new Map(moves.flatMap((m) => (m.origin === 'resign' ? [[m.seat, m.version] as const] : [])));
  const outcome = moves.at(-1)?.origin === 'resign'
    ? standing(game, state, players.map((p) => ({ seat: p.seat, name: p.name, tokenHash: '-', resignedAt: resignedAt.get(p.seat) ?? null })), moves.length).outcome
    : game.outcome(state);
  const claimed = headers.get('Result');
  for (const [what, value, line] of [['Result header', claimed?.value, claimed?.line ?? 1], ['result line', result, lines.length]] as const) {
    if (value !== undefined && value !== null && value !== resultOf(outcome)) {
      throw fault('IMPORT_INVALID', line, `the ${what} says ${value}, but the moves give ${resultOf(outcome)}`, { violation: 'RESULT_MISMATCH', rule: 'end of game' });
    }
  }
  const record: AnyRecord = {
    format: RECORD_FORMAT,
    type: game.id,
    engineVersion: game.engineVersion,
    options: resolved.value,
    players,
    ...(standInBot ? { standInBot } : {}),
    seed: seed.value,
    status: outcome ? 'finished' : 'active',
    version: moves.length,
    moves,
    ...(outcome ? { outcome } : {}),
  };
  return { record, game, state };
}

/** The text record of a stored game as this caller may read it (hidden moves written {hidden}). */
export async function textRecordOf(service: GameService, gameId: string, token: string | undefined): Promise<string> {
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
  const bad = (key: string, params: Params = {}, extra: Record<string, Json> = {}, catalogue?: Messages) => AppError.of('IMPORT_INVALID', key, params, extra, catalogue);
  if (record.format !== RECORD_FORMAT) throw bad('IMPORT_INVALID.format', { format: String(record.format), expected: RECORD_FORMAT });
  if (!registry.current(record.type)) throw bad('IMPORT_INVALID.unknownGameType', { type: record.type });
  const game = registry.version(record.type, record.engineVersion);
  if (!game) throw AppError.of('ENGINE_VERSION_UNSUPPORTED', 'ENGINE_VERSION_UNSUPPORTED.server', { type: record.type, version: record.engineVersion, versions: registry.versions(record.type).join(', ') });
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
      if (typeof undo !== 'number' || !Number.isInteger(undo) || undo < 1 || undo > i) throw bad('IMPORT_INVALID.takebackShape', { n }, { index: i });
      state = before[undo - 1];
      continue;
    }
    if (m.move === null) throw bad('IMPORT_INVALID.hidden', { n }, { index: i });
    if (!Number.isInteger(m.seat) || m.seat < 0 || m.seat >= record.players.length) throw bad('IMPORT_INVALID.notASeat', { n, seat: String(m.seat) }, { index: i });
    const shape = checkMoveShape(game, m.move);
    if (shape) throw bad('IMPORT_INVALID.moveShape', { n, problem: saidOf(shape) }, { index: i, violation: shape.code, rule: shape.rule });
    const r = applyMove(game, state, m.move as unknown as Move, m.seat);
    if (!r.ok) throw bad('IMPORT_INVALID.illegal', { n, problem: saidOf(r.error) }, { index: i, violation: r.error.code, rule: r.error.rule }, catalogueOf(r.error));
    state = r.value.state;
  }
  return { game, before, state };
}
