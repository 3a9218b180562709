/**
 * The text record's format, shared by its writer (text-record.ts) and its reader
 * (text-record-read.ts). Text records: a game record people can read, mail and paste, in the
 * manner of chess's PGN (chessops src/pgn.ts). Format `citybuilder-text/1`:
 *
 *   [Format "citybuilder-text/1"]          headers: one per line, values as JSON strings
 *   [Game "town-center"]
 *   [EngineVersion "1"]
 *   [Options "{\"boardSide\":\"A\"}"]       the options, as JSON
 *   [Seat0 "Ann"]                           one header per seat, in seat order
 *   [Seat1 "Bob"]
 *   [Seat1Bot "ismcts"]                     a seat played by a bot: its level
 *   [StandInBot "ismcts"]                   the level playing resigned and timed-out seats (absent: greedy)
 *   [Seed "a1b2"]                           only once the game is over
 *   [Created "2026-11-26T09:00:00.000Z"]    dates: informative, not imported
 *   [LastMove "2026-11-26T09:40:00.000Z"]
 *   [Status "finished"]
 *   [Result "35:30"]                        scores by seat, or * while the game runs
 *
 *   1. 0: hall c3                           <version>. <seat>: <move in notation>
 *   2. 1: hall b2
 *   17. 2: {hidden}                         a move this reader may not see yet
 *   30. 1: pass {resigned}                  a move not made by the seat itself: {resigned} played
 *   31. 1: {resign}                         for a resigned seat, {timeout} on a deadline; {resign}
 *   32. 3: hall a1 {bot ismcts}             is the resignation itself; {bot <level>}: a bot seat's
 *   33. 1: pass {resigned greedy}           move; a bot that played names its level after the origin.
 *   34. 0: ~~build c4~~                     a move a later takeback undid: struck through (informative)
 *   35. 0: {takeback 34}                    a takeback: it undoes the seat's entries from 34 on
 *   36. 1: hall b2 !?                       a mark after the move: ! ? !! ?? !? ?!
 *   {the tower gets its elevator sooner}    a comment on the move above it
 *   (hall d4 ! {keeps the suburb open})     an alternative: another move of that seat there,
 *                                           checked legal; with its own mark and comment
 *   35:30                                   Then the result again.
 *
 * Blank lines are ignored; a {comment} line before the first move too (annotations: replays/annotations.ts). Moves are written in
 * the state they
 * were made from, so reading a text record replays the game: a record is checked move by move,
 * and an error names its line.
 */
import type { Outcome } from '../engine/index.js';
import { OTHER_ORIGINS, type MoveOrigin } from '../store/types.js';
import type { GameRecord } from './service-types.js';
import type { Annotated } from './replays/annotations.js';

export const TEXT_RECORD_FORMAT = 'citybuilder-text/1';

/** Who made a logged move when it is not the seat itself (store/types.ts has the one list). */
export const ORIGINS = OTHER_ORIGINS;
export type Origin = MoveOrigin;

/** A record move as read from text: the JSON record's entry, with its origin when not the seat's. */
export type RecordMove = GameRecord['moves'][number] & { origin?: Origin } & Annotated;
export type AnyRecord = Omit<GameRecord, 'moves'> & { moves: RecordMove[] };

export interface TextRecordDates {
  createdAt?: Date | null;
  lastMoveAt?: Date | null;
}

/** The result line and header: scores by seat, or * while the game runs. */
export const resultOf = (outcome: Outcome | null | undefined) => (outcome ? outcome.scores.join(':') : '*');
