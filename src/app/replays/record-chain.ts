/**
 * The hash chain of a game record (issue 35, "records anyone can verify"). Every log entry is bound
 * to the full state after it and to every entry before it:
 *
 *   setupHash   = canonicalHash(the state the seed and options set up)
 *   stateHash_v = canonicalHash(the full state after version v, hidden parts included)
 *   chain_0     = setupHash
 *   chain_v     = sha256hex(chain_{v-1} "\n" canonicalJson(entry_v) "\n" stateHash_v)
 *
 * where entry_v is { version, seat, origin, move, events, bot? }: the move as played (never a
 * viewer's cut-down copy) and the engine's events, in full. The server computes the chain on
 * export from the log and the replayed states (so records of games older than the chain get one
 * too); `citybuilder verify` computes it again from the record with the engines, offline. Only
 * hashes of hidden information leave the server; the states themselves never do.
 */
import { createHash } from 'node:crypto';
import { canonicalHash, canonicalJson, fold } from '../../engine/index.js';
import type { AnyGame, GameEvent, Json, Move, Seat } from '../../engine/index.js';
import type { BotLevel } from '../../engine/index.js';
import type { MoveOrigin } from '../../store/types.js';
import type { GameRecord } from '../service-types.js';

/** What the chain binds of one log entry. */
export interface ChainEntry {
  version: number;
  seat: Seat;
  origin?: MoveOrigin;
  move: Move | Json;
  events: readonly (GameEvent | Json)[];
  bot?: BotLevel;
}

/** The canonical JSON of an entry, as chained: origin written out ('seat' when absent). */
export function canonicalEntry(e: ChainEntry): string {
  return canonicalJson({
    version: e.version,
    seat: e.seat,
    origin: e.origin ?? 'seat',
    move: e.move,
    events: e.events,
    ...(e.bot ? { bot: e.bot } : {}),
  });
}

/** One link: the chain hash after an entry, from the one before it. */
export function chainLink(previous: string, entry: ChainEntry, stateHash: string): string {
  return createHash('sha256')
    .update(`${previous}\n${canonicalEntry(entry)}\n${stateHash}`)
    .digest('hex');
}

/** Each entry's state hash and chain hash, from the set-up state and the stored entries in order. */
export function chainOf(
  game: AnyGame,
  setup: unknown,
  entries: readonly ChainEntry[],
): { setupHash: string; links: { stateHash: string; chain: string }[] } {
  const setupHash = canonicalHash(setup);
  let state = setup;
  let chain = setupHash;
  const links = entries.map((e) => {
    state = fold(game, state, e.events as GameEvent[]);
    const stateHash = canonicalHash(state);
    chain = chainLink(chain, e, stateHash);
    return { stateHash, chain };
  });
  return { setupHash, links };
}

/**
 * A record as exported: the JSON record with the chain (`setupHash`, and each entry's `stateHash`
 * and `chain`; a finished game's entries carry their `events` in full too, which the chain binds),
 * and, once the HTTP layer signs it, its `signature` (record-signing.ts).
 */
export type ChainedRecord = Omit<GameRecord, 'moves'> & {
  setupHash: string;
  moves: (GameRecord['moves'][number] & { stateHash: string; chain: string; events?: Json[] })[];
};
