import type {
  DocumentNode,
  ExecutionResult,
  FieldNode,
  GraphQLField,
  GraphQLObjectType,
  GraphQLOutputType,
  GraphQLResolveInfo,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';
import { graphql, graphqlValues } from './graphql-js.ts';

const { Kind, execute: executeGraphqlJs, getOperationAST, isLeafType, isListType, isNonNullType, isObjectType } = graphql;
const { getArgumentValues, getVariableValues } = graphqlValues;

/**
 * How a query's result is shaped, worked out once per document: the root fields with their
 * resolvers, and below them only plain data (objects read by property, lists, scalars and enums).
 */
type Shape =
  | { kind: 'leaf'; nonNull: boolean; serialize: (v: unknown) => unknown }
  | { kind: 'list'; nonNull: boolean; of: Shape }
  | { kind: 'object'; nonNull: boolean; typeName: string; fields: { key: string; name: string; shape: Shape | 'typename' }[] };

type RootField = { key: string; node: FieldNode; def: GraphQLField<unknown, unknown>; shape: Shape } | { key: string; typename: true };
type Plan = { operation: OperationDefinitionNode; fields: RootField[]; parentType: GraphQLObjectType };

/** Thrown inside the quick path when anything is not as planned: graphql-js then answers the request. */
class Unplanned extends Error {}

/**
 * Runs an operation. graphql-js spends most of a grid page's time on bookkeeping per field (a
 * resolve info, a path and a completion call for each of 20 rows × 7 fields: about 0.3 ms on this
 * machine, issue 17's profile). A query made only of fields — aliases and `__typename` allowed;
 * no fragments, directives or introspection; resolvers at the root only, plain data below — is
 * planned once per document and run straight through: variables and arguments coerced by
 * graphql-js itself, root resolvers called as graphql-js calls them, every leaf serialised by its
 * type. Anything else, and any surprise on the way (an error, a null where none may be, a value
 * that is not plain data), goes to graphql-js, which answers with its own data and errors: the
 * quick path only ever answers what graphql-js would (tests/graphql/execute.test.ts compares both).
 * Only queries take the quick path: they read, so running one again through graphql-js is safe.
 */
export async function executeOperation(opts: {
  schema: GraphQLSchema;
  document: DocumentNode;
  plans: Map<string, unknown>;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
  context: unknown;
}): Promise<ExecutionResult> {
  const plan = planFor(opts);
  if (plan) {
    try {
      return await runPlan(plan, opts);
    } catch (e) {
      if (!(e instanceof Unplanned)) throw e;
    }
  }
  return executeGraphqlJs({ schema: opts.schema, document: opts.document, operationName: opts.operationName, variableValues: opts.variables, contextValue: opts.context });
}

/** The cached plan of the named operation, or null when graphql-js must run it. */
export function planFor(opts: { schema: GraphQLSchema; document: DocumentNode; plans: Map<string, unknown>; operationName?: string | null }): Plan | null {
  const key = opts.operationName ?? '';
  if (opts.plans.has(key)) return opts.plans.get(key) as Plan | null;
  const plan = makePlan(opts.schema, opts.document, opts.operationName);
  opts.plans.set(key, plan);
  return plan;
}

function makePlan(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): Plan | null {
  if (document.definitions.some((d) => d.kind !== Kind.OPERATION_DEFINITION)) return null;
  const operation = getOperationAST(document, operationName);
  const parentType = schema.getQueryType();
  if (!operation || operation.operation !== 'query' || !parentType || operation.directives?.length) return null;
  const fields: RootField[] = [];
  for (const node of fieldsOf(operation.selectionSet) ?? []) {
    const key = node.alias?.value ?? node.name.value;
    if (node.name.value === '__typename') {
      fields.push({ key, typename: true });
      continue;
    }
    const def = parentType.getFields()[node.name.value];
    if (!def || !def.resolve) return null;
    const shape = shapeOf(def.type, node.selectionSet);
    if (!shape) return null;
    fields.push({ key, node, def, shape });
  }
  return fields.length > 0 ? { operation, fields, parentType } : null;
}

/** Plain fields only (no fragments, no directives), each response key once. */
function fieldsOf(set: SelectionSetNode | undefined): FieldNode[] | null {
  if (!set) return null;
  const keys = new Set<string>();
  const out: FieldNode[] = [];
  for (const s of set.selections) {
    if (s.kind !== Kind.FIELD || s.directives?.length) return null;
    const key = s.alias?.value ?? s.name.value;
    if (keys.has(key)) return null;
    keys.add(key);
    out.push(s);
  }
  return out;
}

function shapeOf(type: GraphQLOutputType, set: SelectionSetNode | undefined, nonNull = false): Shape | null {
  if (isNonNullType(type)) return shapeOf(type.ofType, set, true);
  if (isListType(type)) {
    const of = shapeOf(type.ofType, set);
    return of && { kind: 'list', nonNull, of };
  }
  if (isLeafType(type)) return set ? null : { kind: 'leaf', nonNull, serialize: (v) => type.serialize(v) };
  if (!isObjectType(type) || type.isTypeOf) return null;
  const selected = fieldsOf(set);
  if (!selected) return null;
  const fields: Extract<Shape, { kind: 'object' }>['fields'] = [];
  for (const node of selected) {
    const key = node.alias?.value ?? node.name.value;
    if (node.name.value === '__typename') {
      fields.push({ key, name: '__typename', shape: 'typename' });
      continue;
    }
    const def = type.getFields()[node.name.value];
    // Below the root only the default resolver (a property read) and no arguments.
    if (!def || def.resolve || node.arguments?.length) return null;
    const shape = shapeOf(def.type, node.selectionSet);
    if (!shape) return null;
    fields.push({ key, name: node.name.value, shape });
  }
  return { kind: 'object', nonNull, typeName: type.name, fields };
}

async function runPlan(plan: Plan, opts: { schema: GraphQLSchema; variables?: Record<string, unknown> | null; context: unknown }): Promise<ExecutionResult> {
  const coerced = getVariableValues(opts.schema, plan.operation.variableDefinitions ?? [], opts.variables ?? {}, { maxErrors: 50 });
  if (coerced.errors) return { errors: coerced.errors };
  const variableValues = coerced.coerced;
  // As graphql-js does for a query: every root resolver starts before any is awaited. A resolver
  // that fails (at once or later) sends the whole request to graphql-js; none is left unhandled.
  const resolved = plan.fields.map((f): Promise<unknown> => {
    if ('typename' in f) return Promise.resolve(plan.parentType.name);
    try {
      const args = getArgumentValues(f.def, f.node, variableValues);
      const info: GraphQLResolveInfo = {
        fieldName: f.def.name,
        fieldNodes: [f.node],
        returnType: f.def.type,
        parentType: plan.parentType,
        path: { prev: undefined, key: f.key, typename: plan.parentType.name },
        schema: opts.schema,
        fragments: {},
        rootValue: undefined,
        operation: plan.operation,
        variableValues,
      };
      return Promise.resolve(f.def.resolve!(undefined, args, opts.context, info));
    } catch (e) {
      return Promise.reject(e as Error);
    }
  });
  const values = await Promise.allSettled(resolved);
  const data: Record<string, unknown> = {};
  plan.fields.forEach((f, i) => {
    const v = values[i]!;
    if (v.status === 'rejected') throw new Unplanned();
    data[f.key] = 'typename' in f ? v.value : complete(f.shape, v.value);
  });
  return { data };
}

function complete(shape: Shape, value: unknown): unknown {
  if (value === null || value === undefined) {
    if (shape.nonNull) throw new Unplanned();
    return null;
  }
  if (value instanceof Error || typeof value === 'function' || typeof (value as { then?: unknown }).then === 'function') throw new Unplanned();
  switch (shape.kind) {
    case 'leaf': {
      let out: unknown;
      try {
        out = shape.serialize(value);
      } catch {
        throw new Unplanned();
      }
      if (out === undefined) throw new Unplanned();
      return out;
    }
    case 'list': {
      if (!Array.isArray(value)) throw new Unplanned();
      const out = new Array<unknown>(value.length);
      for (let i = 0; i < value.length; i++) out[i] = complete(shape.of, value[i]);
      return out;
    }
    case 'object': {
      if (typeof value !== 'object') throw new Unplanned();
      const source = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const f of shape.fields) out[f.key] = f.shape === 'typename' ? shape.typeName : complete(f.shape, source[f.name]);
      return out;
    }
  }
}
