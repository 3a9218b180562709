import type { Json, Seat } from '../engine/index.js';
import type { AppendCommand, AppendResult, GameRow, GameStore, IdempotentMove, ListFilter, StoredMove, TakebackRequest } from './types.js';

interface Entry {
  row: GameRow;
  moves: StoredMove[];
  responses: Map<string, IdempotentMove>;
  snapshots: { version: number; state: Json; hash: string }[];
}

const clone = <T>(v: T): T => structuredClone(v);

/** The event store in memory, with the same guarantees as the Postgres one: for fast unit tests. */
export class MemoryGameStore implements GameStore {
  private games = new Map<string, Entry>();

  async createGame(game: Omit<GameRow, 'createdAt' | 'updatedAt'>, history: StoredMove[] = []): Promise<void> {
    if (this.games.has(game.id)) throw new Error(`game ${game.id} exists`);
    const now = new Date();
    this.games.set(game.id, {
      row: clone({ ...game, createdAt: now, updatedAt: now }),
      moves: clone(history),
      responses: new Map(),
      snapshots: [],
    });
  }

  async getGame(id: string): Promise<GameRow | null> {
    const e = this.games.get(id);
    return e ? clone(e.row) : null;
  }

  async getVersion(id: string): Promise<number | null> {
    return this.games.get(id)?.row.version ?? null;
  }

  async getStamp(id: string): Promise<{ version: number; seatsRev: number } | null> {
    const e = this.games.get(id);
    return e ? { version: e.row.version, seatsRev: e.row.seatsRev ?? 0 } : null;
  }

  async readMoves(id: string, after: number, upTo = Number.MAX_SAFE_INTEGER): Promise<StoredMove[]> {
    const e = this.games.get(id);
    if (!e) return [];
    return clone(e.moves.filter((m) => m.version > after && m.version <= upTo)).map((m) => {
      const hash = e.snapshots.find((x) => x.version === m.version)?.hash;
      return hash ? { ...m, stateHash: hash } : m;
    });
  }

  async latestSnapshot(id: string, atMost: number): Promise<{ version: number; state: Json } | null> {
    const snaps = (this.games.get(id)?.snapshots ?? []).filter((s) => s.version <= atMost);
    const last = snaps.at(-1);
    return last ? clone({ version: last.version, state: last.state }) : null;
  }

  async append(cmd: AppendCommand): Promise<AppendResult> {
    const e = this.games.get(cmd.gameId);
    if (!e || e.row.version !== cmd.expectedVersion) return { kind: 'conflict' };
    if (cmd.seatsRev !== undefined && cmd.seatsRev !== (e.row.seatsRev ?? 0)) return { kind: 'conflict' };
    if (cmd.idempotencyKey !== null) {
      const prior = e.responses.get(`${cmd.seat}:${cmd.idempotencyKey}`);
      if (prior !== undefined) return { kind: 'duplicate', ...clone(prior) };
      e.responses.set(`${cmd.seat}:${cmd.idempotencyKey}`, clone({ move: cmd.move, response: cmd.response }));
    }
    const version = cmd.expectedVersion + 1;
    e.moves.push(
      clone({
        version,
        seat: cmd.seat,
        move: cmd.move,
        events: cmd.events,
        createdAt: new Date(),
        ...(cmd.origin && cmd.origin !== 'seat' ? { origin: cmd.origin } : {}),
        ...(cmd.bot ? { bot: cmd.bot } : {}),
      }),
    );
    e.row = { ...e.row, version, status: cmd.status, toMove: [...cmd.toMove], outcome: clone(cmd.outcome), updatedAt: new Date() };
    if (cmd.origin === 'resign') {
      e.row.seats = e.row.seats.map((x) => (x.seat === cmd.seat ? { ...x, resignedAt: version } : x));
      e.row.seatsRev = (e.row.seatsRev ?? 0) + 1;
    }
    if (cmd.snapshot !== null) e.snapshots.push({ version, state: clone(cmd.snapshot.state), hash: cmd.snapshot.hash });
    return { kind: 'appended', outbox: [] }; // no notification channels in memory
  }

  async takebackEntries(id: string): Promise<{ version: number; undo: number }[]> {
    return (this.games.get(id)?.moves ?? [])
      .filter((m) => m.origin === 'takeback')
      .map((m) => ({ version: m.version, undo: (m.move as { undo?: number }).undo ?? 0 }));
  }

  async setTakebackRequest(id: string, expected: { version: number; seatsRev: number }, request: TakebackRequest | null): Promise<boolean> {
    const e = this.games.get(id);
    if (!e || e.row.version !== expected.version || (e.row.seatsRev ?? 0) !== expected.seatsRev) return false;
    e.row = { ...e.row, takebackRequest: clone(request), seatsRev: expected.seatsRev + 1 };
    return true;
  }

  async findIdempotent(id: string, seat: Seat, key: string): Promise<IdempotentMove | null> {
    const r = this.games.get(id)?.responses.get(`${seat}:${key}`);
    return r === undefined ? null : clone(r);
  }

  async listGames(f: ListFilter): Promise<GameRow[]> {
    return [...this.games.values()]
      .map((e) => e.row)
      .filter((r) => (!f.status || r.status === f.status) && (!f.type || r.type === f.type))
      .filter((r) => !f.before || r.updatedAt < f.before.updatedAt || (+r.updatedAt === +f.before.updatedAt && r.id < f.before.id))
      .sort((a, b) => +b.updatedAt - +a.updatedAt || (a.id < b.id ? 1 : -1))
      .slice(0, f.limit)
      .map(clone);
  }

  async deleteGame(id: string): Promise<boolean> {
    return this.games.delete(id);
  }

  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}
