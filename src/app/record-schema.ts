import { Outcome } from '../engine/schema.js';
import { BOT_LEVELS, compileShape, shapeMessage, shapeValidator } from '../engine/index.js';
import { MOVE_ORIGINS } from '../store/types.js';
import { AppError } from './errors.js';
import { commentSchema, markSchema } from './replays/annotations.js';
import { INT_BOUNDS } from './limits.js';
import { BotLevel, MoveRef, Name, SeatColour } from './shapes.js';

/** A schema as plain JSON (no TypeBox marks): the command line's own Ajv reads these too. */
const plain = <T>(schema: T): T => JSON.parse(JSON.stringify(schema)) as T;

/** The most moves a record may hold (a long game has a few hundred); larger records are refused before any work. */
export const RECORD_MAX_MOVES = 5000;

/** A SHA-256 hash, hex. */
const HEX64 = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const;

/** A move as the API carries it before its game checks it: { type, ...fields } (the one MoveRef of src/app/shapes.ts). */
export const moveRefSchema = { $id: 'MoveRef', ...plain(MoveRef) };

/** A game record (export and import). One schema, checked by one validator for REST and GraphQL alike. */
export const gameRecordSchema = {
  $id: 'GameRecord',
  type: 'object',
  additionalProperties: false,
  required: ['format', 'type', 'engineVersion', 'options', 'players', 'moves'],
  properties: {
    format: { type: 'string', const: 'citybuilder-record/1' },
    type: { type: 'string', maxLength: 64 },
    engineVersion: INT_BOUNDS.engineVersion,
    options: { type: 'object' },
    players: {
      type: 'array',
      minItems: 1,
      maxItems: 64,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          seat: INT_BOUNDS.seat,
          name: plain(Name),
          colour: { ...plain(SeatColour), description: 'The colour chosen when the seat was taken (Ma Petite Ville, ruling M7)' },
          bot: { ...plain(BotLevel), description: 'The bot level playing the seat (a bot seat)' },
        },
      },
    },
    standInBot: {
      type: 'string',
      enum: BOT_LEVELS,
      description: 'The bot level that played resigned and timed-out seats (absent: greedy)',
    },
    seed: { type: 'string', minLength: 1, maxLength: 128 },
    status: { type: 'string', enum: ['waiting', 'active', 'finished', 'expired'] },
    version: INT_BOUNDS.version,
    moves: {
      type: 'array',
      maxItems: RECORD_MAX_MOVES,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['seat', 'move'],
        properties: {
          version: INT_BOUNDS.version,
          seat: INT_BOUNDS.seat,
          move: { anyOf: [{ $ref: 'MoveRef#' }, { type: 'null' }] },
          origin: {
            type: 'string',
            enum: MOVE_ORIGINS,
            description:
              'Absent or seat: played by the seat; mail: played by the seat by a reply to a mail; ' +
              'resign: the seat resigned here (move { type: resign }); resigned: played by the stand-in ' +
              "for a resigned seat; timeout: played by the stand-in when the seat's time ran out; bot: a " +
              "bot seat's move; takeback: undoes its entries from move.undo on (move { type: takeback, " +
              'undo })',
          },
          undoable: {
            type: 'boolean',
            description: 'Written on export: the entry may be taken back (no random draw, nothing hidden revealed); ignored on import',
          },
          undoneBy: {
            ...INT_BOUNDS.version,
            description: 'Written on export: the version of the takeback that undid this entry; ignored on import',
          },
          bot: {
            type: 'string',
            enum: BOT_LEVELS,
            description: 'The bot level that chose the move, whenever a bot did (origin bot, resigned or timeout)',
          },
          comment: {
            ...commentSchema,
            description: "An annotation: a comment on this move (no braces nor control characters); never part of a game's log",
          },
          mark: { ...markSchema, description: 'An annotation: ! good, ? mistake, !! brilliant, ?? blunder, !? interesting, ?! dubious' },
          alternatives: {
            type: 'array',
            maxItems: 16,
            description: 'An annotation: other moves the same seat could have made at this version, each checked legal there',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['move'],
              properties: { move: { $ref: 'MoveRef#' }, mark: markSchema, comment: commentSchema },
            },
          },
          events: {
            type: 'array',
            maxItems: 10_000,
            items: { type: 'object' },
            description:
              "Written on export once the game is over: the engine's events of the entry, in full (the " +
              'chain binds them); ignored on import',
          },
          stateHash: {
            ...HEX64,
            description:
              'Written on export: SHA-256 of the canonical JSON of the full state after this entry ' +
              '(docs/api.md, "Signed records"); ignored on import',
          },
          chain: {
            ...HEX64,
            description:
              'Written on export: SHA-256 of the previous chain hash (setupHash before the first entry), ' +
              'the canonical entry and stateHash; ignored on import',
          },
        },
      },
    },
    outcome: { anyOf: [plain(Outcome), { type: 'null' }] },
    aborted: {
      type: 'boolean',
      const: true,
      description:
        'Written on export: a rated game that ended (resigned, timed out, expired) before some ' +
        "person's seat made a move of its own (origin seat or mail): aborted, it changed no " +
        'rating; ignored on import',
    },
    setupHash: {
      ...HEX64,
      description: 'Written on export: SHA-256 of the canonical JSON of the state the seed and options set up; the chain starts from it',
    },
    signature: {
      type: 'object',
      additionalProperties: false,
      required: ['alg', 'keyId', 'value'],
      description:
        "Written on export: the server's Ed25519 signature of the canonical JSON of the record " +
        'without this member; the public key with this keyId is published at ' +
        '/.well-known/citybuilder-record-keys.json',
      properties: {
        alg: { type: 'string', const: 'Ed25519' },
        keyId: { type: 'string', minLength: 1, maxLength: 128 },
        value: { type: 'string', minLength: 1, maxLength: 256 },
      },
    },
  },
} as const;

shapeValidator.addSchema(moveRefSchema);

/** Throws 400 INVALID_INPUT naming the first broken rule when `record` is not a game record's shape. */
export function checkRecordShape(record: unknown): void {
  const validate = compileShape(gameRecordSchema);
  if (validate(record)) return;
  const first = validate.errors?.[0];
  const said = first ? shapeMessage(first, 'record') : { key: 'shape.invalid', params: { path: 'record' } };
  throw AppError.of('INVALID_INPUT', said.key, said.params);
}
