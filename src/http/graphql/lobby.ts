import { check, CreateGameBody, CreatePlayerBody, FillWithBotBody, InboxQuery, JoinBody, LobbyQuery } from '../../app/shapes.js';
import type { CreateInput } from '../../app/lobby/lobby.js';
import type { GameStatus, TimeControl } from '../../store/types.js';
import type { Ctx, Deps } from './context.js';
import { guard } from './errors.js';
import { checkArgs, present } from './inputs.js';

type PlayerInput = { name?: string | null; open?: boolean | null; me?: boolean | null; colour?: string | null; bot?: string | null };
type CreateGameInput = {
  type: string;
  players: PlayerInput[];
  seed?: string | null;
  options?: unknown;
  public?: boolean | null;
  turnDeadlineSeconds?: number | null;
  timeoutAction?: string | null;
  standInBot?: string | null;
  standInAfterTimeouts?: number | null;
  analysis?: boolean | null;
  timeControl?: TimeControl | null;
  rated?: boolean | null;
  takebacks?: string | null;
  spectators?: string | null;
  spectatorDelay?: number | null;
  reveal?: boolean | null;
};

/** Players and seats: creation, joining, leaving, bots in open seats, the lobby, the inbox, token reissue. */
export function lobbyResolvers({ layer }: Deps) {
  return {
    Query: {
      me: guard(async (_: unknown, __: unknown, ctx: Ctx) => layer().players.me(ctx.token)),
      lobby: guard(async (_: unknown, a: { type?: string | null; limit: number; before?: string | null }) =>
        layer().lobby.lobby(checkArgs(LobbyQuery, a)),
      ),
      myGames: guard(
        async (_: unknown, a: { status?: GameStatus | null; toMove?: boolean | null; limit: number; before?: string | null }, ctx: Ctx) =>
          layer().inbox.list(ctx.token, checkArgs(InboxQuery, a)),
      ),
    },
    Mutation: {
      // REST's POST /games body, checked by the same shape (a seat's shape, lengths, allowed values).
      createGame: guard(async (_: unknown, a: { input: CreateGameInput }, ctx: Ctx) => {
        const input = check(CreateGameBody, { ...present(a.input), players: a.input.players.map((p) => present(p)) }, 'input');
        return layer().lobby.createGame({ ...input, public: input.public ?? false } as CreateInput, ctx.token);
      }),
      createPlayer: guard(async (_: unknown, a: { name: string; email?: string | null }) =>
        layer().players.create(checkArgs(CreatePlayerBody, a)),
      ),
      joinGame: guard(
        async (
          _: unknown,
          a: { gameId: string; inviteCode?: string | null; name?: string | null; seat?: number | null; colour?: string | null },
          ctx: Ctx,
        ) => {
          const { gameId, ...body } = a;
          return layer().lobby.join(gameId, ctx.token, checkArgs(JoinBody, body));
        },
      ),
      fillSeatWithBot: guard(
        async (_: unknown, a: { gameId: string; bot: string; seat?: number | null; name?: string | null }, ctx: Ctx) => {
          const { gameId, ...body } = a;
          return layer().lobby.fillWithBot(gameId, ctx.token, checkArgs(FillWithBotBody, body));
        },
      ),
      leaveGame: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => (await layer().lobby.leave(a.gameId, ctx.token)).seat),
      cancelGame: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => {
        await layer().lobby.cancel(a.gameId, ctx.token);
        return true;
      }),
      reissueSeatToken: guard(async (_: unknown, a: { gameId: string; seat: number }, ctx: Ctx) =>
        layer().lobby.reissue(a.gameId, a.seat, ctx.token),
      ),
    },
  };
}
