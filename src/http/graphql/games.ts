import type { GraphQLResolveInfo } from 'graphql';
import type { Json } from '../../engine/index.js';
import type { GameStatus, TimeControl } from '../../store/types.js';
import { withLabels } from '../../app/board-picture.js';
import { loggedMoveLabel } from '../../board/index.js';
import type { Ctx, Deps } from './context.js';
import { heldBack } from '../clocks.js';
import { guard } from './errors.js';
import { listedMoveId } from './move-input.js';
import { gameAtOneVersion, legalOf, selectedFields, type GameSnapshot } from './one-version.js';

type ClockedGame = { id: string; status: string; timeControl?: TimeControl; spectators?: string; viewer?: { seat: number | null } };

/** A view as its game's GraphQL type (the union GameView resolves by `__game`). */
export const typedView = (g: { type: string; view?: object | null }) => (g.view ? { ...g.view, __game: g.type } : null);

/** The games' reads: the game types, bots, a game and its fields, the operator's listing, log entries and move results. */
export function gameResolvers({ service, deadlines, clocks, recordKeys }: Deps) {
  const Game = {
    // From the one read of the query's game (gameAtOneVersion): every field at the game's version.
    legalMoves: guard(async (g: GameSnapshot) => legalOf(g).moves),
    legalMoveNotations: guard(async (g: GameSnapshot) => legalOf(g).notations),
    legalMovesUndoable: guard(async (g: GameSnapshot) => legalOf(g).undoable ?? []),
    legalMoveLabels: guard(
      async (g: GameSnapshot, _: unknown, ctx: Ctx) => withLabels(service.registry, legalOf(g), ctx.lang ?? 'en').labels,
    ),
    events: guard(async (g: { id: string }, a: { after: number; limit: number }, ctx: Ctx) => {
      const log = await service.events(g.id, ctx.token, a.after, a.limit);
      return log.moves.map((m) => ({ ...m, __game: log.type }));
    }),
    replay: guard(async (g: { id: string }, a: { at: number }, ctx: Ctx) => service.replay(g.id, ctx.token, a.at)),
    record: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => recordKeys.sign(await service.record(g.id, ctx.token))),
    viewerSeat: (g: { viewer: { seat: number | null } }) => g.viewer.seat,
    // Not for a spectator held behind the game (spectators delayed or hidden): they tell who must act now.
    deadlines: guard(async (g: ClockedGame) => (g.timeControl && g.status === 'active' && !heldBack(g) ? deadlines(g.id) : [])),
    clocks: guard(async (g: ClockedGame) => (g.timeControl && !heldBack(g) ? clocks(g.id, g.timeControl, g.status) : null)),
    typedView,
    typedLegalMoves: guard(async (g: GameSnapshot) => {
      const legal = legalOf(g);
      return legal.moves.map((move) => ({ id: listedMoveId(legal.version, move), move: { ...(move as object), __game: legal.type } }));
    }),
  };
  return {
    Query: {
      gameTypes: () => service.gameTypes(),
      bots: () => service.botLevels(),
      // Read once for the whole query: the fields it selects answer at one version.
      game: guard(async (_: unknown, a: { id: string }, ctx: Ctx, info: GraphQLResolveInfo) =>
        gameAtOneVersion(service, a.id, ctx.token, selectedFields(info)),
      ),
      games: guard(async (_: unknown, a: { status?: GameStatus; type?: string; limit: number; before?: string }, ctx: Ctx) =>
        service.listGames(ctx.token, { ...a, before: a.before ?? undefined }),
      ),
    },
    Game,
    GameAt: { typedView },
    MoveEntry: {
      typedEvents: (m: { events: object[]; __game: string }) => m.events.map((e) => ({ ...e, __game: m.__game })),
      label: (m: { seat: number; move: Json | null; events: Json[]; __game: string }, _: unknown, ctx: Ctx) =>
        loggedMoveLabel(m.__game, service.registry.plugin(m.__game)?.picture, m.move, m.seat, m.events, ctx.lang ?? 'en'),
    },
    MoveResult: { typedEvents: (r: { events: object[]; type: string }) => r.events.map((e) => ({ ...e, __game: r.type })) },
  };
}
