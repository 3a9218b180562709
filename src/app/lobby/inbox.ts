import type { GameStatus } from '../../store/types.js';
import type { LobbyStore } from '../../store/lobby-store.js';
import type { PlayerService } from '../players.js';
import { decodeCursor, pageOf } from '../cursor.js';

/**
 * A player's games in one list, newest activity first: for each, the player's seat, the game's
 * version, status and seats to move, whether it is the player's turn, and when the last move was.
 */
export class Inbox {
  constructor(
    private readonly players: PlayerService,
    private readonly store: LobbyStore,
  ) {}

  async list(token: string | undefined, f: { status?: GameStatus; toMove?: boolean; limit?: number; before?: string }) {
    const player = await this.players.require(token);
    const limit = f.limit ?? 50;
    const rows = await this.store.inbox(player.id, { status: f.status, toMove: f.toMove, limit, before: decodeCursor(f.before) });
    return pageOf(
      rows,
      limit,
      (r) => r.updatedAt,
      (r) => ({
        id: r.id,
        type: r.type,
        seat: r.seat,
        version: r.version,
        status: r.status,
        toMove: r.toMove,
        isMyTurn: r.status === 'active' && !r.resigned && r.toMove.includes(r.seat),
        resigned: r.resigned,
        lastMoveAt: r.lastMoveAt?.toISOString() ?? null,
        updatedAt: r.updatedAt.toISOString(),
      }),
    );
  }
}
