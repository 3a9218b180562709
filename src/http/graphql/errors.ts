import { GraphQLError, type ExecutionResult } from 'graphql';
import mercurius from 'mercurius';
import { AppError, ERROR_STATUS, type ErrorCode } from '../../app/errors.js';
import { APP_MESSAGES, localize, type Language } from '../../app/i18n/index.js';
import { errorAnswer, retryAfterOf } from '../error-map.js';
import type { Ctx } from './context.js';

interface Classified {
  code: ErrorCode;
  status: number;
  message: string;
  extensions: Record<string, unknown>;
  retryAfter: number | undefined;
}

/**
 * The API's code of one GraphQL error: the code a resolver gave it (guard), else the one error
 * mapping's (error-map.ts: an AppError's, a Fastify or Mercurius error's, UNAVAILABLE for a database
 * outage, INTERNAL for a fault of the server), else INVALID_INPUT for a document the client got wrong.
 */
function classify(err: GraphQLError, lang: Language, inherited?: ErrorCode): Classified {
  const ext = { ...(err.extensions ?? {}) } as Record<string, unknown>;
  const given = typeof ext.code === 'string' && Object.hasOwn(ERROR_STATUS, ext.code) ? (ext.code as ErrorCode) : undefined;
  const orig = err.originalError;
  if (!given && orig !== undefined && !(orig instanceof GraphQLError)) {
    const a = errorAnswer(orig, lang);
    return {
      code: a.code,
      status: a.status,
      message: a.code === 'INTERNAL' ? err.message : a.detail,
      extensions: { ...ext, ...a.extensions },
      retryAfter: a.retryAfter,
    };
  }
  const code = given ?? inherited ?? 'INVALID_INPUT';
  ext.code = code;
  // graphql-js's own refusal (a validation rule, a variable's value): its English inside a sentence of ours, in the caller's language.
  const message =
    !given && code === 'INVALID_INPUT'
      ? localize(lang, AppError.of(code, 'INVALID_INPUT.graphqlRule', { detail: err.message }))
      : err.message;
  return { code, status: ERROR_STATUS[code], message, extensions: ext, retryAfter: retryAfterOf(code, ext) };
}

/**
 * Every GraphQL answer's errors carry one of the API's codes in extensions.code; a client's mistake
 * is never INTERNAL. A request refused as a whole gets that error's HTTP status (and Retry-After
 * when the error says when to come back).
 */
export function formatErrors(
  execution: ExecutionResult & { statusCode?: number },
  ctx: {
    lang?: Language;
    reply?: { header(k: string, v: string): unknown; log: { info(o: object, m: string): void; error(o: object, m: string): void } };
  },
) {
  const lang = ctx.lang ?? 'en';
  const flat: Classified[] = [];
  for (const e of execution.errors ?? []) {
    const orig = e.originalError as (Error & { errors?: unknown[]; code?: string; statusCode?: number }) | undefined;
    if (orig && Array.isArray(orig.errors)) {
      const parent = classify(
        new GraphQLError(orig.message, {
          originalError: Object.assign(new Error(orig.message), { code: orig.code, statusCode: orig.statusCode }),
        }),
        lang,
      );
      for (const inner of orig.errors) {
        const g = inner instanceof GraphQLError ? inner : new GraphQLError(String((inner as Error)?.message ?? inner), {});
        flat.push(classify(g, lang, parent.code === 'INTERNAL' ? 'INVALID_INPUT' : parent.code));
      }
    } else flat.push(classify(e, lang));
  }
  const errors = flat.map((c, i) => {
    const src = execution.errors?.[i];
    if (c.code === 'INTERNAL') {
      ctx.reply?.log.error({ err: src?.originalError ?? src }, 'graphql request failed');
      return { message: APP_MESSAGES[lang].INTERNAL!, extensions: c.extensions, ...(src?.path ? { path: src.path } : {}) };
    }
    ctx.reply?.log.info({ code: c.code, detail: c.message }, 'graphql request refused');
    return {
      message: c.message,
      extensions: c.extensions,
      ...(src?.locations && flat.length === execution.errors?.length ? { locations: src.locations } : {}),
      ...(src?.path && flat.length === execution.errors?.length ? { path: src.path } : {}),
    };
  });
  const retry = flat.find((c) => c.retryAfter !== undefined);
  if (retry) ctx.reply?.header('Retry-After', String(retry.retryAfter));
  const statusCode = execution.data ? 200 : (execution.statusCode ?? flat[0]?.status ?? 200);
  return { statusCode, response: { data: execution.data ?? null, errors } };
}

const toGraphQLError = (thrown: unknown, lang: Language = 'en') => {
  const a = errorAnswer(thrown, lang);
  // A fault of the server goes on as thrown: formatErrors logs it and answers no more than INTERNAL.
  if (a.code === 'INTERNAL') return thrown;
  return new mercurius.ErrorWithProps(a.detail, a.extensions, a.status);
};
/** Resolvers' errors become GraphQL errors with the API's code, in the caller's language (ctx is the third argument). */
export const guard =
  <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
  async (...a: A): Promise<R> => {
    try {
      return await fn(...a);
    } catch (err) {
      throw toGraphQLError(err, (a[2] as Ctx | undefined)?.lang);
    }
  };
