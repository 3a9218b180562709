/**
 * The command `conditional-move` (issue 34 item 2; src/app/conditional-moves.ts sets the lines and
 * sends this command after every commit): a seat's conditional lines judged against the log at
 * `version`, and the answer of the one line that matches played for it (origin `conditional`).
 *
 * What it guarantees:
 * - A line matches when its expected moves are exactly the entries the other seats made since the
 *   lines were set (entries in effect: undone ones left out), each compared as this seat reads it
 *   in its log: the move's notation when the seat may see the move, `{hidden}` when it may not.
 *   Nothing the seat may not see takes part in the comparison, so a match tells it nothing new.
 * - The answer is played only when the seat is to move at `version`, through the same checks as a
 *   move the seat sends itself (`checkPlayable`, the engine's `decide`): a line never makes a move
 *   the seat could not make. An answer illegal then is dropped, never played.
 * - Lines that can no longer match are dropped (the answer says which and why; the caller removes
 *   them and tells the seat): a move that differs from a line's, the seat coming to move with no
 *   line matching exactly, a takeback undoing an entry at or before the version the lines were set
 *   at. Lines are consumed by any entry of the seat's own after they were set (this decider's, or
 *   one the seat made itself): stale lines never play, even if their removal was lost.
 * - Decided at `version` only: at any other version the command does nothing (the commit that
 *   moved the game on sends its own).
 */
import { applyMove, canonicalJson, fold, formatMove, liveEntries, normalise, parseMove } from '../../engine/index.js';
import type { Move, Seat } from '../../engine/index.js';
import type { StoredLine } from '../../store/conditional-store.js';
import type { StoredMove } from '../../store/types.js';
import { resignedBy } from '../lobby/standing.js';
import type { Session } from '../service-types.js';
import type { GameCore } from './core.js';
import type { CommandOf, Decision } from './handle.js';
import { checkPlayable } from './moves.js';
import { moveFor, stateAt } from './queries.js';

/** Why a line was dropped: `no-match` (the others played otherwise), `illegal` (its answer could not be played then), `takeback`, `consumed` (the seat moved), `over` (the game ended or the seat resigned). */
export type DropReason = 'no-match' | 'illegal' | 'takeback' | 'consumed' | 'over';

/** The drops the seat is told about (the others come with its own move or the game's end). */
export const TOLD: readonly DropReason[] = ['no-match', 'illegal', 'takeback'];

/** What the command answers: the line played (its place and the entry's version), the lines dropped, and the setting they came with. */
export interface ConditionalAnswer {
  played: { line: number; version: number } | null;
  dropped: { line: number; reason: DropReason }[];
  setId: string | null;
}

/** How a log entry reads in a seat's log: `{hidden}` when the seat may not see the move. */
export const HIDDEN = '{hidden}';

const nothing = (setId: string | null = null, dropped: ConditionalAnswer['dropped'] = []): Decision<ConditionalAnswer> => ({
  kind: 'answer',
  value: { played: null, dropped, setId },
});

export async function decideConditional(
  core: GameCore,
  s: Session,
  seat: Seat,
  c: CommandOf<'conditional-move'>,
): Promise<Decision<ConditionalAnswer>> {
  if (s.version !== c.version || !core.opts.conditional) return nothing();
  const lines = await core.opts.conditional.list(s.row.id, seat);
  if (lines.length === 0) return nothing();
  const { setVersion, setId } = lines[0]!;
  const all = (reason: DropReason) =>
    nothing(
      setId,
      lines.map((l) => ({ line: l.line, reason })),
    );
  if (s.row.status !== 'active' || resignedBy(s.row.seats, s.version).has(seat)) return all('over');
  const moves = await core.store.readMoves(s.row.id, 0, s.version);
  const since = moves.filter((m) => m.version > setVersion);
  if (since.some((m) => m.origin === 'takeback' && (m.move as { undo?: number }).undo! <= setVersion)) return all('takeback');
  if (since.some((m) => m.seat === seat && m.origin !== 'takeback')) return all('consumed');

  const played = await seenSince(core, s, moves, setVersion, seat);
  const alive: StoredLine[] = [];
  const dropped: ConditionalAnswer['dropped'] = [];
  for (const l of lines) {
    if (played.length <= l.after.length && played.every((p, i) => p.matches(l.after[i]!))) alive.push(l);
    else dropped.push({ line: l.line, reason: 'no-match' });
  }
  if (!s.row.toMove.includes(seat)) return nothing(setId, dropped);

  // The seat is to move: one line's answer is played, or none; every other line can no longer match.
  const exact = alive.find((l) => l.after.length === played.length);
  for (const l of alive) if (l !== exact) dropped.push({ line: l.line, reason: 'no-match' });
  if (!exact) return nothing(setId, dropped);
  const move = playable(s, seat, exact.play);
  if (move === null) return nothing(setId, [...dropped, { line: exact.line, reason: 'illegal' }]);
  const applied = applyMove(s.game, s.state, move, seat);
  if (!applied.ok) return nothing(setId, [...dropped, { line: exact.line, reason: 'illegal' }]);
  return {
    kind: 'append',
    seat,
    move,
    origin: 'conditional',
    events: applied.value.events,
    state: applied.value.state,
    answer: (r) => ({ played: { line: exact.line, version: r.version }, dropped, setId }),
  };
}

/** The line's answer read as the seat's move now, if the seat may play it (the checks of a move it sends), else null. */
function playable(s: Session, seat: Seat, play: string): Move | null {
  try {
    checkPlayable(s, seat);
  } catch {
    return null;
  }
  const parsed = parseMove(s.game, s.state, seat, play);
  return parsed.ok ? parsed.value : null;
}

/**
 * The entries the other seats made since `setVersion` (in effect; resignations are not moves), each
 * with how the seat reads it and whether an expected notation matches it: the same text (case and
 * spacing aside), or, for a move the seat sees, a text that reads as that very move in its position.
 */
async function seenSince(core: GameCore, s: Session, moves: StoredMove[], setVersion: number, seat: Seat) {
  const live = new Set(liveEntries(moves).map((m) => m.version));
  let state = await stateAt(core, s, setVersion);
  const out: { text: string; matches: (expected: string) => boolean }[] = [];
  for (const m of moves) {
    if (m.version <= setVersion) continue;
    const before = state;
    state = fold(s.game, state, m.events);
    if (!live.has(m.version) || m.seat === seat || m.origin === 'resign') continue;
    const seen = canonicalJson(moveFor(s, m, seat)) === canonicalJson(m.move);
    const text = seen ? formatMove(s.game, before, m.seat, m.move) : HIDDEN;
    out.push({
      text,
      matches: (expected) => {
        if (normalise(expected) === normalise(text)) return true;
        if (!seen) return false;
        const parsed = parseMove(s.game, before, m.seat, expected);
        return parsed.ok && canonicalJson(parsed.value) === canonicalJson(m.move);
      },
    });
  }
  return out;
}
