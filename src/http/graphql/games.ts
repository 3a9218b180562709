import type { Json } from '../../engine/index.js';
import type { GameStatus, TimeControl } from '../../store/types.js';
import { withLabels } from '../../app/board-picture.js';
import { loggedMoveLabel } from '../../board/index.js';
import type { Ctx, Deps } from './context.js';
import { guard } from './errors.js';
import { listedMoveId } from './move-input.js';

/** A view as its game's GraphQL type (the union GameView resolves by `__game`). */
export const typedView = (g: { type: string; view: object }) => ({ ...g.view, __game: g.type });

/** The games' reads: the game types, bots, a game and its fields, the operator's listing, log entries and move results. */
export function gameResolvers({ service, deadlines, clocks }: Deps) {
  const Game = {
    legalMoves: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => (await service.legalMoves(g.id, ctx.token)).moves),
    legalMoveNotations: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => (await service.legalMoves(g.id, ctx.token)).notations),
    legalMovesUndoable: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => (await service.legalMoves(g.id, ctx.token, { undoable: true })).undoable ?? []),
    legalMoveLabels: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => withLabels(service.registry, await service.legalMoves(g.id, ctx.token, { view: true }), ctx.lang ?? 'en').labels),
    events: guard(async (g: { id: string }, a: { after: number; limit: number }, ctx: Ctx) => {
      const log = await service.events(g.id, ctx.token, a.after, a.limit);
      return log.moves.map((m) => ({ ...m, __game: log.type }));
    }),
    replay: guard(async (g: { id: string }, a: { at: number }, ctx: Ctx) => service.replay(g.id, ctx.token, a.at)),
    record: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => service.record(g.id, ctx.token)),
    viewerSeat: (g: { viewer: { seat: number | null } }) => g.viewer.seat,
    deadlines: guard(async (g: { id: string; status: string; timeControl?: TimeControl }) => (g.timeControl && g.status === 'active' ? deadlines(g.id) : [])),
    clocks: guard(async (g: { id: string; status: string; timeControl?: TimeControl }) => (g.timeControl ? clocks(g.id, g.timeControl, g.status) : null)),
    typedView,
    typedLegalMoves: guard(async (g: { id: string; type: string }, _: unknown, ctx: Ctx) => {
      const legal = await service.legalMoves(g.id, ctx.token);
      return legal.moves.map((move) => ({ id: listedMoveId(legal.version, move), move: { ...(move as object), __game: legal.type } }));
    }),
  };
  return {
    Query: {
      gameTypes: () => service.gameTypes(),
      bots: () => service.botLevels(),
      game: guard(async (_: unknown, a: { id: string }, ctx: Ctx) => service.getGame(a.id, ctx.token)),
      games: guard(async (_: unknown, a: { status?: GameStatus; type?: string; limit: number; before?: string }, ctx: Ctx) => service.listGames(ctx.token, { ...a, before: a.before ?? undefined })),
    },
    Game,
    GameAt: { typedView },
    MoveEntry: {
      typedEvents: (m: { events: object[]; __game: string }) => m.events.map((e) => ({ ...e, __game: m.__game })),
      label: (m: { seat: number; move: Json | null; events: Json[]; __game: string }, _: unknown, ctx: Ctx) => loggedMoveLabel(m.__game, service.registry.plugin(m.__game)?.picture, m.move, m.seat, m.events, ctx.lang ?? 'en'),
    },
    MoveResult: { typedEvents: (r: { events: object[]; type: string }) => r.events.map((e) => ({ ...e, __game: r.type })) },
  };
}
