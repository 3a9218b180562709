import type { AnyGame } from '../engine/index.js';
import { asPlugin, type GamePlugin } from './plugin.js';

/**
 * The one place that lists the games the server hosts, as plug-ins (plugin.ts): the engine and
 * what goes with it (bot, picture, seat choices, test helpers). Several engine versions of one game
 * may be registered: a game is always replayed by the engine version it was started with. A bare
 * engine is accepted as a plug-in with nothing but its rules.
 */
export class GameRegistry {
  private readonly byId = new Map<string, GamePlugin[]>();

  constructor(games: readonly (AnyGame | GamePlugin)[]) {
    for (const p of games.map(asPlugin)) {
      const g = p.engine;
      const list = this.byId.get(g.id) ?? [];
      if (list.some((x) => x.engine.engineVersion === g.engineVersion)) throw new Error(`${g.id} v${g.engineVersion} registered twice`);
      list.push(p);
      list.sort((a, b) => b.engine.engineVersion - a.engine.engineVersion);
      this.byId.set(g.id, list);
    }
  }

  /** The newest engine of each game, for new games. */
  list(): AnyGame[] {
    return this.plugins().map((p) => p.engine);
  }

  /** The newest plug-in of each game. */
  plugins(): GamePlugin[] {
    return [...this.byId.values()].map((l) => l[0]!);
  }

  /** Every registered plug-in, each engine version of each game. */
  all(): GamePlugin[] {
    return [...this.byId.values()].flat();
  }

  current(id: string): AnyGame | undefined {
    return this.byId.get(id)?.[0]?.engine;
  }

  /** The engine a stored game was started with, if this server still has it. */
  version(id: string, engineVersion: number): AnyGame | undefined {
    return this.byId.get(id)?.find((p) => p.engine.engineVersion === engineVersion)?.engine;
  }

  /** A game's plug-in: of `engineVersion` when given, else the newest. */
  plugin(id: string, engineVersion?: number): GamePlugin | undefined {
    const list = this.byId.get(id);
    return engineVersion === undefined ? list?.[0] : list?.find((p) => p.engine.engineVersion === engineVersion);
  }

  versions(id: string): number[] {
    return (this.byId.get(id) ?? []).map((p) => p.engine.engineVersion);
  }
}
