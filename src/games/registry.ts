import type { AnyGame } from '../engine/index.js';

/**
 * The one place that lists the games the server hosts. Several engine versions of one game may be
 * registered: a game is always replayed by the engine version it was started with.
 */
export class GameRegistry {
  private readonly byId = new Map<string, AnyGame[]>();

  constructor(games: readonly AnyGame[]) {
    for (const g of games) {
      const list = this.byId.get(g.id) ?? [];
      if (list.some((x) => x.engineVersion === g.engineVersion)) throw new Error(`${g.id} v${g.engineVersion} registered twice`);
      list.push(g);
      list.sort((a, b) => b.engineVersion - a.engineVersion);
      this.byId.set(g.id, list);
    }
  }

  /** The newest engine of each game, for new games. */
  list(): AnyGame[] {
    return [...this.byId.values()].map((l) => l[0]!);
  }

  current(id: string): AnyGame | undefined {
    return this.byId.get(id)?.[0];
  }

  /** The engine a stored game was started with, if this server still has it. */
  version(id: string, engineVersion: number): AnyGame | undefined {
    return this.byId.get(id)?.find((g) => g.engineVersion === engineVersion);
  }

  versions(id: string): number[] {
    return (this.byId.get(id) ?? []).map((g) => g.engineVersion);
  }
}
