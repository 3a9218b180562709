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
  mismatches: string[];
}

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema: object }> }> }>> };

/** `/api/v1/games/:id/moves` (Fastify) as `/api/v1/games/{id}/moves` (OpenAPI). */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const pointer = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');

export function checkAnswers(app: FastifyInstance): AnswerCheck {
  const check: AnswerCheck = { mismatches: [] };
  let ajv: Ajv2020 | undefined;
  let doc: Doc | undefined;
  const compiled = new Map<string, ValidateFunction | null>();
  const validatorFor = (path: string, method: string, status: number, type: string): ValidateFunction | null | 'undocumented' => {
    if (!doc) {
      doc = app.swagger() as unknown as Doc;
      ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
      ajv.addSchema({ ...JSON.parse(JSON.stringify(doc)), $id: 'doc' } as object);
    }
    const op = doc.paths[path]?.[method];
    if (!op) return null; // not in the document (hidden routes: pages, health, GraphQL)
    const response = op.responses?.[String(status)];
    if (!response) return 'undocumented';
    const key = `${path} ${method} ${status} ${type}`;
    if (!compiled.has(key)) {
      const content = response.content?.[type];
      compiled.set(key, content ? ajv!.compile({ $ref: `doc#/paths/${pointer(path)}/${method}/responses/${status}/content/${pointer(type)}/schema` }) : null);
    }
    return compiled.get(key) ?? null;
  };
  app.addHook('onSend', async (req, reply, payload) => {
    const url = reply.routeOptions.url;
    if (!url || typeof payload !== 'string' || payload === '') return payload;
    const type = String(reply.getHeader('content-type') ?? '').split(';')[0]!.trim();
    if (type !== 'application/json' && type !== 'application/problem+json') return payload;
    const method = req.method.toLowerCase() === 'head' ? 'get' : req.method.toLowerCase();
    const where = `${req.method} ${req.url} -> ${reply.statusCode} ${type}`;
    const validate = validatorFor(openapiPath(url), method, reply.statusCode, type);
    if (validate === 'undocumented') check.mismatches.push(`${where}: status not documented`);
    else if (validate) {
      let body: unknown;
      try {
        body = JSON.parse(payload);
      } catch {
        check.mismatches.push(`${where}: not JSON`);
        return payload;
      }
      if (!validate(body)) check.mismatches.push(`${where}: ${JSON.stringify(validate.errors?.slice(0, 40))} in ${payload.slice(0, 300)}`);
    }
    return payload;
  });
  return check;
}

/** Throws the mismatches an answer check recorded. */
export function assertAnswersMatched(check: AnswerCheck): void {
  if (check.mismatches.length > 0) throw new Error(`answers that do not match their route's response schema (tests/support/answer-check.ts):\n${[...new Set(check.mismatches)].join('\n')}`);
}
