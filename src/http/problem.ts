import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_STATUS, type ErrorCode } from '../app/errors.js';
import type { ErrorObject } from 'ajv';
import { invalidInput } from '../app/shapes.js';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, unavailable } from '../app/unavailable.js';
import { languageOf, localize } from '../app/i18n/index.js';
import { noteProblemCode } from './http-metrics.js';

/**
 * Turns any error into an RFC 9457 problem document with a stable `code`. Client mistakes that
 * Fastify itself detects (malformed JSON, schema violations, oversized bodies, wrong media type)
 * get their own 4xx codes; only a fault of the server is a 500, and its details stay in the log.
 */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as FastifyError & { validation?: ErrorObject[]; validationContext?: string };
  // Request validation (Fastify's Ajv, from the routes' TypeBox schemas): the same refusal as `check` gives elsewhere.
  if (e.validation) return invalidInput(e.validation[0], e.validationContext ?? 'request');
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return AppError.of('INVALID_INPUT', 'INVALID_INPUT.malformedJson', { detail: e.message });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'the request body is larger than this endpoint accepts');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'send JSON: Content-Type: application/json');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return AppError.of('INVALID_INPUT', 'INVALID_INPUT.contentLength');
  }
  // A database that is down or too slow is the server's trouble, but not a fault: 503, retry later.
  if (isDatabaseUnavailable(err)) return unavailable();
  if (e.statusCode === 503) return unavailable(e.message || 'the server is unavailable right now; retry shortly');
  if (e.statusCode === 429) return new AppError('RATE_LIMITED', e.message || 'too many requests: slow down');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new AppError('INVALID_INPUT', e.message);
  return new AppError('INTERNAL', 'internal server error');
}

export function sendProblem(err: unknown, request: FastifyRequest, reply: FastifyReply) {
  const app = toAppError(err);
  // The words follow Accept-Language (English or French); the code never changes.
  const lang = languageOf(request.headers['accept-language']);
  noteProblemCode(reply, app.code);
  if (app.code === 'UNAVAILABLE') request.log.warn({ code: app.code, err }, 'database unavailable');
  else if (app.status >= 500) request.log.error({ err }, 'request failed');
  else request.log.info({ code: app.code, detail: app.message }, 'request refused');
  const retry = typeof app.extra.retryAfter === 'number' ? app.extra.retryAfter : app.code === 'UNAVAILABLE' ? RETRY_AFTER_SECONDS : undefined;
  if (retry !== undefined) reply.header('Retry-After', String(retry));
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
      detail: localize(lang, app),
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
    violation: { type: 'string', description: 'For ILLEGAL_MOVE: the engine\'s own code for the broken rule, e.g. RESIDENTIAL_SPACING' },
    rule: { type: 'string', description: 'The rulebook section or ruling that was broken' },
    currentVersion: { type: 'integer', description: 'For VERSION_CONFLICT: the game\'s version now' },
    line: { type: 'integer', description: 'For a text record: the line at fault (1-based)' },
    index: { type: 'integer', description: 'For IMPORT_INVALID: the 0-based index of the first bad move' },
    notation: { type: 'string', description: 'For a notation that cannot be read: the text that was read' },
    expected: { type: 'string', description: 'For a notation that cannot be read: the forms expected there, written in the notation' },
    legalNotations: { type: 'array', items: { type: 'string' }, description: 'For a notation that cannot be read: the seat\'s legal moves in notation' },
    retryAfter: { type: 'integer', description: 'For UNAVAILABLE and RATE_LIMITED: seconds to wait before retrying (also the Retry-After header)' },
  },
  required: ['type', 'title', 'status', 'code', 'detail'],
} as const;
