import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FieldNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { AppError, type ErrorCode } from '../app/errors.js';
import { INT_BOUNDS } from '../app/limits.js';

export interface GraphqlLimits {
  /** Depth of an operation, introspection aside. */
  maxDepth: number;
  /** Depth of an introspection query (getIntrospectionQuery() needs 14 with its TypeRef fragment). */
  maxIntrospectionDepth: number;
  maxAliases: number;
  /** GraphQL Armor's cost (objects 2, scalars 1, times 1.5 per level). */
  maxCost: number;
  /** The weight of the heavy reads of one operation (see READ_WEIGHTS). */
  maxReadWeight: number;
}

/** A page size as the resolver will see it; one out of bounds is refused there, with its own message. */
const pageSize = (v: unknown, b: { minimum: number; maximum: number; default: number }) =>
  typeof v === 'number' ? Math.min(Math.max(v, b.minimum), b.maximum) : b.default;

/**
 * What a field costs to answer, in rough units of a game view: a record carries every move, an
 * event page up to `limit` moves and their events, a replay folds the log from a snapshot. Without
 * these weights, 15 aliases of `game { record }` would each read a whole game.
 */
export const READ_WEIGHTS: Record<string, (args: Record<string, unknown>) => number> = {
  game: () => 1,
  view: () => 2,
  legalMoves: () => 5,
  replay: () => 10,
  record: () => 20,
  events: (a) => Math.ceil(pageSize(a.limit, INT_BOUNDS.eventsLimit) / 20),
  games: (a) => Math.ceil(pageSize(a.limit, INT_BOUNDS.listLimit) / 10),
};

/**
 * A limit's refusal, reported by a validation rule: the API's code and our own message by id,
 * naming the limit (GraphQL Armor's own English sentence is not passed on: the caller's language
 * picks the words, error-map.ts).
 */
const refusal = (code: ErrorCode, limit: number) => (ctx: ValidationContext | null) => {
  const err = AppError.of(code, `${code}.limit`, { limit }, { limit });
  ctx?.reportError(new GraphQLError(err.message, { originalError: err }));
};

/**
 * The weight of an operation's heavy reads: each field in READ_WEIGHTS counts where it is
 * selected (aliases each count, fragments count where they are spread), literal arguments taken
 * into account; introspection fields weigh nothing.
 */
export function readWeightRule(maxWeight: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const weigh = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0;
      let n = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) n += fieldWeight(sel) + weigh(sel.selectionSet, seen);
        else if (sel.kind === Kind.INLINE_FRAGMENT) n += weigh(sel.selectionSet, seen);
        else if (!seen.has(sel.name.value))
          n += weigh(context.getFragment(sel.name.value)?.selectionSet, new Set([...seen, sel.name.value]));
        if (n > maxWeight) return n;
      }
      return n;
    };
    const fieldWeight = (f: FieldNode): number => {
      if (f.name.value.startsWith('__') || !Object.hasOwn(READ_WEIGHTS, f.name.value)) return 0;
      const args: Record<string, unknown> = {};
      for (const a of f.arguments ?? []) if (a.value.kind === Kind.INT) args[a.name.value] = Number(a.value.value);
      return READ_WEIGHTS[f.name.value]!(args);
    };
    return {
      OperationDefinition(node) {
        const w = weigh(node.selectionSet, new Set());
        if (w > maxWeight) {
          const err = AppError.of('QUERY_TOO_COSTLY', 'QUERY_TOO_COSTLY.weight', { limit: maxWeight }, { limit: maxWeight });
          context.reportError(new GraphQLError(err.message, { nodes: [node], originalError: err }));
        }
      },
    };
  };
}

/**
 * The validation rules that bound the work of one operation: GraphQL Armor's depth, alias and cost
 * limits, each refused with its own code, introspection bounded by its own depth rule (so the
 * standard introspection query works under the default limits), and the read weights above.
 */
export function limitRules(l: GraphqlLimits): ValidationRule[] {
  const common = { propagateOnRejection: false, exposeLimits: true, flattenFragments: true } as const;
  return [
    maxDepthRule({ ...common, n: l.maxDepth, ignoreIntrospection: true, onReject: [refusal('QUERY_TOO_DEEP', l.maxDepth)] }),
    maxDepthRule({
      ...common,
      n: l.maxIntrospectionDepth,
      ignoreIntrospection: false,
      onReject: [refusal('QUERY_TOO_DEEP', l.maxIntrospectionDepth)],
    }),
    maxAliasesRule({ ...common, n: l.maxAliases, onReject: [refusal('TOO_MANY_ALIASES', l.maxAliases)] }),
    costLimitRule({ ...common, maxCost: l.maxCost, ignoreIntrospection: true, onReject: [refusal('QUERY_TOO_COSTLY', l.maxCost)] }),
    readWeightRule(l.maxReadWeight),
  ] as ValidationRule[];
}
