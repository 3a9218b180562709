/**
 * A text record read and replayed (format: text-record-format.ts): headers, then each move's
 * notation read in the position reached so far and decided by the engine, so that every fault
 * names its line. The JSON record it yields imports to the same game.
 */
import { applyMove, catalogueOf, checkMoveShape, parseMove, resolveOptions } from '../engine/index.js';
import { isBotLevel, type AnyGame, type BotLevel, type Json, type Seat } from '../engine/index.js';
import type { GameRegistry } from '../games/registry.js';
import { AppError, saidOf, type Said } from './errors.js';
import { standing } from './lobby/standing.js';
import { checkAlternatives, splitMark } from './replays/annotations.js';
import { RECORD_FORMAT } from './service-types.js';
import { ORIGINS, resultOf, TEXT_RECORD_FORMAT, type AnyRecord, type Origin, type RecordMove } from './text-record-format.js';

/** A text record's fault by message id (its own sentence or an engine's refusal): the line it is on and what is wrong, in the
 * caller's language. */
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
    if (!m || typeof value !== 'string')
      throw faultBy('INVALID_INPUT', n + 1, { key: 'RECORD.header', params: { got: line.slice(0, 80) } });
    if (headers.has(m[1]!)) throw faultBy('INVALID_INPUT', n + 1, { key: 'RECORD.headerTwice', params: { name: m[1]! } });
    headers.set(m[1]!, { value, line: n + 1 });
  }
  const need = (name: string): { value: string; line: number } => {
    const h = headers.get(name);
    if (!h) throw faultBy('INVALID_INPUT', first, { key: 'RECORD.missingHeader', params: { name } });
    return h;
  };
  const format = need('Format');
  if (format.value !== TEXT_RECORD_FORMAT)
    throw faultBy('INVALID_INPUT', format.line, { key: 'RECORD.format', params: { format: format.value, expected: TEXT_RECORD_FORMAT } });
  const type = need('Game');
  const engine = need('EngineVersion');
  if (!/^\d+$/.test(engine.value))
    throw faultBy('INVALID_INPUT', engine.line, { key: 'RECORD.engineVersion', params: { given: engine.value } });
  const optionsHeader = headers.get('Options');
  let options: Record<string, Json> = {};
  if (optionsHeader) {
    try {
      options = JSON.parse(optionsHeader.value) as Record<string, Json>;
    } catch {
      throw faultBy('INVALID_INPUT', optionsHeader.line, { key: 'RECORD.optionsJson' });
    }
    if (typeof options !== 'object' || options === null || Array.isArray(options))
      throw faultBy('INVALID_INPUT', optionsHeader.line, { key: 'RECORD.optionsObject' });
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
  if (stray)
    throw faultBy('INVALID_INPUT', headers.get(stray)!.line, { key: 'RECORD.seatGap', params: { stray, missing: players.length } });

  if (!registry.current(type.value))
    throw faultBy('IMPORT_INVALID', type.line, { key: 'IMPORT_INVALID.unknownGameType', params: { type: type.value } });
  const game = registry.version(type.value, Number(engine.value));
  if (!game)
    throw AppError.of(
      'ENGINE_VERSION_UNSUPPORTED',
      'ENGINE_VERSION_UNSUPPORTED.record',
      { type: type.value, version: engine.value, versions: registry.versions(type.value).join(', ') },
      { line: engine.line },
    );
  const seed = headers.get('Seed');
  if (!seed) throw faultBy('IMPORT_INVALID', first, { key: 'RECORD.noSeed' });
  const resolved = resolveOptions(game, players.length, options);
  if (!resolved.ok)
    throw faultBy('IMPORT_INVALID', optionsHeader?.line ?? n + 1, saidOf(resolved.error), {
      violation: resolved.error.code,
      rule: resolved.error.rule,
    });

  let state = game.setup({ players: players.length, options: resolved.value, seed: seed.value });
  const moves: RecordMove[] = [];
  /** The state after each version (0: the setup): a takeback restores the one before the entry it undoes. */
  const after: unknown[] = [state];
  let result: string | null = null;
  for (; n < lines.length; n++) {
    const line = lines[n]!.trim();
    const at = n + 1;
    if (line === '') continue;
    const said = /^\{([^{}]*)\}$/.exec(line);
    if (said) {
      // A comment on the move above it (annotations: replays/annotations.ts); before the first move or after the result, a remark
      // of no move's.
      const text = said[1]!.trim();
      const above = moves.at(-1);
      if (above && result === null && text !== '') above.comment = above.comment ? `${above.comment} ${text}` : text;
      continue;
    }
    if (result !== null) throw faultBy('INVALID_INPUT', at, { key: 'RECORD.afterResult', params: { result } });
    if (line.startsWith('(')) {
      const above = moves.at(-1);
      if (!above || above.origin === 'resign' || above.origin === 'takeback')
        throw faultBy('INVALID_INPUT', at, { key: 'RECORD.annotationPlace' });
      const alt = /^\(\s*(.*?)\s*(?:\{([^{}]*)\})?\s*\)$/.exec(line);
      if (!alt || alt[1] === '') throw faultBy('INVALID_INPUT', at, { key: 'RECORD.alternative', params: { got: line.slice(0, 80) } });
      const { text, mark } = splitMark(alt[1]!);
      const before = after[moves.length - 1];
      const k = (above.alternatives?.length ?? 0) + 1;
      const parsed = parseMove(game, before, above.seat, text);
      if (!parsed.ok)
        throw faultBy(
          'IMPORT_INVALID',
          at,
          { key: 'IMPORT_INVALID.alternative', params: { n: above.version, k, problem: saidOf(parsed.error) } },
          { index: moves.length - 1, violation: parsed.error.code, rule: parsed.error.rule },
        );
      try {
        checkAlternatives(game, before, above.seat, above.version, [{ move: parsed.value as unknown as Json }]);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        const said = e.said ?? { key: 'IMPORT_INVALID.alternative' };
        throw faultBy('IMPORT_INVALID', at, { ...said, params: { ...(said.params ?? {}), k } }, e.extra);
      }
      const comment = alt[2]?.trim();
      (above.alternatives ??= []).push({
        move: parsed.value as unknown as Json,
        ...(mark ? { mark } : {}),
        ...(comment ? { comment } : {}),
      });
      continue;
    }
    if (RESULT.test(line)) {
      result = line;
      continue;
    }
    const m = MOVE.exec(line);
    if (!m)
      throw faultBy('INVALID_INPUT', at, {
        key: 'RECORD.moveLine',
        params: { example: `${moves.length + 1}. 0: ${game.notation ? 'pass' : '...'}`, got: line.slice(0, 80) },
      });
    const version = Number(m[1]);
    if (version !== moves.length + 1)
      throw faultBy('INVALID_INPUT', at, { key: 'RECORD.moveNumber', params: { version, expected: moves.length + 1 } });
    const seat = Number(m[2]);
    if (seat >= players.length) throw faultBy('INVALID_INPUT', at, { key: 'RECORD.seat', params: { seat, last: players.length - 1 } });
    const note = m[4]?.toLowerCase();
    // A struck-through move (~~...~~) was undone by a later takeback: the strike is informative.
    const { text: marked, mark } = splitMark(m[3]!);
    const body = marked.replace(/^~~(.*)~~$/, '$1').trim();
    if (note === 'hidden') throw faultBy('IMPORT_INVALID', at, { key: 'RECORD.hidden' });
    if (note !== undefined && !(ORIGINS as readonly string[]).includes(note))
      throw faultBy('INVALID_INPUT', at, { key: 'RECORD.annotation', params: { note } });
    const origin = note as Origin | undefined;
    if (origin === 'takeback') {
      const undo = Number(m[5]);
      if (body !== '' || !/^\d+$/.test(m[5] ?? '') || undo < 1 || undo >= version)
        throw faultBy('INVALID_INPUT', at, { key: 'RECORD.takeback' });
      state = after[undo - 1];
      after.push(state);
      moves.push({ version, seat, move: { type: 'takeback', undo }, origin });
      continue;
    }
    const bot = m[5]?.toLowerCase();
    if (bot !== undefined && (!isBotLevel(bot) || origin === 'resign'))
      throw faultBy('INVALID_INPUT', at, { key: 'RECORD.botNote', params: { note: note ?? '', bot } });
    if (origin === 'bot' && bot === undefined) throw faultBy('INVALID_INPUT', at, { key: 'RECORD.botAnnotation' });
    if (origin === 'resign') {
      if (body !== '') throw faultBy('INVALID_INPUT', at, { key: 'RECORD.resignation' });
      moves.push({ version, seat, move: { type: 'resign' }, origin });
      after.push(state);
      continue;
    }
    const parsed = parseMove(game, state, seat, body);
    if (!parsed.ok)
      throw faultBy('IMPORT_INVALID', at, saidOf(parsed.error), {
        index: moves.length,
        violation: parsed.error.code,
        rule: parsed.error.rule,
      });
    const shape = checkMoveShape(game, parsed.value);
    if (shape)
      throw faultBy(
        'IMPORT_INVALID',
        at,
        { key: 'IMPORT_INVALID.textShape', params: { text: body, problem: saidOf(shape) } },
        { index: moves.length, violation: shape.code, rule: shape.rule },
      );
    const r = applyMove(game, state, parsed.value, seat);
    if (!r.ok)
      throw faultBy(
        'IMPORT_INVALID',
        at,
        {
          key: 'IMPORT_INVALID.illegalText',
          params: { n: version, text: body, problem: saidOf(r.error) },
          catalogue: catalogueOf(r.error),
        },
        { index: moves.length, violation: r.error.code, rule: r.error.rule },
      );
    state = r.value.state;
    after.push(state);
    moves.push({
      version,
      seat,
      move: parsed.value as unknown as Json,
      ...(origin ? { origin } : {}),
      ...(bot ? { bot: bot as BotLevel } : {}),
      ...(mark ? { mark } : {}),
    });
  }
  // A record that ends with a resignation leaving one seat ends there, resigned seats last (lobby/standing.ts).
  const resignedAt = new Map(moves.flatMap((m) => (m.origin === 'resign' ? [[m.seat, m.version] as const] : [])));
  const outcome =
    moves.at(-1)?.origin === 'resign'
      ? standing(
          game,
          state,
          players.map((p) => ({ seat: p.seat, name: p.name, tokenHash: '-', resignedAt: resignedAt.get(p.seat) ?? null })),
          moves.length,
        ).outcome
      : game.outcome(state);
  const claimed = headers.get('Result');
  for (const [what, value, line] of [
    ['header', claimed?.value, claimed?.line ?? 1],
    ['line', result, lines.length],
  ] as const) {
    if (value !== undefined && value !== null && value !== resultOf(outcome)) {
      throw faultBy(
        'IMPORT_INVALID',
        line,
        { key: 'RECORD.resultMismatch', params: { what, claimed: value, result: resultOf(outcome) } },
        { violation: 'RESULT_MISMATCH', rule: 'end of game' },
      );
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
