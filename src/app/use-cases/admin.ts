/**
 * The operator's use cases: every game listed newest activity first (filtered by status and type,
 * a page at a time), and a game deleted with its log. Both need the operator's token.
 */
import type { GameStatus } from '../../store/types.js';
import { decodeCursor, pageOf } from '../cursor.js';
import { AppError } from '../errors.js';
import { isUuid } from '../ids.js';
import { checkInt, INT_BOUNDS } from '../limits.js';
import { requireOperator } from './callers.js';
import type { GameCore } from './core.js';

export async function listGames(
  core: GameCore,
  token: string | undefined,
  filter: { status?: GameStatus; type?: string; limit?: number; before?: string },
) {
  requireOperator(core, token);
  const cursor = decodeCursor(filter.before);
  const before = cursor && { updatedAt: cursor.at, id: cursor.id };
  const limit = checkInt('listLimit', 'limit', filter.limit ?? INT_BOUNDS.listLimit.default);
  const rows = await core.store.listGames({ status: filter.status, type: filter.type, limit, before });
  return pageOf(
    rows,
    limit,
    (r) => r.updatedAt,
    (r) => ({
      id: r.id,
      type: r.type,
      version: r.version,
      status: r.status,
      toMove: r.toMove,
      players: r.seats.map((x) => ({ seat: x.seat, name: x.name, open: x.tokenHash === null, resigned: x.resignedAt != null })),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }),
  );
}

export async function deleteGame(core: GameCore, token: string | undefined, gameId: string): Promise<void> {
  requireOperator(core, token);
  await core.locks.run(gameId, async () => {
    if (!isUuid(gameId) || !(await core.store.deleteGame(gameId))) throw AppError.of('NOT_FOUND', 'NOT_FOUND.game', { id: gameId });
    core.sessions.forget(gameId);
  });
}
