import type { FastifyRequest } from 'fastify';
import { getOperationAST, GraphQLError, Kind, parse, type DocumentNode } from 'graphql';
import { AppError } from '../../app/errors.js';
import { bearerToken as bearer } from '../../app/shapes.js';
import { isObject } from './context.js';

/**
 * Checks a GraphQL request over HTTP before Mercurius runs it, so that each client mistake gets its
 * own code in a GraphQL-shaped body: a malformed Authorization header (401 UNAUTHORIZED), a query
 * operationName or variables of the wrong type, a document with several operations and no operationName or
 * an unknown one (400 INVALID_INPUT), a subscription over HTTP (400), a mutation over GET (405).
 * A syntax error is a 400 INVALID_INPUT naming where the document breaks.
 */
export function checkGraphqlRequest(req: FastifyRequest): void {
  if ((req as { ws?: boolean }).ws) return; // the WebSocket upgrade: its auth comes in connection_init
  bearer(req.headers.authorization);
  const src = req.method === 'GET' ? req.query : req.body;
  if (!isObject(src)) return;
  const { query, operationName } = src;
  if (query === undefined || query === null) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlQuery');
  if (typeof query !== 'string') throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlQueryString');
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlOperationName');
  if (req.method === 'GET' && src.variables !== undefined) {
    let vars: unknown;
    try {
      vars = typeof src.variables === 'string' ? JSON.parse(src.variables) : src.variables;
    } catch {
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlVariables');
    }
    if (vars !== null && !isObject(vars)) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlVariables');
  }
  let doc: DocumentNode;
  try {
    doc = parse(query, { maxTokens: 20_000 });
  } catch (err) {
    throw err instanceof GraphQLError
      ? AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlSyntax', { detail: err.message })
      : AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlNotDocument');
  }
  const names = doc.definitions.flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION ? [d.name?.value ?? '(anonymous)'] : []));
  const op = getOperationAST(doc, operationName ?? undefined);
  if (!op) {
    if (operationName)
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlNoSuchOperation', {
        name: operationName.slice(0, 100),
        names: names.join(', '),
        count: names.length,
      });
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlWhichOperation', { names: names.join(', '), count: names.length });
  }
  if (op.operation === 'subscription') throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlSubscriptionHttp');
  if (req.method === 'GET' && op.operation !== 'query')
    throw AppError.of('METHOD_NOT_ALLOWED', 'METHOD_NOT_ALLOWED.get', { operation: op.operation });
}
