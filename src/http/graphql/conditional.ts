import { ConditionalBody } from '../../app/shapes.js';
import type { Ctx, Deps } from './context.js';
import { guard } from './errors.js';
import { checkArgs } from './inputs.js';

/** A seat's conditional lines (src/app/conditional-moves.ts), as REST's /games/{id}/seats/me/conditional-moves. */
export function conditionalResolvers({ lines }: Deps) {
  return {
    Query: {
      conditionalMoves: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => lines().get(a.gameId, ctx.token, 'me')),
    },
    Mutation: {
      setConditionalMoves: guard(async (_: unknown, a: { gameId: string; lines: { after: string[]; play: string }[] }, ctx: Ctx) => {
        const body = checkArgs(ConditionalBody, { lines: a.lines });
        return lines().put(a.gameId, ctx.token, 'me', { lines: body.lines ?? [] });
      }),
      clearConditionalMoves: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => lines().clear(a.gameId, ctx.token, 'me')),
    },
  };
}
