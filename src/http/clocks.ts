import type { TimeControl } from '../store/types.js';

/** The running turn deadlines of a game (play by mail). */
export type DeadlinesOf = (gameId: string) => Promise<{ seat: number; at: string }[]>;
/** Each seat's clock of a game with a time control (src/app/notify/clock.ts). */
export type ClocksOf = (
  gameId: string,
  control: TimeControl,
  status: string,
) => Promise<{ seat: number; remainingSeconds: number; running: boolean; deadline: string | null }[]>;

/**
 * A spectator held behind a running game (spectators delayed or hidden: src/app/use-cases/spectating.ts):
 * its answer is of an earlier version, so the clocks of now, which tell who must act, are left out.
 */
export const heldBack = (g: { status: string; spectators?: string; viewer?: { seat: number | null } }): boolean =>
  g.status === 'active' && g.viewer?.seat === null && (g.spectators ?? 'live') !== 'live';

/** The game answer with its running deadlines and, with a time control, each seat's clock (none for a spectator held back). */
export async function withClocks<
  G extends { id: string; status: string; timeControl?: TimeControl; spectators?: string; viewer?: { seat: number | null } },
>(g: G, deadlines: DeadlinesOf, clocks: ClocksOf) {
  if (!g.timeControl || heldBack(g)) return g;
  return {
    ...g,
    ...(g.status === 'active' ? { deadlines: await deadlines(g.id) } : {}),
    clocks: await clocks(g.id, g.timeControl, g.status),
  };
}
