import { BOT_LEVELS, type AnyGame, type ObjectSchema } from '../engine/index.js';
import { Outcome } from '../engine/schema.js';
import { BotLevel, STATUSES, TimeControl } from '../app/shapes.js';
import {
  OTHER_ORIGINS,
  SPECTATOR_DELAY_DEFAULT,
  SPECTATOR_DELAY_MAX,
  SPECTATOR_SETTINGS,
  TAKEBACK_SETTINGS,
  TIMEOUT_ACTIONS,
} from '../store/types.js';
import { closed } from './route-schema.js';
import { gameRecordSchema } from '../app/record-schema.js';

/**
 * The typed contract of the REST API, built from the games' own JSON Schemas (src/games/<game>/
 * schema.ts) for the OpenAPI document's components: per game `<Game>View`, `<Game>Event`,
 * `<Game>Move`, `<Game>Options`, `<Game>Outcome` and the per-game answers (`<Game>Game`,
 * `<Game>LegalMoves`, `<Game>MoveResult`, `<Game>EventLog`, `<Game>NewGame`), and over all games
 * the unions `Game`, `LegalMoves`, `MoveResult`, `EventLog`, `NewGame`, `AnyMove`, discriminated by
 * the game `type` (moves and events by their own `type`). Generators (openapi-typescript, ...)
 * turn them into discriminated unions.
 */

export const pascal = (s: string) => s.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** A schema as plain JSON (TypeBox keeps its own marks in symbol keys). */
const plain = <T>(schema: T): T => JSON.parse(JSON.stringify(schema)) as T;

/**
 * A request schema whose properties' defaults are said in words instead of `default`: the server
 * fills them in, and generators (openapi-typescript by default) make every property with a
 * `default` required, so a client could not leave an option out.
 */
function defaultsInWords<T>(schema: T): T {
  const out = plain(schema) as { properties?: Record<string, { default?: unknown; description?: string }> };
  for (const p of Object.values(out.properties ?? {})) {
    if (p.default === undefined) continue;
    p.description = `${p.description ? `${p.description.replace(/\.$/, '')}. ` : ''}Default: ${JSON.stringify(p.default)}.`;
    delete p.default;
  }
  return out as T;
}

export const seatList = { type: 'array', items: { type: 'integer', minimum: 0 } } as const;
export { STATUSES };
export const status = {
  type: 'string',
  enum: STATUSES,
  description:
    'waiting while a seat is still open (nobody moves yet); active while some seat must act; finished once the game has a result',
} as const;
export const players = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['seat', 'name'],
    properties: {
      seat: { type: 'integer', minimum: 0 },
      name: { type: 'string', description: 'Empty while the seat is open' },
      open: { type: 'boolean', description: 'Nobody holds the seat yet: the game waits' },
      resigned: { type: 'boolean', description: 'The seat resigned: the server plays its moves, and it ranks last' },
      colour: { type: 'string', description: 'The colour chosen when the seat was taken (Ma Petite Ville, ruling M7)' },
      bot: { type: 'string', enum: BOT_LEVELS, description: 'A bot seat: the level playing it (it moves by itself)' },
      standIn: {
        type: 'string',
        enum: BOT_LEVELS,
        description:
          'The bot level playing this seat while the game runs: a resigned seat, or one handed over ' +
          "after standInAfterTimeouts missed deadlines (the game's standInBot)",
      },
    },
  },
} as const;
/** A bot level (GET /bots lists them with their think time). */
export const botLevel = plain(BotLevel);
/** A time control: a bank per seat, running only while that seat must act (src/app/time-control.ts). */
export const timeControlSchema = plain(TimeControl);
const clocks = {
  type: 'array',
  description: "With a time control: each seat's bank now",
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['seat', 'remainingSeconds', 'running', 'deadline'],
    properties: {
      seat: { type: 'integer', minimum: 0 },
      remainingSeconds: { type: 'number', minimum: 0, description: 'Seconds left in the bank now' },
      running: { type: 'boolean', description: "The seat must act and its clock runs (false on the seat's weekend with pauseOnWeekends)" },
      deadline: {
        type: ['string', 'null'],
        format: 'date-time',
        description: 'When the running clock reaches zero (a running clock only)',
      },
    },
  },
} as const;
const rated = { type: 'boolean', description: "A rated game: its result updates the players' ratings (docs/api.md, Ratings)" } as const;
const seedChosen = {
  type: 'boolean',
  description: 'True when a client chose the seed at creation (or import): whoever chose it can foresee every hidden draw',
} as const;
const timeoutAction = {
  type: 'string',
  enum: TIMEOUT_ACTIONS,
  description: "What happens when a seat's time runs out: auto-move (the server plays a legal move), resign, or none (only notify)",
} as const;
const origin = {
  type: 'string',
  enum: OTHER_ORIGINS,
  description:
    'Absent when the seat played the move itself; mail: the seat played it by a reply to a ' +
    'mail; resign: the seat resigned here; resigned: played by the stand-in bot for a resigned ' +
    "seat; timeout: played by the stand-in when the seat's time ran out; bot: a bot seat's " +
    "move; takeback: undoes the seat's entries from move.undo on",
} as const;
const moveBot = {
  type: 'string',
  enum: BOT_LEVELS,
  description: 'The bot level that chose the move, whenever a bot did (origin bot, resigned or timeout)',
} as const;
const standInBot = {
  type: 'string',
  enum: BOT_LEVELS,
  description: 'The bot level that plays resigned seats and timed-out seats (auto-move). Default: greedy (then absent from answers).',
} as const;
const takebacks = {
  type: 'string',
  enum: TAKEBACK_SETTINGS,
  description:
    "Which takebacks the game allows: none; own-turn (the default: within one's own turn); " +
    'with-consent (also after it, when every other seated person accepts)',
} as const;
const spectators = {
  type: 'string',
  enum: SPECTATOR_SETTINGS,
  description:
    'What spectators see while the game runs: live (public information as it happens, the ' +
    'default), delayed (spectatorDelay versions behind) or hidden (the header only: no view, ' +
    'moves, events, pictures nor GIF frames until the end). Seats always see their own view',
} as const;
const spectatorDelay = {
  type: 'integer',
  minimum: 1,
  maximum: SPECTATOR_DELAY_MAX,
  description:
    `With spectators: delayed, how many versions behind spectators are (1 to ${SPECTATOR_DELAY_MAX}` +
    `; default ${SPECTATOR_DELAY_DEFAULT}); absent otherwise`,
} as const;
const reveal = {
  type: 'boolean',
  description:
    "Once the game is finished, every seat's hidden information opens to everyone: the game " +
    "and replays carry revealed, board.svg and replay.gif draw any seat's view (default true)",
} as const;
const undoable = {
  type: 'boolean',
  description:
    'The entry may be taken back as far as it goes: it drew nothing at random and revealed ' +
    'nothing hidden (never a resignation or a takeback)',
} as const;
const undoneBy = {
  type: 'integer',
  minimum: 1,
  description: 'A later takeback (this version) undid the entry: shown struck through in text records',
} as const;
const gameType = (g: AnyGame) => ({ type: 'string', const: g.id, description: `The game type: ${g.id}` });

/** A union of components discriminated by `type`, with its mapping. */
function union(description: string, members: Record<string, string>) {
  return {
    description,
    oneOf: Object.values(members).map(ref),
    discriminator: { propertyName: 'type', mapping: Object.fromEntries(Object.entries(members).map(([k, v]) => [k, ref(v).$ref])) },
  };
}

/** Splits a TypeBox union of `{ type: const, ... }` objects into one component per member. */
function members(
  prefix: string,
  schema: { anyOf?: { properties: { type: { const: string } } }[]; properties?: { type: { const: string } } },
  out: Record<string, unknown>,
): Record<string, string> {
  const names: Record<string, string> = {};
  // TypeBox gives a union of one member as the member itself (a game with a single event type).
  for (const m of schema.anyOf ?? (schema.properties ? [schema as { properties: { type: { const: string } } }] : [])) {
    const type = m.properties.type.const;
    names[type] = `${prefix}_${type}`;
    out[`${prefix}_${type}`] = plain(m);
  }
  return names;
}

/** The chain and signature members of an exported record (src/app/record-schema.ts, docs/api.md "Signed records"). */
const recordChainFields = {
  entry: {
    stateHash: gameRecordSchema.properties.moves.items.properties.stateHash,
    chain: gameRecordSchema.properties.moves.items.properties.chain,
    comment: gameRecordSchema.properties.moves.items.properties.comment,
    mark: gameRecordSchema.properties.moves.items.properties.mark,
    alternatives: {
      ...gameRecordSchema.properties.moves.items.properties.alternatives,
      items: {
        ...gameRecordSchema.properties.moves.items.properties.alternatives.items,
        properties: { ...gameRecordSchema.properties.moves.items.properties.alternatives.items.properties, move: ref('AnyMove') },
      },
    },
  },
  record: {
    aborted: gameRecordSchema.properties.aborted,
    setupHash: gameRecordSchema.properties.setupHash,
    signature: gameRecordSchema.properties.signature,
  },
};

/**
 * Every component of the contract, in the document's order: the moves of every game, the shapes
 * the same in every game, each game's own schemas and answers, then the unions over all games.
 */
export function contractComponents(games: AnyGame[]): Record<string, unknown> {
  return Object.assign({}, ...games.map(gameMoves), sharedComponents(), ...games.map(gameComponents), unionsOverGames(games));
}

/** A game's moves (also a game without published view schemas): `<Game>Move_<type>` each, then their union `<Game>Move`. */
function gameMoves(g: AnyGame): Record<string, unknown> {
  const P = pascal(g.id);
  const out: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  for (const [type, s] of Object.entries(g.moveSchemas as Record<string, ObjectSchema>)) {
    const name = `${P}Move_${type}`;
    names[type] = name;
    const fields = plain(s);
    out[name] = {
      ...fields,
      properties: { type: { type: 'string', const: type }, ...fields.properties },
      required: ['type', ...(fields.required ?? [])],
      additionalProperties: false,
    };
  }
  out[`${P}Move`] = union(`A ${g.name} move`, names);
  return out;
}

/** The shapes the same in every game: a resignation's outcome and the takebacks' (docs/shapes.md). */
function sharedComponents(): Record<string, unknown> {
  return {
    ResignationOutcome: {
      type: 'object',
      additionalProperties: false,
      required: ['scores', 'ranks', 'winners', 'detail'],
      description: 'The result when resignations left at most one seat: it wins, every resigned seat shares last place (scores 0)',
      properties: {
        ...plain(Outcome).properties,
        detail: {
          type: 'object',
          additionalProperties: false,
          required: ['reason', 'resigned'],
          properties: {
            reason: { type: 'string', const: 'resignation' },
            resigned: { ...seatList, description: 'The seats that resigned' },
          },
        },
      },
    },
    RestoredEvent: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'undone'],
      description: "A takeback's event: the state is the state before version `undone` again",
      properties: {
        type: { type: 'string', const: '@restored' },
        undone: { type: 'integer', minimum: 1, description: 'The version undone' },
      },
    },
    TakebackMove: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'undo'],
      description: "A takeback entry's move (origin takeback): it undoes the seat's entries from version `undo` on",
      properties: { type: { type: 'string', const: 'takeback' }, undo: { type: 'integer', minimum: 1 } },
    },
    TakebackRequest: {
      type: 'object',
      additionalProperties: false,
      required: ['seat', 'undo', 'acceptedBy'],
      description: "A takeback waiting for the other seats' consent (with-consent games); the next move voids it",
      properties: {
        seat: { type: 'integer', minimum: 0, description: 'The seat asking' },
        undo: { type: 'integer', minimum: 1, description: 'The version it asks to undo' },
        acceptedBy: { ...seatList, description: 'The seats that accepted so far' },
      },
    },
  };
}

/** A game's components but its moves: its own schemas, then its answers, `<Game>Game` to `<Game>Record`. */
function gameComponents(g: AnyGame): Record<string, unknown> {
  const P = pascal(g.id);
  return {
    ...gameSchemas(g),
    [`${P}Game`]: gameAnswer(g),
    [`${P}LegalMoves`]: legalMovesAnswer(g),
    [`${P}MoveResult`]: moveResultAnswer(g),
    [`${P}EventLog`]: eventLogAnswer(g),
    [`${P}NewGame`]: newGameRequest(g),
    [`${P}Record`]: gameRecord(g),
  };
}

/** A game's own schemas: `<Game>View`, its events (gameEvents), `<Game>Options` and `<Game>Outcome`. */
function gameSchemas(g: AnyGame): Record<string, unknown> {
  const P = pascal(g.id);
  // A game without published schemas (a test fixture) is documented as it answers: views and
  // events as JSON objects, its outcome the kernel's, so that every answer matches the document.
  const s = g.schemas ?? { view: { type: 'object', description: `A ${g.name} view (untyped)` }, outcome: plain(Outcome) };
  return {
    [`${P}View`]: plain(s.view),
    ...gameEvents(g),
    [`${P}Options`]: {
      ...defaultsInWords(g.optionsSchema),
      description: `${g.name} options (every one has a default, filled in by the server)`,
    },
    // Finished by the rules, or by resignations that left one seat (src/app/lobby/standing.ts).
    [`${P}Outcome`]: { description: `The result of a finished ${g.name} game`, anyOf: [plain(s.outcome), ref('ResignationOutcome')] },
  };
}

/** A game's events: `<Game>Event_<type>` each and their union `<Game>Event` (with `@restored`), or one untyped object. */
function gameEvents(g: AnyGame): Record<string, unknown> {
  const P = pascal(g.id);
  if (!g.schemas) {
    return {
      [`${P}Event`]: {
        type: 'object',
        required: ['type'],
        properties: { type: { type: 'string' } },
        description: `A ${g.name} event (untyped)`,
      },
    };
  }
  const out: Record<string, unknown> = {};
  const names = members(`${P}Event`, plain(g.schemas.event) as never, out);
  out[`${P}Event`] = union(`A ${g.name} event, as a viewer may read it`, { ...names, '@restored': 'RestoredEvent' });
  return out;
}

/** `<Game>Game`: a game as the caller sees it. */
function gameAnswer(g: AnyGame): Record<string, unknown> {
  const P = pascal(g.id);
  return {
    type: 'object',
    description: `A ${g.name} game as the caller sees it`,
    additionalProperties: false,
    required: [
      'id',
      'type',
      'engineVersion',
      'version',
      'status',
      'toMove',
      'seedChosen',
      'players',
      'viewer',
      'options',
      'createdAt',
      'spectators',
      'reveal',
    ],
    properties: {
      id: { type: 'string', format: 'uuid' },
      type: gameType(g),
      engineVersion: { type: 'integer' },
      version: { type: 'integer', minimum: 0, description: 'Moves accepted so far' },
      status,
      toMove: seatList,
      seedChosen,
      players,
      viewer: {
        type: 'object',
        additionalProperties: false,
        required: ['seat'],
        properties: { seat: { type: ['integer', 'null'], description: "The token's seat; null for a spectator" } },
      },
      view: {
        ...ref(`${P}View`),
        description:
          "The caller's view; absent for a spectator of a game hidden from spectators until it ends " +
          '(spectators: hidden). A spectator of a delayed game sees the game as it was ' +
          'spectatorDelay versions ago (version says which)',
      },
      revealed: {
        type: 'array',
        items: ref(`${P}View`),
        description:
          "A finished game that reveals (reveal: true): every seat's view at this version, by seat: " +
          'every hand as the engine had it. Absent otherwise',
      },
      outcome: ref(`${P}Outcome`),
      options: ref(`${P}Options`),
      createdAt: { type: 'string', format: 'date-time' },
      spectators,
      spectatorDelay,
      reveal,
      rated,
      takebacks,
      takebackRequest: ref('TakebackRequest'),
      undoneBy: { ...undoneBy, description: 'In a replay: a later takeback (this version) undid the entry at this version' },
      turnDeadlineSeconds: {
        type: 'integer',
        minimum: 1,
        description: 'The turn clock: seconds each seat has for each of its moves (absent: no deadlines)',
      },
      timeControl: timeControlSchema,
      timeoutAction,
      standInBot,
      standInAfterTimeouts: {
        type: 'integer',
        minimum: 1,
        description: 'A seat that misses this many deadlines in a row is handed to the stand-in bot (players[].standIn); absent: never',
      },
      analysis: {
        type: 'boolean',
        const: true,
        description: 'Created with analysis: GET /games/{id}/analysis answers while it runs (for the seat itself); absent otherwise',
      },
      clocks,
      deadlines: {
        type: 'array',
        description: 'While the game runs with a turn clock: when each seat that must act runs out of time',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['seat', 'at'],
          properties: {
            seat: { type: 'integer', minimum: 0 },
            at: { type: 'string', format: 'date-time' },
            pausedUntil: {
              type: 'string',
              format: 'date-time',
              description:
                "The seat's player is on vacation until then, or (pauseOnWeekends) it is the seat's weekend until then " +
                '(Monday 00:00 in its zone): its clock waits, and runs on from then with what it had',
            },
          },
        },
      },
    },
  };
}

/** `<Game>LegalMoves`: the moves the token's seat may make now. */
function legalMovesAnswer(g: AnyGame): Record<string, unknown> {
  const P = pascal(g.id);
  return {
    type: 'object',
    description: `The ${g.name} moves the token's seat may make now`,
    additionalProperties: false,
    required: ['type', 'version', 'seat', 'toMove', 'moves', 'notations'],
    properties: {
      type: gameType(g),
      version: { type: 'integer' },
      seat: { type: 'integer', minimum: 0 },
      toMove: seatList,
      moves: { type: 'array', items: ref(`${P}Move`), description: 'Every legal move; each can be sent back as is' },
      notations: {
        type: 'array',
        items: { type: 'string' },
        description: 'Each move of `moves` in the game\'s notation, in the same order (docs/rules/<game>.md, "Move notation")',
      },
      view: { ...ref(`${P}View`), description: "With ?include=view: the seat's view, at the same version" },
      labels: {
        type: 'array',
        items: { type: 'string' },
        description:
          'With ?include=labels: each move of `moves` in words for people ("Keep Sawmill I"), in the ' +
          'language of Accept-Language (English or French), in the same order',
      },
      undoable: {
        type: 'array',
        items: { type: 'boolean' },
        description:
          'With ?include=undoable: whether each move of `moves` could be taken back once made (it ' +
          'draws nothing at random and reveals nothing hidden), in the same order (docs/api.md, ' +
          'Takebacks)',
      },
    },
  };
}

/** `<Game>MoveResult`: what a move did. */
function moveResultAnswer(g: AnyGame): Record<string, unknown> {
  const P = pascal(g.id);
  return {
    type: 'object',
    description: `What a ${g.name} move did`,
    additionalProperties: false,
    required: ['type', 'version', 'status', 'toMove', 'outcome', 'events'],
    properties: {
      type: gameType(g),
      version: { type: 'integer' },
      status,
      toMove: seatList,
      outcome: { anyOf: [ref(`${P}Outcome`), { type: 'null' }] },
      events: { type: 'array', items: ref(`${P}Event`), description: 'What the move caused, as this seat may read it' },
      view: { ...ref(`${P}View`), description: "With ?include=view: the mover's view after the move" },
      legalMoves: {
        type: 'array',
        items: ref(`${P}Move`),
        description: "With ?include=legalMoves: the mover's legal moves now; empty unless it must act again",
      },
    },
  };
}

/** An entry of the log as the event log and the record both show it. */
function logEntry(g: AnyGame): Record<string, unknown> {
  const P = pascal(g.id);
  return {
    version: { type: 'integer' },
    seat: { type: 'integer', minimum: 0 },
    bot: moveBot,
    move: {
      description: 'The move; while the game runs, a move hidden from this viewer shows only its type, or is null',
      anyOf: [
        ref(`${P}Move`),
        ref('TakebackMove'),
        { type: 'object', required: ['type'], properties: { type: { type: 'string' } }, additionalProperties: false },
        { type: 'null' },
      ],
    },
    undoable,
    undoneBy,
  };
}

/** `<Game>EventLog`: a page of the game's log, move by move. */
function eventLogAnswer(g: AnyGame): Record<string, unknown> {
  const P = pascal(g.id);
  return {
    type: 'object',
    description: `A page of a ${g.name} game's log, move by move`,
    additionalProperties: false,
    required: ['type', 'version', 'moves'],
    properties: {
      type: gameType(g),
      version: { type: 'integer' },
      moves: {
        type: 'array',
        items: closed(
          {
            ...logEntry(g),
            origin,
            at: { type: 'string', format: 'date-time' },
            events: { type: 'array', items: ref(`${P}Event`) },
            label: {
              type: 'string',
              description: 'With ?include=labels: the move in words for people, in the language of Accept-Language',
            },
          },
          ['version', 'seat', 'at', 'move', 'events'],
        ),
      },
    },
  };
}

/** `<Game>NewGame`: the request that creates a game. */
function newGameRequest(g: AnyGame): Record<string, unknown> {
  const P = pascal(g.id);
  return {
    type: 'object',
    description: `A new ${g.name} game`,
    additionalProperties: false,
    required: ['type', 'players'],
    properties: {
      type: gameType(g),
      players: { type: 'array', minItems: g.minPlayers, maxItems: g.maxPlayers, items: ref('PlayerEntry') },
      seed: {
        type: 'string',
        minLength: 1,
        maxLength: 128,
        description:
          'Seeds every random draw; random when absent. Whoever chooses it can foresee every hidden ' +
          'draw, so the game then says seedChosen: true to everyone; a server with CLIENT_SEEDS=off ' +
          'refuses it (403 SEED_NOT_ALLOWED). Revealed in the record once the game is over.',
      },
      options: ref(`${P}Options`),
      public: {
        type: 'boolean',
        description:
          'List the game in GET /lobby while it waits; otherwise it is reached only through its invitation code. Default: false.',
      },
      turnDeadlineSeconds: {
        type: 'integer',
        minimum: 1,
        maximum: 90 * 24 * 3600,
        description: 'Play by mail: seconds each seat has for each of its moves (1 s to 90 days); none: no deadlines',
      },
      timeoutAction: {
        ...timeoutAction,
        description:
          'When a seat\'s time runs out: "auto-move" (the stand-in bot, standInBot, plays for it, ' +
          'logged as played on timeout with the level), "resign" (the seat resigns) or "none" (only ' +
          'notify). Default: none. Needs turnDeadlineSeconds or timeControl.',
      },
      standInBot,
      standInAfterTimeouts: {
        type: 'integer',
        minimum: 1,
        maximum: 100,
        description:
          'Hand a seat to the stand-in bot (standInBot) after this many deadlines missed in a row; ' +
          "it then plays the seat's turns as they come (players[].standIn). Needs " +
          'turnDeadlineSeconds or timeControl. Absent: never.',
      },
      analysis: {
        type: 'boolean',
        description:
          'Let each seat analyse its positions while the game runs (GET /games/{id}/analysis); ' +
          'finished games can always be analysed. Default: false.',
      },
      timeControl: timeControlSchema,
      takebacks: {
        ...takebacks,
        description:
          "Which takebacks the game allows: none; own-turn (default: within one's own turn, when " +
          'nothing random was drawn nor hidden revealed); with-consent (also after the turn, when ' +
          'every other seated person accepts; a rated game allows that only so)',
      },
      spectators: { ...spectators, description: `${spectators.description}. Default: live.` },
      spectatorDelay: {
        ...spectatorDelay,
        description:
          `With spectators: delayed, how many versions behind spectators are (1 to ${SPECTATOR_DELAY_MAX}` +
          `; default ${SPECTATOR_DELAY_DEFAULT})`,
      },
      reveal: {
        ...reveal,
        description: `${reveal.description}. Turn it off to keep each seat's hidden information to itself after the end.`,
      },
      rated: {
        type: 'boolean',
        description:
          'Default: true when allowed: every seat a player identity ({ me: true } or { open: true ' +
          '}), no chosen seed, no bot, not imported; a game rated by default becomes unrated when ' +
          'someone joins it without a player token, while one created with rated: true admits player ' +
          'tokens only. true where not allowed: 400 INVALID_INPUT naming the reason (seed-chosen, ' +
          'seat-not-player).',
      },
    },
  };
}

/** `<Game>Record`: a game record (export and import). */
function gameRecord(g: AnyGame): Record<string, unknown> {
  const P = pascal(g.id);
  return {
    type: 'object',
    description: `A ${g.name} game record (export and import)`,
    additionalProperties: false,
    required: ['format', 'type', 'engineVersion', 'options', 'players', 'moves'],
    properties: {
      format: { type: 'string', const: 'citybuilder-record/1' },
      type: gameType(g),
      engineVersion: { type: 'integer' },
      options: ref(`${P}Options`),
      players: gameRecordSchema.properties.players,
      standInBot,
      seed: { type: 'string', minLength: 1, maxLength: 128, description: 'Present once the game is over' },
      status,
      version: { type: 'integer' },
      moves: {
        type: 'array',
        items: closed(
          {
            ...logEntry(g),
            origin: { ...origin, enum: ['seat', ...origin.enum] },
            ...recordChainFields.entry,
            events: gameRecordSchema.properties.moves.items.properties.events,
          },
          ['seat', 'move'],
        ),
      },
      outcome: { anyOf: [ref(`${P}Outcome`), { type: 'null' }] },
      ...recordChainFields.record,
    },
  };
}

/** The unions over all games of each answer, discriminated by the game `type`, and `AnyMove`. */
function unionsOverGames(games: AnyGame[]): Record<string, unknown> {
  const byType = (kind: string) => Object.fromEntries(games.map((g) => [g.id, `${pascal(g.id)}${kind}`]));
  return {
    Game: union('A game as the caller sees it, by game type', byType('Game')),
    LegalMoves: union("The moves the token's seat may make now, by game type", byType('LegalMoves')),
    MoveResult: union('What a move did, by game type', byType('MoveResult')),
    EventLog: union('A page of the event log, by game type', byType('EventLog')),
    NewGame: union('A new game, by game type', byType('NewGame')),
    Record: union('A game record, by game type', byType('Record')),
    AnyMove: {
      description: "A move of any game (each game's moves are discriminated by `type`)",
      anyOf: games.map((g) => ref(`${pascal(g.id)}Move`)),
    },
  };
}
