import { GraphQLError, type ExecutionResult } from 'graphql';
import mercurius from 'mercurius';
import { AppError, ERROR_STATUS, type ErrorCode } from '../../app/errors.js';
import { asUnavailable, RETRY_AFTER_SECONDS } from '../../app/unavailable.js';
import { localize, type Language } from '../../app/i18n/index.js';
import { toAppError } from '../problem.js';
import type { Ctx } from './context.js';

interface Classified { code: ErrorCode; status: number; message: string; extensions: Record<string, unknown> }

/** The API's code of one GraphQL error: its own code, an AppError's, a Fastify error's (415, 413, 429...), else INVALID_INPUT for a document the client got wrong, INTERNAL for a fault of the server. */
function classify(err: GraphQLError, inherited?: ErrorCode): Classified {
  const ext = { ...(err.extensions ?? {}) } as Record<string, unknown>;
  const given = typeof ext.code === 'string' && Object.hasOwn(ERROR_STATUS, ext.code) ? (ext.code as ErrorCode) : undefined;
  if (given) return { code: given, status: ERROR_STATUS[given], message: err.message, extensions: ext };
  // A database outage (or load shedding while it lasts) is UNAVAILABLE (503), not INTERNAL.
  const orig = (err.originalError === undefined ? undefined : asUnavailable(err.originalError)) as (Error & { code?: string; statusCode?: number }) | undefined;
  let code: ErrorCode;
  let message = err.message;
  if (orig instanceof AppError) {
    code = orig.code;
    Object.assign(ext, orig.extra);
  } else if (orig?.code === 'MER_ERR_METHOD_NOT_ALLOWED') code = 'METHOD_NOT_ALLOWED';
  else if (orig && (typeof orig.statusCode === 'number' || (orig as { validation?: unknown }).validation)) {
    const app = toAppError(orig);
    code = app.code;
    message = app.code === 'INTERNAL' ? message : app.message;
    Object.assign(ext, app.extra);
  } else if (!orig || orig instanceof GraphQLError) code = inherited ?? 'INVALID_INPUT';
  else code = 'INTERNAL';
  ext.code = code;
  return { code, status: ERROR_STATUS[code], message, extensions: ext };
}

/**
 * Every GraphQL answer's errors carry one of the API's codes in extensions.code; a client's mistake
 * is never INTERNAL. A request refused as a whole gets that error's HTTP status (and Retry-After
 * when the error says when to come back).
 */
export function formatErrors(execution: ExecutionResult & { statusCode?: number }, ctx: { reply?: { header(k: string, v: string): unknown; log: { info(o: object, m: string): void; error(o: object, m: string): void } } }) {
  const flat: Classified[] = [];
  for (const e of execution.errors ?? []) {
    const orig = e.originalError as (Error & { errors?: unknown[]; code?: string; statusCode?: number }) | undefined;
    if (orig && Array.isArray(orig.errors)) {
      const parent = classify(new GraphQLError(orig.message, { originalError: Object.assign(new Error(orig.message), { code: orig.code, statusCode: orig.statusCode }) }));
      for (const inner of orig.errors) {
        const g = inner instanceof GraphQLError ? inner : new GraphQLError(String((inner as Error)?.message ?? inner), {});
        flat.push(classify(g, parent.code === 'INTERNAL' ? 'INVALID_INPUT' : parent.code));
      }
    } else flat.push(classify(e));
  }
  const errors = flat.map((c, i) => {
    const src = execution.errors?.[i];
    if (c.code === 'INTERNAL') {
      ctx.reply?.log.error({ err: src?.originalError ?? src }, 'graphql request failed');
      return { message: 'internal server error', extensions: c.extensions, ...(src?.path ? { path: src.path } : {}) };
    }
    ctx.reply?.log.info({ code: c.code, detail: c.message }, 'graphql request refused');
    return { message: c.message, extensions: c.extensions, ...(src?.locations && flat.length === execution.errors?.length ? { locations: src.locations } : {}), ...(src?.path && flat.length === execution.errors?.length ? { path: src.path } : {}) };
  });
  const retry = flat.find((c) => typeof c.extensions.retryAfter === 'number' || c.code === 'UNAVAILABLE');
  if (retry) ctx.reply?.header('Retry-After', String(retry.extensions.retryAfter ?? RETRY_AFTER_SECONDS));
  const statusCode = execution.data ? 200 : (execution.statusCode ?? flat[0]?.status ?? 200);
  return { statusCode, response: { data: execution.data ?? null, errors } };
}

const toGraphQLError = (thrown: unknown, lang: Language = 'en') => {
  const err = asUnavailable(thrown); // a database outage is UNAVAILABLE (503), not INTERNAL
  if (err instanceof AppError) {
    const message = localize(lang, err);
    return new mercurius.ErrorWithProps(message, { code: err.code, ...err.extra }, err.status);
  }
  return err;
};
/** Resolvers' errors become GraphQL errors with the API's code, in the caller's language (ctx is the third argument). */
export const guard = <A extends unknown[], R>(fn: (...a: A) => Promise<R>) => async (...a: A): Promise<R> => {
  try {
    return await fn(...a);
  } catch (err) {
    throw toGraphQLError(err, (a[2] as Ctx | undefined)?.lang);
  }
};

