import type { TimeControl } from '../store/types.js';

/** The running turn deadlines of a game (play by mail). */
export type DeadlinesOf = (gameId: string) => Promise<{ seat: number; at: string }[]>;
/** Each seat's clock of a game with a time control (src/app/notify/clock.ts). */
export type ClocksOf = (
  gameId: string,
  control: TimeControl,
  status: string,
) => Promise<{ seat: number; remainingSeconds: number; running: boolean; deadline: string | null }[]>;

/** The game answer with its running deadlines and, with a time control, each seat's clock. */
export async function withClocks<G extends { id: string; status: string; timeControl?: TimeControl }>(
  g: G,
  deadlines: DeadlinesOf,
  clocks: ClocksOf,
) {
  if (!g.timeControl) return g;
  return {
    ...g,
    ...(g.status === 'active' ? { deadlines: await deadlines(g.id) } : {}),
    clocks: await clocks(g.id, g.timeControl, g.status),
  };
}
