import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { AppError } from '../../app/errors.js';
import type { GameService } from '../../app/game-service.js';

type GameAnswer = Awaited<ReturnType<GameService['getGame']>>;
type LegalAnswer = Awaited<ReturnType<GameService['legalMoves']>>;

/** The fields of Game that answer from the caller's legal moves. */
const LEGAL_FIELDS = new Set(['legalMoves', 'legalMoveNotations', 'legalMoveLabels', 'legalMovesUndoable', 'typedLegalMoves']);

/** How many times the two reads may disagree (moves landing between them) before the query gives up with 503. */
const MAX_READS = 8;

/**
 * A Game as one query sees it: the game and, when the query asks for them, the caller's legal
 * moves, both at one version. `legal` holds the legal moves' answer or the error it gave (a
 * spectator has none: that field alone fails, as before).
 */
export type GameSnapshot = GameAnswer & { legal?: { answer: LegalAnswer } | { error: unknown } };

/** The names of the fields selected directly under the resolved field (through fragments, inline or named). */
export function selectedFields(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): Set<string> {
  const names = new Set<string>();
  const visit = (set: SelectionSetNode | undefined) => {
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.FIELD) names.add(s.name.value);
      else if (s.kind === Kind.INLINE_FRAGMENT) visit(s.selectionSet);
      else visit(info.fragments[s.name.value]?.selectionSet);
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet);
  return names;
}

/**
 * Reads a game for one GraphQL query so that every field of it answers at one version: the game,
 * then, if the query selects any legal-move field, the legal moves (with the view for labels and
 * `undoable` only when asked), read again until both carry the same version. Versions only grow,
 * so each disagreement means a move landed between the reads: the older side is read again.
 */
export async function gameAtOneVersion(
  service: GameService,
  id: string,
  token: string | undefined,
  fields: Set<string>,
): Promise<GameSnapshot> {
  let game = await service.getGame(id, token);
  if (![...fields].some((f) => LEGAL_FIELDS.has(f))) return game;
  const include = { view: fields.has('legalMoveLabels'), undoable: fields.has('legalMovesUndoable') };
  for (let reads = 0; reads < MAX_READS; reads++) {
    let legal: LegalAnswer;
    try {
      legal = await service.legalMoves(id, token, include);
    } catch (error) {
      return { ...game, legal: { error } };
    }
    if (legal.version === game.version) return { ...game, legal: { answer: legal } };
    if (legal.version > game.version) game = await service.getGame(id, token);
    if (legal.version === game.version) return { ...game, legal: { answer: legal } };
  }
  throw AppError.of('UNAVAILABLE', 'UNAVAILABLE.gameBusy', { reads: MAX_READS });
}

/** The legal moves of a snapshot, or the error their read gave. */
export function legalOf(g: GameSnapshot): LegalAnswer {
  if (!g.legal) throw new Error('the game was read without its legal moves'); // a bug of gameAtOneVersion's field list
  if ('error' in g.legal) throw g.legal.error;
  return g.legal.answer;
}
