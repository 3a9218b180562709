import { Repeater } from '@repeaterjs/repeater';
import type { Json, Outcome, Seat } from '../engine/index.js';
import type { GameStatus } from '../store/types.js';
import { AppError } from './errors.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** How soon a watcher reads the log again after the database failed it. */
const RETRY_READ_MS = 500;
import type { GamePort } from './game-port.js';

/**
 * What a watcher is woken with. It carries no game data: the watcher reads what it has not seen
 * from the store, so a notice lost, merged or repeated costs nothing but a wake-up; a `resync`
 * (the notification connection was lost, notices may be missing) makes it look at the log.
 */
export interface Notice {
  /** The version committed; 0 for notices that are not moves. */
  version: number;
  /** The game's seats changed (a join, a leave, a reissued token): read the game again. */
  seats?: true;
  /** Notices may have been missed: catch up from the log. */
  resync?: true;
}

/** The fan-out port: notices about a game from every server process (src/http/fanout.ts). */
export interface Fanout {
  /** Calls `listener` with each notice about the game; resolves once listening. */
  subscribe(gameId: string, listener: (n: Notice) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** One accepted move as a live watcher receives it: the move, its events and the view right after it. */
export interface LiveMove {
  version: number;
  seat: Seat;
  at: string;
  /** The move, or null while it is hidden from this viewer. */
  move: Json | null;
  /** What the move caused, as this viewer may read it. */
  events: Json[];
  status: GameStatus;
  toMove: Seat[];
  outcome: Outcome | null;
  /** The viewer's view of the game right after this move. */
  view: Json;
}

type GameAnswer = Awaited<ReturnType<GamePort['getGame']>>;

/** What a watcher receives, in order: the game (unless resuming), each move once, `end` when over. */
export type LiveUpdate =
  | { kind: 'game'; game: GameAnswer; resumed: boolean }
  | { kind: 'move'; move: LiveMove }
  | { kind: 'seats'; game: GameAnswer }
  | { kind: 'end'; version: number };

/**
 * The one live loop, shared by the SSE stream and the GraphQL subscription. The game and the token
 * are checked first (the first `next()` rejects with the AppError, or gives the game as the caller
 * sees it, `resumed` when the watcher resumes `after` a version), then every move after it once and in version order
 * with the caller's view right after it, `seats` when the seats changed (a join may start the game),
 * and `end` once the game is over and everything was sent. It listens before it reads, and every
 * notice (or resync) makes it read the log from the last version it sent, so a move committed on any
 * process, even while notices were lost, is sent exactly once. While the database cannot be read
 * it keeps trying; a token revoked meanwhile ends it with UNAUTHORIZED at the next notice.
 * `return()` stops it at once.
 */
export function liveUpdates(
  service: GamePort,
  fanout: Fanout,
  gameId: string,
  token: string | undefined,
  after?: number,
): Repeater<LiveUpdate> {
  return new Repeater<LiveUpdate>(async (push, stop) => {
    const first = await service.getGame(gameId, token);
    if (after !== undefined && after > first.version) {
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.resumeAhead', { after, version: first.version });
    }
    let seen = after ?? first.version;
    let seatsChanged = false;
    let pump = Promise.resolve();
    const catchUp = async () => {
      for (;;) {
        if (seatsChanged) {
          seatsChanged = false;
          await push({ kind: 'seats', game: await service.getGame(gameId, token) });
        }
        const { version, moves, status } = await service.movesSince(gameId, token, seen);
        for (const m of moves) {
          await push({ kind: 'move', move: m });
          seen = m.version;
        }
        if (seen >= version) {
          if (status === 'finished') {
            await push({ kind: 'end', version: seen });
            stop();
          }
          return;
        }
      }
    };
    let retry: NodeJS.Timeout | undefined;
    const wake = () => {
      pump = pump.then(catchUp).catch((err: unknown) => {
        // The database is down or too slow: the watcher stays and reads again shortly.
        if (isDatabaseUnavailable(err) || (err instanceof AppError && err.code === 'UNAVAILABLE')) retry = setTimeout(wake, RETRY_READ_MS);
        else stop(err);
      });
    };
    void stop.then(() => clearTimeout(retry));
    const unsubscribe = await fanout.subscribe(gameId, (n) => {
      if (n.seats) seatsChanged = true;
      if (n.seats || n.resync || n.version > seen) wake();
    });
    void stop.then(unsubscribe);
    await push({ kind: 'game', game: first, resumed: after !== undefined });
    wake();
    await stop;
  });
}
