import { Type } from '@sinclair/typebox';
import { IdempotencyKey, NotationText, Version } from '../../app/shapes.js';
import type { GameRecord } from '../../app/game-service.js';
import type { Ctx, Deps } from './context.js';
import { guard } from './errors.js';
import { fromListedMoveId, moveFromInput } from './move-input.js';
import { checkArgs } from './inputs.js';

/** A move's arguments besides the move: REST's notation, expectedVersion and Idempotency-Key shapes. */
const MoveArgs = Type.Object({ notation: NotationText, expectedVersion: Version, idempotencyKey: IdempotencyKey });

/** What changes a game's log: moves (typed, in notation, listed), resignation, takebacks, imports, deletion. */
export function moveResolvers({ service, takebacks, layer }: Deps) {
  return {
    Mutation: {
      submitMove: guard(
        async (
          _: unknown,
          a: {
            gameId: string;
            move: Record<string, Record<string, unknown>>;
            expectedVersion?: number | null;
            idempotencyKey?: string | null;
          },
          ctx: Ctx,
        ) => {
          checkArgs(MoveArgs, { expectedVersion: a.expectedVersion, idempotencyKey: a.idempotencyKey });
          const summary = await service.getGame(a.gameId, ctx.token);
          const game = service.registry.version(summary.type, summary.engineVersion)!;
          return service.submitMove(a.gameId, ctx.token, moveFromInput(game, a.move), {
            expectedVersion: a.expectedVersion ?? undefined,
            idempotencyKey: a.idempotencyKey ?? undefined,
          });
        },
      ),
      submitNotation: guard(
        async (
          _: unknown,
          a: { gameId: string; notation: string; expectedVersion?: number | null; idempotencyKey?: string | null },
          ctx: Ctx,
        ) => {
          checkArgs(MoveArgs, a);
          return service.submitMove(a.gameId, ctx.token, undefined, {
            notation: a.notation,
            expectedVersion: a.expectedVersion ?? undefined,
            idempotencyKey: a.idempotencyKey ?? undefined,
          });
        },
      ),
      submitListedMove: guard(async (_: unknown, a: { gameId: string; moveId: string; idempotencyKey?: string | null }, ctx: Ctx) => {
        checkArgs(MoveArgs, { idempotencyKey: a.idempotencyKey });
        const { version, move } = fromListedMoveId(a.moveId);
        return service.submitMove(a.gameId, ctx.token, move, { expectedVersion: version, idempotencyKey: a.idempotencyKey ?? undefined });
      }),
      resign: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => layer().resignation.resign(a.gameId, ctx.token)),
      takeback: guard(async (_: unknown, a: { gameId: string; undo?: number | null; idempotencyKey?: string | null }, ctx: Ctx) => {
        checkArgs(MoveArgs, { idempotencyKey: a.idempotencyKey });
        return takebacks.takeback(a.gameId, ctx.token, a.undo ?? undefined, a.idempotencyKey ?? undefined);
      }),
      acceptTakeback: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => takebacks.accept(a.gameId, ctx.token)),
      declineTakeback: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => takebacks.decline(a.gameId, ctx.token)),
      // The service checks the record's shape: the same schema and validator as REST's import.
      importRecord: guard(async (_: unknown, a: { record: GameRecord }) => service.importRecord(a.record)),
      deleteGame: guard(async (_: unknown, a: { id: string }, ctx: Ctx) => {
        await service.deleteGame(ctx.token, a.id);
        return true;
      }),
    },
  };
}
