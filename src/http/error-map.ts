import type { FastifyError } from 'fastify';
import { AppError, type ErrorCode } from '../app/errors.js';
import type { ErrorObject } from 'ajv';
import { invalidInput } from '../app/shapes.js';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, unavailable } from '../app/unavailable.js';
import { localize, type Language } from '../app/i18n/index.js';

/**
 * The one mapping from errors to the API's codes, used by REST (problem.ts), the SSE stream and
 * GraphQL (graphql/errors.ts): an AppError keeps its code; client mistakes that Fastify or Mercurius
 * detect (malformed JSON, schema violations, oversized bodies, wrong media type, a mutation over
 * GET) get their own 4xx codes; a database that is down or too slow is UNAVAILABLE (503); anything
 * else is INTERNAL, whose details stay in the log. A code's HTTP status is ERROR_STATUS's.
 */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as FastifyError & { validation?: ErrorObject[]; validationContext?: string };
  // Request validation (Fastify's Ajv, from the routes' TypeBox schemas): the same refusal as `check` gives elsewhere (app/shapes.ts).
  if (e.validation) return invalidInput(e.validation, e.validationContext ?? 'request');
  switch (e.code) {
    case 'MER_ERR_METHOD_NOT_ALLOWED': // Mercurius: a mutation over GET
      return AppError.of('METHOD_NOT_ALLOWED', 'METHOD_NOT_ALLOWED.get', { operation: 'mutation' });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return AppError.of('INVALID_INPUT', 'INVALID_INPUT.malformedJson', { detail: e.message });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return AppError.of('PAYLOAD_TOO_LARGE', 'PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return AppError.of('UNSUPPORTED_MEDIA_TYPE', 'UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return AppError.of('INVALID_INPUT', 'INVALID_INPUT.contentLength');
  }
  // A database that is down or too slow is the server's trouble, but not a fault: 503, retry later.
  if (isDatabaseUnavailable(err)) return unavailable();
  // A library's own words (in English) go inside a sentence of ours, so a French caller still reads French.
  const said = e.message ? { detail: e.message } : undefined;
  if (e.statusCode === 503) return said ? unavailable('UNAVAILABLE.said', said) : unavailable('UNAVAILABLE.server');
  if (e.statusCode === 429)
    return said ? AppError.of('RATE_LIMITED', 'RATE_LIMITED.said', said) : AppError.of('RATE_LIMITED', 'RATE_LIMITED');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500)
    return said ? AppError.of('INVALID_INPUT', 'INVALID_INPUT.httpRefused', said) : AppError.of('INVALID_INPUT', 'INVALID_INPUT');
  return AppError.of('INTERNAL', 'INTERNAL');
}

/** The seconds a client should wait before retrying, for errors that say so (the Retry-After header). */
export function retryAfterOf(code: ErrorCode, extra: Record<string, unknown>): number | undefined {
  return typeof extra.retryAfter === 'number' ? extra.retryAfter : code === 'UNAVAILABLE' ? RETRY_AFTER_SECONDS : undefined;
}

/** Any error as the API answers it, whatever the protocol: REST's problem documents, the SSE stream's `error` event and GraphQL's
 * errors. */
export interface ErrorAnswer {
  app: AppError;
  code: ErrorCode;
  /** The HTTP status of the code (ERROR_STATUS). */
  status: number;
  /** The sentence in the caller's language; a fault of the server says no more than "internal server error". */
  detail: string;
  /** The code and the error's values (violation, rule, currentVersion, retryAfter...). */
  extensions: Record<string, unknown> & { code: ErrorCode };
  retryAfter: number | undefined;
}

/** The one mapping from an error to its answer: its code (a database outage is UNAVAILABLE), status, words, values and Retry-After. */
export function errorAnswer(err: unknown, lang: Language): ErrorAnswer {
  const app = toAppError(err);
  return {
    app,
    code: app.code,
    status: app.status,
    detail: localize(lang, app),
    extensions: { ...app.extra, code: app.code },
    retryAfter: retryAfterOf(app.code, app.extra),
  };
}
