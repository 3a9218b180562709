import { Type } from '@sinclair/typebox';
import { pictureLang, withLabels } from '../app/board-picture.js';
import type { GameService } from '../app/game-service.js';
import { GameIdParams, IdempotencyHeaders, SubmitMoveBody } from '../app/shapes.js';
import { ref } from './contract.js';
import { tokenOf, type Routes } from './route-kit.js';
import { answer, operation } from './route-schema.js';

/** `?include=a,b`: extra parts of an answer, from a fixed list (one request per move: docs/api.md). */
export const includeParam = (parts: string[], description: string) => {
  const one = `(${parts.join('|')})`;
  return Type.Optional(Type.String({ pattern: `^${one}(,${one})*$`, description }));
};
export const includes = (q: { include?: string }) => {
  const parts = new Set((q.include ?? '').split(','));
  return { view: parts.has('view'), legalMoves: parts.has('legalMoves'), labels: parts.has('labels'), undoable: parts.has('undoable') };
};

const LegalMovesQuery = Type.Object(
  {
    include: includeParam(
      ['view', 'labels', 'undoable'],
      "Comma-separated: `view` adds the seat's view of the game, at the same version; `labels` " +
        'each move in words for people, in the language of Accept-Language; `undoable` whether ' +
        'each move could be taken back once made',
    ),
  },
  { additionalProperties: false },
);
const SubmitMoveQuery = Type.Object(
  {
    include: includeParam(
      ['view', 'legalMoves'],
      "Comma-separated: `view` adds the mover's view after the move, `legalMoves` its legal " +
        'moves now (empty unless it must act again). Not in an answer replayed for a repeated ' +
        'Idempotency-Key.',
    ),
  },
  { additionalProperties: false },
);

/** A seat's legal moves and its moves (JSON or notation). */
export function moveRoutes(service: GameService): Routes {
  return async function routes(app) {
    app.get(
      '/games/:id/legal-moves',
      {
        schema: operation({
          operationId: 'getLegalMoves',
          summary: "The token's seat's legal moves now",
          description:
            "Every move the token's seat may make now, complete and exact: each can be sent back as is " +
            "to submitMove; `notations` has the same moves in the game's notation, in the same order. " +
            'Empty when the seat is not to move, has resigned, or the game is not active.',
          tags: ['moves'],
          access: 'seat',
          params: GameIdParams,
          querystring: LegalMovesQuery,
          success: answer('The legal moves at this version', ref('LegalMoves')),
          errors: [401, 403, 404, 409],
        }),
      },
      async (req) => {
        const inc = includes(req.query);
        if (!inc.labels) return service.legalMoves(req.params.id, tokenOf(req), inc);
        const lm = await service.legalMoves(req.params.id, tokenOf(req), { view: true, undoable: inc.undoable });
        return { ...withLabels(service.registry, lm, pictureLang(req.headers['accept-language'])), ...(inc.view ? { view: lm.view } : {}) };
      },
    );

    app.post(
      '/games/:id/moves',
      {
        schema: operation({
          operationId: 'submitMove',
          summary: "Submit a move for the token's seat",
          description:
            'Send exactly one of `move` (JSON, as listed by getLegalMoves) or `notation` (the move in ' +
            "the game's notation, read in the current position; the move stored is the parsed move). " +
            'Validated by the game engine on the server. With expectedVersion, a stale version is a ' +
            'VERSION_CONFLICT; without it, a move that loses a race in a simultaneous phase is decided ' +
            'again against the new state. A retry with the same Idempotency-Key is applied once and ' +
            'gets the first answer.',
          tags: ['moves'],
          access: 'seat',
          params: GameIdParams,
          headers: IdempotencyHeaders,
          querystring: SubmitMoveQuery,
          body: SubmitMoveBody,
          success: answer('The move was accepted: the new version and what it caused', ref('MoveResult')),
          errors: [400, 401, 403, 404, 409, 413, 415, 422],
        }),
      },
      async (req) => {
        const body = req.body;
        const notation = 'notation' in body ? body.notation : undefined;
        return service.submitMove(req.params.id, tokenOf(req), 'move' in body ? body.move : undefined, {
          expectedVersion: body.expectedVersion,
          idempotencyKey: req.headers['idempotency-key'],
          notation,
          include: includes(req.query),
        });
      },
    );
  };
}
