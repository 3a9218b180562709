import { AppError } from '../../app/errors.js';
import type { PlayerEntry } from '../../app/lobby/lobby.js';
import type { GameStatus, TimeControl } from '../../store/types.js';
import { pageLimit, type Ctx, type Deps } from './context.js';
import { guard } from './errors.js';
import { EMAIL, text, turnClock } from './inputs.js';

type PlayerInput = { name?: string | null; open?: boolean | null; me?: boolean | null; colour?: string | null; bot?: string | null };
type CreateGameInput = { type: string; players: PlayerInput[]; seed?: string | null; options?: unknown; public?: boolean | null; turnDeadlineSeconds?: number | null; timeoutAction?: string | null; standInBot?: string | null; standInAfterTimeouts?: number | null; analysis?: boolean | null; timeControl?: TimeControl | null; rated?: boolean | null; takebacks?: string | null };

/** Players and seats: creation, joining, leaving, bots in open seats, the lobby, the inbox, token reissue. */
export function lobbyResolvers({ layer }: Deps) {
  return {
    Query: {
      me: guard(async (_: unknown, __: unknown, ctx: Ctx) => layer().players.me(ctx.token)),
      lobby: guard(async (_: unknown, a: { type?: string | null; limit: number; before?: string | null }) => {
        pageLimit(a.limit, 100);
        return layer().lobby.lobby({ type: a.type ?? undefined, limit: a.limit, before: a.before ?? undefined });
      }),
      myGames: guard(async (_: unknown, a: { status?: GameStatus | null; toMove?: boolean | null; limit: number; before?: string | null }, ctx: Ctx) => {
        pageLimit(a.limit, 200);
        return layer().inbox.list(ctx.token, { status: a.status ?? undefined, toMove: a.toMove ?? undefined, limit: a.limit, before: a.before ?? undefined });
      }),
    },
    Mutation: {
      createGame: guard(async (_: unknown, a: { input: CreateGameInput }, ctx: Ctx) => {
        const { players, seed } = a.input;
        if (players.length < 1 || players.length > 64) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlPlayers');
        const entries = players.map((p, i) => {
          if (p.open === false || p.me === false) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlOpenMe', { i });
          const e = Object.fromEntries(Object.entries({ name: text(p.name, 'playerName', 64), open: p.open ?? undefined, me: p.me ?? undefined, colour: text(p.colour, 'colour', 32), bot: p.bot ?? undefined }).filter(([, v]) => v !== undefined));
          return e as PlayerEntry;
        });
        text(seed, 'seed', 128);
        const clock = turnClock(a.input.turnDeadlineSeconds, a.input.timeoutAction, a.input.timeControl);
        return layer().lobby.createGame({ type: a.input.type, players: entries, seed: seed ?? undefined, options: a.input.options ?? undefined, public: a.input.public ?? false, ...clock, ...(a.input.rated != null ? { rated: a.input.rated } : {}), ...(a.input.standInBot != null ? { standInBot: a.input.standInBot } : {}), ...(a.input.standInAfterTimeouts != null ? { standInAfterTimeouts: a.input.standInAfterTimeouts } : {}), ...(a.input.analysis != null ? { analysis: a.input.analysis } : {}), ...(a.input.takebacks != null ? { takebacks: a.input.takebacks } : {}) }, ctx.token);
      }),
      createPlayer: guard(async (_: unknown, a: { name: string; email?: string | null }) => {
        text(a.name, 'playerName', 64);
        if (a.email != null && (a.email.length > 254 || !EMAIL.test(a.email))) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlEmail');
        return layer().players.create({ name: a.name, email: a.email ?? undefined });
      }),
      joinGame: guard(async (_: unknown, a: { gameId: string; inviteCode?: string | null; name?: string | null; seat?: number | null; colour?: string | null }, ctx: Ctx) => {
        if (a.seat != null && a.seat < 0) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlSeat');
        text(a.inviteCode, 'inviteCode', 128);
        return layer().lobby.join(a.gameId, ctx.token, { inviteCode: a.inviteCode ?? undefined, name: text(a.name, 'playerName', 64), seat: a.seat ?? undefined, colour: text(a.colour, 'colour', 32) });
      }),
      fillSeatWithBot: guard(async (_: unknown, a: { gameId: string; bot: string; seat?: number | null; name?: string | null }, ctx: Ctx) => {
        if (a.seat != null && a.seat < 0) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlSeat');
        return layer().lobby.fillWithBot(a.gameId, ctx.token, { bot: a.bot, seat: a.seat ?? undefined, name: text(a.name, 'botName', 64) });
      }),
      leaveGame: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => (await layer().lobby.leave(a.gameId, ctx.token)).seat),
      cancelGame: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => {
        await layer().lobby.cancel(a.gameId, ctx.token);
        return true;
      }),
      reissueSeatToken: guard(async (_: unknown, a: { gameId: string; seat: number }, ctx: Ctx) => layer().lobby.reissue(a.gameId, a.seat, ctx.token)),
    },
  };
}
