/**
 * A new game: its type and options checked, its seed (the client's only where allowed), its seats
 * with fresh tokens (shown once, in the answer; none for open seats, one nobody sees for bots), its
 * time control, rating and takeback settings; stored, cached, its clocks started and bots woken.
 * `newGame` is shared with imports (imports.ts), which store a game with its history.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { resolveOptions } from '../../engine/index.js';
import type { AnyGame, BotLevel, Json } from '../../engine/index.js';
import type { GameRow, SeatRow, StoredMove } from '../../store/types.js';
import { AppError } from '../errors.js';
import type { CreatedSeat, SeatSpec } from '../lobby/seats.js';
import { standing } from '../lobby/standing.js';
import { ratedAtCreation } from '../ratings/rated.js';
import type { CreateGameInput } from '../service-types.js';
import { takebacksAtCreation } from '../takeback-log.js';
import { checkNames } from '../text.js';
import { timeControlOf } from '../time-control.js';
import { hashToken, newSeatToken } from '../tokens.js';
import type { GameCore } from './core.js';
import { spectatingAtCreation } from './spectating.js';

/** A bot seat's name when the creator gives none. */
const botName = (level: BotLevel): string => `Bot (${level})`;

export async function createGame(core: GameCore, input: CreateGameInput) {
  const game = core.registry.current(input.type);
  if (!game)
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.unknownGameType', {
      type: input.type,
      known: core.registry
        .list()
        .map((g) => g.id)
        .join(', '),
    });
  const resolved = resolveOptions(game, input.players.length, input.options);
  if (!resolved.ok) throw AppError.fromViolation(resolved.error, 'INVALID_INPUT');
  checkNames(input.players, input.seed);
  const seedChosen = input.seed !== undefined;
  if (seedChosen && core.opts.clientSeeds === false) throw AppError.of('SEED_NOT_ALLOWED', 'SEED_NOT_ALLOWED.create');
  const seed = input.seed ?? randomBytes(16).toString('hex');
  const state = game.setup({ players: input.players.length, options: resolved.value, seed });
  const timeControl = timeControlOf(input);
  // Analysis while the game runs is for unrated games only (docs/shapes.md).
  if (input.analysis && input.rated === true) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.analysisRated', { field: 'analysis' });
  const rated = input.analysis ? false : ratedAtCreation(input.players, seedChosen, input.rated);
  const created = newGame(game, input.players, resolved.value, seed, state, [], {
    public: input.public ?? false,
    inviteHash: input.inviteHash ?? null,
    creatorSeat: input.creatorSeat ?? null,
    seedChosen,
    turnDeadlineSeconds: input.turnDeadlineSeconds ?? null,
    timeControl,
    timeoutAction: timeControl ? (input.timeoutAction ?? 'none') : null,
    rated,
    ratedAsked: input.rated === true,
    standInBot: input.standInBot ?? null,
    standInAfterTimeouts: input.standInAfterTimeouts ?? null,
    analysis: input.analysis ?? false,
    takebacks: takebacksAtCreation(input.takebacks),
    ...spectatingAtCreation(input),
  });
  await core.store.createGame(created.row);
  core.sessions.remember(core.sessions.create({ ...created.row, createdAt: new Date(), updatedAt: new Date() }, game, state, 0));
  if (created.row.status === 'active' && timeControl) await core.started(created.row.id);
  core.wake(created.row.id);
  return created.answer;
}

/** A new game's header row with fresh seat tokens (none for open seats), and the answer that shows the tokens once. */
export function newGame(
  game: AnyGame,
  players: (SeatSpec & { resignedAt?: number | null })[],
  options: Record<string, Json>,
  seed: string,
  state: unknown,
  history: StoredMove[],
  lobby: Pick<
    GameRow,
    | 'public'
    | 'inviteHash'
    | 'creatorSeat'
    | 'seedChosen'
    | 'turnDeadlineSeconds'
    | 'timeoutAction'
    | 'timeControl'
    | 'rated'
    | 'ratedAsked'
    | 'standInBot'
    | 'standInAfterTimeouts'
    | 'analysis'
    | 'takebacks'
    | 'spectators'
    | 'spectatorDelay'
    | 'reveal'
  > = {},
) {
  // A bot seat holds the hash of a token nobody is ever shown: it is taken, and no one acts for it.
  const tokens = players.map((p) => ('open' in p ? null : newSeatToken()));
  const seats: SeatRow[] = players.map((p, seat) =>
    'open' in p
      ? { seat, name: '', tokenHash: null }
      : 'bot' in p
        ? { seat, name: p.name ?? botName(p.bot), tokenHash: hashToken(tokens[seat]!), bot: p.bot, resignedAt: p.resignedAt ?? null }
        : {
            seat,
            name: p.name,
            tokenHash: hashToken(tokens[seat]!),
            playerId: p.playerId ?? null,
            playerTokenHash: p.playerTokenHash ?? null,
            colour: p.colour ?? null,
            resignedAt: p.resignedAt ?? null,
          },
  );
  const row: Omit<GameRow, 'createdAt' | 'updatedAt'> = {
    id: randomUUID(),
    type: game.id,
    engineVersion: game.engineVersion,
    playerCount: players.length,
    options,
    seed,
    version: history.length,
    ...standing(game, state, seats, history.length),
    seats,
    ...lobby,
    seatsRev: 0,
  };
  const answer = {
    id: row.id,
    type: row.type,
    engineVersion: row.engineVersion,
    version: row.version,
    status: row.status,
    toMove: row.toMove,
    seedChosen: row.seedChosen ?? false,
    rated: row.rated ?? false,
    // An open seat has no name and no token (the type says token for the seats callers read it from).
    seats: seats.map((s) =>
      s.tokenHash === null
        ? { seat: s.seat, open: true }
        : s.bot
          ? { seat: s.seat, name: s.name, bot: s.bot }
          : { seat: s.seat, name: s.name, token: tokens[s.seat]!, ...(s.colour ? { colour: s.colour } : {}) },
    ) as CreatedSeat[],
  };
  return { row, answer };
}
