import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, type ErrorCode } from '../app/errors.js';
import { languageOf } from '../app/i18n/index.js';
import { noteProblemCode } from './http-metrics.js';
import { errorAnswer } from './error-map.js';

export { toAppError } from './error-map.js';

/**
 * Any error as an RFC 9457 problem document with a stable `code` (the mapping itself, shared with
 * GraphQL and the SSE stream, is error-map.ts): client mistakes get their own 4xx codes; only a
 * fault of the server is a 500, and its details stay in the log.
 */
export function sendProblem(err: unknown, request: FastifyRequest, reply: FastifyReply) {
  // The words follow Accept-Language (English or French); the code never changes.
  const lang = languageOf(request.headers['accept-language']);
  const { app, detail, retryAfter } = errorAnswer(err, lang);
  noteProblemCode(reply, app.code);
  // A full analysis line is load shed on purpose, not an outage: one line at info, not a warning per refusal.
  if (app.said?.key === 'UNAVAILABLE.analysisQueue')
    request.log.info({ code: app.code, detail: app.message }, 'request refused: the analysis line is full');
  else if (app.code === 'UNAVAILABLE') request.log.warn({ code: app.code, err }, 'database unavailable');
  else if (app.status >= 500) request.log.error({ err }, 'request failed');
  else request.log.info({ code: app.code, detail: app.message }, 'request refused');
  if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
  return reply
    .status(app.status)
    .type('application/problem+json')
    .header('Content-Language', lang)
    .header('Vary', 'Accept-Language')
    .send({
      type: `urn:citybuilder:problem:${app.code}`,
      title: app.code.toLowerCase().replace(/_/g, ' '),
      status: app.status,
      code: app.code,
      detail,
      instance: request.url,
      ...app.extra,
    });
}

export const problemSchema = {
  $id: 'Problem',
  type: 'object',
  description: 'RFC 9457 problem details. `code` is stable; `detail` names the broken rule.',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    code: { type: 'string', enum: Object.keys(ERROR_STATUS) as ErrorCode[] },
    detail: { type: 'string' },
    instance: { type: 'string' },
    violation: { type: 'string', description: "For ILLEGAL_MOVE: the engine's own code for the broken rule, e.g. RESIDENTIAL_SPACING" },
    rule: { type: 'string', description: 'The rulebook section or ruling that was broken' },
    currentVersion: { type: 'integer', description: "For VERSION_CONFLICT: the game's version now" },
    line: { type: 'integer', description: 'For a text record: the line at fault (1-based)' },
    index: { type: 'integer', description: 'For IMPORT_INVALID: the 0-based index of the first bad move' },
    notation: { type: 'string', description: 'For a notation that cannot be read: the text that was read' },
    expected: { type: 'string', description: 'For a notation that cannot be read: the forms expected there, written in the notation' },
    legalNotations: {
      type: 'array',
      items: { type: 'string' },
      description: "For a notation that cannot be read: the seat's legal moves in notation",
    },
    retryAfter: {
      type: 'integer',
      description: 'For UNAVAILABLE and RATE_LIMITED: seconds to wait before retrying (also the Retry-After header)',
    },
  },
  required: ['type', 'title', 'status', 'code', 'detail'],
} as const;
