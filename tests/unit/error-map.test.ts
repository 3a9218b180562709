import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/app/errors.js';
import { APP_MESSAGES } from '../../src/app/i18n/index.js';
import { errorAnswer } from '../../src/http/error-map.js';
import { formatErrors, guard } from '../../src/http/graphql/errors.js';

/** What a GraphQL answer says of one error thrown in a resolver (through guard) or reaching the formatter as thrown. */
async function graphqlAnswer(thrown: unknown, lang: 'en' | 'fr', viaGuard: boolean) {
  let original = thrown;
  if (viaGuard)
    original = await guard(async (_: unknown, __: unknown, ___: unknown) => Promise.reject(thrown))(undefined, undefined, { lang }).catch(
      (e: unknown) => e,
    );
  const headers: Record<string, string> = {};
  const reply = { header: (k: string, v: string) => (headers[k] = v), log: { info() {}, error() {} } };
  const err = new GraphQLError((original as Error).message, { originalError: original as Error });
  const out = formatErrors({ errors: [err] }, { lang, reply });
  return { status: out.statusCode, error: out.response.errors[0]!, retryAfter: headers['Retry-After'] };
}

const bodyTooLarge = Object.assign(new Error('Request body is too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
const mutationOverGet = Object.assign(new Error('Method Not Allowed'), { code: 'MER_ERR_METHOD_NOT_ALLOWED', statusCode: 405 });
const databaseDown = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'P1001' });
const refusals: [string, unknown][] = [
  [
    'an AppError with its values',
    AppError.of('VERSION_CONFLICT', 'VERSION_CONFLICT.stale', { expected: 3, version: 4 }, { currentVersion: 4 }),
  ],
  ['an AppError that says when to retry', AppError.of('RATE_LIMITED', 'RATE_LIMITED.graphql', { max: 10, retry: 7 }, { retryAfter: 7 })],
  ["Fastify's oversized body", bodyTooLarge],
  ["Mercurius's mutation over GET", mutationOverGet],
  ['a database that does not answer', databaseDown],
  ['a fault of the server', new Error('undefined is not a function')],
];

describe('one error mapping: REST, the SSE stream and GraphQL answer an error with the same code, status, words and Retry-After', () => {
  for (const [what, thrown] of refusals) {
    for (const viaGuard of [true, false]) {
      it(`${what}, ${viaGuard ? 'thrown in a resolver' : 'reaching the formatter as thrown'}`, async () => {
        for (const lang of ['en', 'fr'] as const) {
          const rest = errorAnswer(thrown, lang);
          const gql = await graphqlAnswer(thrown, lang, viaGuard);
          expect(gql.error.extensions).toMatchObject(rest.extensions);
          expect(gql.status).toBe(rest.status);
          expect(gql.retryAfter).toBe(rest.retryAfter === undefined ? undefined : String(rest.retryAfter));
          // The same words in the caller's language; a fault of the server says nothing more than that, in either protocol.
          expect(gql.error.message).toBe(rest.detail);
          if (rest.code === 'INTERNAL') expect(rest.detail).toBe(lang === 'en' ? 'internal server error' : APP_MESSAGES.fr.INTERNAL);
        }
      });
    }
  }

  it('maps each kind of error to its own code', () => {
    expect(refusals.map(([, e]) => errorAnswer(e, 'en').code)).toEqual([
      'VERSION_CONFLICT',
      'RATE_LIMITED',
      'PAYLOAD_TOO_LARGE',
      'METHOD_NOT_ALLOWED',
      'UNAVAILABLE',
      'INTERNAL',
    ]);
    expect(errorAnswer(new Error('secret detail'), 'fr').detail).not.toContain('secret');
  });
});
