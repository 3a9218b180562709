/**
 * The `citybuilder` command line: reads a game record file (JSON or text) offline, with the same
 * engines, schema and checks as the server, and no server or database.
 *
 *   citybuilder validate <record> [--lang en|fr]  exit 0, or 1 with the first illegal move and why
 *   citybuilder replay <record> [--at N] [--seat S] [--svg out.svg] [--lang en|fr]  the position after version N, as seat S sees it
 *   citybuilder convert <record> --to text|json   the record in the other form, on stdout
 *   citybuilder rebuild-ratings [--database-url URL]  every rating again from the log (DATABASE_URL): the operator's rebuild
 *
 * `--lang fr` (validate, replay, convert): why a record is invalid, and the board's words, in French.
 *
 * `<record>` is a file path, or - for standard input. Exit codes: 0 done, 1 the record is invalid,
 * 2 a usage error or an unreadable file.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { Ajv, type ErrorObject } from 'ajv';
import { AppError } from '../app/errors.js';
import { formatMove, notationsOf } from '../engine/index.js';
import type { AnyGame, Json, Move, Outcome, Seat } from '../engine/index.js';
import { boardSvg } from '../board/index.js';
import { readTextRecord, replayJsonRecord, writeTextRecord, type AnyRecord } from '../app/text-record.js';
import { defaultRegistry } from '../games/index.js';
import type { GameRegistry } from '../games/registry.js';
import { gameRecordSchema, moveRefSchema } from '../app/record-schema.js';
import { invalidInput } from '../app/shapes.js';
import { localize, type Language } from '../app/i18n/index.js';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  read(path: string): Promise<string>;
  write(path: string, text: string): Promise<void>;
}

export const USAGE = `usage:
  citybuilder validate <record> [--lang en|fr]
  citybuilder replay <record> [--at N] [--seat S] [--svg out.svg] [--lang en|fr]
  citybuilder convert <record> --to text|json [--lang en|fr]
  citybuilder rebuild-ratings [--database-url URL]   (default: DATABASE_URL)
<record> is a JSON or text record file (as GET /api/v1/games/{id}/record gives), or - for stdin.`;

class UsageError extends Error {}

/** A loaded record: the JSON record, the engine, and the state before each move and at the end. */
interface Loaded {
  record: AnyRecord;
  game: AnyGame;
  before: unknown[];
  state: unknown;
  kind: 'json' | 'text';
}

let validateRecord: ((data: unknown) => boolean) & { errors?: ErrorObject[] | null } | undefined;

/** The JSON record's shape, checked by the same JSON Schema the server's import route uses. */
function checkShape(data: unknown): void {
  if (!validateRecord) {
    const ajv = new Ajv({ allErrors: false, strict: false });
    for (const s of [moveRefSchema, gameRecordSchema]) ajv.addSchema(s);
    validateRecord = ajv.getSchema('GameRecord') as typeof validateRecord;
  }
  if (!validateRecord!(data)) {
    // The same refusal, by id, as the server's import route gives for this shape (app/shapes.ts).
    throw invalidInput(validateRecord!.errors ?? [], 'the record');
  }
}

function load(registry: GameRegistry, text: string): Loaded {
  if (text.trimStart().startsWith('{')) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.fileJson', { detail: (e as Error).message });
    }
    checkShape(data);
    const record = data as AnyRecord;
    const r = replayJsonRecord(registry, record);
    return { record, game: r.game, before: r.before, state: r.state, kind: 'json' };
  }
  const r = readTextRecord(registry, text);
  const j = replayJsonRecord(registry, r.record);
  return { record: r.record, game: r.game, before: j.before, state: r.state, kind: 'text' };
}

const seatName = (record: AnyRecord, seat: Seat) => `seat ${seat} (${record.players[seat]?.name ?? '?'})`;
const result = (record: AnyRecord, o: Outcome) => o.scores.map((s, i) => `${record.players[i]?.name ?? i} ${s}`).join(', ') + `; winner${o.winners.length > 1 ? 's' : ''}: ${o.winners.map((w) => record.players[w]?.name ?? w).join(', ')}`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) throw new UsageError(`${name} needs a value`);
  args.splice(i, 2);
  return v;
}

function wholeNumber(text: string | undefined, name: string, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) > max) throw new UsageError(`${name} must be a whole number from 0 to ${max}, not ${text}`);
  return Number(text);
}

/**
 * The one command that reads the database: forgets every rating and applies every finished rated
 * game again from the log, in the order they finished (src/app/ratings/), like the operator's
 * POST /api/v1/admin/ratings/rebuild. Prints { games, ratings }.
 */
async function rebuildRatings(args: string[], io: Io, registry: GameRegistry): Promise<number> {
  const url = option(args, '--database-url') ?? process.env.DATABASE_URL;
  if (!url) throw new UsageError('rebuild-ratings needs --database-url or DATABASE_URL');
  if (args.length) throw new UsageError(`unexpected ${args.join(' ')}`);
  const { createPrismaClient } = await import('../store/prisma-store.js');
  const { Ratings } = await import('../app/ratings/ratings.js');
  const { PrismaRatingsStore } = await import('../store/ratings-store.js');
  const db = createPrismaClient(url, 2, { connectMs: 5_000, statementMs: 600_000 });
  try {
    const done = await new Ratings(new PrismaRatingsStore(db), registry, { provisionalSigma: 6, leaderboardMinGames: 3, log: { warn: () => {} } }).rebuild();
    io.out(JSON.stringify(done));
    return 0;
  } finally {
    await db.$disconnect();
  }
}

/** Runs one command; returns the exit code. */
export async function run(argv: string[], io: Io, registry: GameRegistry = defaultRegistry()): Promise<number> {
  const args = argv.slice();
  let language: Language = 'en';
  try {
    const command = args.shift();
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      io.out(USAGE);
      return command === undefined ? 2 : 0;
    }
    if (command === 'rebuild-ratings') return await rebuildRatings(args, io, registry);
    if (!['validate', 'replay', 'convert'].includes(command)) throw new UsageError(`unknown command "${command}"`);
    const at = option(args, '--at');
    const seat = option(args, '--seat');
    const to = option(args, '--to');
    const svg = option(args, '--svg');
    const lang = option(args, '--lang');
    if (lang !== undefined && lang !== 'en' && lang !== 'fr') throw new UsageError('--lang is en or fr');
    language = lang ?? 'en';
    const [path, ...rest] = args;
    if (path === undefined) throw new UsageError(`${command} needs a record file`);
    if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
    if (command === 'convert' && to !== 'text' && to !== 'json') throw new UsageError('convert needs --to text or --to json');
    if (command !== 'replay' && (at !== undefined || seat !== undefined || svg !== undefined)) throw new UsageError('--at, --seat and --svg are options of replay');
    if (command !== 'convert' && to !== undefined) throw new UsageError('--to is an option of convert');
    let text: string;
    try {
      text = await io.read(path);
    } catch (e) {
      io.err(`citybuilder: cannot read ${path}: ${(e as Error).message}`);
      return 2;
    }
    const loaded = load(registry, text);
    const { record, game } = loaded;
    const outcome = game.outcome(loaded.state);

    if (command === 'validate') {
      io.out(`valid: ${record.type} (engine ${record.engineVersion}), ${record.players.length} players, ${record.moves.length} moves, ${outcome ? `finished: ${result(record, outcome)}` : 'not finished'}`);
      return 0;
    }
    if (command === 'convert') {
      if (to === 'json') io.out(JSON.stringify(record, null, 2));
      else io.out(writeTextRecord(game, record, (i) => loaded.before[i]).trimEnd());
      return 0;
    }
    // replay
    const version = wholeNumber(at, '--at', record.moves.length) ?? record.moves.length;
    const viewer = wholeNumber(seat, '--seat', record.players.length - 1) ?? null;
    const state = version === record.moves.length ? loaded.state : loaded.before[version];
    const lines = [`${game.name} (${record.type}, engine ${record.engineVersion}), version ${version} of ${record.moves.length}`];
    const last = record.moves[version - 1];
    if (last) {
      const text = last.origin === 'resign' ? 'resigns' : formatMove(game, loaded.before[version - 1], last.seat, last.move as unknown as Move);
      lines.push(`last move: ${version}. ${seatName(record, last.seat)}: ${text}${last.origin && last.origin !== 'seat' ? ` {${last.origin}}` : ''}`);
    }
    const done = game.outcome(state);
    if (done) lines.push(`result: ${result(record, done)}`);
    else lines.push(`to move: ${game.toMove(state).map((s) => seatName(record, s)).join(', ')}`);
    if (viewer !== null && !done && game.toMove(state).includes(viewer)) lines.push(`legal moves of ${seatName(record, viewer)}: ${notationsOf(game, state, viewer).join(', ')}`);
    lines.push(`view of ${viewer === null ? 'a spectator' : seatName(record, viewer)}:`, JSON.stringify(game.view(state, viewer) as Json, null, 2));
    if (svg !== undefined) {
      const picture = boardSvg({ type: record.type, version, toMove: done ? [] : game.toMove(state), players: record.players.map((p, i) => ({ seat: p.seat ?? i, name: p.name })), view: game.view(state, viewer) as Json, outcome: done, viewerSeat: viewer }, language, registry.plugin(record.type, record.engineVersion)?.picture);
      await io.write(svg, picture);
      lines.push(`board picture written to ${svg}`);
    }
    io.out(lines.join('\n'));
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`citybuilder: ${e.message}\n${USAGE}`);
      return 2;
    }
    if (e instanceof AppError) {
      const x = e.extra as { violation?: string; rule?: string };
      io.err(`invalid: ${localize(language, e)}${x.violation ? ` [${x.violation}${x.rule ? `, ${x.rule}` : ''}]` : ''}`);
      return 1;
    }
    throw e;
  }
}

/** The process: reads files (or stdin for -) and exits with run's code. */
export async function main(argv: string[]): Promise<void> {
  const io: Io = {
    out: (t) => process.stdout.write(`${t}\n`),
    err: (t) => process.stderr.write(`${t}\n`),
    read: async (path) => {
      if (path !== '-') return readFile(path, 'utf8');
      const chunks: Buffer[] = [];
      for await (const c of process.stdin) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    write: (path, text) => writeFile(path, text, 'utf8'),
  };
  process.exitCode = await run(argv, io);
}
