import type { GameService } from '../app/game-service.js';
import { GameIdParams, IdempotencyHeaders, TakebackBody } from '../app/shapes.js';
import { ref, seatList, status } from './contract.js';
import { tokenOf, type Routes } from './route-kit.js';
import { answer, closed, operation } from './route-schema.js';

/** The answer of the three takeback routes: the takeback entry's result once appended, else the request as it waits. */
export const takebackAnswer = closed(
  {
    type: { type: 'string', description: 'The game type' },
    version: { type: 'integer', description: "The game's version now: the takeback entry's when one was appended" },
    status,
    toMove: seatList,
    outcome: { anyOf: [{ type: 'object' }, { type: 'null' }] },
    events: {
      type: 'array',
      items: ref('RestoredEvent'),
      description:
        'The takeback entry\'s one event ({ type: "@restored", undone }) when it was appended; ' +
        'empty while a request waits or after a decline',
    },
    takebackRequest: ref('TakebackRequest'),
  },
  ['type', 'version', 'status', 'toMove', 'outcome', 'events'],
);

const ERRORS_409 =
  'TAKEBACK_NOT_ALLOWED with `reason`: random-draw (an entry from the one undone on drew at ' +
  'random), hidden-reveal (one showed a seat what it could not see), other-seat-acted ' +
  '(another seat acted since, or resigned), game-setting (takebacks: none, or the turn is ' +
  'over and the game allows own-turn takebacks only), nothing-to-undo (no such move of the ' +
  'caller in effect, or no request waits), request-pending (another request waits); also ' +
  'GAME_NOT_STARTED, GAME_OVER, SEAT_RESIGNED, VERSION_CONFLICT';

/** Takebacks (src/app/use-cases/takebacks.ts): undo within one's own turn, or ask the other seats after it. */
export function takebackRoutes(service: GameService): Routes {
  const takebacks = service.takebacks;
  return async function routes(app) {
    app.post(
      '/games/:id/takeback',
      {
        schema: operation({
          operationId: 'takeback',
          summary: "Take back the token's seat's last move (or from version `undo` on)",
          description:
            "Within the seat's own turn (takebacks own-turn, the default, or with-consent): when " +
            "every entry from the one undone on is the seat's own, it is still its turn, and none " +
            'drew at random or revealed hidden information, a log entry with origin takeback is ' +
            'appended at once: move { type: takeback, undo: N }, one event { type: "@restored", ' +
            'undone: N }, and the state is the state before N again. Again and again goes further back ' +
            'within the turn. After the turn, in a with-consent game: a request { seat, undo, ' +
            'acceptedBy } is stored (the game shows it as takebackRequest) until every other seated ' +
            'person accepts (POST .../takeback/accept), one declines, or the next move voids it. Bot ' +
            'and resigned seats are not asked. Refused: 409 TAKEBACK_NOT_ALLOWED with its reason. A ' +
            'retry with the same Idempotency-Key of a takeback that was appended gets the first answer ' +
            'and undoes nothing more (without it, a retried call with no `undo` would take back the ' +
            'move before); the key of another move is 422 IDEMPOTENCY_KEY_REUSED. A request waiting ' +
            'for consent is not keyed: asking again answers 409 request-pending, naming it.',
          tags: ['moves'],
          access: 'seat',
          params: GameIdParams,
          headers: IdempotencyHeaders,
          body: TakebackBody,
          success: answer(
            'The takeback entry was appended (events holds its @restored), or the request waits for consent (takebackRequest)',
            takebackAnswer,
          ),
          errors: [400, 401, 403, 404, 409, 413, 415, 422],
          errorDescriptions: { 409: ERRORS_409 },
        }),
        // The body is optional: none is {} (the last move in effect).
        preValidation: async (req) => {
          if (req.body === undefined || req.body === null) req.body = {};
        },
      },
      async (req) => takebacks.takeback(req.params.id, tokenOf(req), req.body?.undo, req.headers['idempotency-key']),
    );

    // Accepting and declining a waiting request take nothing but the seat's token.
    const answers = [
      {
        verb: 'accept',
        operationId: 'acceptTakeback',
        summary: 'Accept the takeback another seat asked for',
        description:
          "The token's seat agrees to the waiting takeback request. The last seat asked to agree " +
          'appends the takeback entry (the answer is then its result); before that, the answer shows ' +
          'the request with its acceptedBy.',
        answer: 'The takeback entry was appended, or the request waits for the other seats',
      },
      {
        verb: 'decline',
        operationId: 'declineTakeback',
        summary: 'Decline the takeback another seat asked for',
        description: "The token's seat refuses the waiting takeback request: it is gone, and the game goes on from where it is.",
        answer: 'The request is gone',
      },
    ] as const;
    for (const a of answers) {
      app.post(
        `/games/:id/takeback/${a.verb}`,
        {
          schema: operation({
            operationId: a.operationId,
            summary: a.summary,
            description: a.description,
            tags: ['moves'],
            access: 'seat',
            params: GameIdParams,
            success: { status: 200, description: a.answer, schema: takebackAnswer },
            errors: [401, 403, 404, 409],
            errorDescriptions: { 409: ERRORS_409 },
          }),
        },
        async (req) => takebacks[a.verb](req.params.id, tokenOf(req)),
      );
    }
  };
}
