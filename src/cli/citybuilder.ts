/**
 * The `citybuilder` command line: reads a game record file (JSON or text) offline, with the same
 * engines, schema and checks as the server, and no server or database.
 *
 *   citybuilder validate <record> [--lang en|fr]  exit 0, or 1 with the first illegal move and why
 *   citybuilder replay <record> [--at N] [--seat S] [--svg out.svg] [--json] [--lang en|fr]  the position after move N,
 *     as seat S sees it, in words: the last move, who moves (and S's legal moves), the board, the log; --json adds the view
 *   citybuilder convert <record> --to text|json   the record in the other form, on stdout
 *   citybuilder verify <record.json> [--key file|url]  replays an exported record: every entry's events, state hash and chain
 *     hash again, and its signature against the keys given (a JWK Set such as the server's
 *     /.well-known/citybuilder-record-keys.json, one JWK, or a PEM public key); exit 1 naming the
 *     first version that does not match, or a signature that does not hold (unknown key, changed record)
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
import type { AnyGame, Outcome } from '../engine/index.js';
import { readTextRecord, replayJsonRecord, writeTextRecord, type AnyRecord } from '../app/text-record.js';
import { defaultRegistry } from '../games/index.js';
import type { GameRegistry } from '../games/registry.js';
import { gameRecordSchema, moveRefSchema } from '../app/record-schema.js';
import { invalidInput } from '../app/shapes.js';
import { localize, type Language } from '../app/i18n/index.js';
import { replayText, say } from './replay-text.js';
import { verifyRecord, type VerifiableRecord } from '../app/replays/verify-record.js';
import { keysFromText, RECORD_KEYS_PATH, type RecordJwk } from '../app/replays/record-signing.js';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  read(path: string): Promise<string>;
  write(path: string, text: string): Promise<void>;
}

export const USAGE = `usage:
  citybuilder validate <record> [--lang en|fr]
  citybuilder replay <record> [--at N] [--seat S] [--svg out.svg] [--json] [--lang en|fr]
  citybuilder convert <record> --to text|json [--lang en|fr]
  citybuilder verify <record.json> [--key file|url] [--lang en|fr]
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

let validateRecord: (((data: unknown) => boolean) & { errors?: ErrorObject[] | null }) | undefined;

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

const result = (record: AnyRecord, o: Outcome) =>
  o.scores.map((s, i) => `${record.players[i]?.name ?? i} ${s}`).join(', ') +
  `; winner${o.winners.length > 1 ? 's' : ''}: ${o.winners.map((w) => record.players[w]?.name ?? w).join(', ')}`;

/** Takes a flag (no value) out of the arguments. */
function flag(args: string[], name: string): boolean {
  const i = args.indexOf(name);
  if (i < 0) return false;
  args.splice(i, 1);
  return true;
}

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
  const { Ratings, ratingOptions } = await import('../app/ratings/ratings.js');
  const { PrismaRatingsStore } = await import('../store/ratings-store.js');
  const db = createPrismaClient(url, 2, { connectMs: 5_000, statementMs: 600_000 });
  try {
    // The same rules as the server's, from the same settings (RATING_PAIR_DAILY_LIMIT and the rest).
    const { loadConfig } = await import('../config.js');
    const done = await new Ratings(
      new PrismaRatingsStore(db),
      registry,
      ratingOptions(loadConfig(process.env), { warn: () => {} }),
    ).rebuild();
    io.out(JSON.stringify(done));
    return 0;
  } finally {
    await db.$disconnect();
  }
}

/** Public keys from --key: a file, or an http(s) address (the only command that may reach the network, and only when asked). */
async function trustedKeys(where: string, io: Io): Promise<RecordJwk[]> {
  let text: string;
  if (/^https?:\/\//i.test(where)) {
    const r = await fetch(where, {
      headers: { accept: 'application/jwk-set+json, application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!r.ok) throw new UsageError(`--key ${where}: HTTP ${r.status}`);
    text = await r.text();
  } else text = await io.read(where);
  try {
    return keysFromText(text);
  } catch (e) {
    throw new UsageError(`--key ${where}: not a JWK Set, a JWK or a PEM Ed25519 public key (${(e as Error).message})`);
  }
}

/**
 * `verify`: the record replayed with its engine, each entry's events, state hash and chain hash
 * compared (src/app/replays/verify-record.ts), and the signature checked against --key. Exit 0:
 * every entry matches and, with --key, a trusted key signed it; 1: the first mismatch, named.
 */
async function verify(args: string[], io: Io, registry: GameRegistry, language: Language): Promise<number> {
  const keyAt = option(args, '--key');
  const [path, ...rest] = args;
  if (path === undefined) throw new UsageError('verify needs a record file');
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  let text: string;
  try {
    text = await io.read(path);
  } catch (e) {
    io.err(`citybuilder: cannot read ${path}: ${(e as Error).message}`);
    return 2;
  }
  if (!text.trimStart().startsWith('{'))
    throw new UsageError('verify reads a JSON record (GET /api/v1/games/{id}/record): text records carry no chain');
  let keys: RecordJwk[] | undefined;
  try {
    keys = keyAt === undefined ? undefined : await trustedKeys(keyAt, io);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    io.err(`citybuilder: cannot read ${keyAt}: ${(e as Error).message}`);
    return 2;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.fileJson', { detail: (e as Error).message });
  }
  checkShape(data);
  const record = data as VerifiableRecord;
  const v = verifyRecord(registry, record, keys);
  const lines: string[] = [];
  if (v.fault) lines.push(`tampered: ${localize(language, v.fault)}`);
  else
    lines.push(
      `chain: ${record.moves.length} entries replayed, every state hash and chain hash matches (${record.type}` +
        `, engine ${record.engineVersion})`,
    );
  const sig = v.signature;
  if (!sig) lines.push(`signature: not checked; give --key with the server's public keys (${RECORD_KEYS_PATH})`);
  else if (sig.ok) lines.push(`signature: good, key ${sig.keyId}`);
  else if (sig.why === 'unsigned') lines.push('signature: the record carries none');
  else if (sig.why === 'unknownKey') lines.push(`signature: made with key ${sig.keyId}, which is not among the keys given`);
  else lines.push(`signature: does not match the record (key ${sig.keyId}): the record was changed after it was signed`);
  (v.ok ? io.out : io.err)(lines.join('\n'));
  return v.ok ? 0 : 1;
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
    if (command === 'verify') {
      const lang = option(args, '--lang');
      if (lang !== undefined && lang !== 'en' && lang !== 'fr') throw new UsageError('--lang is en or fr');
      language = lang ?? 'en';
      return await verify(args, io, registry, language);
    }
    if (!['validate', 'replay', 'convert'].includes(command)) throw new UsageError(`unknown command "${command}"`);
    const at = option(args, '--at');
    const seat = option(args, '--seat');
    const to = option(args, '--to');
    const svg = option(args, '--svg');
    const lang = option(args, '--lang');
    const json = flag(args, '--json');
    if (lang !== undefined && lang !== 'en' && lang !== 'fr') throw new UsageError('--lang is en or fr');
    language = lang ?? 'en';
    const [path, ...rest] = args;
    if (path === undefined) throw new UsageError(`${command} needs a record file`);
    if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
    if (command === 'convert' && to !== 'text' && to !== 'json') throw new UsageError('convert needs --to text or --to json');
    if (command !== 'replay' && (at !== undefined || seat !== undefined || svg !== undefined || json))
      throw new UsageError('--at, --seat, --svg and --json are options of replay');
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
      io.out(
        `valid: ${record.type} (engine ${record.engineVersion}), ${record.players.length} players, ${record.moves.length}` +
          ` moves, ${outcome ? `finished: ${result(record, outcome)}` : 'not finished'}`,
      );
      return 0;
    }
    if (command === 'convert') {
      if (to === 'json') io.out(JSON.stringify(record, null, 2));
      else io.out(writeTextRecord(game, record, (i) => loaded.before[i]).trimEnd());
      return 0;
    }
    // replay: text a person reads (the board in words, the log), in --lang; --json adds the view as JSON.
    const version = wholeNumber(at, '--at', record.moves.length) ?? record.moves.length;
    const viewer = wholeNumber(seat, '--seat', record.players.length - 1) ?? null;
    const shown = replayText({ registry, record, game, before: loaded.before, final: loaded.state, version, viewer, lang: language });
    const lines = shown.lines;
    if (json) lines.push('', JSON.stringify(shown.view, null, 2));
    if (svg !== undefined) {
      await io.write(svg, shown.svg);
      lines.push('', say(language, 'written', { path: svg }));
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
