import { AppError } from '../../app/errors.js';
import { LeaderboardQuery } from '../../app/shapes.js';
import type { Ctx, Deps } from './context.js';
import { checkArgs } from './inputs.js';
import { guard } from './errors.js';

/** A player's and a seat's settings, ratings, profile, leaderboards, expected chances, whole-game analysis. */
export function playerResolvers({ service, layer, notices, rated, analysed }: Deps) {
  return {
    Query: {
      seatNotifications: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => notices().getSeatSettings(a.gameId, ctx.token)),
      myNotifications: guard(async (_: unknown, __: unknown, ctx: Ctx) => notices().getPlayerSettings(ctx.token)),
      mySettings: guard(async (_: unknown, __: unknown, ctx: Ctx) => {
        const d = notices().digests;
        if (!d) throw AppError.of('UNAVAILABLE', 'UNAVAILABLE.playerSettings');
        return d.get(ctx.token);
      }),
      playerRatings: guard(async (_: unknown, a: { playerId: string }) => rated().ofPlayer(a.playerId)),
      playerProfile: guard(async (_: unknown, a: { playerId: string }) => layer().players.profile(a.playerId)),
      leaderboard: guard(async (_: unknown, a: { gameType: string; limit: number; after?: string | null }) => {
        const { limit, after } = checkArgs(LeaderboardQuery, { limit: a.limit, after: a.after });
        return rated().leaderboard(a.gameType, limit ?? a.limit, after);
      }),
      expectedChances: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => rated().chances(service, a.gameId, ctx.token)),
      gameRating: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => rated().ofGame(service, a.gameId, ctx.token)),
      wholeAnalysis: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => analysed().get(a.gameId, ctx.token)),
    },
    Mutation: {
      analyseWholeGame: guard(
        async (_: unknown, a: { gameId: string; iterations?: number | null }, ctx: Ctx) =>
          (
            await analysed().request(
              a.gameId,
              ctx.token,
              a.iterations ?? undefined,
              (ctx as { reply?: { request: { ip: string } } }).reply?.request.ip,
            )
          ).analysis,
      ),
    },
  };
}
