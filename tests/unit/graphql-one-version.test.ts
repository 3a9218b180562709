import { Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode, type FieldNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/app/errors.js';
import type { GameService } from '../../src/app/game-service.js';
import { gameAtOneVersion, selectedFields } from '../../src/http/graphql/one-version.js';

/** The `game` field of a query document, with the document's fragments, as a resolver's info has them. */
function infoOf(query: string) {
  const doc = parse(query);
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    doc.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  return { fieldNodes: [op.selectionSet.selections[0] as FieldNode], fragments };
}

/** A service whose game moves on by `step` versions at each read (a game under a stream of moves). */
function movingGame(step: { game: number; legal: number }) {
  let version = 0;
  const reads = { game: 0, legal: 0 };
  const service = {
    getGame: async () => {
      reads.game++;
      version += step.game;
      return { id: 'g', version };
    },
    legalMoves: async () => {
      reads.legal++;
      version += step.legal;
      return { version, moves: [], notations: [] };
    },
  } as unknown as GameService;
  return { service, reads };
}

describe('one version per query: the selected fields and the reads', () => {
  it('the fields selected under game, through aliases, inline fragments and named fragments', () => {
    const info = infoOf(
      `query { game(id: "g") { version moves: legalMoves ...F ... on Game { typedLegalMoves { id ` +
        `} } } } fragment F on Game { legalMovesUndoable view }`,
    );
    expect([...selectedFields(info)].sort()).toEqual(['legalMoves', 'legalMovesUndoable', 'typedLegalMoves', 'version', 'view'].sort());
  });

  it('a query without legal-move fields reads the game once and the legal moves never', async () => {
    const { service, reads } = movingGame({ game: 0, legal: 0 });
    await gameAtOneVersion(service, 'g', undefined, new Set(['version', 'view']));
    expect(reads).toEqual({ game: 1, legal: 0 });
  });

  it('a move between the two reads: the game is read again, and both answer at the later version', async () => {
    const { service, reads } = movingGame({ game: 0, legal: 1 }); // each legal-move read sees one more move
    const g = await gameAtOneVersion(service, 'g', undefined, new Set(['legalMoves']));
    expect(g.version).toBe(1);
    expect(g.legal).toEqual({ answer: { version: 1, moves: [], notations: [] } });
    expect(reads).toEqual({ game: 2, legal: 1 });
  });

  it('a game that moves at every read: 503 UNAVAILABLE after a bounded number of reads, never a mixed answer', async () => {
    const { service, reads } = movingGame({ game: 1, legal: 1 });
    const err = await gameAtOneVersion(service, 'g', undefined, new Set(['legalMoves'])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('UNAVAILABLE');
    expect(reads.legal).toBe(8);
  });
});
