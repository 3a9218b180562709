import type { Ctx, Deps } from './context.js';
import { guard } from './errors.js';
import { present } from './inputs.js';

/** Tournaments: the same calls as REST's /tournaments routes. */
export function tournamentResolvers({ tourneys }: Deps) {
  return {
    Query: {
      tournament: guard(async (_: unknown, a: { id: string }) => tourneys().get(a.id)),
    },
    Mutation: {
      // The body is checked by the service with REST's shape (CreateTournamentBody).
      createTournament: guard(async (_: unknown, a: { input: Record<string, unknown> }, ctx: Ctx) =>
        tourneys().create(present(a.input), ctx.token),
      ),
      joinTournament: guard(async (_: unknown, a: { id: string }, ctx: Ctx) => tourneys().join(a.id, ctx.token)),
      startTournament: guard(async (_: unknown, a: { id: string }, ctx: Ctx) => tourneys().startNow(a.id, ctx.token)),
    },
  };
}
