import type { ConditionalMoves, SeatRef } from '../app/conditional-moves.js';
import { ConditionalBody, LinesParams } from '../app/shapes.js';
import { needed, tokenOf, type Routes } from './route-kit.js';
import { answer, closed, operation } from './route-schema.js';

/** A seat's conditional lines as it reads them. */
const lines = closed({
  seat: { type: 'integer', description: "The seat whose lines these are (the token's)" },
  setVersion: { type: ['integer', 'null'], description: 'The game version the lines were set at; null: no lines' },
  lines: {
    type: 'array',
    items: closed({ after: { type: 'array', items: { type: 'string' } }, play: { type: 'string' } }),
    description: 'The lines still waiting, in the order sent',
  },
});

const ref = (seat: string): SeatRef => (seat === 'me' ? 'me' : Number(seat));

const WHAT =
  "A line is the moves the seat expects the others to make since the lines were set (in notation, as the seat reads them in its log; `{hidden}` for a move it may not see) and its answer. When the seat comes to move and the others' moves since are exactly a line's, the server plays its answer at once (origin `conditional`), if it is legal then; lines that can no longer match are dropped and the seat is told (notification `conditional`). Lines are seen by their seat only. `me` is the token's seat; another seat's number is 403.";

/** Conditional moves (src/app/conditional-moves.ts): a seat's lines, set, read and cleared with its token. */
export function conditionalRoutes(get: () => ConditionalMoves | undefined): Routes {
  const c = needed(get, 'conditionalMoves');
  return async function routes(app) {
    app.put(
      '/games/:id/seats/:seat/conditional-moves',
      {
        schema: operation({
          operationId: 'putConditionalMoves',
          summary: "Set the token's seat's conditional lines (replacing its lines before)",
          description: `${WHAT} Checked now: each notation's form (400 naming the line and the move), the bounds, one answer per sequence, and that it is not the seat's turn (409 CONDITIONAL_NOT_ALLOWED). Not checked now: whether the others' expected moves are legal (that would tell what they hold); the answer is checked when it would be played. An empty list clears the lines.`,
          tags: ['moves'],
          access: 'seat',
          params: LinesParams,
          body: ConditionalBody,
          success: answer("The seat's lines now", lines),
          errors: [400, 401, 403, 404, 409, 413, 415],
        }),
      },
      async (req) => c().put(req.params.id, tokenOf(req), ref(req.params.seat), req.body),
    );
    app.get(
      '/games/:id/seats/:seat/conditional-moves',
      {
        schema: operation({
          operationId: 'getConditionalMoves',
          summary: "The token's seat's conditional lines",
          description: WHAT,
          tags: ['moves'],
          access: 'seat',
          params: LinesParams,
          success: answer("The seat's lines still waiting", lines),
          errors: [400, 401, 403, 404],
        }),
      },
      async (req) => c().get(req.params.id, tokenOf(req), ref(req.params.seat)),
    );
    app.delete(
      '/games/:id/seats/:seat/conditional-moves',
      {
        schema: operation({
          operationId: 'clearConditionalMoves',
          summary: "Clear the token's seat's conditional lines",
          description: WHAT,
          tags: ['moves'],
          access: 'seat',
          params: LinesParams,
          success: answer('No lines are left', lines),
          errors: [400, 401, 403, 404],
        }),
      },
      async (req) => c().clear(req.params.id, tokenOf(req), ref(req.params.seat)),
    );
  };
}
