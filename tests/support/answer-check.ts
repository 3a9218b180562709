import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';

/**
 * Every JSON answer a test server gives, checked against its route's response schema as the
 * served OpenAPI document states it (the schema Fastify serializes with, with the games' typed
 * components): an answer with a field the document does not know, a documented field of the
 * wrong type, a missing required field, or a status the route does not document is a mismatch.
 * `startTestServer` installs it; `stop()` (and `close()`) fail with the list of mismatches, so an
 * end-to-end file fails when any answer it received was not what the document promises.
 */
export interface AnswerCheck {
  /** Every JSON answer given, as sent (checked by `assertAnswersMatched`, off the server's event loop). */
  answers: { path: string; method: string; status: number; type: string; where: string; payload: string }[];
  app: FastifyInstance;
}

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema: object }> }> }>> };

/** `/api/v1/games/:id/moves` (Fastify) as `/api/v1/games/{id}/moves` (OpenAPI). */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const pointer = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');

/** Records each JSON answer the app sends (the check itself runs at `assertAnswersMatched`, so that it never slows the server down). */
export function checkAnswers(app: FastifyInstance): AnswerCheck {
  const check: AnswerCheck = { answers: [], app };
  app.addHook('onSend', async (req, reply, payload) => {
    const url = reply.routeOptions.url;
    if (!url || typeof payload !== 'string' || payload === '') return payload;
    const type = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]!
      .trim();
    if (type !== 'application/json' && type !== 'application/problem+json') return payload;
    const method = req.method.toLowerCase() === 'head' ? 'get' : req.method.toLowerCase();
    check.answers.push({
      path: openapiPath(url),
      method,
      status: reply.statusCode,
      type,
      where: `${req.method} ${req.url} -> ${reply.statusCode} ${type}`,
      payload,
    });
    return payload;
  });
  return check;
}

/** Checks every recorded answer against the served document; throws the list of mismatches. */
export function assertAnswersMatched(check: AnswerCheck): void {
  if (check.answers.length === 0) return;
  const doc = check.app.swagger() as unknown as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...JSON.parse(JSON.stringify(doc)), $id: 'doc' } as object);
  const compiled = new Map<string, ValidateFunction | null>();
  const mismatches: string[] = [];
  for (const a of check.answers) {
    const op = doc.paths[a.path]?.[a.method];
    if (!op) continue; // not in the document (hidden routes: pages, health, GraphQL)
    const response = op.responses?.[String(a.status)];
    if (!response) {
      mismatches.push(`${a.where}: status not documented`);
      continue;
    }
    const key = `${a.path} ${a.method} ${a.status} ${a.type}`;
    if (!compiled.has(key)) {
      const content = response.content?.[a.type];
      compiled.set(
        key,
        content
          ? ajv.compile({ $ref: `doc#/paths/${pointer(a.path)}/${a.method}/responses/${a.status}/content/${pointer(a.type)}/schema` })
          : null,
      );
    }
    const validate = compiled.get(key);
    if (!validate) {
      mismatches.push(`${a.where}: media type not documented`);
      continue;
    }
    if (!validate(JSON.parse(a.payload)))
      mismatches.push(`${a.where}: ${JSON.stringify(validate.errors?.slice(0, 60))} in ${a.payload.slice(0, 300)}`);
  }
  check.answers.length = 0;
  if (mismatches.length > 0)
    throw new Error(
      `answers that do not match their route's response schema (tests/support/answer-check.ts):\n${[...new Set(mismatches)].join('\n')}`,
    );
}
