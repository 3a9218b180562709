import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localize } from '../../src/app/i18n/index.js';
import { Ajv } from 'ajv';
import { check, invalidInput } from '../../src/app/shapes.js';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../src/app/errors.js';
import { GraphQLError } from 'graphql';
import { toAppError } from '../../src/http/error-map.js';
import { formatErrors } from '../../src/http/graphql/errors.js';

/**
 * Issue 22, "Messages by id": every error the API gives is made by message id (`AppError.of`,
 * `AppError.fromViolation`), so that a French caller reads what it says, not only its code's
 * generic sentence. An AppError built from a literal sentence (`new AppError(code, '...')`) has no
 * id: only src/app/errors.ts, which builds the errors from their ids, may call the constructor.
 */
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );

describe('errors by message id', () => {
  it('no module but src/app/errors.ts makes an AppError from a sentence of its own', () => {
    const CONSTRUCTOR = /\bnew\s+AppError\b/;
    const offences: string[] = [];
    let seen = 0;
    for (const f of files('src').filter((f) => !f.startsWith(join('src', 'generated')))) {
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (!CONSTRUCTOR.test(line)) return;
          seen++;
          if (f !== join('src', 'app', 'errors.ts')) offences.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
    // The scan sees the constructor where it is allowed (AppError.of and fromViolation), so it reads the sources it should.
    expect(seen).toBeGreaterThan(offences.length);
    expect(offences).toEqual([]);
  });

  it('Ajv keywords without a named rule still answer French, their English as Ajv words it', () => {
    const refusal = (f: () => unknown): AppError => {
      try {
        f();
      } catch (e) {
        return e as AppError;
      }
      throw new Error('not refused');
    };
    const pattern = refusal(() => check(Type.Object({ code: Type.String({ pattern: '^[A-Z]{3}$' }) }), { code: 'abc' }, 'body'));
    expect([pattern.code, pattern.message, localize('fr', pattern)]).toEqual([
      'INVALID_INPUT',
      'body/code must match pattern "^[A-Z]{3}$"',
      'body/code doit suivre le motif « ^[A-Z]{3}$ »',
    ]);
    // A format, as Fastify's Ajv (with its formats) reports it on a route's params.
    const ajv = new Ajv({ allErrors: false }).addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    const validate = ajv.compile({ type: 'object', properties: { id: { type: 'string', format: 'uuid' } } });
    expect(validate({ id: 'nope' })).toBe(false);
    const format = invalidInput(validate.errors?.[0], 'params');
    expect([format.code, format.message, localize('fr', format)]).toEqual([
      'INVALID_INPUT',
      'params/id must match format "uuid"',
      'params/id doit avoir le format « uuid »',
    ]);
    // Any other keyword: Ajv's words, inside a sentence of ours naming the rule.
    const not = ajv.compile({ type: 'object', properties: { name: { not: { const: 'admin' } } } });
    expect(not({ name: 'admin' })).toBe(false);
    const other = invalidInput(not.errors?.[0], 'body');
    expect(other.message).toBe('body/name breaks the schema rule "not": must NOT be valid');
    expect(localize('fr', other)).toBe('body/name enfreint la règle « not » du schéma : must NOT be valid');
  });

  it("a library's English (Fastify's 4xx, 503, 429) goes inside a sentence of ours that French callers read in French", () => {
    const fastify = Object.assign(new Error('querystring must be shorter'), { statusCode: 414 });
    const a = toAppError(fastify);
    expect([a.code, a.message]).toEqual(['INVALID_INPUT', 'the request is refused: querystring must be shorter']);
    expect(localize('fr', a)).toBe('Requête refusée : querystring must be shorter');
    const busy = toAppError(Object.assign(new Error(''), { statusCode: 503 }));
    expect([busy.code, busy.extra.retryAfter, localize('fr', busy)]).toEqual([
      'UNAVAILABLE',
      2,
      'Le serveur est indisponible pour le moment ; réessayez dans un instant',
    ]);
  });

  it("graphql-js's own refusal (a validation rule) reaches a French caller inside a French sentence, its code INVALID_INPUT", () => {
    const ruleBroken = new GraphQLError('Cannot query field "nope" on type "Query".');
    const answer = (lang: 'en' | 'fr') => formatErrors({ errors: [ruleBroken] }, { lang }).response.errors[0]!;
    expect(answer('en')).toMatchObject({
      message: 'the GraphQL request does not fit the schema: Cannot query field "nope" on type "Query".',
      extensions: { code: 'INVALID_INPUT' },
    });
    expect(answer('fr').message).toBe('La requête GraphQL ne suit pas le schéma : Cannot query field "nope" on type "Query".');
  });
});
